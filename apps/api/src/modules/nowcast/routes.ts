import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  NOWCAST_CODES,
  nowcastBoardSchema,
  nowcastCoefficientsSchema,
  nowcastProgramParams,
  nowcastStationParams,
  programNowcastCoefficientsSchema,
  rainfallRefreshSchema,
  stationNowcastResponseSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, requireProgramAccess, requireProgramLevel, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as nowcast from './service';

/**
 * The rainfall nowcast (issue 16; decision 0046): staff decision support, never shown to the public and never
 * a status by itself. Reads need access to the program; coefficients are set by its beach statuses admins.
 */
export const nowcastRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['nowcast'];
  const adminRule = routeRules.programLevel('BEACH_STATUSES', 'ADMIN', 'You need beach statuses admin access in a program.');

  app.get(
    '/nowcast/programs/:programId/board',
    { onRequest: app.staff(), schema: { tags, params: nowcastProgramParams, response: { 200: envelope(nowcastBoardSchema), ...staffErrors } } },
    async (request) => {
      const profile = await requireProgramAccess(db, request, request.params.programId);
      return ok(NOWCAST_CODES.NOWCAST_BOARD_FOUND, await nowcast.morningBoard(deps, profile, request.params.programId));
    },
  );

  app.get(
    '/nowcast/stations/:id',
    { onRequest: app.staff(), schema: { tags, params: nowcastStationParams, response: { 200: envelope(stationNowcastResponseSchema), ...staffErrors } } },
    async (request) => ok(NOWCAST_CODES.NOWCAST_STATION_FOUND, await nowcast.stationNowcast(deps, await callerProfile(db, request), request.params.id)),
  );

  app.get(
    '/nowcast/programs/:programId/coefficients',
    { onRequest: app.staff(), schema: { tags, params: nowcastProgramParams, response: { 200: envelope(programNowcastCoefficientsSchema), ...staffErrors } } },
    async (request) => {
      await requireProgramAccess(db, request, request.params.programId);
      return ok(NOWCAST_CODES.NOWCAST_COEFFICIENTS_FOUND, await nowcast.programCoefficients(deps, request.params.programId));
    },
  );

  app.put(
    '/nowcast/programs/:programId/coefficients',
    {
      onRequest: app.staff(adminRule),
      schema: { tags, params: nowcastProgramParams, body: nowcastCoefficientsSchema, response: { 200: envelope(programNowcastCoefficientsSchema), ...staffErrors } },
    },
    async (request) => {
      const profile = await requireProgramLevel(db, request, request.params.programId, 'BEACH_STATUSES', 'ADMIN');
      return ok(NOWCAST_CODES.NOWCAST_COEFFICIENTS_SAVED, await nowcast.saveProgramCoefficients(deps, profile, request.params.programId, request.body));
    },
  );

  app.delete(
    '/nowcast/programs/:programId/coefficients',
    { onRequest: app.staff(adminRule), schema: { tags, params: nowcastProgramParams, response: { 200: envelope(programNowcastCoefficientsSchema), ...staffErrors } } },
    async (request) => {
      const profile = await requireProgramLevel(db, request, request.params.programId, 'BEACH_STATUSES', 'ADMIN');
      return ok(NOWCAST_CODES.NOWCAST_COEFFICIENTS_RESET, await nowcast.resetProgramCoefficients(deps, profile, request.params.programId));
    },
  );

  app.post(
    '/nowcast/rainfall/refresh',
    {
      onRequest: app.staff(routeRules.programLevel('BEACH_STATUSES', 'USER', 'You need beach statuses user access in a program.')),
      schema: { tags, ...NO_BODY, response: { 200: envelope(rainfallRefreshSchema), ...staffErrors, 409: errorEnvelope } },
    },
    async () => ok(NOWCAST_CODES.RAINFALL_REFRESHED, await nowcast.refreshRainfallNow(deps)),
  );
};
