import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LINK_CODES, linkIdParamsSchema, linkListSchema, linkSaveSchema, linkSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, ok, staffErrors } from '../../lib/http';
import * as links from './service';

/** External Links (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management). */
export const linkRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get('/links/', { onRequest, schema: { tags, response: { 200: envelope(linkListSchema), ...staffErrors } } }, async () =>
    ok(LINK_CODES.LINKS_FOUND, await links.listLinks(deps)),
  );

  app.get('/links/:id', { onRequest, schema: { tags, params: linkIdParamsSchema, response: { 200: envelope(linkSchema), ...staffErrors } } }, async (request) =>
    ok(LINK_CODES.LINK_FOUND, await links.getLink(deps, request.params.id)),
  );

  app.post('/links/', { onRequest, schema: { tags, body: linkSaveSchema, response: { 201: envelope(linkSchema), ...staffErrors } } }, async (request, reply) => {
    const caller = await requireAdminOrganization(db, request);
    reply.status(201);
    return ok(LINK_CODES.LINK_CREATED, await links.createLink(deps, caller.user_id, request.body));
  });

  app.put(
    '/links/:id',
    { onRequest, schema: { tags, params: linkIdParamsSchema, body: linkSaveSchema, response: { 200: envelope(linkSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(LINK_CODES.LINK_SAVED, await links.updateLink(deps, caller.user_id, request.params.id, request.body));
    },
  );

  app.delete('/links/:id', { onRequest, schema: { tags, params: linkIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await links.deleteLink(deps, caller.user_id, request.params.id);
    return ok(LINK_CODES.LINK_DELETED, null);
  });
};
