import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  GEOMEAN_CODES,
  geomeanDefaultDayParamsSchema,
  geomeanDefaultDaySchema,
  geomeanIdParamsSchema as idParams,
  geomeanQuerySchema,
  programGeomeansResponse,
  rollingCreateResponse,
  rollingGeomeanCreateSchema,
  rollingGeomeanQuerySchema,
  rollingGeomeansResponse,
  stationGeomeanResponse,
  stationGeomeansResponse,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { createRollingGeomean, programGeomeanDefaultDay, programGeomeans, programRollingGeomeans, stationGeomean, stationGeomeans } from './service';

/** Geomean Surveys and Rolling Geomeans. A "beach" id is a beach_station_id, as in the spec's beach calls. */
export const geomeanRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tz = { timeZone: deps.config.programTimeZone };
  const tags = ['geomeans'];

  app.get(
    '/geomean/program/:id',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, params: idParams, querystring: geomeanQuerySchema(tz), response: { 200: envelope(programGeomeansResponse), ...staffErrors } },
    },
    async (request) =>
      ok(GEOMEAN_CODES.GEOMEANS_FOUND, await programGeomeans(deps, await callerProfile(db, request), request.params.id, request.query)),
  );

  app.get(
    '/geomean/program/:id/defaultDay',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, params: geomeanDefaultDayParamsSchema, response: { 200: envelope(geomeanDefaultDaySchema), ...staffErrors } },
    },
    async (request) => ok(GEOMEAN_CODES.GEOMEANS_FOUND, await programGeomeanDefaultDay(deps, await callerProfile(db, request), request.params.id)),
  );

  app.get(
    '/beach/:id/geomean',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, params: idParams, querystring: geomeanQuerySchema(tz), response: { 200: envelope(stationGeomeanResponse), ...staffErrors } },
    },
    async (request) =>
      ok(GEOMEAN_CODES.GEOMEANS_FOUND, await stationGeomean(deps, await callerProfile(db, request), request.params.id, request.query)),
  );

  app.get(
    '/beach/:id/geomeans',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, params: idParams, querystring: geomeanQuerySchema(tz), response: { 200: envelope(stationGeomeansResponse), ...staffErrors } },
    },
    async (request) =>
      ok(GEOMEAN_CODES.GEOMEANS_FOUND, await stationGeomeans(deps, await callerProfile(db, request), request.params.id, request.query)),
  );

  app.get(
    '/geomean/rolling',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, querystring: rollingGeomeanQuerySchema(tz), response: { 200: envelope(rollingGeomeansResponse), ...staffErrors } },
    },
    async (request) => ok(GEOMEAN_CODES.GEOMEANS_FOUND, await programRollingGeomeans(deps, await callerProfile(db, request), request.query)),
  );

  app.post(
    '/geomean/rolling/create',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/geomeans', 'You need sanitary surveys user access in a program.')),
      schema: { tags, body: rollingGeomeanCreateSchema(tz), response: { 201: envelope(rollingCreateResponse), ...staffErrors } },
    },
    async (request, reply) => {
      const created = await createRollingGeomean(deps, await callerProfile(db, request), request.body);
      reply.status(201);
      return ok(GEOMEAN_CODES.GEOMEAN_SAVED, created);
    },
  );
};
