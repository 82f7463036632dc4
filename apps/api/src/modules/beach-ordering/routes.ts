import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEACH_ORDERING_CODES, beachOrderingQuerySchema, beachOrderingSaveSchema, beachOrderingSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import * as ordering from './service';

/**
 * Beach Ordering (SPEC 7 Organizations: GET and PUT organization/beachOrdering/): organization admins only (SPEC 6,
 * Website Management). A static path, so `organization/:id` no longer catches it.
 */
export const beachOrderingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get(
    '/organization/beachOrdering/',
    { onRequest, schema: { tags, querystring: beachOrderingQuerySchema, response: { 200: envelope(beachOrderingSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(BEACH_ORDERING_CODES.BEACH_ORDERING_FOUND, await ordering.getBeachOrdering(deps, caller, request.query.program_id));
    },
  );

  app.put(
    '/organization/beachOrdering/',
    { onRequest, schema: { tags, body: beachOrderingSaveSchema, response: { 200: envelope(beachOrderingSchema), ...staffErrors, 409: errorEnvelope } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(BEACH_ORDERING_CODES.BEACH_ORDERING_SAVED, await ordering.saveBeachOrdering(deps, caller, request.body));
    },
  );
};
