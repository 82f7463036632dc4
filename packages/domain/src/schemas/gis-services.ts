import { z } from 'zod';
import { idSchema, optionalText, requiredText } from './common';
import { publicWebAddress } from './web-address';

/**
 * GIS REST Services (SPEC 3 Mapping service record, SPEC 7 `gisService/` CRUD): ArcGIS REST map or feature services the
 * public map offers as overlay layers. The type follows the address: `.../MapServer` is drawn as exported images,
 * `.../FeatureServer` is read as GeoJSON (one query per layer id).
 */

export const GIS_SERVICE_CODES = {
  GIS_SERVICES_FOUND: 'GIS_SERVICES_FOUND',
  GIS_SERVICE_FOUND: 'GIS_SERVICE_FOUND',
  GIS_SERVICE_CREATED: 'GIS_SERVICE_CREATED',
  GIS_SERVICE_SAVED: 'GIS_SERVICE_SAVED',
  GIS_SERVICE_DELETED: 'GIS_SERVICE_DELETED',
  GIS_SERVICE_UNAVAILABLE: 'GIS_SERVICE_UNAVAILABLE',
} as const;

export const GIS_LAYER_TYPES = ['MAP', 'FEATURE'] as const;
export type GisLayerType = (typeof GIS_LAYER_TYPES)[number];

/**
 * An ArcGIS REST service address: http(s), ending in /MapServer or /FeatureServer. The server fetches it for the
 * public map, so its host must also be a public internet address (publicWebAddress, decision 0056).
 */
export const GIS_SERVICE_URL = /^https?:\/\/[^/?#\s]+(\/[^?#\s]*)?\/(MapServer|FeatureServer)\/?$/i;
export const GIS_MAX_LAYERS = 20;
export const GIS_LAYER_ID_MAX = 9999;

/** MAP or FEATURE from a valid service address. */
export function gisLayerTypeOf(url: string): GisLayerType {
  return /\/FeatureServer\/?$/i.test(url) ? 'FEATURE' : 'MAP';
}

export const gisServiceSchema = z.object({
  gis_rest_service_id: z.number(),
  name: z.string(),
  url: z.string(),
  description: z.string(),
  layer_type: z.enum(GIS_LAYER_TYPES),
  layer_ids: z.array(z.number()),
  opacity: z.number(),
  shown_by_default: z.boolean(),
  display_order: z.number(),
  active: z.boolean(),
});
export type GisService = z.output<typeof gisServiceSchema>;
/** GET gisService/: every service. */
export const gisServiceListSchema = z.array(gisServiceSchema);

/** POST /gisService/ and PUT /gisService/{id}. */
export const gisServiceSaveSchema = z
  .object({
    name: requiredText('Name', 120),
    url: z
      .string({ error: 'Service address is required' })
      .trim()
      .min(1, 'Service address is required')
      .max(2000, 'Service address must be at most 2000 characters')
      .regex(GIS_SERVICE_URL, 'Use an ArcGIS REST address ending in /MapServer or /FeatureServer')
      .superRefine(publicWebAddress)
      .transform((v) => v.replace(/\/+$/, '')),
    description: optionalText(1000, 'multi').transform((v) => v ?? ''),
    layer_ids: z
      .array(
        z
          .number({ error: 'Layer ids are whole numbers' })
          .int('Layer ids are whole numbers')
          .min(0, 'Layer ids are whole numbers')
          .max(GIS_LAYER_ID_MAX, `Layer ids are at most ${GIS_LAYER_ID_MAX}`),
        { error: 'Layer ids are whole numbers' },
      )
      .max(GIS_MAX_LAYERS, `At most ${GIS_MAX_LAYERS} layer ids`)
      .default([])
      .transform((ids) => [...new Set(ids)]),
    opacity: z.number({ error: 'Opacity must be a number from 0 to 1' }).min(0, 'Opacity must be from 0 to 1').max(1, 'Opacity must be from 0 to 1').default(1),
    shown_by_default: z.boolean({ error: 'Shown by default must be true or false' }).default(false),
    display_order: z.number({ error: 'Order must be a whole number' }).int('Order must be a whole number').min(0, 'Order must be from 0 to 9999').max(9999, 'Order must be from 0 to 9999').default(0),
    active: z.boolean({ error: 'Active must be true or false' }).default(true),
  })
  .superRefine((value, ctx) => {
    if (gisLayerTypeOf(value.url) === 'FEATURE' && value.layer_ids.length === 0)
      ctx.addIssue({ code: 'custom', path: ['layer_ids'], message: 'A feature service needs at least one layer id' });
  })
  .transform((value) => ({ ...value, layer_type: gisLayerTypeOf(value.url) }));
export type GisServiceSaveInput = z.input<typeof gisServiceSaveSchema>;
export type GisServiceSave = z.output<typeof gisServiceSaveSchema>;

export const gisServiceIdParamsSchema = z.object({ id: idSchema });

/** GET public/gisServices/: what the public map needs to offer a service (its address stays on the server). */
export const publicGisServiceSchema = z.object({
  gis_rest_service_id: z.number(),
  name: z.string(),
  layer_type: z.enum(GIS_LAYER_TYPES),
  layer_ids: z.array(z.number()),
  opacity: z.number(),
  shown_by_default: z.boolean(),
});
export type PublicGisService = z.output<typeof publicGisServiceSchema>;
/** GET public/gisServices/: the active services, in the order the map offers them. */
export const publicGisServiceListSchema = z.array(publicGisServiceSchema);

/** The image types GET public/gisServices/{id}/export passes on from a MapServer (anything else is the service failing). */
export const GIS_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;
/**
 * GET public/gisServices/{id}/query: a FeatureServer layer's features as GeoJSON (application/geo+json), passed on
 * as the service sent them (only `type` is checked), at most GIS_UPSTREAM's maxFeatures.
 */
export const gisFeatureCollectionSchema = z.object({
  type: z.literal('FeatureCollection'),
  features: z.array(z.looseObject({ type: z.literal('Feature') })),
});
/**
 * A GIS read whose service fails (refused, down, slow, too large, not an image or not GeoJSON): 200 with
 * GIS_SERVICE_UNAVAILABLE and one message, never cached (decision 0056).
 */
export const gisServiceUnavailableSchema = z.object({ code: z.literal('GIS_SERVICE_UNAVAILABLE'), message: z.string(), payload: z.null() });

/** Bounds of a public overlay read: a WGS84 box and, for an exported image, its size in pixels. */
export const GIS_IMAGE_MAX_PX = 4096;
const coordinate = (label: string, limit: number) =>
  z.coerce.number({ error: `${label} must be a number` }).min(-limit, `${label} out of range`).max(limit, `${label} out of range`);

export const gisExportQuerySchema = z.object({
  west: coordinate('west', 180),
  south: coordinate('south', 90),
  east: coordinate('east', 180),
  north: coordinate('north', 90),
  width: z.coerce.number({ error: 'width must be a number' }).int('width must be a whole number').min(1, 'width out of range').max(GIS_IMAGE_MAX_PX, 'width out of range'),
  height: z.coerce.number({ error: 'height must be a number' }).int('height must be a whole number').min(1, 'height out of range').max(GIS_IMAGE_MAX_PX, 'height out of range'),
});
export type GisExportQuery = z.output<typeof gisExportQuerySchema>;

export const gisQueryQuerySchema = z.object({
  west: coordinate('west', 180),
  south: coordinate('south', 90),
  east: coordinate('east', 180),
  north: coordinate('north', 90),
  layer: z.coerce.number({ error: 'layer must be a number' }).int('layer must be a whole number').min(0, 'layer out of range').max(GIS_LAYER_ID_MAX, 'layer out of range'),
});
export type GisQueryQuery = z.output<typeof gisQueryQuerySchema>;

export const gisServiceReadParamsSchema = z.object({ id: idSchema });
