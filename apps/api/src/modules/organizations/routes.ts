import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { CODES, MESSAGES, ORGANIZATION_CODES, organizationSaveSchema, organizationDetailResponse, organizationFiltersResponse, organizationIdParams, organizationListResponse } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { callerProfile, requireAdminOrganization, routeRules } from '../../lib/access';
import { envelope, errorEnvelope, failingWith, ok, staffErrors } from '../../lib/http';
import * as organizations from './service';

/** Organizations: reads for organization admins and user managers; writes for organization admins only. */
export const organizationRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['organizations'];

  app.get(
    '/organization/',
    { onRequest: app.staff(routeRules.organizationReader, { message: MESSAGES.organizationsFailed }), schema: { tags, response: { 200: envelope(organizationListResponse), ...staffErrors } } },
    async (request) =>
      failingWith(MESSAGES.organizationsFailed, async () => {
        const caller = await callerProfile(db, request);
        return ok(CODES.ORGANIZATIONS_FOUND, { list: await organizations.listOrganizations(deps, caller) });
      }),
  );

  app.get(
    '/organization/filters/',
    { onRequest: app.staff(routeRules.organizationReader), schema: { tags, response: { 200: envelope(organizationFiltersResponse), ...staffErrors } } },
    async (request) => {
      const caller = await callerProfile(db, request);
      return ok(CODES.RETRIEVED_FILTER_LIST, await organizations.organizationFilters(deps, caller));
    },
  );

  app.get(
    '/organization/:id',
    {
      onRequest: app.staff(routeRules.organizationReader),
      schema: { tags, params: organizationIdParams, response: { 200: envelope(organizationDetailResponse), ...staffErrors } },
    },
    async (request) => {
      const caller = await callerProfile(db, request);
      return ok(ORGANIZATION_CODES.ORGANIZATION_FOUND, await organizations.getOrganization(deps, caller, request.params.id));
    },
  );

  app.post(
    '/organization',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags,
        body: organizationSaveSchema,
        response: { 201: envelope(organizationDetailResponse), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const id = await organizations.createOrganization(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(ORGANIZATION_CODES.ORGANIZATION_CREATED, await organizations.getOrganization(deps, caller, id));
    },
  );

  app.put(
    '/organization/:id',
    {
      onRequest: app.staff(routeRules.adminOrganization),
      schema: {
        tags,
        params: organizationIdParams,
        body: organizationSaveSchema,
        response: { 200: envelope(organizationDetailResponse), ...staffErrors, 409: errorEnvelope },
      },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await organizations.updateOrganization(deps, caller, request.params.id, request.body);
      return ok(ORGANIZATION_CODES.ORGANIZATION_SAVED, await organizations.getOrganization(deps, caller, request.params.id));
    },
  );
};
