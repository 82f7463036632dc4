import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { REPORT_CODES, REPORT_FORM_LIMITS, reportIdParamsSchema, reportRecordListSchema, reportRecordSchema, reportUploadFormSchema } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { readForm, registerFormParser } from '../../lib/uploads/form';
import { formBody } from '../../plugins/openapi';
import { rankRoute } from '../ranking/routes';
import * as reports from './service';

/** One report file a form; room for a stray second one, which the service refuses by name. */
const LIMITS = REPORT_FORM_LIMITS;
const uploadErrors = { ...staffErrors, 413: errorEnvelope, 415: errorEnvelope } as const;

/**
 * Reports and Publications (SPEC 7 Map and content): organization admins only (SPEC 6, Website Management).
 * Create and update are multipart forms (a browser form can only POST: an update says `_method=PUT`).
 */
export const reportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerFormParser(app, LIMITS);
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get(
    '/reportAndPublication',
    { onRequest, schema: { tags, response: { 200: envelope(reportRecordListSchema), ...staffErrors } } },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(REPORT_CODES.REPORTS_FOUND, await reports.listReports(deps));
    },
  );

  app.get(
    '/reportAndPublication/:id',
    { onRequest, schema: { tags, params: reportIdParamsSchema, response: { 200: envelope(reportRecordSchema), ...staffErrors } } },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(REPORT_CODES.REPORT_FOUND, await reports.getReport(deps, request.params.id));
    },
  );

  app.get(
    '/beach/:id/reportsAndPublications',
    { onRequest, schema: { tags, params: reportIdParamsSchema, response: { 200: envelope(reportRecordListSchema), ...staffErrors } } },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(REPORT_CODES.REPORTS_FOUND, await reports.stationReports(deps, request.params.id));
    },
  );

  app.post(
    '/reportAndPublication',
    { onRequest, schema: { tags, body: formBody(reportUploadFormSchema), response: { 201: envelope(reportRecordSchema), ...uploadErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, LIMITS);
      const created = await reports.createReport(deps, caller.user_id, form);
      reply.status(201);
      return ok(REPORT_CODES.REPORT_CREATED, created);
    },
  );

  // PUT reportAndPublication/{id} sent as POST with `_method=PUT` (SPEC 7).
  app.post(
    '/reportAndPublication/:id',
    {
      onRequest,
      schema: { tags, body: formBody(reportUploadFormSchema), params: reportIdParamsSchema, response: { 200: envelope(reportRecordSchema), ...uploadErrors } },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, LIMITS);
      return ok(REPORT_CODES.REPORT_SAVED, await reports.updateReport(deps, caller.user_id, request.params.id, form));
    },
  );

  app.delete(
    '/reportAndPublication/:id',
    { onRequest, schema: { tags, params: reportIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await reports.deleteReport(deps, caller.user_id, request.params.id);
      return ok(REPORT_CODES.REPORT_DELETED, null);
    },
  );

  rankRoute(app, deps, { base: '/reportAndPublication', list: 'reports', what: 'Report', onRequest, tags });
};
