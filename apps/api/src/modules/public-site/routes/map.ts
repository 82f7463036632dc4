import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { searchWords } from '@beach/domain/map/station-list';
import { ok, errorEnvelope, notFound } from '../../../lib/http';
import {
  PUBLIC_STALE_MS,
  PUBLIC_TTL_MS,
  publicReadCache,
  queryKey,
  replyPublicJson,
  sendCachedJson,
  serialise,
  type CachedBody,
} from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import { serverErrors } from '../../../plugins/openapi';
import {
  beachActionsQuery,
  mapListQuery,
  mapStationQuery,
  publicIdParamsSchema as idParams,
  snapshotQuery,
  statusesQuery,
  todayIn,
} from '@beach/domain';
import { PUBLIC_CODES } from '../schemas/common';
import {
  beachActionsSchema,
  beachStatusLayerSchema,
  legendSchema,
  mapListSchema,
  mapStationSchema,
  mapStatusesSchema,
  snapshotSchema,
  statusesSchema,
} from '../schemas/map';
import {
  beachStatusLayer,
  beachStatuses,
  listBeachActions,
  mapListPage,
  mapModel,
  statusLegend,
  statusSnapshot,
  type MapModel,
} from '../service/statuses';

/** Hands a failure to the error handler (the route's reply is typed by its schemas; only send is used). */
function fail(reply: unknown, error: unknown): void {
  void (reply as FastifyReply).send(error instanceof Error ? error : new Error(String(error)));
}

/** A versioned URL's answer never changes: browsers and shared caches may keep it a year. */
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** List pages kept per version (a search typed letter by letter makes several): least recently used go first. */
const LIST_PAGES_KEPT = 200;

/** The map and the statuses beside it. */
export const mapRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;
  const tags = ['public'];

  // No query string and a pre-serialised body: the hot path is a map lookup and a socket write. Thousands of
  // stations take a while to read and serialise, so an expired answer is refreshed in the background while
  // visitors still get it (PUBLIC_STALE_MS; a write in this process forgets it at once, decision 0040).
  app.get(
    '/layers/beachStatus/',
    { schema: { tags, response: { 200: beachStatusLayerSchema, ...serverErrors } } },
    (request, reply) =>
      replyPublicJson(
        cache,
        request,
        reply,
        'layer:beachStatus',
        beachStatusLayerSchema,
        async () => ok(PUBLIC_CODES.LAYER_FOUND, await beachStatusLayer(db, tz, todayIn(tz))),
        undefined,
        { stale: PUBLIC_STALE_MS },
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

  // The map (decision 0020). One model per version of today's statuses, memoised like every public read;
  // its answers (the lean statuses, each station's popup) are serialised and compressed once per version.
  let current: { model: MapModel; lean: CachedBody; stations: Map<number, CachedBody>; lists: Map<string, CachedBody> } | null = null;
  const mapAnswers = async () => {
    const model = await cache.get(
      'map:model',
      PUBLIC_TTL_MS,
      async () => {
        const [statuses, styles] = await Promise.all([beachStatuses(db, tz, todayIn(tz)), statusLegend(db)]);
        return mapModel(statuses, styles, { timeZone: tz, tileUrl: deps.config.tileUrl });
      },
      { stale: PUBLIC_STALE_MS },
    );
    if (current?.model.version !== model.version) {
      current = {
        model,
        lean: serialise(mapStatusesSchema, ok(PUBLIC_CODES.BEACH_STATUSES_FOUND, model.lean)),
        stations: new Map(),
        lists: new Map(),
      };
    }
    return current;
  };

  app.get(
    '/public/map/statuses',
    {
      schema: {
        tags,
        description:
          "The map's first view: every public station's id, position and status in columns, the closures panel's entries and the seasons. Popups read public/map/stations/{id}.",
        response: { 200: mapStatusesSchema, ...serverErrors },
      },
    },
    (request, reply) => {
      mapAnswers().then(
        (answers) => void sendCachedJson(request, reply, answers.lean),
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/public/map/stations/:id',
    {
      schema: {
        tags,
        description:
          "One public station's popup: names, status, since when and why, last sample. With v= the map's current version the answer may be cached for a year.",
        params: idParams,
        querystring: mapStationQuery,
        response: { 200: mapStationSchema, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      mapAnswers().then(
        (answers) => {
          let body = answers.stations.get(id);
          if (!body) {
            const station = answers.model.stations.get(id);
            if (!station) return fail(reply, notFound('Beach'));
            body = serialise(mapStationSchema, ok(PUBLIC_CODES.BEACH_STATUSES_FOUND, station));
            answers.stations.set(id, body);
          }
          void sendCachedJson(request, reply, body, request.query.v === answers.model.version ? IMMUTABLE : undefined);
        },
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/public/map/list',
    {
      schema: {
        tags,
        description:
          "A page of today's list view: the public stations matching name, county and status, 25 from offset, in county, town, beach and station order, and how many match. With v= the map's current version the answer may be cached for a year.",
        querystring: mapListQuery,
        response: { 200: mapListSchema, 400: errorEnvelope },
      },
    },
    (request, reply) => {
      const { name, county, status, offset, v } = request.query;
      // The same words are the same search, however they were typed.
      const filters = { query: searchWords(name ?? '').join(' '), county: county ? String(county) : '', status: status ?? '' };
      const key = `${filters.query}|${filters.county}|${filters.status}|${offset}`;
      mapAnswers().then(
        (answers) => {
          let body = answers.lists.get(key);
          if (body) answers.lists.delete(key);
          else body = serialise(mapListSchema, ok(PUBLIC_CODES.BEACH_STATUSES_FOUND, mapListPage(answers.model, filters, offset)));
          answers.lists.set(key, body);
          while (answers.lists.size > LIST_PAGES_KEPT) answers.lists.delete(answers.lists.keys().next().value as string);
          // A search is compressed quickly (few visitors share it); the unsearched pages as well as can be.
          void sendCachedJson(request, reply, body, v === answers.model.version ? IMMUTABLE : undefined, filters.query ? 'fast' : 'max');
        },
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/public/beaches/statuses/legend',
    { schema: { tags, response: { 200: legendSchema, ...serverErrors } } },
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
