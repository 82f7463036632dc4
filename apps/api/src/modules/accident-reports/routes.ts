import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ACCIDENT_CODES,
  accidentIdParamsSchema as idParams,
  accidentProgramParamsSchema as programParams,
  accidentListQuerySchema,
  accidentReportListSchema,
  accidentReportSaveSchema,
  accidentReportSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as accidents from './service';

/** Serious / Fatal Accident Reports: every accident call of SPEC 7, for the Program Administration screen. */
export const accidentReportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['accident reports'];
  const base = '/program/administrative/accident';
  const onRequest = app.staff(routeRules.screen('/portal/program/administration/accident', 'You may not use accident reports in any program.'));
  const saveSchema = accidentReportSaveSchema({ timeZone: deps.config.programTimeZone });

  app.get(
    base,
    { onRequest, schema: { tags, querystring: accidentListQuerySchema, response: { 200: envelope(accidentReportListSchema), ...staffErrors } } },
    async (request) =>
      ok(ACCIDENT_CODES.ACCIDENT_REPORTS_FOUND, { list: await accidents.listAllAccidentReports(deps, await callerProfile(db, request), request.query) }),
  );

  app.get(
    `${base}/program/:program_id`,
    {
      onRequest,
      schema: { tags, params: programParams, querystring: accidentListQuerySchema, response: { 200: envelope(accidentReportListSchema), ...staffErrors } },
    },
    async (request) =>
      ok(ACCIDENT_CODES.ACCIDENT_REPORTS_FOUND, {
        list: await accidents.listProgramAccidentReports(deps, await callerProfile(db, request), request.params.program_id, request.query),
      }),
  );

  app.get(
    `${base}/:id`,
    { onRequest, schema: { tags, params: idParams, response: { 200: envelope(accidentReportSchema), ...staffErrors } } },
    async (request) => ok(ACCIDENT_CODES.ACCIDENT_REPORT_FOUND, await accidents.getAccidentReport(deps, await callerProfile(db, request), request.params.id)),
  );

  app.post(
    base,
    { onRequest, schema: { tags, body: saveSchema, response: { 201: envelope(accidentReportSchema), ...staffErrors } } },
    async (request, reply) => {
      const report = await accidents.createAccidentReport(deps, await callerProfile(db, request), request.body);
      reply.status(201);
      return ok(ACCIDENT_CODES.ACCIDENT_REPORT_CREATED, report);
    },
  );

  app.put(
    `${base}/toggleRead/:id`,
    { onRequest, schema: { tags, params: idParams, ...NO_BODY, response: { 200: envelope(accidentReportSchema), ...staffErrors } } },
    async (request) =>
      ok(ACCIDENT_CODES.ACCIDENT_REPORT_READ_TOGGLED, await accidents.toggleAccidentReportRead(deps, await callerProfile(db, request), request.params.id)),
  );

  app.put(
    `${base}/:id`,
    { onRequest, schema: { tags, params: idParams, body: saveSchema, response: { 200: envelope(accidentReportSchema), ...staffErrors } } },
    async (request) =>
      ok(ACCIDENT_CODES.ACCIDENT_REPORT_SAVED, await accidents.updateAccidentReport(deps, await callerProfile(db, request), request.params.id, request.body)),
  );

  app.delete(
    `${base}/:id`,
    { onRequest, schema: { tags, params: idParams, response: { 200: emptyEnvelope, ...staffErrors } } },
    async (request) => {
      await accidents.deleteAccidentReport(deps, await callerProfile(db, request), request.params.id);
      return ok(ACCIDENT_CODES.ACCIDENT_REPORT_DELETED, null);
    },
  );
};
