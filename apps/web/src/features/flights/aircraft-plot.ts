import type { AircraftReading } from './api';

/**
 * Geometry for the aircraft track plot: the readings projected into an SVG box (equirectangular, with
 * longitude shrunk by cos(latitude) so the coast keeps its shape), thinned for drawing, and coloured in
 * five equal ranges of concentration.
 */

export type TrackPoint = AircraftReading['points'][number];

/** Viridis steps: ordered from dark to light, distinct for colour-blind readers and in greyscale. */
export const PALETTE = ['#440154', '#3b528b', '#21918c', '#5ec962', '#fde725'] as const;

export const PLOT_WIDTH = 600;
const PADDING = 16;

/** At most `limit` points, evenly spaced along the track, always keeping the last. */
export function thin<T>(points: readonly T[], limit: number): T[] {
  if (points.length <= limit) return [...points];
  const step = points.length / limit;
  const out: T[] = [];
  for (let i = 0; i < limit; i++) out.push(points[Math.floor(i * step)]!);
  out[out.length - 1] = points[points.length - 1]!;
  return out;
}

export interface ColourBin {
  from: number;
  to: number;
  colour: string;
}

/** Five equal ranges from the lowest to the highest value (one range when all values are equal). */
export function colourBins(values: readonly number[]): ColourBin[] {
  // A loop, not Math.min(...values): a track can hold more readings than a call takes arguments.
  let min = Infinity;
  let max = -Infinity;
  for (const value of values) {
    if (value < min) min = value;
    if (value > max) max = value;
  }
  if (!(max > min)) return [{ from: min, to: max, colour: PALETTE[2] }];
  const width = (max - min) / PALETTE.length;
  return PALETTE.map((colour, i) => ({ from: min + i * width, to: i === PALETTE.length - 1 ? max : min + (i + 1) * width, colour }));
}

export function binOf(value: number, bins: readonly ColourBin[]): number {
  const index = bins.findIndex((bin) => value <= bin.to);
  return index === -1 ? bins.length - 1 : index;
}

export interface ProjectedPoint extends TrackPoint {
  x: number;
  y: number;
}

/** The points in SVG coordinates, and the plot's height for a width of PLOT_WIDTH. */
export function project(points: readonly TrackPoint[]): { points: ProjectedPoint[]; height: number } {
  const lats = points.map((p) => p.lat);
  const lons = points.map((p) => p.lon);
  const minLat = Math.min(...lats);
  const maxLat = Math.max(...lats);
  const minLon = Math.min(...lons);
  const maxLon = Math.max(...lons);
  const shrink = Math.cos((((minLat + maxLat) / 2) * Math.PI) / 180);
  const spanX = Math.max((maxLon - minLon) * shrink, 1e-6);
  const spanY = Math.max(maxLat - minLat, 1e-6);
  const inner = PLOT_WIDTH - 2 * PADDING;
  // Tall tracks (the New Jersey coast runs north-south) are scaled to fit a height of at most 1.2 × width.
  const scale = Math.min(inner / spanX, (PLOT_WIDTH * 1.2 - 2 * PADDING) / spanY);
  const height = Math.max(120, spanY * scale + 2 * PADDING);
  const offsetX = (PLOT_WIDTH - spanX * scale) / 2;
  const offsetY = (height - spanY * scale) / 2;
  return {
    height,
    points: points.map((p) => ({
      ...p,
      x: offsetX + (p.lon - minLon) * shrink * scale,
      y: offsetY + (maxLat - p.lat) * scale,
    })),
  };
}
