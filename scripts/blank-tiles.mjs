#!/usr/bin/env node
// A local stand-in for the base-map tile server: every /{z}/{x}/{y}.png is the same blank 256 x 256 tile.
// Measurements (npm run lighthouse) point TILE_URL here so nothing calls an outside host.
// Usage: node scripts/blank-tiles.mjs [port]   (prints the TILE_URL to use)
import http from 'node:http';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes) {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type, data) {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/** A solid-colour RGB PNG (the sea's light blue by default). */
export function blankTile(size = 256, [r, g, b] = [0xd9, 0xe8, 0xf6]) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const row = Buffer.alloc(1 + size * 3);
  for (let x = 0; x < size; x++) row.set([r, g, b], 1 + x * 3);
  const pixels = Buffer.concat(Array.from({ length: size }, () => row));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** Starts the stand-in on 127.0.0.1 (port 0: any free port); resolves with its server and TILE_URL. */
export function startBlankTiles(port = 0) {
  const tile = blankTile();
  const server = http.createServer((req, res) => {
    if (!/^\/\d+\/\d+\/\d+\.png$/.test(req.url ?? '')) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'image/png', 'content-length': tile.length, 'cache-control': 'public, max-age=86400', 'access-control-allow-origin': '*' });
    res.end(tile);
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const { port: bound } = server.address();
      resolve({ server, tileUrl: `http://127.0.0.1:${bound}/{z}/{x}/{y}.png` });
    });
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const { tileUrl } = await startBlankTiles(Number(process.argv[2] ?? 0));
  console.log(tileUrl);
}
