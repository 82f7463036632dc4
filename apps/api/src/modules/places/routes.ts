import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  PLACE_CODES,
  countyRecordSchema,
  countySaveSchema,
  municipalitiesAddResponse,
  municipalitiesAddSchema,
  municipalityRecordSchema,
  municipalitySaveSchema,
  placeIdParams,
  placeMergeResponse,
  placeMergeSchema,
  placesListResponse,
  placesLoadResponse,
  placesLoadSchema,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { NO_BODY } from '../../plugins/openapi';
import * as places from './service';

/**
 * Places management (issue 25, decision 0051): counties and municipalities, for organization admins only.
 * The pickers everyone uses read general/geography, which leaves retired places out.
 */
export const placeRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['places'];
  const admin = app.staff(routeRules.adminOrganization);
  const writeErrors = { ...staffErrors, 409: errorEnvelope };

  app.get('/places', { onRequest: admin, schema: { tags, response: { 200: envelope(placesListResponse), ...staffErrors } } }, async () =>
    ok(PLACE_CODES.PLACES_FOUND, await places.listPlaces(deps)),
  );

  // Counties
  app.post(
    '/places/counties',
    { onRequest: admin, schema: { tags, body: countySaveSchema, response: { 201: envelope(countyRecordSchema), ...writeErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const id = await places.createCounty(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(PLACE_CODES.COUNTY_CREATED, await places.getCounty(deps, id));
    },
  );
  app.put(
    '/places/counties/:id',
    { onRequest: admin, schema: { tags, params: placeIdParams, body: countySaveSchema, response: { 200: envelope(countyRecordSchema), ...writeErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await places.updateCounty(deps, caller.user_id, request.params.id, request.body);
      return ok(PLACE_CODES.COUNTY_SAVED, await places.getCounty(deps, request.params.id));
    },
  );

  // Municipalities
  app.post(
    '/places/municipalities',
    { onRequest: admin, schema: { tags, body: municipalitySaveSchema, response: { 201: envelope(municipalityRecordSchema), ...writeErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const id = await places.createMunicipality(deps, caller.user_id, request.body);
      reply.status(201);
      return ok(PLACE_CODES.MUNICIPALITY_CREATED, await places.getMunicipality(deps, id));
    },
  );
  app.put(
    '/places/municipalities/:id',
    {
      onRequest: admin,
      schema: { tags, params: placeIdParams, body: municipalitySaveSchema, response: { 200: envelope(municipalityRecordSchema), ...writeErrors } },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      await places.updateMunicipality(deps, caller.user_id, request.params.id, request.body);
      return ok(PLACE_CODES.MUNICIPALITY_SAVED, await places.getMunicipality(deps, request.params.id));
    },
  );
  app.post(
    '/places/municipalities/add',
    { onRequest: admin, schema: { tags, body: municipalitiesAddSchema, response: { 201: envelope(municipalitiesAddResponse), ...writeErrors } } },
    async (request, reply) => {
      const caller = await requireAdminOrganization(db, request);
      const report = await places.addMunicipalities(deps, caller.user_id, request.body.county_id, request.body.names);
      reply.status(201);
      return ok(PLACE_CODES.MUNICIPALITIES_CREATED, report);
    },
  );

  // Retire, restore, delete and merge: the same for both kinds.
  for (const [kind, path] of [
    ['county', 'counties'],
    ['municipality', 'municipalities'],
  ] as const) {
    const record = kind === 'county' ? countyRecordSchema : municipalityRecordSchema;
    const get = (id: number) => (kind === 'county' ? places.getCounty(deps, id) : places.getMunicipality(deps, id));
    const saved = kind === 'county' ? PLACE_CODES.COUNTY_SAVED : PLACE_CODES.MUNICIPALITY_SAVED;
    for (const [action, retired] of [
      ['retire', true],
      ['restore', false],
    ] as const) {
      app.post(
        `/places/${path}/:id/${action}`,
        { onRequest: admin, schema: { tags, params: placeIdParams, ...NO_BODY, response: { 200: envelope(record), ...staffErrors } } },
        async (request) => {
          const caller = await requireAdminOrganization(db, request);
          await places.setRetired(deps, caller.user_id, kind, request.params.id, retired);
          return ok(saved, await get(request.params.id));
        },
      );
    }
    app.delete(
      `/places/${path}/:id`,
      { onRequest: admin, schema: { tags, params: placeIdParams, response: { 200: emptyEnvelope, ...writeErrors } } },
      async (request) => {
        const caller = await requireAdminOrganization(db, request);
        await places.deletePlace(deps, caller.user_id, kind, request.params.id);
        return ok(kind === 'county' ? PLACE_CODES.COUNTY_DELETED : PLACE_CODES.MUNICIPALITY_DELETED, null);
      },
    );
    app.post(
      `/places/${path}/merge`,
      { onRequest: admin, schema: { tags, body: placeMergeSchema, response: { 200: envelope(placeMergeResponse), ...writeErrors } } },
      async (request) => {
        const caller = await requireAdminOrganization(db, request);
        return ok(PLACE_CODES.PLACES_MERGED, await places.mergePlaces(deps, caller.user_id, kind, request.body.from_id, request.body.into_id));
      },
    );
  }

  // Bulk load from a CSV: a dry run (apply false) or all-or-nothing apply.
  app.post(
    '/places/load',
    {
      onRequest: admin,
      bodyLimit: 3 * 1024 * 1024,
      schema: { tags, body: placesLoadSchema, response: { 200: envelope(placesLoadResponse), ...staffErrors, 422: errorEnvelope } },
    },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      const report = await places.loadPlaces(deps, caller.user_id, request.body);
      return ok(report.applied ? PLACE_CODES.PLACES_LOADED : PLACE_CODES.PLACES_LOAD_CHECKED, report);
    },
  );
};
