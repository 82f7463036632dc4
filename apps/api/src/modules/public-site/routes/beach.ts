import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, ok } from '../../../lib/http';
import { publicReadCache, queryKey, replyPublicJson } from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import { beachGeomeansQuery, beachResultsQuery, publicIdParamsSchema as idParams, stationActionsQuery, todayIn } from '@beach/domain';
import {
  beachProfileSchema,
  geomeansSchema,
  resultsSchema,
  stationActionsSchema,
  stationPhotosSchema,
  stationReportsSchema,
} from '../schemas/beach';
import { PUBLIC_CODES } from '../schemas/common';
import { beachGeomeans, beachPhotos, beachProfile, beachReports, beachResults, beachStationActions } from '../service/beach';

/** The beach page: {id} is a beach_station_id; stations that are not public answer 404. */
export const beachRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;
  const tags = ['public'];
  const errors = { 400: errorEnvelope, 404: errorEnvelope };

  app.get(
    '/public/beaches/:id',
    { schema: { tags, params: idParams, response: { 200: beachProfileSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `beach:${request.params.id}`, beachProfileSchema, async () =>
        ok(PUBLIC_CODES.BEACH_FOUND, await beachProfile(db, tz, todayIn(tz), request.params.id)),
      ),
  );

  app.get(
    '/public/beaches/:id/results',
    { schema: { tags, params: idParams, querystring: beachResultsQuery(tz), response: { 200: resultsSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(
        cache,
        request,
        reply,
        `beach:${request.params.id}:results:${queryKey(request.query)}`,
        resultsSchema,
        async () => ok(PUBLIC_CODES.RESULTS_FOUND, await beachResults(db, todayIn(tz), request.params.id, request.query)),
      ),
  );

  app.get(
    '/public/beaches/:id/geomeans',
    { schema: { tags, params: idParams, querystring: beachGeomeansQuery, response: { 200: geomeansSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(
        cache,
        request,
        reply,
        `beach:${request.params.id}:geomeans:${queryKey(request.query)}`,
        geomeansSchema,
        async () =>
          ok(PUBLIC_CODES.GEOMEANS_FOUND, await beachGeomeans(db, tz, todayIn(tz), request.params.id, request.query)),
      ),
  );

  app.get(
    '/public/beaches/:id/actions',
    { schema: { tags, params: idParams, querystring: stationActionsQuery, response: { 200: stationActionsSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(
        cache,
        request,
        reply,
        `beach:${request.params.id}:actions:${queryKey(request.query)}`,
        stationActionsSchema,
        async () =>
          ok(
            PUBLIC_CODES.BEACH_ACTIONS_FOUND,
            await beachStationActions(db, todayIn(tz), request.params.id, request.query.seasons),
          ),
      ),
  );

  app.get(
    '/public/beaches/:id/photos',
    { schema: { tags, params: idParams, response: { 200: stationPhotosSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `beach:${request.params.id}:photos`, stationPhotosSchema, async () =>
        ok(PUBLIC_CODES.PHOTOS_FOUND, await beachPhotos(db, request.params.id)),
      ),
  );

  app.get(
    '/public/beaches/:id/reportsAndPublications',
    { schema: { tags, params: idParams, response: { 200: stationReportsSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `beach:${request.params.id}:reports`, stationReportsSchema, async () =>
        ok(PUBLIC_CODES.REPORTS_FOUND, await beachReports(db, request.params.id)),
      ),
  );
};
