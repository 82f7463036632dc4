/**
 * Marker geometry shared by the canvas markers and the SVG symbols (legend, list, popup), so both
 * draw the same shape and letter for a status.
 */

export type Point = readonly [number, number];

/** Corners of a marker shape of size `r` (circle radius) centred on (cx, cy); null for a circle. */
export function shapeCorners(shape: string, cx: number, cy: number, r: number): Point[] | null {
  switch (shape) {
    case 'triangle':
      return [
        [cx, cy - r * 1.25],
        [cx + r * 1.2, cy + r * 0.85],
        [cx - r * 1.2, cy + r * 0.85],
      ];
    case 'square': {
      const s = r * 0.9;
      return [
        [cx - s, cy - s],
        [cx + s, cy - s],
        [cx + s, cy + s],
        [cx - s, cy + s],
      ];
    }
    case 'diamond': {
      const d = r * 1.25;
      return [
        [cx, cy - d],
        [cx + d, cy],
        [cx, cy + d],
        [cx - d, cy],
      ];
    }
    default:
      return null;
  }
}

/** Where the letter sits: a triangle's visual centre is below its box centre. */
export function letterOffset(shape: string, r: number): number {
  return shape === 'triangle' ? r * 0.22 : 0;
}

function channel(hex: string, at: number): number {
  const c = parseInt(hex.slice(at, at + 2), 16) / 255;
  return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** WCAG relative luminance of '#rrggbb'. */
export function luminance(hex: string): number {
  if (!/^#[0-9a-f]{6}$/i.test(hex)) return 0;
  return 0.2126 * channel(hex, 1) + 0.7152 * channel(hex, 3) + 0.0722 * channel(hex, 5);
}

/** Letter and outline on a fill: dark on light fills (amber), white on dark ones. */
export function inkFor(fill: string): { letter: string; outline: string } {
  return luminance(fill) > 0.3 ? { letter: '#1b1b1b', outline: '#1b1b1b' } : { letter: '#ffffff', outline: '#ffffff' };
}
