import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DOWNLOAD_CODES,
  downloadCountsQuerySchema,
  downloadCountsSchema,
  downloadFileQuerySchema,
  envelope,
  publicDataFiltersSchema,
  type DownloadFilter,
  type DownloadType,
} from '@beach/domain';
import type { FastifyReply } from 'fastify';
import type { AppDeps } from '../../deps';
import { errorEnvelope, HttpError, ok } from '../../lib/http';
import { publicReadCache, replyPublicJson, sendCachedJson, serialise } from '../../lib/public-cache';
import { download, serverErrors } from '../../plugins/openapi';
import { downloadCounts, openDownload, publicDataFilters } from './service';
import { isSwitchOn } from '../website-switches/service';

/** Public data download panel (SPEC 2, 7): filter snapshot, record counts and the two CSV downloads. No login. */
export const downloadRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const tz = deps.config.programTimeZone;
  const tags = ['public data'];
  const filtersResponse = envelope(publicDataFiltersSchema);
  const countsResponse = envelope(downloadCountsSchema);
  const csv = download('text/csv');

  app.get('/public/data/filters', { schema: { tags, response: { 200: filtersResponse, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'data:filters', filtersResponse, async () =>
      ok(DOWNLOAD_CODES.RETRIEVED_FILTER_LIST, await publicDataFilters(deps)),
    ),
  );

  app.get(
    '/public/data/counts',
    { schema: { tags, querystring: downloadCountsQuerySchema(tz), response: { 200: countsResponse, 400: errorEnvelope } } },
    // Always current (decision 0040): computed per request from the count tables the writers keep in their own
    // transactions, never memoised; browsers revalidate (no-cache) and get 304 while the answer is unchanged.
    (request, reply) => {
      // The reply is typed by the route's schemas; only its untyped surface is used (as replyPublicJson does).
      const send = reply as FastifyReply;
      downloadCounts(deps, request.query).then(
        (counts) => void sendCachedJson(request, send, serialise(countsResponse, ok(DOWNLOAD_CODES.RETRIEVED_DATA_COUNTS, counts)), 'no-cache'),
        (error: unknown) => void send.send(error instanceof Error ? error : new Error(String(error))),
      );
    },
  );

  const send = async (reply: FastifyReply, type: DownloadType, filter: DownloadFilter) => {
    // The DOWNLOADS switch (All Switches) turns the public downloads off here as well as in the page.
    if (!(await isSwitchOn(deps, 'DOWNLOADS'))) throw new HttpError(404, 'DOWNLOADS_OFF', 'Data downloads are switched off.');
    const file = await openDownload(deps, type, filter);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${file.filename}"`)
      .header('cache-control', 'no-store')
      .send(file.stream);
  };

  app.get(
    '/public/data/download/waterQuality',
    {
      schema: {
        tags,
        querystring: downloadFileQuerySchema(tz, 'water-quality'),
        response: { 200: csv, 400: errorEnvelope, 404: errorEnvelope },
      },
    },
    (request, reply) => sending(reply, send(reply, 'water-quality', request.query)),
  );

  app.get(
    '/public/data/download/incident/',
    { schema: { tags, querystring: downloadFileQuerySchema(tz, 'incident'), response: { 200: csv, 400: errorEnvelope, 404: errorEnvelope } } },
    (request, reply) => sending(reply, send(reply, 'incident', request.query)),
  );
};

/**
 * The download handlers send a stream with reply.send themselves. A synchronous handler that returns
 * nothing makes Fastify wait for that send (an async one resolving to nothing would be answered a second
 * time while the first send is still in its hooks); a failure goes to the error handler like a throw.
 */
function sending(reply: FastifyReply, work: Promise<unknown>): void {
  work.catch((err: unknown) => reply.send(err));
}
