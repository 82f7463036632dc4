import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BEACH_STATUS_RESPONSE_CODES,
  beachHistoricalQuerySchema,
  beachStatisticsQuerySchema,
  bulkStatusResponse,
  bulkStatusSchema,
  stationDateParamsSchema,
  stationHistorySchema,
  stationIdParamsSchema,
  stationResultsOnDateSchema,
  stationStatisticsSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, ok, staffErrors } from '../../lib/http';
import { setStatusesByHand, stationResultHistory, stationResultsOnDate, stationStatistics } from './service';

/** PUT beach/bulkStatus and the staff reads of one station (`id` is its beach_station_id, as in the spec's beach calls). */
export const beachStatusRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tz = { timeZone: deps.config.programTimeZone };
  const tags = ['beach status'];

  app.put(
    '/beach/bulkStatus',
    {
      onRequest: app.staff(routeRules.programLevel('BEACH_STATUSES', 'USER', 'You need beach statuses user access in a program.')),
      schema: { tags, body: bulkStatusSchema(tz), response: { 200: envelope(bulkStatusResponse), ...staffErrors } },
    },
    async (request) => ok(BEACH_STATUS_RESPONSE_CODES.BEACH_STATUS_SAVED, await setStatusesByHand(deps, await callerProfile(db, request), request.body)),
  );

  app.get(
    '/beach/results/:id/historical',
    {
      onRequest: app.staff(),
      schema: {
        tags,
        params: stationIdParamsSchema,
        querystring: beachHistoricalQuerySchema(tz),
        response: { 200: envelope(stationHistorySchema), ...staffErrors },
      },
    },
    async (request) =>
      ok(
        BEACH_STATUS_RESPONSE_CODES.BEACH_RESULTS_FOUND,
        await stationResultHistory(deps, await callerProfile(db, request), request.params.id, request.query),
      ),
  );

  app.get(
    '/beach/results/:id/:date',
    {
      onRequest: app.staff(),
      schema: { tags, params: stationDateParamsSchema(tz), response: { 200: envelope(stationResultsOnDateSchema), ...staffErrors } },
    },
    async (request) =>
      ok(
        BEACH_STATUS_RESPONSE_CODES.BEACH_RESULTS_FOUND,
        await stationResultsOnDate(deps, await callerProfile(db, request), request.params.id, request.params.date),
      ),
  );

  app.get(
    '/beach/:id/statistics',
    {
      onRequest: app.staff(),
      schema: { tags, params: stationIdParamsSchema, querystring: beachStatisticsQuerySchema, response: { 200: envelope(stationStatisticsSchema), ...staffErrors } },
    },
    async (request) =>
      ok(
        BEACH_STATUS_RESPONSE_CODES.BEACH_STATISTICS_FOUND,
        await stationStatistics(deps, await callerProfile(db, request), request.params.id, request.query),
      ),
  );
};
