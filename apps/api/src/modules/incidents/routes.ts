import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  INCIDENT_CODES,
  incidentDailyEntryParamsSchema as dailyEntryParams,
  incidentIdParamsSchema as idParams,
  incidentAutoCloseSchema,
  incidentCloseSchema,
  incidentCreateSchema,
  incidentDailySaveSchema,
  incidentListQuerySchema,
  incidentListSchema,
  incidentOptionsSchema,
  incidentSchema,
  stationIncidentParamsSchema as stationIncidentParams,
  SURVEY_CODES,
  surveySchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as incidents from './service';

/** Incidents: every incident call of SPEC 7, for the Incident screen; createSurvey starts a sanitary survey (the surveys module's rules). */
export const incidentRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['incidents'];
  const onRequest = app.staff(routeRules.screen('/portal/beaches/incidents', 'You may not use incidents in any program.'));
  const dateOptions = { timeZone: deps.config.programTimeZone };
  const createSchema = incidentCreateSchema(dateOptions);
  const dailySaveSchema = incidentDailySaveSchema(dateOptions);

  app.get(
    '/incidents/options',
    { onRequest, schema: { tags, response: { 200: envelope(incidentOptionsSchema), ...staffErrors } } },
    async () => ok(INCIDENT_CODES.INCIDENT_OPTIONS_FOUND, await incidents.incidentOptions(deps)),
  );

  app.get(
    '/incidents/program/:id',
    { onRequest, schema: { tags, params: idParams, querystring: incidentListQuerySchema, response: { 200: envelope(incidentListSchema), ...staffErrors } } },
    async (request) =>
      ok(INCIDENT_CODES.INCIDENTS_FOUND, {
        list: await incidents.listProgramIncidents(deps, await callerProfile(db, request), request.params.id, request.query),
      }),
  );

  app.get(
    '/beach/:id/incidents',
    { onRequest, schema: { tags, params: idParams, response: { 200: envelope(incidentListSchema), ...staffErrors } } },
    async (request) =>
      ok(INCIDENT_CODES.INCIDENTS_FOUND, { list: await incidents.listStationIncidents(deps, await callerProfile(db, request), request.params.id) }),
  );

  app.get(
    '/beach/:id/incidents/:incidentId',
    { onRequest, schema: { tags, params: stationIncidentParams, response: { 200: envelope(incidentSchema), ...staffErrors } } },
    async (request) =>
      ok(
        INCIDENT_CODES.INCIDENT_FOUND,
        await incidents.getStationIncident(deps, await callerProfile(db, request), request.params.id, request.params.incidentId),
      ),
  );

  app.post(
    '/beach/:id/incidents',
    { onRequest, schema: { tags, params: idParams, body: createSchema, response: { 201: envelope(incidentSchema), ...staffErrors } } },
    async (request, reply) => {
      const incident = await incidents.createIncident(deps, await callerProfile(db, request), request.params.id, request.body);
      reply.status(201);
      return ok(INCIDENT_CODES.INCIDENT_CREATED, incident);
    },
  );

  app.put(
    '/incidents/:id/daily',
    { onRequest, schema: { tags, params: idParams, body: dailySaveSchema, response: { 200: envelope(incidentSchema), ...staffErrors, 409: errorEnvelope } } },
    async (request) => ok(INCIDENT_CODES.INCIDENT_DAILY_SAVED, await incidents.saveDailyLog(deps, await callerProfile(db, request), request.params.id, request.body)),
  );

  app.put(
    '/incidents/:id/close',
    { onRequest, schema: { tags, params: idParams, body: incidentCloseSchema, response: { 200: envelope(incidentSchema), ...staffErrors, 409: errorEnvelope } } },
    async (request) => ok(INCIDENT_CODES.INCIDENT_CLOSED, await incidents.closeIncident(deps, await callerProfile(db, request), request.params.id, request.body)),
  );

  app.put(
    '/incidents/:id/autoClose',
    { onRequest, schema: { tags, params: idParams, ...NO_BODY, response: { 200: envelope(incidentAutoCloseSchema), ...staffErrors } } },
    async (request) => {
      const outcome = await incidents.autoCloseIncident(deps, await callerProfile(db, request), request.params.id);
      return ok(outcome.auto_closed ? INCIDENT_CODES.INCIDENT_AUTO_CLOSED : INCIDENT_CODES.INCIDENT_NOT_AUTO_CLOSED, outcome, outcome.reason ?? undefined);
    },
  );

  // Starting a survey is a survey write: the Sanitary Surveys screen's rule, in the incident's program.
  app.post(
    '/incidents/:incidentId/daily/:dailyId/createSurvey',
    {
      onRequest: app.staff(routeRules.screen('/portal/beaches/sanitary-surveys', 'You need sanitary surveys user access in a program.')),
      schema: { tags, params: dailyEntryParams, ...NO_BODY, response: { 201: envelope(surveySchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const survey = await incidents.createDailySurvey(deps, await callerProfile(db, request), request.params.incidentId, request.params.dailyId);
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_CREATED, survey);
    },
  );

  app.delete(
    '/incidents/:id',
    { onRequest, schema: { tags, params: idParams, response: { 200: emptyEnvelope, ...staffErrors } } },
    async (request) => {
      await incidents.deleteIncident(deps, await callerProfile(db, request), request.params.id);
      return ok(INCIDENT_CODES.INCIDENT_DELETED, null);
    },
  );
};
