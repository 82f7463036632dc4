import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  idSchema,
  SOURCE_TRACKDOWN_CODES,
  sourceTrackdownIdParamsSchema as idParams,
  sourceTrackdownUploadSchema,
  sourceTrackdownListQuerySchema,
  sourceTrackdownListSchema,
  sourceTrackdownSchema,
  stationTrackdownParamsSchema,
  trackdownFileParamsSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { registerFormParser } from '../../lib/uploads/form';
import { DOCUMENT_POLICY } from '../../lib/uploads/prepare';
import { formBody, storedFile } from '../../plugins/openapi';
import { readTrackdownUpload, TRACKDOWN_FORM_LIMITS } from './form';
import * as trackdowns from './service';

const uploadErrors = { ...staffErrors, 413: errorEnvelope, 415: errorEnvelope } as const;

/**
 * Source trackdowns (SPEC 7 "Source trackdowns (multipart)"): the five calls and a download of a trackdown's
 * file. The rights are read before the body (401 from the token, 403 from the screen's rule and then from the
 * station's program in a preParsing hook, then 400), so a refused caller's upload is never read; the form's
 * wire format is written down in packages/domain schemas/source-trackdowns.ts.
 */
export const sourceTrackdownRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await registerFormParser(app, TRACKDOWN_FORM_LIMITS);
  const { db } = deps.database;
  const tags = ['source trackdowns'];
  const onRequest = app.staff(routeRules.screen('/portal/beaches/sanitary-surveys', 'You may not use source trackdowns in any program.'));
  const dates = { timeZone: deps.config.programTimeZone };
  /**
   * A write's own rights (the station's program, the trackdown's station, an ADMIN to delete), checked after
   * the token and before any body is read - JSON or multipart alike. Malformed ids are left to the schema (400).
   */
  const writeRights =
    (remove = false) =>
    async (request: FastifyRequest, _reply: FastifyReply, payload: unknown) => {
      const params = request.params as { id?: string; tid?: string };
      const id = idSchema.safeParse(params.id);
      const tid = params.tid === undefined ? null : idSchema.safeParse(params.tid);
      if (id.success && (tid === null || tid.success)) {
        await trackdowns.checkWriteAccess(deps, await callerProfile(db, request), id.data, tid?.data ?? null, remove);
      }
      return payload;
    };

  app.get(
    '/beach/:id/sourceTrackdown',
    {
      onRequest,
      schema: {
        tags,
        description: "The station's trackdowns (with incident_id: those following up that incident of the station) and the station's incidents a trackdown may name.",
        params: idParams,
        querystring: sourceTrackdownListQuerySchema,
        response: { 200: envelope(sourceTrackdownListSchema), ...staffErrors },
      },
    },
    async (request) =>
      ok(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWNS_FOUND, await trackdowns.listStationTrackdowns(deps, await callerProfile(db, request), request.params.id, request.query)),
  );

  app.get(
    '/sourceTrackdown/:id',
    { onRequest, schema: { tags, params: idParams, response: { 200: envelope(sourceTrackdownSchema), ...staffErrors } } },
    async (request) => ok(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_FOUND, await trackdowns.getTrackdown(deps, await callerProfile(db, request), request.params.id)),
  );

  app.get(
    '/sourceTrackdown/:id/files/:fileId',
    {
      onRequest,
      schema: {
        tags,
        description: 'Downloads a file of the trackdown (its water quality file or a trackdown file): always an attachment, with nosniff.',
        params: trackdownFileParamsSchema,
        response: { 200: storedFile(DOCUMENT_POLICY), ...staffErrors },
      },
    },
    async (request, reply) =>
      trackdowns.sendTrackdownFile(
        deps,
        await callerProfile(db, request),
        request.params.id,
        request.params.fileId,
        // The reply is typed for the JSON error shapes; a file answer uses its untyped surface.
        reply as unknown as FastifyReply,
        request.headers['if-none-match'],
      ),
  );

  app.post(
    '/beach/:id/sourceTrackdown',
    {
      onRequest,
      preParsing: writeRights(),
      schema: {
        tags,
        description: 'multipart/form-data; the entries are described in packages/domain schemas/source-trackdowns.ts.',
        body: formBody(sourceTrackdownUploadSchema),
        params: idParams,
        response: { 201: envelope(sourceTrackdownSchema), ...uploadErrors },
      },
    },
    async (request, reply) => {
      const profile = await callerProfile(db, request);
      const upload = await readTrackdownUpload(request, 'POST', dates);
      const created = await trackdowns.createTrackdown(deps, profile, request.params.id, upload);
      reply.status(201);
      return ok(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_CREATED, created);
    },
  );

  app.post(
    '/beach/:id/sourceTrackdown/:tid',
    {
      onRequest,
      preParsing: writeRights(),
      schema: {
        tags,
        description: 'PUT sent as POST: multipart/form-data with _method=PUT; the entries are described in packages/domain schemas/source-trackdowns.ts.',
        body: formBody(sourceTrackdownUploadSchema),
        params: stationTrackdownParamsSchema,
        response: { 200: envelope(sourceTrackdownSchema), ...uploadErrors },
      },
    },
    async (request) => {
      const profile = await callerProfile(db, request);
      const upload = await readTrackdownUpload(request, 'PUT', dates);
      return ok(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_SAVED, await trackdowns.updateTrackdown(deps, profile, request.params.id, request.params.tid, upload));
    },
  );

  app.delete(
    '/beach/:id/sourceTrackdown/:tid',
    { onRequest, preParsing: writeRights(true), schema: { tags, params: stationTrackdownParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } },
    async (request) => {
      await trackdowns.deleteTrackdown(deps, await callerProfile(db, request), request.params.id, request.params.tid);
      return ok(SOURCE_TRACKDOWN_CODES.SOURCE_TRACKDOWN_DELETED, null);
    },
  );
};
