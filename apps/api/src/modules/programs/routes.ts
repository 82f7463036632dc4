import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODES,
  PROGRAM_CODES,
  effectivePermissionMap,
  programDashboardResponse,
  programDetailResponse,
  programIdParams,
  programListResponse,
  programSaveSchema,
  ruleFiltersResponse,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, requireAdminOrganization, requireProgramAccess, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import * as programs from './service';

/** Programs: reads for anyone the program is accessible to (all for organization admins); writes for organization admins. */
export const programRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['programs'];

  app.get(
    '/program/',
    { onRequest: app.staff(), schema: { tags, response: { 200: envelope(programListResponse), ...staffErrors } } },
    async (request) => {
      const caller = await callerProfile(db, request);
      return ok(CODES.RETRIEVE_PROGRAM_LIST, { list: await programs.listPrograms(deps, caller) });
    },
  );

  app.get(
    '/program/rule/filters',
    { onRequest: app.staff(), schema: { tags, response: { 200: envelope(ruleFiltersResponse), ...staffErrors } } },
    async () => ok(CODES.RETRIEVED_RULE_FILTER_LIST, await programs.ruleFilters(deps)),
  );

  app.get(
    '/program/:id/dashboard',
    {
      onRequest: app.staff(),
      schema: { tags, params: programIdParams, response: { 200: envelope(programDashboardResponse), ...staffErrors } },
    },
    async (request) => {
      const caller = await requireProgramAccess(db, request, request.params.id);
      const dashboard = await programs.programDashboard(deps, request.params.id);
      return ok(PROGRAM_CODES.PROGRAM_DASHBOARD, { ...dashboard, permissions: effectivePermissionMap(caller, request.params.id) });
    },
  );

  app.get(
    '/program/:id',
    {
      onRequest: app.staff(),
      schema: { tags, params: programIdParams, response: { 200: envelope(programDetailResponse), ...staffErrors } },
    },
    async (request) => {
      const caller = await callerProfile(db, request);
      return ok(PROGRAM_CODES.PROGRAM_FOUND, await programs.getProgram(deps, caller, request.params.id));
    },
  );

  app.post(
    '/program',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: { tags, body: programSaveSchema, response: { 201: envelope(programDetailResponse), ...staffErrors, 409: errorEnvelope } },
    },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const id = await programs.createProgram(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(PROGRAM_CODES.PROGRAM_CREATED, await programs.getProgram(deps, caller, id));
    },
  );

  app.put(
    '/program/:id',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags,
        params: programIdParams,
        body: programSaveSchema,
        response: { 200: envelope(programDetailResponse), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await programs.updateProgram(deps, caller.user_id, request.params.id, request.body);
      return ok(PROGRAM_CODES.PROGRAM_SAVED, await programs.getProgram(deps, caller, request.params.id));
    },
  );
};
