import type { GisExportQuery, GisQueryQuery, GisService } from '@beach/domain';
import { GIS_IMAGE_TYPES, GIS_SERVICE_CODES } from '@beach/domain';
import { OutboundFailure, type OutboundGet } from './outbound';

/**
 * The public map's overlays read through this server (the thinnest equivalent of esri-leaflet's two layer kinds):
 * a MapServer's `export` (one image of the map's view) and a FeatureServer layer's `query` as GeoJSON. Only those
 * two paths of an address an organization admin saved are ever asked, with fixed parameters, and only through
 * outbound.ts (public addresses only, every redirect checked: decision 0056); answers are bounded in time and size
 * and checked for their kind. Every failure is an OutboundFailure whose reason goes to the server's log; the public
 * gets one answer for all of them (routes.ts), so the proxy tells nobody which addresses and ports answer.
 */
export const GIS_UPSTREAM = { timeoutMs: 8_000, maxImageBytes: 8 * 1024 * 1024, maxJsonBytes: 8 * 1024 * 1024, maxFeatures: 2000 } as const;

const IMAGE_TYPES = new Set<string>(GIS_IMAGE_TYPES);

/** The one public answer to a failing service, whatever failed (refused, unreachable, slow, HTTP 404, not an image). */
export const unavailable = (name: string) => ({ code: GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, message: `The map layer "${name}" is not available right now.` });

const bbox = (q: { west: number; south: number; east: number; north: number }) => `${q.west},${q.south},${q.east},${q.north}`;

/** The MapServer export address for the view `q` (WGS84 box, drawn in Web Mercator at the view's pixel size). */
export function exportUrl(service: GisService, q: GisExportQuery): string {
  const params = new URLSearchParams({
    bbox: bbox(q),
    bboxSR: '4326',
    imageSR: '3857',
    size: `${q.width},${q.height}`,
    format: 'png32',
    transparent: 'true',
    dpi: '96',
    f: 'image',
  });
  if (service.layer_ids.length) params.set('layers', `show:${service.layer_ids.join(',')}`);
  return `${service.url}/export?${params}`;
}

/** The FeatureServer query address for one layer's features in the view's box, as GeoJSON in WGS84. */
export function queryUrl(service: GisService, q: GisQueryQuery): string {
  const params = new URLSearchParams({
    where: '1=1',
    outFields: '*',
    returnGeometry: 'true',
    geometry: bbox(q),
    geometryType: 'esriGeometryEnvelope',
    inSR: '4326',
    spatialRel: 'esriSpatialRelIntersects',
    outSR: '4326',
    resultRecordCount: String(GIS_UPSTREAM.maxFeatures),
    f: 'geojson',
  });
  return `${service.url}/${q.layer}/query?${params}`;
}

/** One exported image of a MapServer; anything but an image (ArcGIS reports errors as JSON) is a failure. */
export async function exportImage(get: OutboundGet, service: GisService, q: GisExportQuery): Promise<{ type: string; body: Buffer }> {
  const answer = await get(exportUrl(service, q), { accept: 'image/png,image/*', maxBytes: GIS_UPSTREAM.maxImageBytes, timeoutMs: GIS_UPSTREAM.timeoutMs });
  if (!IMAGE_TYPES.has(answer.type)) throw new OutboundFailure('failed', `it sent ${answer.type || 'no content type'}, not an image`);
  return { type: answer.type, body: answer.body };
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: unknown[];
}

/** One FeatureServer layer's features in the box, as a GeoJSON FeatureCollection. */
export async function queryFeatures(get: OutboundGet, service: GisService, q: GisQueryQuery): Promise<FeatureCollection> {
  const answer = await get(queryUrl(service, q), { accept: 'application/geo+json,application/json', maxBytes: GIS_UPSTREAM.maxJsonBytes, timeoutMs: GIS_UPSTREAM.timeoutMs });
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw new OutboundFailure('failed', 'it did not send JSON');
  }
  const collection = json as Partial<FeatureCollection> | null;
  if (!collection || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw new OutboundFailure('failed', 'it did not send a GeoJSON FeatureCollection');
  }
  const features = collection.features.filter(
    (f): f is { type: 'Feature' } => !!f && typeof f === 'object' && (f as { type?: unknown }).type === 'Feature',
  );
  return { type: 'FeatureCollection', features: features.slice(0, GIS_UPSTREAM.maxFeatures) };
}
