import { afterEach, describe, expect, it, vi } from 'vitest';
import * as L from 'leaflet/dist/leaflet-src.esm.js';
import { canvasAtScreenRatio, canvasRatio, drawMarker, onPixelGrid, spriteHalf } from './canvas-markers';
import type { MapStyle } from '@beach/domain';

/** A 2D context that records what is drawn on it (jsdom's canvases have none). */
function recordingContext() {
  const calls: { name: string; args: unknown[] }[] = [];
  const ctx = new Proxy(
    {},
    {
      get: (_target, name: string) => (...args: unknown[]) => {
        calls.push({ name, args });
      },
      set: () => true,
    },
  ) as unknown as CanvasRenderingContext2D;
  return { ctx, calls };
}

/** OffscreenCanvas as a browser has it (jsdom has none): each sprite's drawing, and the bitmap it becomes. */
function stubOffscreenCanvas() {
  const sprites: { width: number; height: number; drawn: ReturnType<typeof recordingContext>; bitmap: object }[] = [];
  class FakeOffscreenCanvas {
    readonly sprite;
    constructor(width: number, height: number) {
      this.sprite = { width, height, drawn: recordingContext(), bitmap: { width, height } };
      sprites.push(this.sprite);
    }
    getContext() {
      return this.sprite.drawn.ctx;
    }
    transferToImageBitmap() {
      return this.sprite.bitmap;
    }
  }
  vi.stubGlobal('OffscreenCanvas', FakeOffscreenCanvas);
  return sprites;
}

const style = (color: string, marker_shape = 'circle'): MapStyle => ({ code: 'OPEN', name: 'Open', color, marker_symbol: 'O', marker_shape });

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('station markers on the canvas', () => {
  it('fits every shape and its outline in the sprite, and places sprites on the device pixel grid', () => {
    expect(spriteHalf(6)).toBe(9);
    expect(spriteHalf(10)).toBe(14);
    // A diamond of radius 10 reaches 12.5 px from its centre, its 1.25 px outline 0.625 more: inside 14.
    expect(10 * 1.25 + 0.625).toBeLessThanOrEqual(spriteHalf(10));
    expect(onPixelGrid(100.3, 2)).toBe(100.5);
    expect(onPixelGrid(100.2, 2)).toBe(100);
    expect(onPixelGrid(100.6, 1)).toBe(101);
  });

  it('draws each look once, as a bitmap of its own, and copies it for every marker of that look', () => {
    const sprites = stubOffscreenCanvas();
    const map = recordingContext();

    drawMarker(map.ctx, style('#1a7f37'), 40.3, 20.2, 10, 2);
    drawMarker(map.ctx, style('#1a7f37'), 80, 60, 10, 2);
    expect(sprites).toHaveLength(1);
    // The sprite holds the shape, its outline and its letter, drawn at the pixel ratio, centred: 28 CSS px square.
    const [sprite] = sprites;
    expect([sprite!.width, sprite!.height]).toEqual([56, 56]);
    expect(sprite!.drawn.calls.map((c) => c.name)).toEqual(['scale', 'beginPath', 'arc', 'fill', 'stroke', 'fillText']);
    expect(sprite!.drawn.calls[0]!.args).toEqual([2, 2]);
    expect(sprite!.drawn.calls[2]!.args.slice(0, 3)).toEqual([14, 14, 10]);
    // The map's canvas only gets copies of its bitmap, centred on the grid-aligned point.
    expect(map.calls.map((c) => c.name)).toEqual(['drawImage', 'drawImage']);
    expect(map.calls.map((c) => c.args[0])).toEqual([sprite!.bitmap, sprite!.bitmap]);
    expect(map.calls.map((c) => c.args.slice(1))).toEqual([
      [40.5 - 14, 20 - 14, 28, 28],
      [80 - 14, 60 - 14, 28, 28],
    ]);

    // Another shape, size or colour is another sprite.
    drawMarker(map.ctx, style('#1a7f37', 'triangle'), 10, 10, 10, 2);
    drawMarker(map.ctx, style('#1a7f37'), 10, 10, 8, 2);
    drawMarker(map.ctx, style('#b50909'), 10, 10, 10, 2);
    expect(sprites).toHaveLength(4);
    expect(sprites[1]!.drawn.calls.map((c) => c.name)).toEqual(['scale', 'beginPath', 'moveTo', 'lineTo', 'lineTo', 'closePath', 'fill', 'stroke', 'fillText']);
  });

  it('draws on a canvas element where the browser has no OffscreenCanvas', () => {
    vi.stubGlobal('OffscreenCanvas', undefined);
    const sprite = recordingContext();
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(sprite.ctx as never);
    const map = recordingContext();
    drawMarker(map.ctx, style('#565c65', 'square'), 30, 30, 6, 1);
    expect(sprite.calls.map((c) => c.name)).toEqual(['scale', 'beginPath', 'moveTo', 'lineTo', 'lineTo', 'lineTo', 'closePath', 'fill', 'stroke', 'fillText']);
    // Centred on the sprite's middle (9, 9), the letter half a pixel low as on the map before.
    expect(sprite.calls.find((c) => c.name === 'moveTo')!.args).toEqual([9 - 5.4, 9 - 5.4]);
    expect(sprite.calls.find((c) => c.name === 'fillText')!.args).toEqual(['O', 9, 9.5]);
    const [copy] = map.calls;
    expect(copy!.args[0]).toBeInstanceOf(HTMLCanvasElement);
    expect([(copy!.args[0] as HTMLCanvasElement).width, (copy!.args[0] as HTMLCanvasElement).height]).toEqual([18, 18]);
    expect(copy!.args.slice(1)).toEqual([21, 21, 18, 18]);
  });

  it('on a screen of 1.75 device pixels per CSS pixel, makes sprites of whole device pixels, centred where the marker is', () => {
    const sprites = stubOffscreenCanvas();
    const map = recordingContext();
    drawMarker(map.ctx, style('#1a7f37'), 40, 20, 6, 1.75);
    // Half a radius-6 sprite is 9 CSS px, 15.75 device pixels: 16 whole ones, a side of 32.
    expect([sprites[0]!.width, sprites[0]!.height]).toEqual([32, 32]);
    expect(sprites[0]!.drawn.calls[2]!.args.slice(0, 3)).toEqual([16 / 1.75, 16 / 1.75, 6]);
    const [x, y, width, height] = map.calls[0]!.args.slice(1) as number[];
    expect(width).toBeCloseTo(32 / 1.75);
    expect(height).toBeCloseTo(32 / 1.75);
    // Its middle is the marker's point on the grid: 40 CSS px is 70 device pixels; 20 is 35.
    expect(x! + width! / 2).toBeCloseTo(40);
    expect(y! + height! / 2).toBeCloseTo(20);
    expect((x! * 1.75) % 1).toBeCloseTo(0);
  });
});

describe("the map's canvas", () => {
  it("draws at the screen's pixel ratio from 1 to 2, where Leaflet draws at 2 on any screen above 1", () => {
    for (const [screen, expected] of [[0.8, 1], [1, 1], [1.5, 1.5], [1.75, 1.75], [2, 2], [3, 2]] as const) {
      vi.stubGlobal('devicePixelRatio', screen);
      expect(canvasRatio()).toBe(expected);
    }
  });

  it("sizes the canvas at that ratio, keeping Leaflet's extent, its place and its layer coordinates", () => {
    vi.stubGlobal('devicePixelRatio', 1.75);
    const drawn = recordingContext();
    const canvas = document.createElement('canvas');
    const fired: string[] = [];
    const renderer = {
      _map: { _animatingZoom: false },
      _container: canvas,
      _ctx: drawn.ctx,
      _bounds: undefined as unknown,
      fire: (type: string) => fired.push(type),
    };
    // Leaflet's Renderer computes the extent (the view with its margin); here, a 454 x 499 px one at (-38, -42).
    vi.spyOn(L.Renderer.prototype as unknown as { _update(): void }, '_update').mockImplementation(function (this: typeof renderer) {
      this._bounds = L.bounds([-38, -42], [416, 457]);
    });
    canvasAtScreenRatio(renderer as unknown as L.Canvas);
    (renderer as unknown as { _update(): void })._update();
    expect([canvas.width, canvas.height]).toEqual([Math.round(454 * 1.75), Math.round(499 * 1.75)]);
    expect([canvas.style.width, canvas.style.height]).toEqual(['454px', '499px']);
    expect(L.DomUtil.getPosition(canvas)).toEqual(L.point(-38, -42));
    expect(drawn.calls.map((c) => [c.name, ...c.args])).toEqual([
      ['scale', 1.75, 1.75],
      ['translate', 38, 42],
    ]);
    expect(fired).toEqual(['update']);
  });
});
