import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, errorEnvelope } from '../../../lib/http';
import { publicReadCache, queryKey, replyPublicJson } from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import { PUBLIC_CODES, todayIn } from '../schemas/common';
import {
  beachActionsQuery,
  beachActionsSchema,
  beachStatusLayerSchema,
  legendSchema,
  snapshotQuery,
  snapshotSchema,
  statusesQuery,
  statusesSchema,
} from '../schemas/map';
import { beachStatusLayer, beachStatuses, listBeachActions, statusLegend, statusSnapshot } from '../service/statuses';

/** The map and the statuses beside it. */
export const mapRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;
  const tags = ['public'];

  // No query string and a pre-serialised body: the hot path is a map lookup and a socket write.
  app.get(
    '/layers/beachStatus/',
    { schema: { tags, response: { 200: beachStatusLayerSchema } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, 'layer:beachStatus', beachStatusLayerSchema, async () =>
        ok(PUBLIC_CODES.LAYER_FOUND, await beachStatusLayer(db, tz, todayIn(tz))),
      ),
  );

  app.get(
    '/public/beaches/statuses/',
    { schema: { tags, querystring: statusesQuery, response: { 200: statusesSchema, 400: errorEnvelope } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `statuses:${queryKey(request.query)}`, statusesSchema, async () =>
        ok(PUBLIC_CODES.BEACH_STATUSES_FOUND, await beachStatuses(db, tz, todayIn(tz), request.query.program)),
      ),
  );

  app.get(
    '/public/beaches/statuses/legend',
    { schema: { tags, response: { 200: legendSchema } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, 'statuses:legend', legendSchema, async () =>
        ok(PUBLIC_CODES.LEGEND_FOUND, await statusLegend(db)),
      ),
  );

  app.get(
    '/public/snapshots',
    { schema: { tags, querystring: snapshotQuery(tz), response: { 200: snapshotSchema, 400: errorEnvelope } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `snapshot:${queryKey(request.query)}`, snapshotSchema, async () =>
        ok(PUBLIC_CODES.SNAPSHOT_FOUND, await statusSnapshot(db, tz, request.query.date, request.query.program)),
      ),
  );

  app.get(
    '/public/beachActions',
    { schema: { tags, querystring: beachActionsQuery(tz), response: { 200: beachActionsSchema, 400: errorEnvelope } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `actions:${queryKey(request.query)}`, beachActionsSchema, async () => {
        const { from, to, county, program } = request.query;
        return ok(
          PUBLIC_CODES.BEACH_ACTIONS_FOUND,
          await listBeachActions(db, todayIn(tz), { from, to, countyId: county, programId: program }),
        );
      }),
  );
};
