import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BEACH_CODES,
  BEACH_MESSAGES,
  beachActiveResultSchema,
  beachFiltersQuerySchema,
  beachFiltersSchema,
  beachFlagParamsSchema,
  beachProgramParamsSchema,
  beachVisibilityResultSchema,
  staffBeachListSchema,
  stationDashboardParamsSchema,
  stationDashboardProfileSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, failingWith, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as beaches from './service';

/** Beach Stations: staff station list, its filters and the active / public visibility flags (SPEC 7). */
export const beachRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['beaches'];
  const manage = routeRules.screen('/portal/beaches', 'You may not manage beach stations in any program.');
  const saveFailed = { message: BEACH_MESSAGES.saveFailed, code: BEACH_CODES.BEACH_SAVE_FAILED };

  app.get(
    '/beach/filters',
    { onRequest: app.staff(manage), schema: { tags, querystring: beachFiltersQuerySchema, response: { 200: envelope(beachFiltersSchema), ...staffErrors } } },
    async (request) => ok(BEACH_CODES.RETRIEVED_FILTER_LIST, await beaches.stationFilters(deps, await callerProfile(db, request), request.query)),
  );

  app.get(
    '/beach/filters/entry',
    {
      onRequest: app.staff(routeRules.programLevel('DATA_EDITING', 'USER', 'You need data editing user access in a program.')),
      schema: { tags, response: { 200: envelope(beachFiltersSchema), ...staffErrors } },
    },
    async (request) => ok(BEACH_CODES.RETRIEVED_FILTER_LIST, await beaches.entryFilters(deps, await callerProfile(db, request))),
  );

  app.get(
    '/beach/list/',
    { onRequest: app.staff(manage), schema: { tags, response: { 200: envelope(staffBeachListSchema), ...staffErrors } } },
    async (request) => ok(BEACH_CODES.BEACH_LIST_FOUND, { beachList: await beaches.listAllStations(deps, await callerProfile(db, request)) }),
  );

  app.get(
    '/beach/list/program/:program_id',
    { onRequest: app.staff(manage), schema: { tags, params: beachProgramParamsSchema, response: { 200: envelope(staffBeachListSchema), ...staffErrors } } },
    async (request) =>
      ok(BEACH_CODES.BEACH_LIST_FOUND, { beachList: await beaches.listProgramStations(deps, await callerProfile(db, request), request.params.program_id) }),
  );

  app.put(
    '/beach/:id/active/:value',
    {
      onRequest: app.staff(manage, saveFailed),
      schema: { tags, params: beachFlagParamsSchema, ...NO_BODY, response: { 200: envelope(beachActiveResultSchema), ...staffErrors } },
    },
    async (request) =>
      // Spec: SAVED_BEACH_ACTIVE, or BEACH_SAVE_FAILED.
      failingWith(
        BEACH_MESSAGES.saveFailed,
        async () => {
          const { id, value } = request.params;
          const station = await beaches.setStationFlag(deps, await callerProfile(db, request), id, 'active', value);
          return ok(BEACH_CODES.SAVED_BEACH_ACTIVE, { beach_station_id: id, active: station.active });
        },
        BEACH_CODES.BEACH_SAVE_FAILED,
      ),
  );

  app.put(
    '/beach/:id/publicVisibility/:value',
    {
      onRequest: app.staff(manage, saveFailed),
      schema: { tags, params: beachFlagParamsSchema, ...NO_BODY, response: { 200: envelope(beachVisibilityResultSchema), ...staffErrors } },
    },
    async (request) =>
      failingWith(
        BEACH_MESSAGES.saveFailed,
        async () => {
          const { id, value } = request.params;
          const station = await beaches.setStationFlag(deps, await callerProfile(db, request), id, 'public_visible', value);
          return ok(BEACH_CODES.SAVED_BEACH_VISIBILITY, { beach_station_id: id, public_visible: station.public_visible });
        },
        BEACH_CODES.BEACH_SAVE_FAILED,
      ),
  );

  app.get(
    '/beach/:id/dashboard/profile',
    { onRequest: app.staff(), schema: { tags, params: stationDashboardParamsSchema, response: { 200: envelope(stationDashboardProfileSchema), ...staffErrors } } },
    async (request) => ok(BEACH_CODES.BEACH_DASHBOARD_FOUND, await beaches.stationDashboardProfile(deps, await callerProfile(db, request), request.params.id)),
  );
};
