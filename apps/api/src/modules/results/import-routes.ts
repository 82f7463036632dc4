import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  importJobListSchema,
  importJobParamsSchema,
  importJobSchema,
  labCsvBodySchema,
  importCheckFormSchema,
  LEGACY_IMPORT_CODES,
  legacyImportQuerySchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { csvOrFormBody, NO_BODY } from '../../plugins/openapi';
import { checkImportFile, createImportJobRunner, getImportJob, listImportJobs, runImportJob } from './service/import-jobs';
import { uploadedForm } from './upload-body';

/**
 * DEP IT: Import Legacy Results (decision 0021), for organization admins: check a file (a dry run whose
 * report is kept with the file), run the checked file as a job, follow its progress. The same options and
 * service function as `npm run import:results`. The route rule runs before the body is read (401, then 403,
 * then 400); each target program then needs DATA_EDITING ADMIN. Registered inside the results module, whose
 * upload parsers (text/csv or multipart, 20 MB) it uses. The two reads (a job, the list) check the login and
 * read through the runner, so on the embedded database they are answered while an import runs.
 */
export const importJobRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['results'];
  const admin = app.staff(routeRules.adminOrganization);
  const runner = createImportJobRunner(deps);
  const reading = app.staff(routeRules.adminOrganization, undefined, runner.read);
  app.addHook('onReady', () => runner.start());
  app.addHook('onClose', () => runner.close());

  app.post(
    '/results/import/check',
    {
      onRequest: admin,
      schema: {
        tags,
        description:
          'A dry run of a results file read through a mapping (mapping_id: a saved mapping of your organization, or `legacy` for the ' +
          "water-quality download layout; or the form's mapping field as JSON): everything is checked and counted, nothing kept but the " +
          'checked file, its mapping and its report, as a CHECKED import. Options as `npm run import:results` (map_remark and map_program ' +
          'repeat, with the legacy layout only).',
        querystring: legacyImportQuerySchema,
        body: csvOrFormBody(labCsvBodySchema, importCheckFormSchema),
        response: { 200: envelope(importJobSchema), ...staffErrors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => {
      const profile = await callerProfile(db, request);
      const { files, fields } = await uploadedForm(request);
      return ok(LEGACY_IMPORT_CODES.IMPORT_CHECKED, await checkImportFile(deps, profile, request.query, files[0]!, fields.mapping));
    },
  );

  app.post(
    '/results/import/:id/run',
    {
      onRequest: admin,
      schema: { tags, params: importJobParamsSchema, ...NO_BODY, response: { 200: envelope(importJobSchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request) => ok(LEGACY_IMPORT_CODES.IMPORT_QUEUED, await runImportJob(deps, await callerProfile(db, request), request.params.id)),
  );

  app.get(
    '/results/import/:id',
    { onRequest: reading, schema: { tags, params: importJobParamsSchema, response: { 200: envelope(importJobSchema), ...staffErrors } } },
    async (request) => ok(LEGACY_IMPORT_CODES.IMPORT_JOB_FOUND, await runner.read((db) => getImportJob(deps, request.params.id, db))),
  );

  app.get(
    '/results/import',
    { onRequest: reading, schema: { tags, response: { 200: envelope(importJobListSchema), ...staffErrors } } },
    async () => ok(LEGACY_IMPORT_CODES.IMPORT_JOBS_FOUND, await runner.read((db) => listImportJobs(deps, db))),
  );
};
