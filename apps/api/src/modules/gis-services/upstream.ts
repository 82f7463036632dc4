import type { GisExportQuery, GisQueryQuery, GisService } from '@beach/domain';
import { GIS_SERVICE_CODES } from '@beach/domain';
import { HttpError } from '../../lib/http';

/**
 * The public map's overlays read through this server (the thinnest equivalent of esri-leaflet's two layer kinds):
 * a MapServer's `export` (one image of the map's view) and a FeatureServer layer's `query` as GeoJSON. Only those
 * two paths of an address an organization admin saved are ever asked, with fixed parameters; answers are bounded
 * in time and size and checked for their kind; a failing service is GIS_SERVICE_UNAVAILABLE with a message (routes.ts).
 */
export const GIS_UPSTREAM = { timeoutMs: 8_000, maxImageBytes: 8 * 1024 * 1024, maxJsonBytes: 8 * 1024 * 1024, maxFeatures: 2000 } as const;

const IMAGE_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

export const unavailable = (name: string, reason: string) =>
  new HttpError(200, GIS_SERVICE_CODES.GIS_SERVICE_UNAVAILABLE, `The map layer "${name}" is not available right now (${reason}).`);

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

async function fetchBounded(service: GisService, url: string, accept: string, maxBytes: number): Promise<{ type: string; body: Buffer }> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(GIS_UPSTREAM.timeoutMs), headers: { accept } });
  } catch (error) {
    throw unavailable(service.name, (error as Error).name === 'TimeoutError' ? 'it did not answer in time' : 'it could not be reached');
  }
  if (!response.ok) {
    await response.body?.cancel();
    throw unavailable(service.name, `it answered HTTP ${response.status}`);
  }
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) {
    await response.body?.cancel();
    throw unavailable(service.name, 'its answer is too large');
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  if (response.body) {
    const reader = response.body.getReader();
    for (;;) {
      const { done, value } = await reader.read().catch(() => {
        throw unavailable(service.name, 'its answer broke off');
      });
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw unavailable(service.name, 'its answer is too large');
      }
      chunks.push(value);
    }
  }
  return { type: (response.headers.get('content-type') ?? '').split(';', 1)[0]!.trim().toLowerCase(), body: Buffer.concat(chunks) };
}

/** One exported image of a MapServer; anything but an image (ArcGIS reports errors as JSON) is a failure. */
export async function exportImage(service: GisService, q: GisExportQuery): Promise<{ type: string; body: Buffer }> {
  const answer = await fetchBounded(service, exportUrl(service, q), 'image/png,image/*', GIS_UPSTREAM.maxImageBytes);
  if (!IMAGE_TYPES.has(answer.type)) throw unavailable(service.name, 'it did not send an image');
  return answer;
}

export interface FeatureCollection {
  type: 'FeatureCollection';
  features: unknown[];
}

/** One FeatureServer layer's features in the box, as a GeoJSON FeatureCollection. */
export async function queryFeatures(service: GisService, q: GisQueryQuery): Promise<FeatureCollection> {
  const answer = await fetchBounded(service, queryUrl(service, q), 'application/geo+json,application/json', GIS_UPSTREAM.maxJsonBytes);
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString('utf8'));
  } catch {
    throw unavailable(service.name, 'it did not send GeoJSON');
  }
  const collection = json as Partial<FeatureCollection> | null;
  if (!collection || collection.type !== 'FeatureCollection' || !Array.isArray(collection.features)) {
    throw unavailable(service.name, 'it did not send GeoJSON');
  }
  const features = collection.features.filter(
    (f): f is { type: 'Feature' } => !!f && typeof f === 'object' && (f as { type?: unknown }).type === 'Feature',
  );
  return { type: 'FeatureCollection', features: features.slice(0, GIS_UPSTREAM.maxFeatures) };
}
