import { deflateSync } from 'node:zlib';
import type { Rng } from './random';

/**
 * Tiny generated pictures for the demo's beach and flight photos: real PNG files (a few kilobytes) so
 * the photo screens have something to show without shipping binaries in the repository.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'ascii');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

type Rgb = readonly [number, number, number];

/** Encodes width x height RGB pixels given by pixel(x, y) as a PNG file. */
export function encodePng(width: number, height: number, pixel: (x: number, y: number) => Rgb): Buffer {
  const raw = Buffer.alloc((width * 3 + 1) * height);
  let o = 0;
  for (let y = 0; y < height; y++) {
    raw[o++] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[o++] = r;
      raw[o++] = g;
      raw[o++] = b;
    }
  }
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  Math.round(a[0] + (b[0] - a[0]) * t),
  Math.round(a[1] + (b[1] - a[1]) * t),
  Math.round(a[2] + (b[2] - a[2]) * t),
];

/** A beach seen from the shore: sky, sea with swell lines, wet and dry sand. */
export function beachScenePng(rng: Rng, width = 320, height = 200): Buffer {
  const horizon = Math.round(height * (0.38 + rng() * 0.1));
  const shore = Math.round(height * (0.68 + rng() * 0.08));
  const skyTop: Rgb = [70 + Math.floor(rng() * 40), 130 + Math.floor(rng() * 40), 200 + Math.floor(rng() * 40)];
  const skyLow: Rgb = [200, 225, 240];
  const sea: Rgb = [20 + Math.floor(rng() * 30), 90 + Math.floor(rng() * 40), 130 + Math.floor(rng() * 30)];
  const sand: Rgb = [222, 200, 150];
  const phase = rng() * Math.PI * 2;
  return encodePng(width, height, (x, y) => {
    if (y < horizon) return mix(skyTop, skyLow, y / horizon);
    // Swell lines that spread out towards the shore, bending gently along it.
    const depth = (y - horizon) / (shore - horizon);
    const wave = Math.sin(((y - horizon) / (2 + 5 * depth)) * Math.PI + Math.sin(x / 29 + phase) * 1.2) > 0.9 - depth * 0.05;
    const edge = shore + Math.round(3 * Math.sin(x / 17 + phase));
    if (y < edge) return wave ? [235, 245, 250] : mix(sea, [60, 150, 170], (y - horizon) / (edge - horizon));
    if (y < edge + 6) return [236, 240, 235];
    return mix([190, 170, 125], sand, Math.min(1, (y - edge) / (height - edge)));
  });
}

/** The coast from the survey aircraft: land, beach, surf line and open water. */
export function aerialScenePng(rng: Rng, width = 320, height = 200): Buffer {
  const phase = rng() * Math.PI * 2;
  const base = width * (0.35 + rng() * 0.15);
  const bloom = rng() < 0.25;
  return encodePng(width, height, (x, y) => {
    const coast = base + 18 * Math.sin(y / 40 + phase);
    if (x < coast - 14) return (x + y) % 23 < 2 ? [120, 120, 110] : [88, 120, 70];
    if (x < coast) return [225, 205, 160];
    if (x < coast + 4) return [240, 245, 245];
    const depth = Math.min(1, (x - coast) / (width - coast));
    if (bloom && Math.hypot(x - coast - 60, y - height / 2) < 35) return [90, 130, 60];
    return mix([70, 150, 160], [15, 60, 110], depth);
  });
}
