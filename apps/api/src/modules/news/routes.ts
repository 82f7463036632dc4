import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { NEWS_CODES, NEWS_IMAGE_FORM_LIMITS, newsIdParamsSchema, newsImageFormSchema, newsImageSchema, newsRecordListSchema, newsRecordSchema, newsSaveSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, invalidFields, ok, staffErrors } from '../../lib/http';
import { formMethod, readForm, registerFormParser } from '../../lib/uploads/form';
import { IMAGE_POLICY, prepareUpload } from '../../lib/uploads/prepare';
import { formBody } from '../../plugins/openapi';
import { rankRoute } from '../ranking/routes';
import * as news from './service';

const IMAGE_LIMITS = NEWS_IMAGE_FORM_LIMITS;

/** News (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management). */
export const newsRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);
  await registerFormParser(app, IMAGE_LIMITS);

  app.get('/news/', { onRequest, schema: { tags, response: { 200: envelope(newsRecordListSchema), ...staffErrors } } }, async () =>
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

  // Multipart: the image as `file`. Answers the address a body shows it by.
  app.post(
    '/news/images',
    { onRequest, schema: { tags, body: formBody(newsImageFormSchema), response: { 201: envelope(newsImageSchema), ...staffErrors, 413: errorEnvelope, 415: errorEnvelope } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, IMAGE_LIMITS);
      if (formMethod(form) !== 'POST') throw invalidFields([{ field: '_method', message: 'An image is sent without _method' }]);
      const stray = form.files.filter((f) => f.field !== 'file');
      if (stray.length) throw invalidFields(stray.map((f) => ({ field: f.field, message: 'Send the image as the file field' })));
      const file = form.files[0];
      if (!file) throw invalidFields([{ field: 'file', message: 'Choose an image file' }]);
      const upload = await prepareUpload(file, IMAGE_POLICY);
      reply.status(201);
      return ok(NEWS_CODES.NEWS_IMAGE_SAVED, await news.addNewsImage(deps, caller.user_id, upload));
    },
  );

  rankRoute(app, deps, { base: '/news', list: 'news', what: 'News item', onRequest, tags });
};
