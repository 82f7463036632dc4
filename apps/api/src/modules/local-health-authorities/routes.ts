import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODES, LHA_CODES, MESSAGES, lhaSaveSchema, lhaIdParams, lhaListResponse, lhaResponse } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, failingWith, ok, staffErrors } from '../../lib/http';
import * as lhas from './service';

/**
 * Local health authorities. Reads: any signed-in staff member (agency-wide reference data, public too at
 * public/lhas). Writes: organization admins (MANAGE_PROGRAMS unlocks LHA Management).
 */
export const localHealthAuthorityRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['local health authorities'];

  app.get(
    '/localHealthAuthority',
    { onRequest: app.staff(), schema: { tags, response: { 200: envelope(lhaListResponse), ...staffErrors } } },
    async () => failingWith(MESSAGES.lhaListFailed, async () => ok(CODES.LHA_FOUND, { list: await lhas.listLhas(deps) })),
  );

  app.get(
    '/localHealthAuthority/:id',
    { onRequest: app.staff(), schema: { tags, params: lhaIdParams, response: { 200: envelope(lhaResponse), ...staffErrors } } },
    async (request) => ok(CODES.LHA_FOUND, await lhas.getLha(deps, request.params.id)),
  );

  app.post(
    '/localHealthAuthority',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: { tags, body: lhaSaveSchema, response: { 201: envelope(lhaResponse), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const id = await lhas.createLha(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(LHA_CODES.LHA_CREATED, await lhas.getLha(deps, id));
    },
  );

  app.put(
    '/localHealthAuthority/:id',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags,
        params: lhaIdParams,
        body: lhaSaveSchema,
        response: { 200: envelope(lhaResponse), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await lhas.updateLha(deps, caller.user_id, request.params.id, request.body);
      return ok(LHA_CODES.LHA_SAVED, await lhas.getLha(deps, request.params.id));
    },
  );

  app.delete(
    '/localHealthAuthority/:id',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: { tags, params: lhaIdParams, response: { 200: emptyEnvelope, ...staffErrors, 409: errorEnvelope } },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await lhas.deleteLha(deps, caller.user_id, request.params.id);
      return ok(LHA_CODES.LHA_DELETED, null);
    },
  );
};
