import { describe, expect, it } from 'vitest';
import { PALETTE, PLOT_WIDTH, binOf, colourBins, project, thin } from './aircraft-plot';

describe('aircraft track plot', () => {
  it('thins a long track evenly and keeps its last reading', () => {
    const points = Array.from({ length: 10_001 }, (_, i) => i);
    const thinned = thin(points, 1500);
    expect(thinned).toHaveLength(1500);
    expect(thinned[0]).toBe(0);
    expect(thinned.at(-1)).toBe(10_000);
    expect(thin([1, 2, 3], 1500)).toEqual([1, 2, 3]);
  });

  it('colours five equal ranges from the lowest to the highest reading, even for 200,000 readings', () => {
    const values = Array.from({ length: 200_000 }, (_, i) => (i % 101) / 10);
    const bins = colourBins(values);
    expect(bins.map((b) => [b.from, b.to])).toEqual([
      [0, 2],
      [2, 4],
      [4, 6],
      [6, 8],
      [8, 10],
    ]);
    expect(bins.map((b) => b.colour)).toEqual([...PALETTE]);
    expect(binOf(0, bins)).toBe(0);
    expect(binOf(2, bins)).toBe(0);
    expect(binOf(2.01, bins)).toBe(1);
    expect(binOf(10, bins)).toBe(4);
    expect(colourBins([3, 3, 3])).toHaveLength(1);
  });

  it('projects north up and west left inside the plot', () => {
    const { points, height } = project([
      { lat: 40.5, lon: -74.0, value: 1, time: '' },
      { lat: 39.0, lon: -74.9, value: 2, time: '' },
    ]);
    const [north, south] = points;
    expect(north!.y).toBeLessThan(south!.y);
    expect(south!.x).toBeLessThan(north!.x);
    for (const p of points) {
      expect(p.x).toBeGreaterThanOrEqual(0);
      expect(p.x).toBeLessThanOrEqual(PLOT_WIDTH);
      expect(p.y).toBeGreaterThanOrEqual(0);
      expect(p.y).toBeLessThanOrEqual(height);
    }
  });
});
