import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWS_CODES, newsIdParamsSchema, newsRecordSchema, newsSaveSchema } from '@beach/domain';
import { z } from 'zod';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, ok, staffErrors } from '../../lib/http';
import { rankRoute } from '../ranking/routes';
import * as news from './service';

/** News (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management). */
export const newsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get('/news/', { onRequest, schema: { tags, response: { 200: envelope(z.array(newsRecordSchema)), ...staffErrors } } }, async () =>
    ok(NEWS_CODES.NEWS_LIST_FOUND, await news.listNews(deps)),
  );

  app.get('/news/:id', { onRequest, schema: { tags, params: newsIdParamsSchema, response: { 200: envelope(newsRecordSchema), ...staffErrors } } }, async (request) =>
    ok(NEWS_CODES.NEWS_ITEM_FOUND, await news.getNews(deps, request.params.id)),
  );

  app.post('/news/', { onRequest, schema: { tags, body: newsSaveSchema, response: { 201: envelope(newsRecordSchema), ...staffErrors } } }, async (request, reply) => {
    const caller = await requireAdminOrganization(db, request);
    const created = await news.createNews(deps, caller.user_id, request.body);
    reply.status(201);
    return ok(NEWS_CODES.NEWS_CREATED, created);
  });

  app.put(
    '/news/:id',
    { onRequest, schema: { tags, params: newsIdParamsSchema, body: newsSaveSchema, response: { 200: envelope(newsRecordSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(NEWS_CODES.NEWS_SAVED, await news.updateNews(deps, caller.user_id, request.params.id, request.body));
    },
  );

  app.delete('/news/:id', { onRequest, schema: { tags, params: newsIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await news.deleteNews(deps, caller.user_id, request.params.id);
    return ok(NEWS_CODES.NEWS_DELETED, null);
  });

  rankRoute(app, deps, { base: '/news', list: 'news', what: 'News item', onRequest, tags });
};
