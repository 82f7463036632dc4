// Leaflet's ES module build: the bundler keeps only what the map uses (apps/web/build/leaflet-lite.ts).
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import { inkFor, letterOffset, shapeCorners } from './marker-shapes';
import type { MapMarkerView } from './map-view';

/**
 * Station markers drawn on Leaflet's canvas renderer: one canvas for every station instead of one DOM
 * element each, so thousands of stations pan and zoom smoothly. Each marker is a CircleMarker (same
 * hit-testing, popups and events) drawn as the status's shape with its letter (a copy of one sprite per look).
 * `_updatePath` is where each vector layer asks its renderer to draw it; overriding it is the usual way
 * to draw custom shapes on the canvas renderer (private, but unchanged throughout Leaflet 1.x).
 */

interface CanvasInternals {
  _ctx: CanvasRenderingContext2D | null;
  _drawing: boolean;
}

interface MarkerInternals {
  _renderer: CanvasInternals;
  _map: L.Map;
  _point: L.Point;
  _radius: number;
  _empty(): boolean;
  options: L.CircleMarkerOptions & { station: MapMarkerView };
}

const circleMarkerProto = L.CircleMarker.prototype as unknown as { _project(this: MarkerInternals): void };

/** The status's shape, filled and outlined, with its letter, centred on (x, y). */
function drawShape(ctx: CanvasRenderingContext2D, style: MapMarkerView['style'], x: number, y: number, r: number) {
  const ink = inkFor(style.color);
  ctx.beginPath();
  const corners = shapeCorners(style.marker_shape, x, y, r);
  if (corners) {
    ctx.moveTo(corners[0]![0], corners[0]![1]);
    for (const [px, py] of corners.slice(1)) ctx.lineTo(px, py);
    ctx.closePath();
  } else {
    ctx.arc(x, y, r, 0, Math.PI * 2);
  }
  ctx.fillStyle = style.color;
  ctx.fill();
  ctx.lineWidth = 1.25;
  ctx.strokeStyle = ink.outline;
  ctx.stroke();

  // Every size has its letter (markerRadius is 6 at the least).
  ctx.fillStyle = ink.letter;
  // The page's own type: the system sans-serif stack (decision 0020).
  ctx.font = `bold ${Math.round(r * 1.35)}px system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif`;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.fillText(style.marker_symbol, x, y + letterOffset(style.marker_shape, r) + 0.5);
}

/** Half the side of the square a marker of radius `r` fits in, outline included (whole CSS pixels). */
export function spriteHalf(r: number): number {
  // The largest shapes reach 1.25 r from their centre (triangle, diamond); the outline adds half its width.
  return Math.ceil(r * 1.25 + 1);
}

/**
 * Device pixels per CSS pixel of the map's canvas: the screen's own, from 1 to 2. Leaflet draws at 2 on any screen of
 * more than 1, which on a phone of 1.75 made a canvas of 31 % more pixels than the screen shows (each made, cleared,
 * drawn and handed to the compositor on every redraw); above 2 it stays at Leaflet's 2 (`canvasAtScreenRatio`).
 */
export function canvasRatio(): number {
  return Math.min(Math.max(globalThis.devicePixelRatio || 1, 1), 2);
}

/** `value` on the device's pixel grid (`scale` device pixels per CSS pixel): a sprite drawn there is copied, not resampled. */
export function onPixelGrid(value: number, scale: number): number {
  return Math.round(value * scale) / scale;
}

/**
 * Each look of a marker (status colour, shape, letter, size, pixel ratio) is drawn once, as a small bitmap of its
 * own; every marker of that look is then a copy of it (decision 0089). Drawing each marker's path, outline and letter
 * anew was the map's largest script cost on every redraw, and a redraw comes with every pan, zoom and tile.
 */
const sprites = new Map<string, CanvasImageSource>();

/**
 * One marker on `ctx` at (x, y): a copy of its look's sprite, placed on the device's pixel grid (`scale` device
 * pixels per CSS pixel, as the map's canvas is drawn).
 */
export function drawMarker(ctx: CanvasRenderingContext2D, style: MapMarkerView['style'], x: number, y: number, r: number, scale: number) {
  const half = spriteHalf(r);
  const key = [style.color, style.marker_shape, style.marker_symbol, r, scale].join();
  // Half the sprite's side in device pixels, whole (a screen of 1.75 has no whole number of them per CSS pixel).
  const halfPixels = Math.ceil(half * scale);
  let sprite = sprites.get(key);
  if (!sprite) {
    const size = 2 * halfPixels;
    // An ImageBitmap, the quickest to copy, where the browser makes one at once (OffscreenCanvas); else a canvas.
    const canvas = typeof OffscreenCanvas === 'function' ? new OffscreenCanvas(size, size) : Object.assign(document.createElement('canvas'), { width: size, height: size });
    const spriteCtx = canvas.getContext('2d') as CanvasRenderingContext2D | null;
    if (spriteCtx) {
      spriteCtx.scale(scale, scale);
      drawShape(spriteCtx, style, halfPixels / scale, halfPixels / scale, r);
    }
    sprite = 'transferToImageBitmap' in canvas ? canvas.transferToImageBitmap() : canvas;
    sprites.set(key, sprite);
  }
  const side = (2 * halfPixels) / scale;
  ctx.drawImage(sprite, onPixelGrid(x, scale) - side / 2, onPixelGrid(y, scale) - side / 2, side, side);
}

function drawStationMarker(marker: MarkerInternals) {
  const renderer = marker._renderer;
  const ctx = renderer._ctx;
  if (!ctx || !renderer._drawing || marker._empty()) return;
  // The canvas's own pixel ratio (`canvasAtScreenRatio`).
  drawMarker(ctx, marker.options.station.style, marker._point.x, marker._point.y, marker._radius, canvasRatio());
}

interface CanvasRendererInternals {
  _map: L.Map & { _animatingZoom?: boolean };
  /** The canvas's extent in layer pixels (Leaflet's Renderer sets it, both corners). */
  _bounds: L.Bounds & { min: L.Point; max: L.Point };
  _container: HTMLCanvasElement;
  _ctx: CanvasRenderingContext2D | null;
  _update(): void;
  fire(type: string): void;
}

const rendererProto = L.Renderer.prototype as unknown as { _update(this: CanvasRendererInternals): void };

/**
 * Draws `renderer`'s canvas at `canvasRatio()` instead of Leaflet's 2 on every screen above 1: Leaflet's own sizing
 * of its canvas (`Canvas._update`, unchanged throughout Leaflet 1.x) with the ratio changed. On this host making the
 * canvas's pixels (at its first drawing call) was the costliest step of the map's start-up.
 */
export function canvasAtScreenRatio(renderer: L.Canvas): void {
  (renderer as unknown as CanvasRendererInternals)._update = function (this: CanvasRendererInternals) {
    if (this._map._animatingZoom && this._bounds) return;
    rendererProto._update.call(this);
    const bounds = this._bounds;
    const canvas = this._container;
    const size = bounds.getSize();
    const ratio = canvasRatio();
    L.DomUtil.setPosition(canvas, bounds.min);
    // Setting the size clears the canvas.
    canvas.width = Math.round(ratio * size.x);
    canvas.height = Math.round(ratio * size.y);
    canvas.style.width = `${size.x}px`;
    canvas.style.height = `${size.y}px`;
    this._ctx?.scale(ratio, ratio);
    // Paths keep their layer coordinates wherever the canvas is.
    this._ctx?.translate(-bounds.min.x, -bounds.min.y);
    this.fire('update');
  };
}

const StationMarkerClass = L.CircleMarker.extend({
  // The renderer re-projects every marker after a zoom anyway: sizing it there costs no extra pass.
  _project(this: MarkerInternals) {
    this._radius = markerRadius(this._map.getZoom());
    circleMarkerProto._project.call(this);
  },
  _updatePath(this: MarkerInternals) {
    drawStationMarker(this);
  },
}) as unknown as new (latlng: L.LatLngExpression, options: L.CircleMarkerOptions & { station: MapMarkerView }) => L.CircleMarker;

/** Worse statuses are drawn last, so a closure is never hidden under an open beach next to it. */
const DRAW_ORDER: Record<string, number> = { NOT_MONITORED: 0, OPEN: 1, ADVISORY: 2, CLOSED: 3 };

/** Marker size by zoom: small dots for the whole state, readable letters close up. */
export function markerRadius(zoom: number): number {
  if (zoom <= 8) return 6;
  if (zoom <= 10) return 8;
  return 10;
}

/** One marker per station on `renderer`; clicking a marker calls `onSelect` with its station. */
export function stationMarkers(
  stations: readonly MapMarkerView[],
  renderer: L.Canvas,
  onSelect: (station: MapMarkerView) => void,
): L.FeatureGroup {
  const group = L.featureGroup();
  const ordered = [...stations].sort((a, b) => (DRAW_ORDER[a.style.code] ?? 0) - (DRAW_ORDER[b.style.code] ?? 0));
  for (const station of ordered) {
    const marker = new StationMarkerClass([station.latitude, station.longitude], {
      renderer,
      radius: markerRadius(0),
      station,
      bubblingMouseEvents: false,
    });
    marker.on('click', () => onSelect(station));
    group.addLayer(marker);
  }
  return group;
}
