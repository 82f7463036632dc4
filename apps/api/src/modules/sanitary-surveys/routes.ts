import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  stationSurveyParamsSchema as stationSurveyParams,
  SURVEY_CODES,
  SURVEY_PHOTO_FORM_LIMITS,
  surveyDateParamsSchema,
  surveyIdParamsSchema as idParams,
  surveyIncidentDayParamsSchema,
  surveyPhotoFormSchema,
  surveyPhotoParamsSchema as surveyPhotoParams,
  surveyPhotoQuerySchema as photoQuery,
  surveyByDateSchema,
  surveyCreateSchema,
  surveyFiltersQuerySchema,
  surveyFiltersSchema,
  surveyListQuerySchema,
  surveyListSchema,
  surveySchema,
  surveyUpdateSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { readForm, registerFormParser } from '../../lib/uploads/form';
import { IMAGE_POLICY } from '../../lib/uploads/prepare';
import { formBody, NO_BODY, storedFile } from '../../plugins/openapi';
import { sendStoredFile } from '../files/service';
import * as surveys from './service';

const PHOTO_LIMITS = SURVEY_PHOTO_FORM_LIMITS;

/**
 * Sanitary surveys: every survey call of SPEC 7 (the geomean calls are the geomeans module's), for the
 * Sanitary Surveys screen. A "beach" id is a beach_station_id, as in the spec's other beach calls.
 */
export const sanitarySurveyRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerFormParser(app, PHOTO_LIMITS);
  const { db } = deps.database;
  const tags = ['sanitary surveys'];
  const onRequest = app.staff(routeRules.screen('/portal/beaches/sanitary-surveys', 'You need sanitary surveys user access in a program.'));
  const dateOptions = { timeZone: deps.config.programTimeZone };
  const incidentDayParams = surveyIncidentDayParamsSchema(dateOptions);
  const created = { 201: envelope(surveySchema), ...staffErrors, 409: errorEnvelope };

  app.post(
    '/survey/incident/:id/:date/createSurvey',
    { onRequest, schema: { tags, ...NO_BODY, params: incidentDayParams, response: created } },
    async (request, reply) => {
      const survey = await surveys.startIncidentSurvey(deps, await callerProfile(db, request), request.params.id, request.params.date);
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_CREATED, survey);
    },
  );

  app.post(
    '/survey/incident/:id/:date/override',
    { onRequest, schema: { tags, ...NO_BODY, params: incidentDayParams, response: created } },
    async (request, reply) => {
      const survey = await surveys.startIncidentSurvey(deps, await callerProfile(db, request), request.params.id, request.params.date, { override: true });
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_CREATED, survey);
    },
  );

  app.post(
    '/survey/:date',
    {
      onRequest,
      schema: {
        tags,
        params: surveyDateParamsSchema(dateOptions),
        body: surveyByDateSchema,
        response: { 200: envelope(surveySchema), 201: envelope(surveySchema), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const outcome = await surveys.openOrStartSurvey(deps, await callerProfile(db, request), request.params.date, request.body.incident_id);
      if (!outcome.created) return ok(SURVEY_CODES.SURVEY_FOUND, outcome.survey);
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_CREATED, outcome.survey);
    },
  );

  app.get(
    '/survey/filters',
    { onRequest, schema: { tags, querystring: surveyFiltersQuerySchema, response: { 200: envelope(surveyFiltersSchema), ...staffErrors } } },
    async (request) => ok(SURVEY_CODES.SURVEY_FILTERS_FOUND, await surveys.surveyFilters(deps, await callerProfile(db, request), request.query)),
  );

  app.get(
    '/survey/program/:id',
    { onRequest, schema: { tags, params: idParams, querystring: surveyListQuerySchema, response: { 200: envelope(surveyListSchema), ...staffErrors } } },
    async (request) =>
      ok(SURVEY_CODES.SURVEYS_FOUND, {
        list: await surveys.listProgramSurveys(deps, await callerProfile(db, request), request.params.id, request.query),
      }),
  );

  app.get(
    '/survey/:id',
    { onRequest, schema: { tags, params: idParams, response: { 200: envelope(surveySchema), ...staffErrors } } },
    async (request) => ok(SURVEY_CODES.SURVEY_FOUND, await surveys.getSurvey(deps, await callerProfile(db, request), request.params.id)),
  );

  app.post(
    '/survey',
    { onRequest, schema: { tags, body: surveyCreateSchema(dateOptions), response: { 201: envelope(surveySchema), ...staffErrors } } },
    async (request, reply) => {
      const survey = await surveys.createSurvey(deps, await callerProfile(db, request), request.body);
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_CREATED, survey);
    },
  );

  app.get(
    '/beach/:id/survey',
    { onRequest, schema: { tags, params: idParams, response: { 200: envelope(surveyListSchema), ...staffErrors } } },
    async (request) =>
      ok(SURVEY_CODES.SURVEYS_FOUND, { list: await surveys.listStationSurveys(deps, await callerProfile(db, request), request.params.id) }),
  );

  app.get(
    '/beach/:id/survey/:sid',
    { onRequest, schema: { tags, params: stationSurveyParams, response: { 200: envelope(surveySchema), ...staffErrors } } },
    async (request) =>
      ok(SURVEY_CODES.SURVEY_FOUND, await surveys.getSurvey(deps, await callerProfile(db, request), request.params.sid, request.params.id)),
  );

  app.put(
    '/beach/:id/survey/:sid',
    {
      onRequest,
      schema: { tags, params: stationSurveyParams, body: surveyUpdateSchema(dateOptions), response: { 200: envelope(surveySchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request) =>
      ok(
        SURVEY_CODES.SURVEY_SAVED,
        await surveys.updateSurvey(deps, await callerProfile(db, request), request.params.id, request.params.sid, request.body),
      ),
  );

  app.delete(
    '/beach/:id/survey/:sid',
    { onRequest, schema: { tags, params: stationSurveyParams, response: { 200: emptyEnvelope, ...staffErrors, 409: errorEnvelope } } },
    async (request) => {
      await surveys.deleteSurvey(deps, await callerProfile(db, request), request.params.id, request.params.sid, false);
      return ok(SURVEY_CODES.SURVEY_DELETED, null);
    },
  );

  app.delete(
    '/beach/:id/survey/:sid/legacy',
    { onRequest, schema: { tags, params: stationSurveyParams, response: { 200: emptyEnvelope, ...staffErrors, 409: errorEnvelope } } },
    async (request) => {
      await surveys.deleteSurvey(deps, await callerProfile(db, request), request.params.id, request.params.sid, true);
      return ok(SURVEY_CODES.SURVEY_DELETED, null);
    },
  );

  // Photos taken during a survey (decision 0027): added one at a time as multipart, read back by the survey's users only.
  app.post(
    '/beach/:id/survey/:sid/photos',
    {
      onRequest,
      schema: {
        tags,
        body: formBody(surveyPhotoFormSchema),
        params: stationSurveyParams,
        response: { 201: envelope(surveySchema), ...staffErrors, 409: errorEnvelope, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      // The survey is checked before the form is read.
      await surveys.getSurvey(deps, profile, request.params.sid, request.params.id);
      const form = await readForm(request, PHOTO_LIMITS);
      const survey = await surveys.addSurveyPhoto(deps, profile, request.params.id, request.params.sid, form);
      reply.status(201);
      return ok(SURVEY_CODES.SURVEY_SAVED, survey);
    },
  );

  app.get(
    '/beach/:id/survey/:sid/photos/:photoId',
    { onRequest, schema: { tags, params: surveyPhotoParams, querystring: photoQuery, response: { 200: storedFile(IMAGE_POLICY), ...staffErrors } } },
    async (request, reply) => {
      const file = await surveys.surveyPhotoFile(deps, await callerProfile(db, request), request.params.id, request.params.sid, request.params.photoId);
      return sendStoredFile(deps, reply as unknown as FastifyReply, file, {
        cacheControl: 'private, no-store',
        thumbnail: request.query.size === 'thumb',
        ifNoneMatch: request.headers['if-none-match'],
      });
    },
  );

  app.delete(
    '/beach/:id/survey/:sid/photos/:photoId',
    { onRequest, schema: { tags, params: surveyPhotoParams, response: { 200: envelope(surveySchema), ...staffErrors } } },
    async (request) =>
      ok(
        SURVEY_CODES.SURVEY_SAVED,
        await surveys.deleteSurveyPhoto(deps, await callerProfile(db, request), request.params.id, request.params.sid, request.params.photoId),
      ),
  );
};
