import { Readable } from 'node:stream';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OPEN_DATA_LIMIT_MAX,
  OPEN_DATA_TAG,
  openDataActionsQuery,
  openDataActionsSchema,
  openDataCsvSchema,
  openDataGeomeansQuery,
  openDataGeomeansSchema,
  openDataResultsQuery,
  openDataResultsSchema,
  openDataStationParams,
  openDataStationsQuery,
  openDataStationsSchema,
  stableDescription,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { errorEnvelope } from '../../lib/http';
import { cachedJson, publicReadCache, queryKey, sendCachedJson } from '../../lib/public-cache';
import { openDataHttp, sendWithEtag } from './http';
import { beachActionsPeriod, resultsCsvChunks, resultsJson, resultsPage, stationGeomeans, stationsGeoJson } from './service';

/** Hands a failure to the error handler (the route's reply is typed by its schemas; only send is used). */
function fail(reply: unknown, error: unknown): void {
  void (reply as FastifyReply).send(error instanceof Error ? error : new Error(String(error)));
}

const errors = { 400: errorEnvelope, 404: errorEnvelope, 429: errorEnvelope };

/**
 * The open data API, version 1 (decision 0045), registered under /api/public/v1. Thin routes over the
 * public site's services and the download's queries; CORS, ETags and rate limits from ./http.
 */
export const openDataRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await openDataHttp(app, deps);
  const cache = publicReadCache(deps);
  const tz = { timeZone: deps.config.programTimeZone };
  const tags = [OPEN_DATA_TAG];

  app.get(
    '/stations',
    {
      schema: {
        tags,
        summary: 'Stations and their public statuses (GeoJSON)',
        description: stableDescription(
          "Every public monitoring station as a GeoJSON Point feature [longitude, latitude] with the status the public sees today (or on `date`, from the status history), since when and why, and the last sample.",
        ),
        querystring: openDataStationsQuery(tz),
        response: { 200: openDataStationsSchema, ...errors },
      },
    },
    (request, reply) => {
      cachedJson(cache, `v1:stations:${queryKey(request.query)}`, openDataStationsSchema, () => stationsGeoJson(deps, request.query)).then(
        (cached) => void sendCachedJson(request, reply as FastifyReply, cached),
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/stations/:id/geomeans',
    {
      schema: {
        tags,
        summary: "A station's rolling geometric means",
        description: stableDescription(
          "The rolling 30-day geometric means of one public station over a season, with the program's threshold, as its beach page shows them.",
        ),
        params: openDataStationParams,
        querystring: openDataGeomeansQuery,
        response: { 200: openDataGeomeansSchema, ...errors },
      },
    },
    (request, reply) => {
      const { id } = request.params;
      cachedJson(cache, `v1:geomeans:${id}:${queryKey(request.query)}`, openDataGeomeansSchema, () => stationGeomeans(deps, id, request.query)).then(
        (cached) => void sendCachedJson(request, reply as FastifyReply, cached),
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/beach-actions',
    {
      schema: {
        tags,
        summary: 'Advisories and closures in a period',
        description: stableDescription('Every advisory and closure in force at some point from `from` to `to`, with its reason and source (EPA BEACON codes).'),
        querystring: openDataActionsQuery(tz),
        response: { 200: openDataActionsSchema, ...errors },
      },
    },
    (request, reply) => {
      cachedJson(cache, `v1:actions:${queryKey(request.query)}`, openDataActionsSchema, () => beachActionsPeriod(deps, request.query)).then(
        (cached) => void sendCachedJson(request, reply as FastifyReply, cached),
        (error: unknown) => fail(reply, error),
      );
    },
  );

  /** The path and query of the next page: the same query with the next cursor. */
  const nextPath = (url: string, cursor: string | null): string | null => {
    if (cursor === null) return null;
    const [path = '', search = ''] = url.split('?');
    const params = new URLSearchParams(search);
    params.set('cursor', cursor);
    return `${path}?${params.toString()}`;
  };

  app.get(
    '/results',
    {
      schema: {
        tags,
        summary: 'Verified results (JSON), a page at a time',
        description: stableDescription(
          `Verified water quality results with the Download Data filters and columns, ${OPEN_DATA_LIMIT_MAX} rows per page at most, in a stable order (result id). Follow \`next\` (or send \`next_cursor\` as \`cursor\`) until it is null: every row comes exactly once.`,
        ),
        querystring: openDataResultsQuery(tz),
        response: { 200: openDataResultsSchema, ...errors },
      },
    },
    (request, reply) => {
      const { cursor, limit, ...filter } = request.query;
      resultsPage(deps, filter, cursor, limit).then(
        (page) => {
          const next = nextPath(request.url, page.nextCursor);
          const send = reply as FastifyReply;
          if (next) send.header('link', `<${next}>; rel="next"`);
          const body = Buffer.from(JSON.stringify(openDataResultsSchema.parse(resultsJson(page, limit, next))));
          sendWithEtag(request, send, body, 'application/json; charset=utf-8');
        },
        (error: unknown) => fail(reply, error),
      );
    },
  );

  app.get(
    '/results.csv',
    {
      schema: {
        tags,
        summary: 'Verified results (CSV), a page at a time',
        description: stableDescription(
          'The same page as /results, as CSV with the Download Data water quality columns. The next page is in the Link header (rel="next"); none on the last page. Errors are JSON.',
        ),
        querystring: openDataResultsQuery(tz),
        // The page is CSV; a refusal (400, 404, 429) is the JSON error envelope.
        produces: ['text/csv', 'application/json'],
        response: { 200: openDataCsvSchema, ...errors },
      },
    },
    (request, reply) => {
      const { cursor, limit, ...filter } = request.query;
      resultsPage(deps, filter, cursor, limit).then(
        (page) => {
          const send = reply as FastifyReply;
          const next = nextPath(request.url, page.nextCursor);
          if (next) send.header('link', `<${next}>; rel="next"`);
          send.header('content-disposition', 'attachment; filename="beach-water-quality.csv"');
          // A page is at most OPEN_DATA_LIMIT_MAX rows: its chunks are kept for the ETag and streamed out.
          const chunks = [...resultsCsvChunks(page)];
          const body = Buffer.from(chunks.join(''));
          sendWithEtag(request, send, body, 'text/csv; charset=utf-8', () => Readable.from(chunks));
        },
        (error: unknown) => fail(reply, error),
      );
    },
  );
};
