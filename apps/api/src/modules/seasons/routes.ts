import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { accessiblePrograms, managesSeasons, programSeasonsParams, SEASON_CODES, seasonParams, seasonRecordSchema, seasonSaveSchema, seasonsResponse } from '@beach/domain';
import type { FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { callerProfile, requireProgramAccess, type RouteRule } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, forbidden, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as seasons from './service';

/** May the caller set seasons in some program at all (checked before the body, so 403 comes before 400). */
const seasonManager: RouteRule = {
  allows: (p) => accessiblePrograms(p).some((program) => managesSeasons(p, program.program_id)),
  message: 'Only the program’s administrators may set its seasons.',
  code: 'PROGRAM_PERMISSION_REQUIRED',
};

/** Program seasons (issue 25): read by anyone the program is accessible to, set by its admins. */
export const seasonRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['programs'];

  const requireManager = async (request: FastifyRequest, programId: number) => {
    const profile = await callerProfile(db, request);
    if (!managesSeasons(profile, programId)) throw forbidden(seasonManager.message, seasonManager.code);
    return profile;
  };

  app.get(
    '/program/:id/seasons',
    { onRequest: app.staff(), schema: { tags, params: programSeasonsParams, response: { 200: envelope(seasonsResponse), ...staffErrors } } },
    async (request) => {
      const profile = await requireProgramAccess(db, request, request.params.id);
      const list = await seasons.listSeasons(deps, request.params.id);
      return ok(SEASON_CODES.SEASONS_FOUND, {
        program_id: request.params.id,
        list,
        today: seasons.programToday(deps),
        can_edit: managesSeasons(profile, request.params.id),
      });
    },
  );

  app.put(
    '/program/:id/seasons/:year',
    {
      onRequest: app.staff(seasonManager),
      schema: { tags, params: seasonParams, body: seasonSaveSchema, response: { 200: envelope(seasonRecordSchema), 201: envelope(seasonRecordSchema), ...staffErrors } },
    },
    async (request, reply) => {
      const profile = await requireManager(request, request.params.id);
      const { created, season } = await seasons.saveSeason(deps, profile.user_id, request.params.id, request.params.year, request.body);
      reply.status(created ? 201 : 200);
      return ok(created ? SEASON_CODES.SEASON_CREATED : SEASON_CODES.SEASON_SAVED, season);
    },
  );

  app.post(
    '/program/:id/seasons/:year/copy-to-next-year',
    {
      onRequest: app.staff(seasonManager),
      schema: { tags, params: seasonParams, ...NO_BODY, response: { 201: envelope(seasonRecordSchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const profile = await requireManager(request, request.params.id);
      const season = await seasons.copySeasonToNextYear(deps, profile.user_id, request.params.id, request.params.year);
      reply.status(201);
      return ok(SEASON_CODES.SEASON_CREATED, season);
    },
  );

  app.delete(
    '/program/:id/seasons/:year',
    { onRequest: app.staff(seasonManager), schema: { tags, params: seasonParams, response: { 200: emptyEnvelope, ...staffErrors } } },
    async (request) => {
      const profile = await requireManager(request, request.params.id);
      await seasons.deleteSeason(deps, profile.user_id, request.params.id, request.params.year);
      return ok(SEASON_CODES.SEASON_DELETED, null);
    },
  );
};
