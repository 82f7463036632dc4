import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import L from 'leaflet';
import 'leaflet/dist/leaflet.css';
import { usePublicText } from '../../i18n';
import { stationMarkers } from './canvas-markers';
import { NEW_JERSEY_BOUNDS, NEW_JERSEY_OUTLINE } from './nj-outline';
import { StationSummary } from './StationSummary';
import type { StationStatus } from './types';

export interface FocusRequest {
  stationId: number;
  /** Changes on every request, so showing the same station twice still moves the map. */
  seq: number;
}

interface StationMapProps {
  stations: readonly StationStatus[];
  tileUrl: string;
  focus: FocusRequest | null;
}

/** Tiles that fail before any loads: the base map is unreachable (offline, blocked, misconfigured). */
const FAILED_TILES_BEFORE_FALLBACK = 4;
const FOCUS_ZOOM = 13;

const OSM_LINK = '<a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a>';

function usesOpenStreetMap(tileUrl: string): boolean {
  return /openstreetmap\.(org|fr)/.test(tileUrl);
}

/** Sets a Leaflet control's name (its tooltip and what screen readers say). */
function labelControl(element: Element | null | undefined, label: string) {
  element?.setAttribute('title', label);
  element?.setAttribute('aria-label', label);
}

/**
 * The Leaflet map: base tiles from the configured URL, the state outline, and every station on one
 * canvas. Markers cannot take keyboard focus (one canvas); the list view is the keyboard and screen
 * reader route to the same stations, and its Show on map button opens a station's popup here.
 */
export default function StationMap({ stations, tileUrl, focus }: StationMapProps) {
  const { t } = usePublicText();
  const zoomIn = t('map.stationMap.zoomIn');
  const zoomOut = t('map.stationMap.zoomOut');
  const closePopup = t('map.stationMap.closePopup');
  const attribution = usesOpenStreetMap(tileUrl) ? `&copy; ${t('map.stationMap.osmContributors', { link: OSM_LINK })}` : '';
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const rendererRef = useRef<L.Canvas | null>(null);
  const outlineRef = useRef<L.GeoJSON | null>(null);
  const popupRef = useRef<L.Popup | null>(null);
  const [popupNode] = useState(() => document.createElement('div'));
  /** The station whose popup is open; focusInside when it came from the list view (keyboard users). */
  const [selection, setSelection] = useState<{ id: number; focusInside: boolean } | null>(null);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [tilesShown, setTilesShown] = useState(false);
  const focusedSelection = useRef<typeof selection>(null);

  // A station chosen in the list view opens its popup (state adjusted while rendering, not in an effect).
  const [handledFocus, setHandledFocus] = useState<FocusRequest | null>(null);
  if (focus !== handledFocus) {
    setHandledFocus(focus);
    if (focus) setSelection({ id: focus.stationId, focusInside: true });
  }

  // The map itself: created once per tile URL.
  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const renderer = L.canvas({ padding: 0.25, tolerance: 6 });
    const map = L.map(container, { renderer, minZoom: 6, maxZoom: 18, zoomSnap: 0.5 });
    map.fitBounds(NEW_JERSEY_BOUNDS);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');

    const outline = L.geoJSON(NEW_JERSEY_OUTLINE, {
      interactive: false,
      style: { color: '#565c65', weight: 1.5, fillColor: '#f5f1e6', fillOpacity: 1 },
    }).addTo(map);

    let loaded = 0;
    let failed = 0;
    const fallBack = () => setTilesFailed(true);
    if (tileUrl) {
      // The attribution is added below, in the visitor's language.
      const tiles = L.tileLayer(tileUrl, { maxZoom: 18 });
      tiles.on('tileload', () => {
        loaded += 1;
        setTilesShown(true);
        setTilesFailed(false);
      });
      tiles.on('tileerror', () => {
        failed += 1;
        if (loaded === 0 && failed >= FAILED_TILES_BEFORE_FALLBACK) fallBack();
      });
      tiles.addTo(map);
    } else {
      fallBack();
    }

    const popup = L.popup({ maxWidth: 300, minWidth: 220, autoPanPadding: [24, 24] }).setContent(popupNode);
    popup.on('remove', () => setSelection(null));

    mapRef.current = map;
    rendererRef.current = renderer;
    outlineRef.current = outline;
    popupRef.current = popup;
    return () => {
      map.remove();
      mapRef.current = null;
      rendererRef.current = null;
    };
  }, [tileUrl, popupNode]);

  // Leaflet's own controls, named in the visitor's language (again for a new map or another language).
  useEffect(() => {
    const container = containerRef.current;
    labelControl(container?.querySelector('.leaflet-control-zoom-in'), zoomIn);
    labelControl(container?.querySelector('.leaflet-control-zoom-out'), zoomOut);
  }, [tileUrl, zoomIn, zoomOut]);

  useEffect(() => {
    const map = mapRef.current;
    if (!map || !attribution) return;
    map.attributionControl.addAttribution(attribution);
    return () => {
      map.attributionControl.removeAttribution(attribution);
    };
  }, [tileUrl, attribution]);

  // Until a tile shows (and for good when none can), the outline is filled, so land and water read apart.
  useEffect(() => {
    outlineRef.current?.setStyle({ fillOpacity: tilesShown ? 0 : 1 });
  }, [tilesShown]);

  // The stations: replaced as a whole when the data changes (today's statuses or a past day's).
  useEffect(() => {
    const map = mapRef.current;
    const renderer = rendererRef.current;
    if (!map || !renderer) return;
    const markers = stationMarkers(stations, renderer, (station) =>
      setSelection({ id: station.beach_station_id, focusInside: false }),
    );
    markers.addTo(map);
    return () => {
      markers.remove();
    };
  }, [stations]);

  const selected = selection === null ? null : (stations.find((s) => s.beach_station_id === selection.id) ?? null);

  // A station chosen in the list view: centre it and zoom in (its popup opens below).
  useEffect(() => {
    const map = mapRef.current;
    if (!map || !focus) return;
    const station = stations.find((s) => s.beach_station_id === focus.stationId);
    if (!station) return;
    map.setView([station.latitude, station.longitude], Math.max(map.getZoom(), FOCUS_ZOOM), { animate: false });
    // Only a new request moves the map; a data refresh must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [focus]);

  // Open the popup once React has put the station's summary into it (so Leaflet measures real content).
  useEffect(() => {
    const map = mapRef.current;
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
    if (selection?.focusInside && focusedSelection.current !== selection) {
      focusedSelection.current = selection;
      popupNode.querySelector<HTMLElement>('.station-summary__title')?.focus();
    }
  }, [selected, selection, popupNode, closePopup]);

  return (
    <>
      {tilesFailed && (
        <p className="station-map__notice" role="status">
          {t('map.stationMap.tilesFailed')}
        </p>
      )}
      {/* Leaflet adds its own classes to this element: React must never re-render its className. */}
      <div
        ref={containerRef}
        className="station-map"
        role="region"
        aria-label={t('map.stationMap.label')}
      />
      {selected && createPortal(<StationSummary station={selected} headingLevel={2} />, popupNode)}
    </>
  );
}
