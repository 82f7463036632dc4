import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { UserProfile } from '@beach/domain';
import {
  beachNotificationQuerySchema,
  DATABASE_EXPORT_CODES,
  databaseExportListSchema,
  databaseExportParamsSchema,
  databaseExportRequestSchema,
  databaseExportSchema,
  localDate,
  wqxExportQuerySchema,
  XML_EXPORT_PATHS,
  xmlExportTaskListSchema,
  xmlExportTaskSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { caller, requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { download, NO_BODY } from '../../plugins/openapi';
import { createDatabaseExport, createTask, DATABASE_TASKS, deleteTask, listTasks, openTask, retryTask, type TaskKindView } from './service';
import { BEACH_NOTIFICATION_TASKS, beachNotificationTaskParams, WQX_TASKS, wqxTaskParams } from './xml-tasks';

/**
 * DEP IT export tasks (SPEC 7 Exports, decisions 0035 and 0036): organization admins queue an export, follow
 * it, retry a failed one, download the finished file, delete it. One family of five calls per kind, all made
 * by `taskRoutes`: the Beaches Database Export at /system/export/database/ (SPEC 7), the BEACH notification
 * XML at /system/export/beachNotification/ and the WQX XML at /system/export/wqx/. An id that is not a task
 * of the family's kind answers 404.
 */

interface Family<B extends z.ZodType, T> {
  /** '/system/export/{segment}/' */
  base: string;
  view: TaskKindView<never, T>;
  task: z.ZodType;
  list: z.ZodType;
  body: B;
  noun: string;
  queueDescription: string;
  create(request: FastifyRequest, profile: UserProfile, body: z.output<B>): Promise<T>;
}

function taskRoutes<B extends z.ZodType, T>(family: Family<B, T>): FastifyPluginAsyncZod<AppDeps> {
  return async (app, deps) => {
    const { db } = deps.database;
    const tags = ['dep it'];
    const onRequest = app.staff(routeRules.adminOrganization);
    const conflicts = { ...staffErrors, 409: errorEnvelope };
    const view = family.view as TaskKindView<unknown, T>;
    // The finished file, published with the media type it is sent with (its parameters, such as charset, left off).
    const file = download(view.contentType.split(';')[0]!.trim());

    app.get(`${family.base}list/`, { onRequest, schema: { tags, description: `The latest ${family.noun} tasks, newest first.`, response: { 200: envelope(family.list), ...staffErrors } } }, async (request) => {
      await requireAdminOrganization(db, request);
      return ok(DATABASE_EXPORT_CODES.EXPORTS_FOUND, await listTasks(deps, view));
    });

    app.post(
      family.base,
      { onRequest, schema: { tags, description: family.queueDescription, body: family.body, response: { 200: envelope(family.task), ...staffErrors } } },
      async (request) => {
        const profile = await requireAdminOrganization(db, request);
        return ok(DATABASE_EXPORT_CODES.EXPORT_QUEUED, await family.create(request, profile, request.body as z.output<B>));
      },
    );

    app.put(
      `${family.base}:id`,
      { onRequest, schema: { tags, description: `Queues a failed ${family.noun} again.`, params: databaseExportParamsSchema, ...NO_BODY, response: { 200: envelope(family.task), ...conflicts } } },
      async (request) => {
        await requireAdminOrganization(db, request);
        return ok(DATABASE_EXPORT_CODES.EXPORT_RETRIED, await retryTask(deps, view, caller(request).userId, request.params.id));
      },
    );

    app.post(
      `${family.base}:id`,
      {
        onRequest,
        schema: {
          tags,
          description: `Downloads a finished ${family.noun} (an attachment).`,
          params: databaseExportParamsSchema,
          ...NO_BODY,
          response: { 200: file, ...conflicts },
        },
      },
      async (request, reply) => {
        await requireAdminOrganization(db, request);
        const task = await openTask(deps, view, request.params.id);
        // The reply is typed for the JSON error shapes; a file answer uses its untyped surface.
        return (reply as unknown as FastifyReply)
          .header('content-type', task.contentType)
          .header('content-disposition', `attachment; filename="${task.fileName}"`)
          .header('content-length', task.size)
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(task.stream());
      },
    );

    app.delete(
      `${family.base}:id`,
      { onRequest, schema: { tags, params: databaseExportParamsSchema, response: { 200: emptyEnvelope, ...conflicts } } },
      async (request) => {
        await requireAdminOrganization(db, request);
        await deleteTask(deps, view, caller(request).userId, request.params.id);
        return ok(DATABASE_EXPORT_CODES.EXPORT_DELETED, null);
      },
    );
  };
}

export const databaseExportRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const latestYear = () => Number(localDate(new Date(), deps.config.programTimeZone).slice(0, 4));
  await app.register(
    taskRoutes({
      base: '/system/export/database/',
      view: DATABASE_TASKS,
      task: databaseExportSchema,
      list: databaseExportListSchema,
      body: databaseExportRequestSchema,
      noun: 'database export',
      queueDescription: 'Queues an export of the tables named (an allow-list) with an optional date range (inclusive) for the dated tables.',
      create: (request, _profile, body) => createDatabaseExport(deps, caller(request).userId, body),
    }),
    deps,
  );
  await app.register(
    taskRoutes({
      base: `/system/export/${XML_EXPORT_PATHS.BEACH_NOTIFICATION}/`,
      view: BEACH_NOTIFICATION_TASKS,
      task: xmlExportTaskSchema,
      list: xmlExportTaskListSchema,
      body: beachNotificationQuerySchema({ latestYear }),
      noun: 'BEACH notification XML export',
      queueDescription: 'Queues the EPA BEACH notification 2.4 XML file of a program and a year (as GET /depit/xml/beachNotification writes it).',
      create: async (request, _profile, body) => {
        const { params, partsTotal } = await beachNotificationTaskParams(deps, body);
        return createTask(deps, BEACH_NOTIFICATION_TASKS, caller(request).userId, params, partsTotal);
      },
    }),
    deps,
  );
  await app.register(
    taskRoutes({
      base: `/system/export/${XML_EXPORT_PATHS.WQX}/`,
      view: WQX_TASKS,
      task: xmlExportTaskSchema,
      list: xmlExportTaskListSchema,
      body: wqxExportQuerySchema({ timeZone: deps.config.programTimeZone }),
      noun: 'WQX XML export',
      queueDescription: "Queues the WQX 3.0 XML file of a program's verified results of a period (as GET /depit/wqx writes it).",
      create: async (request, profile, body) => {
        const { params, partsTotal } = await wqxTaskParams(deps, body, profile.organization_id);
        return createTask(deps, WQX_TASKS, caller(request).userId, params, partsTotal);
      },
    }),
    deps,
  );
};
