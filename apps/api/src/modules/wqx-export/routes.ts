import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { wqxExportQuerySchema, wqxFileSchema, type WqxExportQuery } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { staffErrors } from '../../lib/http';
import { openWqxExport } from './service';

/** DEP IT: WQX (SPEC 2; decision 0034): a program's verified results of a period as WQX 3.0 XML; organization admins only. */
export const wqxExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const send = async (reply: FastifyReply, query: WqxExportQuery) => {
    const profile = await requireAdminOrganization(deps.database.db, reply.request);
    const file = await openWqxExport(deps, query, profile.organization_id);
    reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  };

  app.get(
    '/depit/wqx',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags: ['dep it'],
        querystring: wqxExportQuerySchema({ timeZone: deps.config.programTimeZone }),
        response: { 200: { content: { 'application/xml': { schema: wqxFileSchema } } }, ...staffErrors },
      },
    },
    (request, reply) => sending(reply, send(reply, request.query)),
  );
};

/**
 * The handler sends the stream with reply.send itself: a synchronous handler returning nothing makes
 * Fastify wait for that send, and a failure goes to the error handler (as the downloads module does).
 */
function sending(reply: FastifyReply, work: Promise<unknown>): void {
  work.catch((err: unknown) => reply.send(err));
}
