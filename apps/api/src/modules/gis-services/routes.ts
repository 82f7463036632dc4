import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CODES,
  GIS_SERVICE_CODES,
  fileBodySchema,
  GIS_IMAGE_TYPES,
  gisExportQuerySchema,
  gisFeatureCollectionSchema,
  gisQueryQuerySchema,
  gisServiceIdParamsSchema,
  gisServiceListSchema,
  gisServiceReadParamsSchema,
  gisServiceSaveSchema,
  gisServiceSchema,
  gisServiceUnavailableSchema,
  publicGisServiceListSchema,
  type GisService,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { requireAdminOrganization, routeRules } from '../../lib/access';
import { badRequest, emptyEnvelope, envelope, errorEnvelope, ok, staffErrors } from '../../lib/http';
import { publicReadCache, replyPublicJson } from '../../lib/public-cache';
import { serverErrors } from '../../plugins/openapi';
import * as gis from './service';
import { createOutboundGet, OutboundFailure } from './outbound';
import { exportImage, queryFeatures, unavailable } from './upstream';

/** A browser may keep an overlay image or a feature query's answer five minutes. */
const OVERLAY_CACHE_CONTROL = 'public, max-age=300';
const publicGisServicesSchema = envelope(publicGisServiceListSchema);
/** The overlay reads answer the service's image or GeoJSON, or (200) the JSON GIS_SERVICE_UNAVAILABLE when it fails. */
const unavailableContent = { 'application/json': { schema: gisServiceUnavailableSchema } };
const exportAnswer = {
  description: 'The view as an image from the MapServer export; JSON GIS_SERVICE_UNAVAILABLE when the service fails',
  content: { ...Object.fromEntries(GIS_IMAGE_TYPES.map((type) => [type, { schema: fileBodySchema }])), ...unavailableContent },
};
const queryAnswer = {
  description: 'GeoJSON FeatureCollection; JSON GIS_SERVICE_UNAVAILABLE when the service fails',
  content: { 'application/geo+json': { schema: gisFeatureCollectionSchema }, ...unavailableContent },
};

/**
 * GIS REST Services (SPEC 7 Mapping services: GET gisService/ and gisService/{id}, POST /gisService/, PUT and DELETE
 * /gisService/{id}): organization admins only (SPEC 6). The public map reads the active ones (GET public/gisServices/)
 * and draws them through GET public/gisServices/{id}/export (a MapServer's image of the view) and
 * GET public/gisServices/{id}/query (a FeatureServer layer's features as GeoJSON).
 */
export const gisServiceRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const { db } = deps.database;
  const tags = ['website management'];
  const onRequest = app.staff(routeRules.adminOrganization);

  app.get('/gisService/', { onRequest, schema: { tags, response: { 200: envelope(gisServiceListSchema), ...staffErrors } } }, async () =>
    ok(GIS_SERVICE_CODES.GIS_SERVICES_FOUND, await gis.listServices(deps)),
  );

  app.get(
    '/gisService/:id',
    { onRequest, schema: { tags, params: gisServiceIdParamsSchema, response: { 200: envelope(gisServiceSchema), ...staffErrors } } },
    async (request) => ok(GIS_SERVICE_CODES.GIS_SERVICE_FOUND, await gis.getService(deps, request.params.id)),
  );

  app.post('/gisService/', { onRequest, schema: { tags, body: gisServiceSaveSchema, response: { 201: envelope(gisServiceSchema), ...staffErrors } } }, async (request, reply) => {
    const caller = await requireAdminOrganization(db, request);
    reply.status(201);
    return ok(GIS_SERVICE_CODES.GIS_SERVICE_CREATED, await gis.createService(deps, caller.user_id, request.body));
  });

  app.put(
    '/gisService/:id',
    { onRequest, schema: { tags, params: gisServiceIdParamsSchema, body: gisServiceSaveSchema, response: { 200: envelope(gisServiceSchema), ...staffErrors } } },
    async (request) => {
      const caller = await requireAdminOrganization(db, request);
      return ok(GIS_SERVICE_CODES.GIS_SERVICE_SAVED, await gis.updateService(deps, caller.user_id, request.params.id, request.body));
    },
  );

  app.delete('/gisService/:id', { onRequest, schema: { tags, params: gisServiceIdParamsSchema, response: { 200: emptyEnvelope, ...staffErrors } } }, async (request) => {
    const caller = await requireAdminOrganization(db, request);
    await gis.deleteService(deps, caller.user_id, request.params.id);
    return ok(GIS_SERVICE_CODES.GIS_SERVICE_DELETED, null);
  });

  // Public: no login.
  const publicTags = ['public'];
  const cache = publicReadCache(deps);
  const get = createOutboundGet(() => deps.config.gisAllowHosts);
  app.addHook('onClose', async () => get.close());

  app.get('/public/gisServices/', { schema: { tags: publicTags, response: { 200: publicGisServicesSchema, ...serverErrors } } }, (request, reply) =>
    replyPublicJson(cache, request, reply, 'gisServices', publicGisServicesSchema, async () =>
      ok(GIS_SERVICE_CODES.GIS_SERVICES_FOUND, await gis.listActiveServices(deps)),
    ),
  );

  app.get(
    '/public/gisServices/:id/export',
    { schema: { tags: publicTags, params: gisServiceReadParamsSchema, querystring: gisExportQuerySchema, response: { 200: exportAnswer, 400: errorEnvelope, 404: errorEnvelope } } },
    async (request, reply) => {
      const service = await gis.activeService(deps, request.params.id);
      if (service.layer_type !== 'MAP') throw gisKindError('a feature service has no exported image');
      const image = await exportImage(get, service, request.query).catch((error: unknown) => unavailableAnswer(request, service, error));
      // The reply is typed for the declared bodies; the image and the pre-serialised JSON use its untyped surface.
      const send = reply as unknown as FastifyReply;
      if ('code' in image) return send.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(unavailableBody(image));
      return send.header('content-type', image.type).header('cache-control', OVERLAY_CACHE_CONTROL).header('x-content-type-options', 'nosniff').send(image.body);
    },
  );

  app.get(
    '/public/gisServices/:id/query',
    { schema: { tags: publicTags, params: gisServiceReadParamsSchema, querystring: gisQueryQuerySchema, response: { 200: queryAnswer, 400: errorEnvelope, 404: errorEnvelope } } },
    async (request, reply) => {
      const service = await gis.activeService(deps, request.params.id);
      if (service.layer_type !== 'FEATURE') throw gisKindError('a map service is drawn as an image');
      if (!service.layer_ids.includes(request.query.layer)) throw gisKindError('that layer is not offered');
      const features = await queryFeatures(get, service, request.query).catch((error: unknown) => unavailableAnswer(request, service, error));
      const send = reply as unknown as FastifyReply;
      if ('code' in features) return send.header('content-type', 'application/json; charset=utf-8').header('cache-control', 'no-store').send(unavailableBody(features));
      return send.header('content-type', 'application/geo+json').header('cache-control', OVERLAY_CACHE_CONTROL).send(JSON.stringify(features));
    },
  );
};

/**
 * A service that fails (refused, down, slow, too large, not an image or not GeoJSON) is answered like the aircraft
 * data's (decision: no answer of this api is a 5xx): 200 with GIS_SERVICE_UNAVAILABLE, never cached, and one message
 * whatever failed (decision 0056: "answered 404", "could not be reached" and "did not send an image" told a port
 * scanner which inner addresses answer). Why it failed goes to the server's log for staff. The map reads anything
 * but an image or GeoJSON as the layer failing.
 */
function unavailableAnswer(request: FastifyRequest, service: GisService, error: unknown): { code: string; message: string } {
  if (!(error instanceof OutboundFailure)) throw error;
  request.log.warn({ gisServiceId: service.gis_rest_service_id, outcome: error.kind, reason: error.message }, 'GIS service not available');
  return unavailable(service.name);
}

const unavailableBody = (answer: { code: string; message: string }) => JSON.stringify({ ...answer, payload: null });

const gisKindError = (message: string) => badRequest(CODES.VALIDATION_FAILED, `Not offered: ${message}.`);
