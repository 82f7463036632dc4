import { StringDecoder } from 'node:string_decoder';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  IMPORT_PREVIEW_ROWS,
  CODES,
  IMPORT_MAPPING_CODES,
  importMappingCreateSchema,
  importMappingDeletedSchema,
  importMappingIdParamsSchema,
  importMappingListSchema,
  importMappingPreviewFormSchema,
  importMappingPreviewQuerySchema,
  importMappingPreviewSchema,
  importMappingUpdateSchema,
  savedImportMappingSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, routeRules } from '../../lib/access';
import { badRequest, envelope, errorEnvelope, HttpError, ok, staffErrors } from '../../lib/http';
import { formBody } from '../../plugins/openapi';
import { registerUploadParsers, UPLOAD_CUT_OFF_MESSAGE } from '../results/upload-body';
import { checkPreviewAccess, FirstRecords, previewFile, previewMappingOf, readingCsv } from './preview';
import * as mappings from './service';

/**
 * Saved mappings of the mapped results import and the preview of a file through one (issue 29, decision
 * 0060). Organization admins only, as the legacy import (the route rule runs before the body is read:
 * 401, then 403, then 400); each admin sees and edits their own organization's mappings, plus the built-in
 * legacy layout (`legacy`, read-only). The preview also needs DATA_EDITING ADMIN in the program it matches
 * stations against; it uses the results module's upload parsers (text/csv or multipart, 20 MB).
 */
export const importMappingRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['import'];
  const admin = app.staff(routeRules.adminOrganization);
  // A text/csv body is kept only as far as the preview reads it: its header, 50 rows and one more.
  await registerUploadParsers(app, 1, { csvRecords: 1 + IMPORT_PREVIEW_ROWS + 1 });

  app.get(
    '/import/mapping/',
    { onRequest: admin, schema: { tags, response: { 200: envelope(importMappingListSchema), ...staffErrors } } },
    async (request) => ok(IMPORT_MAPPING_CODES.IMPORT_MAPPINGS_FOUND, { list: await mappings.listMappings(deps, await callerProfile(db, request)) }),
  );

  app.get(
    '/import/mapping/:id',
    { onRequest: admin, schema: { tags, params: importMappingIdParamsSchema, response: { 200: envelope(savedImportMappingSchema), ...staffErrors } } },
    async (request) => ok(IMPORT_MAPPING_CODES.IMPORT_MAPPING_FOUND, await mappings.getMapping(deps, await callerProfile(db, request), request.params.id)),
  );

  app.post(
    '/import/mapping',
    {
      onRequest: admin,
      schema: { tags, body: importMappingCreateSchema, response: { 201: envelope(savedImportMappingSchema), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const saved = await mappings.createMapping(deps, await callerProfile(db, request), request.body);
      reply.status(201);
      return ok(IMPORT_MAPPING_CODES.IMPORT_MAPPING_CREATED, saved);
    },
  );

  app.put(
    '/import/mapping/:id',
    {
      onRequest: admin,
      schema: {
        tags,
        params: importMappingIdParamsSchema,
        body: importMappingUpdateSchema,
        response: { 200: envelope(savedImportMappingSchema), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request) =>
      ok(IMPORT_MAPPING_CODES.IMPORT_MAPPING_SAVED, await mappings.updateMapping(deps, await callerProfile(db, request), request.params.id, request.body)),
  );

  app.delete(
    '/import/mapping/:id',
    { onRequest: admin, schema: { tags, params: importMappingIdParamsSchema, response: { 200: envelope(importMappingDeletedSchema), ...staffErrors } } },
    async (request) => ok(IMPORT_MAPPING_CODES.IMPORT_MAPPING_DELETED, await mappings.deleteMapping(deps, await callerProfile(db, request), request.params.id)),
  );

  app.post(
    '/import/mapping/preview',
    {
      onRequest: admin,
      schema: {
        tags,
        description:
          "A file's header and first 50 rows read through a mapping (a saved one by mapping_id, or the form's mapping field as JSON), " +
          "the mapping's refusals for this file with their first lines, and the rows' stations matched against the program's. " +
          'Reads no further than those rows; writes nothing.',
        querystring: importMappingPreviewQuerySchema,
        body: formBody(importMappingPreviewFormSchema),
        response: { 200: envelope(importMappingPreviewSchema), ...staffErrors, 413: errorEnvelope, 415: errorEnvelope },
      },
    },
    async (request) => {
      const profile = await callerProfile(db, request);
      const { query } = request;
      await checkPreviewAccess(deps, profile, query.program_id);
      // A saved mapping is found (or not: 404) before the file is read.
      const saved = query.mapping_id === undefined ? null : await previewMappingOf(deps, profile, query.mapping_id, undefined);
      const upload = await readPreviewUpload(request);
      const chosen = saved && upload.mapping === undefined ? saved : await previewMappingOf(deps, profile, query.mapping_id, upload.mapping);
      const preview = await previewFile(deps, query, chosen, upload.file);
      const refused = preview.refusals.length > 0;
      return ok(
        refused ? IMPORT_MAPPING_CODES.IMPORT_MAPPING_REFUSED : IMPORT_MAPPING_CODES.IMPORT_MAPPING_PREVIEW,
        preview,
        refused ? preview.refusals.map((r) => r.message).join(' ') : undefined,
      );
    },
  );
};

type PreviewFile = ReturnType<FirstRecords['result']>;

/** 400 for a multipart body that ends early or does not parse, as the results uploads answer it. */
const cutOff = (reason: string) => badRequest(CODES.VALIDATION_FAILED, UPLOAD_CUT_OFF_MESSAGE, [{ field: 'file', message: reason }]);

/**
 * The preview's upload: the first records of its file (text/csv, or the multipart form's one file part) and
 * the form's `mapping` field. The multipart body is received to its end (its later parts, the Content-Length
 * check), but its file is read as CSV only as far as the preview needs.
 */
async function readPreviewUpload(request: FastifyRequest): Promise<{ file: PreviewFile; mapping?: string }> {
  if (!request.isMultipart()) {
    if (typeof request.body !== 'string') throw new HttpError(415, CODES.UNSUPPORTED_MEDIA_TYPE, 'Send the file as text/csv or as multipart/form-data.');
    const text = request.body;
    const first = new FirstRecords();
    return { file: readingCsv(() => (first.push(text), first.end(), first.result())) };
  }
  let first: FirstRecords | null = null;
  let decoder: StringDecoder | null = null;
  let failure: unknown = null;
  let mapping: string | undefined;
  let received = 0;
  const count = (chunk: Buffer) => (received += chunk.length);
  request.raw.on('data', count);
  try {
    for await (const part of request.parts()) {
      if (part.type === 'field') {
        if (part.fieldname === 'mapping') mapping = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        continue;
      }
      // Read through to the end (the parts after it and the Content-Length check need the whole body), as CSV
      // only until the preview has its rows or the file is refused.
      const records = (first = new FirstRecords());
      const text = (decoder = new StringDecoder('utf8'));
      for await (const chunk of part.file) {
        if (records.done || failure) continue;
        try {
          records.push(text.write(chunk as Buffer));
        } catch (err) {
          failure = err;
        }
      }
      if (part.file.truncated) throw new request.server.multipartErrors.RequestFileTooLargeError();
    }
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (err instanceof HttpError || (status !== undefined && status >= 400 && status < 500 && status !== 400)) throw err;
    throw cutOff(err instanceof Error ? err.message : 'The multipart body could not be read');
  } finally {
    request.raw.off('data', count);
  }
  const announced = Number(request.headers['content-length']);
  if (Number.isFinite(announced) && received < announced) throw cutOff(`Content-Length announced ${announced} bytes; ${received} arrived`);
  if (!first || !decoder) throw badRequest(CODES.VALIDATION_FAILED, 'Attach a CSV file', [{ field: 'file', message: 'Attach a CSV file' }]);
  const records = first;
  const rest = decoder.end();
  const file = readingCsv(() => {
    if (failure) throw failure;
    records.push(rest);
    records.end();
    return records.result();
  });
  return { file, mapping };
}
