import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { beachNotificationQuerySchema, beachNotificationXmlSchema, localDate } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { staffErrors } from '../../lib/http';
import { openBeachNotification, type BeachNotificationFile } from './service';

/** DEP IT: XML File (decision 0033): EPA BEACH notification 2.4 for a program and a year; organization admins only. */
export const beachNotificationXmlRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const latestYear = () => Number(localDate(new Date(), deps.config.programTimeZone).slice(0, 4));
  app.get(
    '/depit/xml/beachNotification',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags: ['dep it'],
        querystring: beachNotificationQuerySchema({ latestYear }),
        response: { 200: { content: { 'application/xml': { schema: beachNotificationXmlSchema } } }, ...staffErrors },
      },
    },
    (request, reply) =>
      sending(
        reply,
        (async () => {
          await requireAdminOrganization(deps.database.db, request);
          sendFile(reply, await openBeachNotification(deps, request.query));
        })(),
      ),
  );
};

/** The file as an attachment (the reply's declared 200 is the XML text; the stream is that text). */
function sendFile(reply: FastifyReply, file: BeachNotificationFile): void {
  reply
    .header('content-type', 'application/xml; charset=utf-8')
    .header('content-disposition', `attachment; filename="${file.filename}"`)
    .header('cache-control', 'no-store')
    .send(file.stream);
}

/**
 * The handler sends the stream with reply.send itself: a synchronous handler returning nothing makes
 * Fastify wait for that send, and a failure goes to the error handler like a throw (as the downloads do).
 */
function sending(reply: FastifyReply, work: Promise<unknown>): void {
  work.catch((err: unknown) => reply.send(err));
}
