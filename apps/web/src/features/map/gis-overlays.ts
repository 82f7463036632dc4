// Loaded only when a visitor turns a map layer on (GisLayers): none of this is in the map's first view.
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import type { PublicGisService } from '@beach/domain';

/**
 * The thinnest equivalent of esri-leaflet's two layer kinds, with plain Leaflet and through this site's api (which asks
 * the ArcGIS server, GET public/gisServices/{id}/export and /query):
 * - a MapServer is one exported image of the map's view, redrawn when the view settles (like esri-leaflet's
 *   dynamicMapLayer), placed in its own pane under the stations;
 * - a FeatureServer layer is its features in the view as GeoJSON, drawn on a canvas of their own under the stations
 *   (like featureLayer, without its tiling), read again when the view settles.
 * A service that fails calls `onError` once; the map itself carries on.
 */
export interface Overlay {
  remove(): void;
}

const IMAGE_PANE = 'gis-images';
const FEATURE_PANE = 'gis-features';
const MAX_PX = 4096;
const FEATURE_COLOR = '#7a3e9d';

function pane(map: L.Map, name: string, zIndex: number): string {
  if (!map.getPane(name)) {
    const element = map.createPane(name);
    element.style.zIndex = String(zIndex);
    element.style.pointerEvents = 'none';
  }
  return name;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const clamp = (n: number, limit: number) => Math.max(-limit, Math.min(limit, n));

/** The view's box (WGS84) as the api's query. */
function viewBox(map: L.Map): URLSearchParams {
  const b = map.getBounds();
  return new URLSearchParams({
    west: String(round(clamp(b.getWest(), 180))),
    south: String(round(clamp(b.getSouth(), 90))),
    east: String(round(clamp(b.getEast(), 180))),
    north: String(round(clamp(b.getNorth(), 90))),
  });
}

export function createOverlay(map: L.Map, service: PublicGisService, onError: () => void): Overlay {
  return service.layer_type === 'MAP' ? imageOverlay(map, service, onError) : featureOverlay(map, service, onError);
}

/** A MapServer's exported image of the view, kept in place through pans and zooms until the next one arrives. */
function imageOverlay(map: L.Map, service: PublicGisService, onError: () => void): Overlay {
  const container = map.getPane(pane(map, IMAGE_PANE, 350))!;
  let shown: { img: HTMLImageElement; bounds: L.LatLngBounds } | null = null;
  let pending: HTMLImageElement | null = null;
  let failed = false;

  const place = (img: HTMLImageElement, bounds: L.LatLngBounds) => {
    const topLeft = map.latLngToLayerPoint(bounds.getNorthWest());
    const bottomRight = map.latLngToLayerPoint(bounds.getSouthEast());
    L.DomUtil.setPosition(img, topLeft);
    img.style.width = `${bottomRight.x - topLeft.x}px`;
    img.style.height = `${bottomRight.y - topLeft.y}px`;
  };
  const reposition = () => {
    if (shown) place(shown.img, shown.bounds);
  };
  const refresh = () => {
    if (failed) return;
    const size = map.getSize();
    if (size.x <= 0 || size.y <= 0) return;
    const bounds = map.getBounds();
    const query = viewBox(map);
    query.set('width', String(Math.min(MAX_PX, Math.round(size.x))));
    query.set('height', String(Math.min(MAX_PX, Math.round(size.y))));
    const img = document.createElement('img');
    img.alt = '';
    // Leaflet's image-layer class: the page's `img { max-width: 100% }` would shrink it to its zero-width pane.
    img.className = 'gis-image leaflet-image-layer leaflet-zoom-hide';
    img.style.position = 'absolute';
    img.style.maxWidth = 'none';
    img.style.opacity = String(service.opacity);
    img.decoding = 'async';
    pending = img;
    img.onload = () => {
      if (pending !== img) return;
      pending = null;
      place(img, bounds);
      container.appendChild(img);
      shown?.img.remove();
      shown = { img, bounds };
    };
    img.onerror = () => {
      if (pending !== img) return;
      pending = null;
      failed = true;
      shown?.img.remove();
      shown = null;
      onError();
    };
    img.src = `/api/public/gisServices/${service.gis_rest_service_id}/export?${query}`;
  };

  map.on('moveend', refresh);
  map.on('zoomend viewreset', reposition);
  refresh();
  return {
    remove() {
      map.off('moveend', refresh);
      map.off('zoomend viewreset', reposition);
      pending = null;
      shown?.img.remove();
      shown = null;
    },
  };
}

/** A FeatureServer's layers: their features in the view, read again (the previous read cancelled) when the view settles. */
function featureOverlay(map: L.Map, service: PublicGisService, onError: () => void): Overlay {
  const renderer = L.canvas({ pane: pane(map, FEATURE_PANE, 380), padding: 0.25 });
  const style = { color: FEATURE_COLOR, weight: 2, opacity: service.opacity, fillColor: FEATURE_COLOR, fillOpacity: service.opacity * 0.35, renderer, interactive: false };
  let drawn: L.GeoJSON | null = null;
  let request: AbortController | null = null;
  let failed = false;

  const refresh = async () => {
    if (failed) return;
    request?.abort();
    const controller = new AbortController();
    request = controller;
    const box = viewBox(map);
    try {
      const collections = await Promise.all(
        service.layer_ids.map(async (layer) => {
          const query = new URLSearchParams(box);
          query.set('layer', String(layer));
          const response = await fetch(`/api/public/gisServices/${service.gis_rest_service_id}/query?${query}`, { signal: controller.signal });
          if (!response.ok) throw new Error(`HTTP ${response.status}`);
          // A service that fails answers GIS_SERVICE_UNAVAILABLE instead of GeoJSON.
          const body = (await response.json()) as Partial<GeoJSON.FeatureCollection> | null;
          if (body?.type !== 'FeatureCollection' || !Array.isArray(body.features)) throw new Error('not GeoJSON');
          return body as GeoJSON.FeatureCollection;
        }),
      );
      if (request !== controller) return;
      const next = L.geoJSON(
        { type: 'FeatureCollection', features: collections.flatMap((c) => c.features) } as GeoJSON.FeatureCollection,
        // Paths take the renderer and interactivity from the GeoJSON layer's options.
        { renderer, interactive: false, style: () => style, pointToLayer: (_feature, latlng) => L.circleMarker(latlng, { ...style, radius: 5 }) } as L.GeoJSONOptions,
      );
      drawn?.remove();
      drawn = next.addTo(map);
    } catch (error) {
      if ((error as Error).name === 'AbortError' || request !== controller) return;
      failed = true;
      drawn?.remove();
      drawn = null;
      onError();
    }
  };
  const onMove = () => void refresh();
  map.on('moveend', onMove);
  void refresh();
  return {
    remove() {
      map.off('moveend', onMove);
      request?.abort();
      request = null;
      drawn?.remove();
      drawn = null;
      renderer.remove();
    },
  };
}
