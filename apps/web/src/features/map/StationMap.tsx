import { memo, useEffect, useRef, useState, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
// Leaflet's ES module build: the bundler keeps only what the map uses (apps/web/build/leaflet-lite.ts).
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';
import { usePublicText } from '../../i18n';
import { lazyModule } from '../../app/lazy-page';
import { canvasAtScreenRatio, stationMarkers } from './canvas-markers';
import { NEW_JERSEY_BOUNDS, NEW_JERSEY_OUTLINE } from './nj-outline';
import type { MapMarkerView } from './map-view';

export interface FocusRequest {
  stationId: number;
  /** Changes on every request, so showing the same station twice still moves the map. */
  seq: number;
}

interface StationMapProps {
  markers: readonly MapMarkerView[];
  /** The base map's tile URL; '' for none, null while the configuration loads (the map draws without tiles). */
  tileUrl: string | null;
  focus: FocusRequest | null;
  /** A station's popup (its details load when it opens); `focusTitle` when it was opened from the list view. */
  renderPopup: (stationId: number, focusTitle: boolean) => ReactNode;
  /** Called once the stations are on the map (the map is usable). */
  onDrawn?: () => void;
}

/** Tiles that fail before any loads: the base map is unreachable (offline, blocked, misconfigured). */
const FAILED_TILES_BEFORE_FALLBACK = 4;
const FOCUS_ZOOM = 13;

// The overlay layers' list (GIS REST Services) is read once the stations are drawn: its code comes then too, with
// the page's panels (panels.ts, one chunk), not with the map's first view (decision 0089).
const panels = lazyModule(() => import('./panels'));

const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function usesOpenStreetMap(tileUrl: string): boolean {
  return /openstreetmap\.(org|fr)/.test(tileUrl);
}

/**
 * Runs each step in a task of its own once the browser has painted what is on screen (a frame, then a task after
 * it), one after another: the map's steps never lengthen the task that rendered the page, nor one another
 * (decisions 0041 and 0076). Returns a cancel function: the step waiting for its frame or task, and those after it,
 * never run.
 */
function afterPaint(...steps: (() => void)[]): () => void {
  let frame: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const next = (index: number) => {
    if (index >= steps.length) return;
    frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        steps[index]!();
        next(index + 1);
      }, 0);
    });
  };
  next(0);
  return () => {
    if (frame !== undefined) cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** Sets a Leaflet control's name (its tooltip and what screen readers say). */
function labelControl(element: Element | null | undefined, label: string) {
  element?.setAttribute('title', label);
  element?.setAttribute('aria-label', label);
}

interface LeafletParts {
  map: L.Map;
  renderer: L.Canvas;
  popup: L.Popup;
  resized: ResizeObserver | null;
}

/**
 * A redraw the canvas renderer scheduled can still run once it has no drawing context: after the map is removed
 * (Leaflet deletes the context) or where there is none (jsdom). Leaflet then throws an uncaught TypeError from
 * an animation frame (seen in the map tests under load); the redraw is skipped instead.
 */
function skipRedrawsWithoutContext(renderer: L.Canvas): void {
  const internals = renderer as unknown as { _ctx?: unknown; _redrawRequest: unknown; _redraw: () => void };
  const redraw = internals._redraw;
  internals._redraw = function (this: typeof internals) {
    if (this._ctx) redraw.call(this);
    else this._redrawRequest = null;
  };
}

/**
 * The map in its container, not yet fitted to the state, with the (closed) popup holding `popupNode`. The fit, the
 * canvas and its first layer, the outline (`drawOutline`), come in the next tasks, one each: together they were one
 * long task on a phone.
 */
function createMap(container: HTMLElement, popupNode: HTMLElement, onPopupOpened: () => void, onPopupClosed: () => void): LeafletParts {
  // Leaflet's own margin around the view (10 %): the canvas is drawn at the screen's pixel ratio, so every extra
  // margin is pixels drawn and handed to the compositor on each redraw (decision 0076).
  const renderer = L.canvas({ tolerance: 6 });
  skipRedrawsWithoutContext(renderer);
  canvasAtScreenRatio(renderer);
  // No fading in of tiles and popups: each fade is a run of animation frames, each a repaint of the map (0076).
  const map = L.map(container, { renderer, minZoom: 6, maxZoom: 18, zoomSnap: 0.5, fadeAnimation: false });
  map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

  const popup = L.popup({ maxWidth: 300, minWidth: 220, autoPanPadding: [24, 24] }).setContent(popupNode);
  popup.on('add', onPopupOpened);
  popup.on('remove', onPopupClosed);
  // The popup's details arrive after it opens: Leaflet re-measures it when its content changes size.
  // Leaflet re-inserts the content to measure it: the element that had focus in it gets it back.
  const remeasure = () => {
    if (!popup.isOpen()) return;
    const focused = document.activeElement;
    popup.update();
    if (focused instanceof HTMLElement && popupNode.contains(focused) && document.activeElement !== focused) focused.focus();
  };
  const resized = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(remeasure);
  resized?.observe(popupNode);
  return { map, renderer, popup, resized };
}

/** The state's outline, the canvas's first layer (the markers are drawn over it). */
function drawOutline(map: L.Map): L.GeoJSON {
  return L.geoJSON(NEW_JERSEY_OUTLINE, {
    interactive: false,
    style: { color: '#565c65', weight: 1.5, fillColor: '#f5f1e6', fillOpacity: 1 },
  }).addTo(map);
}

/**
 * The Leaflet map: base tiles from the configured URL, the state outline, and every station on one
 * canvas. Markers cannot take keyboard focus (one canvas); the list view is the keyboard and screen
 * reader route to the same stations, and its Show on map button opens a station's popup here.
 */
function StationMap({ markers, tileUrl, focus, renderPopup, onDrawn }: StationMapProps) {
  const { t } = usePublicText();
  const zoomIn = t('map.stationMap.zoomIn');
  const zoomOut = t('map.stationMap.zoomOut');
  const closePopup = t('map.stationMap.closePopup');
  const attribution = tileUrl && usesOpenStreetMap(tileUrl) ? `&copy; ${t('map.stationMap.osmContributors', { link: OSM_LINK })}` : '';
  const containerRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<L.Canvas | null>(null);
  const outlineRef = useRef<L.GeoJSON | null>(null);
  const popupRef = useRef<L.Popup | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));
  /** The station whose popup is open; focusInside when it came from the list view (keyboard users). */
  const [selection, setSelection] = useState<{ id: number; focusInside: boolean } | null>(null);
  /** The popup is on the map: its content may take focus only then (the map may come after the content). */
  const [popupOpen, setPopupOpen] = useState(false);
  const onDrawnRef = useRef(onDrawn);
  useEffect(() => {
    onDrawnRef.current = onDrawn;
  });
  const [tilesFailed, setTilesFailed] = useState(false);
  /** The map for its overlay layers (GIS REST Services), and whether the stations are on it (then they are read). */
  const [leafletMap, setLeafletMap] = useState<L.Map | null>(null);
  const [stationsDrawn, setStationsDrawn] = useState(false);
  const [tilesShown, setTilesShown] = useState(false);
  const GisLayers = panels.use(stationsDrawn)?.GisLayers;

  // A station chosen in the list view opens its popup (state adjusted while rendering, not in an effect).
  const [handledFocus, setHandledFocus] = useState<FocusRequest | null>(null);
  if (focus !== handledFocus) {
    setHandledFocus(focus);
    if (focus) setSelection({ id: focus.stationId, focusInside: true });
  }

  // The map itself, created once, after the page around it is painted (its box is reserved, so nothing moves):
  // Leaflet's start-up is a task of its own, the fit to the state the next, then the canvas, the outline, the markers
  // and the tiles.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    let created: LeafletParts | null = null;
    const cancel = afterPaint(
      () => {
        created = createMap(
          container,
          popupNode,
          () => setPopupOpen(true),
          () => {
            setPopupOpen(false);
            setSelection(null);
          },
        );
      },
      // The fit to the state measures the map's box (a layout) and sets its view: half of what was one task.
      () => created?.map.fitBounds(NEW_JERSEY_BOUNDS),
      // The canvas on its own: its pixels are made at its first drawing call, the costliest part of the start-up
      // (50 ms at 4x CPU for a phone's 908 x 998 canvas, measured), which made the outline's task long with it.
      () => created?.renderer.addTo(created.map),
      () => {
        if (!created) return;
        outlineRef.current = drawOutline(created.map);
        rendererRef.current = created.renderer;
        popupRef.current = created.popup;
        setLeafletMap(created.map);
      },
    );
    return () => {
      cancel();
      if (!created) return;
      created.resized?.disconnect();
      created.map.remove();
      setLeafletMap(null);
      rendererRef.current = null;
    };
  }, [popupNode]);

  // The base map's tiles: added once the tile URL is known (and the stations are drawn), replaced when it changes.
  useEffect(() => {
    const map = leafletMap;
    if (!map || !tileUrl || !stationsDrawn) return;
    let loaded = 0;
    let failed = 0;
    // The attribution is added below, in the visitor's language.
    const tiles = L.tileLayer(tileUrl, { maxZoom: 18 });
    tiles.on('tileload', () => {
      loaded += 1;
      setTilesShown(true);
      setTilesFailed(false);
    });
    tiles.on('tileerror', () => {
      failed += 1;
      if (loaded === 0 && failed >= FAILED_TILES_BEFORE_FALLBACK) setTilesFailed(true);
    });
    const cancel = afterPaint(() => tiles.addTo(map));
    return () => {
      cancel();
      tiles.remove();
    };
  }, [leafletMap, tileUrl, stationsDrawn]);

  // Leaflet's own controls, named in the visitor's language (again for a new map or another language).
  useEffect(() => {
    const container = containerRef.current;
    labelControl(container?.querySelector('.leaflet-control-zoom-in'), zoomIn);
    labelControl(container?.querySelector('.leaflet-control-zoom-out'), zoomOut);
  }, [leafletMap, tileUrl, zoomIn, zoomOut]);

  useEffect(() => {
    const map = leafletMap;
    if (!map || !attribution) return;
    map.attributionControl.addAttribution(attribution);
    return () => {
      map.attributionControl.removeAttribution(attribution);
    };
  }, [leafletMap, tileUrl, attribution]);

  // Until a tile shows (and for good when none can), the outline is filled, so land and water read apart.
  useEffect(() => {
    outlineRef.current?.setStyle({ fillOpacity: tilesShown ? 0 : 1 });
  }, [tilesShown]);

  // The stations: replaced as a whole when the data changes (today's statuses or a past day's). In a task of their
  // own, not in the one where React commits the map (decision 0076).
  useEffect(() => {
    const map = leafletMap;
    const renderer = rendererRef.current;
    if (!map || !renderer) return;
    let layer: L.FeatureGroup | null = null;
    const cancel = afterPaint(() => {
      layer = stationMarkers(markers, renderer, (marker) => setSelection({ id: marker.id, focusInside: false }));
      layer.addTo(map);
      // The map is usable: a user-timing mark (traces and the first-view browser test read it).
      performance.mark?.('beach:map-drawn');
      onDrawnRef.current?.();
      setStationsDrawn(true);
    });
    return () => {
      cancel();
      layer?.remove();
    };
  }, [leafletMap, markers]);

  const selected = selection === null ? null : (markers.find((m) => m.id === selection.id) ?? null);

  // A station chosen in the list view: centre it and zoom in (its popup opens below).
  useEffect(() => {
    const map = leafletMap;
    if (!map || !focus) return;
    const station = markers.find((m) => m.id === focus.stationId);
    if (!station) return;
    map.setView([station.latitude, station.longitude], Math.max(map.getZoom(), FOCUS_ZOOM), { animate: false });
    // Only a new request (or the map, when it was not there yet) moves the map; a data refresh must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [leafletMap, focus]);

  // Open the popup once React has put the station's summary into it (so Leaflet measures real content).
  useEffect(() => {
    const map = leafletMap;
    const popup = popupRef.current;
    if (!map || !popup) return;
    if (!selected) {
      if (popup.isOpen()) map.closePopup(popup);
      return;
    }
    popup.setLatLng([selected.latitude, selected.longitude]);
    if (popup.isOpen()) popup.update();
    else popup.openOn(map);
    // Leaflet names its close button in English only.
    popup.getElement()?.querySelector('.leaflet-popup-close-button')?.setAttribute('aria-label', closePopup);
  }, [leafletMap, selected, popupNode, closePopup]);

  // The notice takes its line from the map's box, never from the page: Leaflet re-measures the map.
  const noTiles = tilesFailed || tileUrl === '';
  // (Not when the map is new: it was made in the box it has, and re-measuring redraws every station.)
  const sizedFor = useRef<{ map: L.Map; noTiles: boolean } | null>(null);
  useEffect(() => {
    if (!leafletMap) return;
    const last = sizedFor.current;
    sizedFor.current = { map: leafletMap, noTiles };
    if (last?.map === leafletMap && last.noTiles !== noTiles) leafletMap.invalidateSize({ pan: false });
  }, [leafletMap, noTiles]);

  return (
    <div className="map-frame__map">
      {/* No tile URL at all ('') reads like tiles that failed. */}
      {noTiles && (
        <p className="station-map__notice" role="status">
          {t('map.stationMap.tilesFailed')}
        </p>
      )}
      {GisLayers && <GisLayers map={leafletMap} read={stationsDrawn} />}
      {/* Leaflet adds its own classes to this element: React must never re-render its className. */}
      <div
        ref={containerRef}
        className="station-map"
        role="region"
        aria-label={t('map.stationMap.label')}
      />
      {selected && selection && createPortal(renderPopup(selected.id, selection.focusInside && popupOpen), popupNode)}
    </div>
  );
}

/** Memoised: the map page re-renders when its panels and legend arrive, which the map never shows. */
export default memo(StationMap);
