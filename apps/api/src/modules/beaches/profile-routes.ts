import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { BEACH_PROFILE_CODES, beachCreateSchema, beachProfileParamsSchema as params, beachProfileSaveSchema, beachProfileSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import * as profiles from './profile-service';

/** Beach Management (SPEC 7 beach calls; decision 0024): create a station and read or edit its beach profile. */
export const beachProfileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['beach management'];
  const manage = routeRules.screen('/portal/beach-management', 'You may not manage beaches in any program.');

  app.post(
    '/beach/',
    { onRequest: app.staff(manage), schema: { tags, body: beachCreateSchema, response: { 201: envelope(beachProfileSchema), ...staffErrors } } },
    async (request, reply) => {
      const created = await profiles.createStation(deps, await callerProfile(db, request), request.body);
      reply.status(201);
      return ok(BEACH_PROFILE_CODES.BEACH_CREATED, created);
    },
  );

  app.get(
    '/beach/:id/profile',
    { onRequest: app.staff(manage), schema: { tags, params, response: { 200: envelope(beachProfileSchema), ...staffErrors } } },
    async (request) => ok(BEACH_PROFILE_CODES.BEACH_PROFILE_FOUND, await profiles.getProfile(deps, await callerProfile(db, request), request.params.id)),
  );

  app.put(
    '/beach/:id/profile',
    { onRequest: app.staff(manage), schema: { tags, params, body: beachProfileSaveSchema, response: { 200: envelope(beachProfileSchema), ...staffErrors } } },
    async (request) =>
      ok(BEACH_PROFILE_CODES.BEACH_PROFILE_SAVED, await profiles.saveProfile(deps, await callerProfile(db, request), request.params.id, request.body)),
  );
};
