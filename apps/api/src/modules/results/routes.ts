import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idempotencyHeadersSchema,
  LAB_FILE_FORM_LIMITS,
  labCsvBodySchema,
  labFileFormSchema,
  remarkFiltersResponse,
  RESULT_CODES,
  resultFiltersResponse,
  resultIdsSchema,
  resultsBulkSaveSchema,
  resultsDeletedResponse,
  resultsGridParamsSchema,
  resultsGridResponse,
  resultsSavedResponse,
  resultsUploadQuerySchema,
  uploadCommitResponse,
  uploadPreviewResponse,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { idempotent } from '../../lib/idempotency';
import { csvOrFormBody } from '../../plugins/openapi';
import { deleteResults, remarkFilters, resultFilters, resultsGrid, saveResults } from './service/entry';
import { checkUploadAccess, commitUpload, previewUpload } from './service/upload';
import { importJobRoutes } from './import-routes';
import { registerUploadParsers, uploadedFiles } from './upload-body';

/**
 * Results Entry (/portal/results): filters, the grid of one program, organization and day, the bulk
 * save and delete, and the lab CSV upload (preview, then an all-or-nothing commit). Permissions in
 * ./access.ts.
 */
export const resultRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tz = { timeZone: deps.config.programTimeZone };
  const tags = ['results'];
  await registerUploadParsers(app, LAB_FILE_FORM_LIMITS.maxFiles);
  // DEP IT: Import Legacy Results (organization admins), with the same upload parsers.
  await app.register(importJobRoutes, deps);
  const entry = app.staff(routeRules.screen('/portal/results', 'You need data editing user access in a program.'));

  app.get(
    '/results/filters',
    { onRequest: app.staff(), schema: { tags, response: { 200: envelope(resultFiltersResponse), ...staffErrors } } },
    async (request) => ok(RESULT_CODES.RETRIEVED_FILTER_LIST, await resultFilters(deps, await callerProfile(db, request))),
  );

  app.get(
    '/results/filters/remarks',
    { onRequest: app.staff(), schema: { tags, response: { 200: envelope(remarkFiltersResponse), ...staffErrors } } },
    async () => ok(RESULT_CODES.RETRIEVED_FILTER_LIST, await remarkFilters(deps)),
  );

  app.get(
    '/results/program/:program/organization/:org/:date',
    {
      onRequest: entry,
      schema: { tags, params: resultsGridParamsSchema(tz), response: { 200: envelope(resultsGridResponse), ...staffErrors } },
    },
    async (request) => {
      const { program, org, date } = request.params;
      return ok(RESULT_CODES.RESULTS_FOUND, await resultsGrid(deps, await callerProfile(db, request), program, org, date));
    },
  );

  app.post(
    '/results/bulk',
    {
      onRequest: entry,
      schema: {
        tags,
        description: 'An Idempotency-Key header makes a repeat of the same request answer as the first did, without saving again.',
        headers: idempotencyHeadersSchema,
        body: resultsBulkSaveSchema(tz),
        response: { 200: envelope(resultsSavedResponse), ...staffErrors, 409: errorEnvelope, 422: errorEnvelope },
      },
    },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      const call = { route: 'POST results/bulk', code: RESULT_CODES.RESULTS_SAVED, userId: profile.user_id, request: request.body };
      return idempotent(db, request, reply, call, (claim) => saveResults(deps, profile, request.body, claim));
    },
  );

  app.delete(
    '/results/bulk',
    {
      onRequest: entry,
      schema: { tags, body: resultIdsSchema, response: { 200: envelope(resultsDeletedResponse), ...staffErrors } },
    },
    async (request) => ok(RESULT_CODES.RESULTS_DELETED, await deleteResults(deps, await callerProfile(db, request), request.body.result_ids)),
  );

  const uploadSchema = (response: Parameters<typeof envelope>[0]) => ({
    tags,
    querystring: resultsUploadQuerySchema,
    body: csvOrFormBody(labCsvBodySchema, labFileFormSchema),
    response: { 200: envelope(response), ...staffErrors, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope, 422: errorEnvelope },
  });

  app.post('/results/upload/preview', { onRequest: entry, schema: uploadSchema(uploadPreviewResponse) }, async (request) => {
    const profile = await callerProfile(db, request);
    await checkUploadAccess(deps, profile, request.query);
    const [file] = await uploadedFiles(request);
    return ok(RESULT_CODES.UPLOAD_PREVIEW, await previewUpload(deps, profile, request.query, file!.text));
  });

  app.post(
    '/results/upload/commit',
    { onRequest: entry, schema: { ...uploadSchema(uploadCommitResponse), headers: idempotencyHeadersSchema } },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      await checkUploadAccess(deps, profile, request.query);
      const [file] = await uploadedFiles(request);
      const text = file!.text;
      const call = { route: 'POST results/upload/commit', code: RESULT_CODES.UPLOAD_COMMITTED, userId: profile.user_id, request: { query: request.query, text } };
      return idempotent(db, request, reply, call, (claim) => commitUpload(deps, profile, request.query, text, claim));
    },
  );
};
