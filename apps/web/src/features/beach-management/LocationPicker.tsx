import { useEffect, useRef } from 'react';
// Leaflet's ES module build, as the public map uses it (apps/web/build/leaflet-lite.ts): paths draw on a canvas.
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import 'leaflet/dist/leaflet.css';
import { SERVICE_AREA } from '@beach/domain';
import { NEW_JERSEY_BOUNDS, NEW_JERSEY_OUTLINE } from '../map/nj-outline';

interface LocationPickerProps {
  /** The chosen point, or null before one is chosen (or while typed coordinates are incomplete). */
  value: { latitude: number; longitude: number } | null;
  onPick: (point: { latitude: number; longitude: number }) => void;
  /** '' for none: the state outline alone. */
  tileUrl: string;
}

const round = (n: number) => Math.round(n * 1e6) / 1e6;
const inArea = (lat: number, lng: number) => lat >= SERVICE_AREA.south && lat <= SERVICE_AREA.north && lng >= SERVICE_AREA.west && lng <= SERVICE_AREA.east;

/**
 * A map to place a station by clicking: the chosen point is a blue ring. The latitude and longitude fields beside it are the keyboard route to the same value.
 */
export default function LocationPicker({ value, onPick, tileUrl }: LocationPickerProps) {
  const containerRef = useRef<HTMLDivElement>(null);
  const mapRef = useRef<L.Map | null>(null);
  const rendererRef = useRef<L.Canvas | null>(null);
  const pointRef = useRef<L.CircleMarker | null>(null);
  /** The map has been centred on a point (the first one it shows); later points only pan into view. */
  const centredRef = useRef(false);
  const onPickRef = useRef(onPick);
  useEffect(() => {
    onPickRef.current = onPick;
  });

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const renderer = L.canvas({ padding: 0.25, tolerance: 4 });
    const map = L.map(container, { renderer, minZoom: 6, maxZoom: 18, zoomSnap: 0.5 });
    map.fitBounds(NEW_JERSEY_BOUNDS);
    map.attributionControl.setPrefix('<a href="https://leafletjs.com">Leaflet</a>');
    L.geoJSON(NEW_JERSEY_OUTLINE, { interactive: false, style: { color: '#565c65', weight: 1.5, fillColor: '#f5f1e6', fillOpacity: tileUrl ? 0 : 1 } }).addTo(map);
    if (tileUrl) L.tileLayer(tileUrl, { maxZoom: 18 }).addTo(map);
    map.on('click', (event: L.LeafletMouseEvent) => {
      const { lat, lng } = event.latlng;
      if (inArea(lat, lng)) onPickRef.current({ latitude: round(lat), longitude: round(lng) });
    });
    container.querySelector('.leaflet-control-zoom-in')?.setAttribute('aria-label', 'Zoom in');
    container.querySelector('.leaflet-control-zoom-out')?.setAttribute('aria-label', 'Zoom out');
    mapRef.current = map;
    rendererRef.current = renderer;
    return () => {
      map.remove();
      mapRef.current = null;
      rendererRef.current = null;
      pointRef.current = null;
      centredRef.current = false;
    };
  }, [tileUrl]);

  useEffect(() => {
    const map = mapRef.current;
    const renderer = rendererRef.current;
    if (!map || !renderer) return;
    pointRef.current?.remove();
    pointRef.current = null;
    if (!value) return;
    pointRef.current = L.circleMarker([value.latitude, value.longitude], { renderer, radius: 9, color: '#005ea2', weight: 3, fillColor: '#73b3e7', fillOpacity: 0.6, interactive: false }).addTo(map);
    if (!centredRef.current) map.setView([value.latitude, value.longitude], 13);
    else if (!map.getBounds().contains([value.latitude, value.longitude])) map.panTo([value.latitude, value.longitude]);
    centredRef.current = true;
  }, [value, tileUrl]);

  return (
    <div
      ref={containerRef}
      className="beach-location-map"
      role="application"
      aria-label="Map: click where the station is. The latitude and longitude fields set the same point."
      data-testid="location-picker"
    />
  );
}
