import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { FAQ_CODES, FAQ_FORM_LIMITS, faqFieldsSchema, faqFormInput, faqFormSchema, faqIdParamsSchema, faqListSchema, faqSchema, FAQ_PHOTO_FIELD } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { parseFormFields, requireUpdateMethod } from '../../lib/form-fields';
import { emptyEnvelope, envelope, errorEnvelope, invalidFields, ok, staffErrors } from '../../lib/http';
import { formMethod, readForm, registerFormParser, type ReceivedForm } from '../../lib/uploads/form';
import { IMAGE_POLICY, prepareUpload, type PreparedUpload } from '../../lib/uploads/prepare';
import { formBody } from '../../plugins/openapi';
import { rankRoute } from '../ranking/routes';
import * as faqs from './service';

const LIMITS = FAQ_FORM_LIMITS;
const uploadErrors = { ...staffErrors, 413: errorEnvelope, 415: errorEnvelope };

/**
 * The form's question, answer and `faqPhoto[i]` entries, checked with the domain schema (an issue names
 * its field as the form sent it, `faqPhoto[2][title]`), and each photo file through the upload pipeline.
 */
async function faqForm(form: ReceivedForm) {
  const { input, unknown } = faqFormInput(
    form.fields,
    form.files.map((f) => f.field),
  );
  if (unknown.length) throw invalidFields(unknown.map((field) => ({ field, message: 'Not a field of the FAQ form' })));
  const entries = (input.faqPhoto as { index: number }[]) ?? [];
  const fields = parseFormFields(faqFieldsSchema, input, (path) => {
    if (path[0] === 'faqPhoto' && typeof path[1] === 'number' && path.length > 2) return `faqPhoto[${entries[path[1]]?.index ?? path[1]}][${String(path[2])}]`;
    return path.map(String).join('.');
  });
  const uploads = new Map<number, PreparedUpload>();
  for (const file of form.files) uploads.set(Number(FAQ_PHOTO_FIELD.exec(file.field)![1]), await prepareUpload(file, IMAGE_POLICY));
  return { fields, uploads };
}

/** FAQs (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management). */
export const faqRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);
  await registerFormParser(app, LIMITS);

  app.get('/faqs/', { onRequest, schema: { tags, response: { 200: envelope(faqListSchema), ...staffErrors } } }, async () =>
    ok(FAQ_CODES.FAQS_FOUND, await faqs.listFaqs(deps)),
  );

  app.get('/faqs/:id', { onRequest, schema: { tags, params: faqIdParamsSchema, response: { 200: envelope(faqSchema), ...staffErrors } } }, async (request) =>
    ok(FAQ_CODES.FAQ_FOUND, await faqs.getFaq(deps, request.params.id)),
  );

  // Multipart: question, answer and per photo faqPhoto[i][title|desc|name|type|delete] with its faqPhoto[i][file].
  app.post('/faqs/', { onRequest, schema: { tags, body: formBody(faqFormSchema), response: { 201: envelope(faqSchema), ...uploadErrors } } }, async (request, reply) => {
    const caller = await requireAdminOrganization(db, request);
    const form = await readForm(request, LIMITS);
    if (formMethod(form) !== 'POST') throw invalidFields([{ field: '_method', message: 'A new FAQ is sent without _method' }]);
    const { fields, uploads } = await faqForm(form);
    reply.status(201);
    return ok(FAQ_CODES.FAQ_CREATED, await faqs.createFaq(deps, caller.user_id, fields, uploads));
  });

  // PUT /faqs/{faq_id} sent as a multipart POST with `_method=PUT` (SPEC 7).
  app.post(
    '/faqs/:id',
    { onRequest, schema: { tags, body: formBody(faqFormSchema), params: faqIdParamsSchema, response: { 200: envelope(faqSchema), ...uploadErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, LIMITS);
      requireUpdateMethod(form);
      const { fields, uploads } = await faqForm(form);
      return ok(FAQ_CODES.FAQ_SAVED, await faqs.updateFaq(deps, caller.user_id, request.params.id, fields, uploads));
    },
  );

  app.delete('/faqs/:id', { onRequest, schema: { tags, params: faqIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await faqs.deleteFaq(deps, caller.user_id, request.params.id);
    return ok(FAQ_CODES.FAQ_DELETED, null);
  });

  rankRoute(app, deps, { base: '/faqs', list: 'faqs', what: 'FAQ', onRequest, tags });
};
