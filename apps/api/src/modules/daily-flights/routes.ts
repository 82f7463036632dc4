import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  dailyFlightFileParamsSchema,
  dailyFlightIdParamsSchema,
  dailyFlightRecordListSchema,
  dailyFlightRecordSchema,
  dailyFlightSaveSchema,
  FLIGHT_CODES,
  FLIGHT_UPLOAD_FORM_LIMITS,
  flightUploadMultipartSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { readForm, registerFormParser } from '../../lib/uploads/form';
import { formBody } from '../../plugins/openapi';
import * as flights from './service';

const LIMITS = FLIGHT_UPLOAD_FORM_LIMITS;
const writeErrors = { ...staffErrors, 409: errorEnvelope } as const;
const uploadErrors = { ...staffErrors, 413: errorEnvelope, 415: errorEnvelope } as const;

/**
 * Daily Flights (SPEC 7 Map and content: GET, POST, PUT, DELETE dailyFlights/ and dailyFlights/{id}, JSON),
 * organization admins only (SPEC 6, Website Management); photos and files through their own multipart call
 * (decision 0028).
 */
export const dailyFlightRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerFormParser(app, LIMITS);
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);
  const record = envelope(dailyFlightRecordSchema);

  app.get('/dailyFlights/', { onRequest, schema: { tags, response: { 200: envelope(dailyFlightRecordListSchema), ...staffErrors } } }, async (request) => {
    await requireAdminOrganization(db, request);
    return ok(FLIGHT_CODES.FLIGHTS_FOUND, await flights.listFlights(deps));
  });

  app.get('/dailyFlights/:id', { onRequest, schema: { tags, params: dailyFlightIdParamsSchema, response: { 200: record, ...staffErrors } } }, async (request) => {
    await requireAdminOrganization(db, request);
    return ok(FLIGHT_CODES.FLIGHT_FOUND, await flights.getFlight(deps, request.params.id));
  });

  app.post(
    '/dailyFlights/',
    { onRequest, schema: { tags, body: dailyFlightSaveSchema, response: { 201: record, ...writeErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const created = await flights.createFlight(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(FLIGHT_CODES.FLIGHT_CREATED, created);
    },
  );

  app.put(
    '/dailyFlights/:id',
    { onRequest, schema: { tags, params: dailyFlightIdParamsSchema, body: dailyFlightSaveSchema, response: { 200: record, ...writeErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(FLIGHT_CODES.FLIGHT_SAVED, await flights.updateFlight(deps, caller.user_id, request.params.id, request.body));
    },
  );

  app.delete('/dailyFlights/:id', { onRequest, schema: { tags, params: dailyFlightIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await flights.deleteFlight(deps, caller.user_id, request.params.id);
    return ok(FLIGHT_CODES.FLIGHT_DELETED, null);
  });

  app.post(
    '/dailyFlights/:id/files',
    { onRequest, schema: { tags, body: formBody(flightUploadMultipartSchema), params: dailyFlightIdParamsSchema, response: { 201: record, ...uploadErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const form = await readForm(request, LIMITS);
      const saved = await flights.addFlightUpload(deps, caller.user_id, request.params.id, form);
      reply.status(201);
      return ok(FLIGHT_CODES.FLIGHT_FILE_ADDED, saved);
    },
  );

  app.delete(
    '/dailyFlights/:id/files/:fileId',
    { onRequest, schema: { tags, params: dailyFlightFileParamsSchema, response: { 200: record, ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(FLIGHT_CODES.FLIGHT_FILE_DELETED, await flights.deleteFlightUpload(deps, caller.user_id, request.params.id, request.params.fileId));
    },
  );
};
