// A local stand-in for an ArcGIS REST server (GIS REST Services), so the browser tests never reach an outside host:
// a MapServer whose export answers a tinted PNG for any view, a FeatureServer whose layer 0 answers a polygon and a
// point as GeoJSON, and anything else (a service that is down) 503. It listens on 127.0.0.1, which no service may
// name (decision 0056): services name ARCGIS_STANDIN_HOST, which the servers pin to it (GIS_ALLOW_HOSTS in
// playwright.config.ts).
import http from 'node:http';
import { deflateSync } from 'node:zlib';

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = CRC_TABLE[(c ^ b) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
/** A small RGBA PNG, diagonal stripes of a translucent purple (the browser stretches it over the view). */
function stripes(size = 32): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < size; y++) {
    const row = Buffer.alloc(1 + size * 4);
    for (let x = 0; x < size; x++) {
      const on = (x + y) % 8 < 4;
      row.set(on ? [122, 62, 157, 140] : [122, 62, 157, 40], 1 + x * 4);
    }
    rows.push(row);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 6, 0, 0, 0], 8);
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', deflateSync(Buffer.concat(rows))), chunk('IEND', Buffer.alloc(0))]);
}

const PNG = stripes();
const FEATURES = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      geometry: { type: 'Polygon', coordinates: [[[-74.3, 39.9], [-73.95, 39.9], [-73.95, 40.3], [-74.3, 40.3], [-74.3, 39.9]]] },
      properties: { NAME: 'Shellfish area 1' },
    },
    { type: 'Feature', geometry: { type: 'Point', coordinates: [-74.05, 40.1] }, properties: { NAME: 'Outfall 7' } },
  ],
};

/** The stand-in's name, pinned to 127.0.0.1 by GIS_ALLOW_HOSTS (a .test name: never a host on the internet). */
export const ARCGIS_STANDIN_HOST = 'arcgis.e2e.test';

export interface Standin {
  url: string;
  /** Paths asked so far. */
  asked: string[];
  close(): Promise<void>;
}

export async function startArcgisStandin(port: number): Promise<Standin> {
  const asked: string[] = [];
  const server = http.createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    asked.push(req.url ?? '');
    if (path === '/arcgis/rest/services/Shellfish/MapServer/export') res.writeHead(200, { 'content-type': 'image/png' }).end(PNG);
    else if (path === '/arcgis/rest/services/Outfalls/FeatureServer/0/query') res.writeHead(200, { 'content-type': 'application/geo+json' }).end(JSON.stringify(FEATURES));
    else res.writeHead(503, { 'content-type': 'text/plain' }).end('unavailable');
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { url: `http://${ARCGIS_STANDIN_HOST}:${port}/arcgis/rest/services`, asked, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
