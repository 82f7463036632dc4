import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  DATABASE_EXPORT_CODES,
  databaseExportListSchema,
  databaseExportParamsSchema,
  databaseExportRequestSchema,
  databaseExportSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { caller, requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { createDatabaseExport, deleteDatabaseExport, listDatabaseExports, openDatabaseExport, retryDatabaseExport } from './service';

/**
 * DEP IT: Beaches Database Export (SPEC 7 Exports, decision 0035): organization admins queue exports of
 * allow-listed tables, follow them, retry a failed one, download the zip, delete it. An id that is not a
 * database export task answers 404.
 */
export const databaseExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['dep it'];
  const onRequest = app.staff(routeRules.adminOrganization);
  const conflicts = { ...staffErrors, 409: errorEnvelope };

  app.get(
    '/system/export/database/list/',
    { onRequest, schema: { tags, response: { 200: envelope(databaseExportListSchema), ...staffErrors } } },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(DATABASE_EXPORT_CODES.EXPORTS_FOUND, await listDatabaseExports(deps));
    },
  );

  app.post(
    '/system/export/database/',
    {
      onRequest,
      schema: {
        tags,
        description: 'Queues an export of the tables named (an allow-list) with an optional date range (inclusive) for the dated tables.',
        body: databaseExportRequestSchema,
        response: { 200: envelope(databaseExportSchema), ...staffErrors },
      },
    },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(DATABASE_EXPORT_CODES.EXPORT_QUEUED, await createDatabaseExport(deps, caller(request).userId, request.body));
    },
  );

  app.put(
    '/system/export/database/:id',
    {
      onRequest,
      schema: { tags, description: 'Queues a failed export again.', params: databaseExportParamsSchema, response: { 200: envelope(databaseExportSchema), ...conflicts } },
    },
    async (request) => {
      await requireAdminOrganization(db, request);
      return ok(DATABASE_EXPORT_CODES.EXPORT_RETRIED, await retryDatabaseExport(deps, caller(request).userId, request.params.id));
    },
  );

  app.post(
    '/system/export/database/:id',
    {
      onRequest,
      schema: { tags, description: 'Downloads a finished export: a zip of one CSV per table and schema.json.', params: databaseExportParamsSchema, response: conflicts },
    },
    async (request, reply) => {
      await requireAdminOrganization(db, request);
      const file = await openDatabaseExport(deps, request.params.id);
      // The reply is typed for the JSON error shapes; a file answer uses its untyped surface.
      return (reply as unknown as FastifyReply)
        .header('content-type', 'application/zip')
        .header('content-disposition', `attachment; filename="${file.fileName}"`)
        .header('content-length', file.size)
        .header('cache-control', 'no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.stream());
    },
  );

  app.delete(
    '/system/export/database/:id',
    { onRequest, schema: { tags, params: databaseExportParamsSchema, response: { 200: emptyEnvelope, ...conflicts } } },
    async (request) => {
      await requireAdminOrganization(db, request);
      await deleteDatabaseExport(deps, caller(request).userId, request.params.id);
      return ok(DATABASE_EXPORT_CODES.EXPORT_DELETED, null);
    },
  );
};
