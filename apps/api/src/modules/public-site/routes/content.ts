import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, ok } from '../../../lib/http';
import { publicReadCache, queryKey, replyPublicJson } from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import {
  publicFlightsQuerySchema as flightsQuery,
  publicIdParamsSchema as idParams,
  publicReportsQuerySchema as reportsQuery,
  publicSearchQuerySchema as searchQuery,
  todayIn,
} from '@beach/domain';
import { serverErrors } from '../../../plugins/openapi';
import { PUBLIC_CODES } from '../schemas/common';
import {
  faqsSchema,
  flightDetailSchema,
  flightsSchema,
  geographySchema,
  latestNewsSchema,
  lhasSchema,
  linksSchema,
  newsDetailSchema,
  newsListSchema,
  photosSchema,
  reportDetailSchema,
  reportsSchema,
  searchSchema,
  switchesSchema,
} from '../schemas/content';
import {
  latestNews,
  publicFaqs,
  publicFlight,
  publicFlights,
  publicGeography,
  publicLhas,
  publicLinks,
  publicNews,
  publicNewsItem,
  publicPhotos,
  publicReport,
  publicReports,
  publicSwitches,
  siteSearch,
} from '../service/content';

/** News, flights, reports, links, FAQs, photos, LHAs, geography, switches and site search. */
export const contentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;
  const tags = ['public'];
  const errors = { 400: errorEnvelope, 404: errorEnvelope };

  app.get(
    '/public/dailyFlights/',
    { schema: { tags, querystring: flightsQuery, response: { 200: flightsSchema, 400: errorEnvelope } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `flights:${queryKey(request.query)}`, flightsSchema, async () =>
        ok(PUBLIC_CODES.DAILY_FLIGHTS_FOUND, await publicFlights(db, request.query.year)),
      ),
  );

  app.get(
    '/public/dailyFlights/:id',
    { schema: { tags, params: idParams, response: { 200: flightDetailSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `flight:${request.params.id}`, flightDetailSchema, async () =>
        ok(PUBLIC_CODES.DAILY_FLIGHTS_FOUND, await publicFlight(db, request.params.id)),
      ),
  );

  app.get('/public/news/', { schema: { tags, response: { 200: newsListSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'news', newsListSchema, async () =>
      ok(PUBLIC_CODES.NEWS_FOUND, await publicNews(db, todayIn(tz))),
    ),
  );

  // Registered before /public/news/:id; find-my-way prefers the static segment anyway.
  app.get('/public/news/latest', { schema: { tags, response: { 200: latestNewsSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'news:latest', latestNewsSchema, async () =>
      ok(PUBLIC_CODES.NEWS_FOUND, await latestNews(db, todayIn(tz))),
    ),
  );

  app.get(
    '/public/news/:id',
    { schema: { tags, params: idParams, response: { 200: newsDetailSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `news:${request.params.id}`, newsDetailSchema, async () =>
        ok(PUBLIC_CODES.NEWS_FOUND, await publicNewsItem(db, todayIn(tz), request.params.id)),
      ),
  );

  app.get(
    '/public/reportsAndPublications/',
    { schema: { tags, querystring: reportsQuery, response: { 200: reportsSchema, 400: errorEnvelope } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `reports:${queryKey(request.query)}`, reportsSchema, async () => {
        const { county, municipality, beach, program } = request.query;
        return ok(
          PUBLIC_CODES.REPORTS_FOUND,
          await publicReports(db, { countyId: county, municipalityId: municipality, stationId: beach, programId: program }),
        );
      }),
  );

  app.get(
    '/public/reportsAndPublications/:id',
    { schema: { tags, params: idParams, response: { 200: reportDetailSchema, ...errors } } },
    (request, reply) =>
      replyPublicJson(cache, request, reply, `report:${request.params.id}`, reportDetailSchema, async () =>
        ok(PUBLIC_CODES.REPORTS_FOUND, await publicReport(db, request.params.id)),
      ),
  );

  app.get('/public/externalLinks/', { schema: { tags, response: { 200: linksSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'links', linksSchema, async () =>
      ok(PUBLIC_CODES.LINKS_FOUND, await publicLinks(db)),
    ),
  );

  app.get('/public/faqs/', { schema: { tags, response: { 200: faqsSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'faqs', faqsSchema, async () => ok(PUBLIC_CODES.FAQS_FOUND, await publicFaqs(db))),
  );

  app.get('/public/photos/', { schema: { tags, response: { 200: photosSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'photos', photosSchema, async () =>
      ok(PUBLIC_CODES.PHOTOS_FOUND, await publicPhotos(db)),
    ),
  );

  app.get('/public/lhas/', { schema: { tags, response: { 200: lhasSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'lhas', lhasSchema, async () => ok(PUBLIC_CODES.LHA_FOUND, await publicLhas(db))),
  );

  for (const url of ['/public/geography', '/general/geography']) {
    app.get(url, { schema: { tags, response: { 200: geographySchema, ...serverErrors } } }, (request, reply) =>
      replyPublicJson(cache, request, reply, 'geography', geographySchema, async () =>
        ok(PUBLIC_CODES.GEOGRAPHY_FOUND, await publicGeography(db)),
      ),
    );
  }

  app.get('/public/switches/', { schema: { tags, response: { 200: switchesSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'switches', switchesSchema, async () =>
      ok(PUBLIC_CODES.SWITCHES_FOUND, await publicSwitches(db)),
    ),
  );

  app.get(
    '/public/search',
    { schema: { tags, querystring: searchQuery, response: { 200: searchSchema, 400: errorEnvelope } } },
    (request, reply) => {
      const q = request.query.q;
      return replyPublicJson(cache, request, reply, `search:${q.toLowerCase()}`, searchSchema, async () =>
        ok(PUBLIC_CODES.SEARCH_RESULTS, await siteSearch(db, todayIn(tz), q)),
      );
    },
  );
};
