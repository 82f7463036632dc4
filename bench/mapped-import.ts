/**
 * The mapped import bench (issue 29, decision 0063): a generated 100,000-row file in a city health
 * department's layout (Sample ID, Sample Date, Beach Name, Sample Location, Enterococci Results, Units or
 * Notes; three locations per beach, MM/DD/YYYY, names in capitals, below-detection rows with an empty
 * result) imported through the mapped pipeline on PostgreSQL (goal >= 10,000 rows/s), beside COPY FROM STDIN
 * of the same rows into a plain table (the reference); and the preview of its first 50 rows over HTTP
 * (goal < 1 s), as text/csv with a saved mapping and as multipart with the mapping inline.
 *
 *   npm run bench -- --only mapped-import        (BENCH_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/beach_bench)
 *   npx tsx bench/mapped-import.ts [--rows N]
 */
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { importMappingSchema, type ImportMapping } from '@beach/domain';
import { CITY_MAPPING } from '@beach/domain/import-mapping/test-fixtures';
import { buildApp } from '../apps/api/src/app';
import { createDeps } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { queryRows } from '../apps/api/src/db/client';
import { DEMO_PASSWORD, seedDemo } from '../apps/api/src/db/seed/demo';
import { seedReference } from '../apps/api/src/db/seed/reference';
import { importResults } from '../apps/api/src/modules/results/service/import-pipeline/run';
import { scratchDatabase } from './verify-import';

const GOAL_ROWS_PER_S = 10_000;
const GOAL_PREVIEW_MS = 1000;
const HEADER = 'Sample ID,Sample Date,Beach Name,Sample Location,Enterococci Results,Units or Notes';
const LOCATIONS = ['Left', 'Center', 'Right'];

/** `rows` rows of the city shape: 40 beaches x 3 locations a day from 05/23/2005, one in five below detection. */
export function cityShapedCsv(rows: number): { text: string; records: string[][] } {
  const beaches = Array.from({ length: 40 }, (_, i) => `BENCH BEACH ${String(i + 1).padStart(2, '0')}`);
  let seed = 29;
  const random = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  const records: string[][] = [];
  for (let i = 0; records.length < rows; i++) {
    const day = Math.floor(i / (beaches.length * LOCATIONS.length));
    const d = new Date(Date.UTC(2005, 4, 23 + day));
    const date = `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;
    const beach = beaches[Math.floor(i / LOCATIONS.length) % beaches.length]!;
    const below = random() < 0.2;
    const count = Math.max(10, Math.round(Math.exp(random() * 7)));
    records.push([`S${100000 + i}`, date, beach, LOCATIONS[i % LOCATIONS.length]!, below ? '' : String(count), below ? 'Result below detection limit' : 'MPN/100 ml']);
  }
  return { text: [HEADER, ...records.map((r) => r.join(','))].join('\r\n') + '\r\n', records };
}

const verdict = (text: string, met: boolean) => `${met ? 'MET ' : 'MISS'}  ${text}`;
const n = (v: number) => Math.round(v).toLocaleString('en-US');

export async function benchMappedImport(benchUrl: string, options: { rows?: number } = {}): Promise<string[]> {
  const rows = options.rows ?? 100_000;
  console.log(`Mapped import (issue 29): ${n(rows)} rows of the city shape`);
  const scratch = await scratchDatabase(benchUrl);
  const lines: string[] = [];
  try {
    const { db } = scratch.database;
    await seedReference(db);
    await seedDemo(db, { scale: 'test' });
    const [place] = await queryRows<{ county: string; municipality: string }>(
      db,
      sql`select c.name as county, m.name as municipality from beaches b join municipalities m on m.municipality_id = b.municipality_id
          join counties c on c.county_id = m.county_id join programs p on p.program_id = b.program_id where p.abbv = 'OB' limit 1`,
    );
    const mapping: ImportMapping = importMappingSchema.parse({
      ...CITY_MAPPING,
      name: 'Bench city mapping',
      new_station_places: { from: 'constant', county: place!.county, municipality: place!.municipality, location_type: 'OCEAN' },
    });
    const file = cityShapedCsv(rows);

    // The reference: COPY FROM STDIN of the same rows into a plain table.
    const client = new pg.Client({ connectionString: scratch.url });
    await client.connect();
    await client.query('create table copy_reference (sample_id text, sample_date text, beach text, location text, result text, notes text)');
    const copyStarted = performance.now();
    await pipeline(Readable.from([file.text.slice(file.text.indexOf('\n') + 1)]), client.query(copyFrom('copy copy_reference from stdin with (format csv)')));
    const copyMs = performance.now() - copyStarted;
    await client.end();
    const copyRate = rows / (copyMs / 1000);
    console.log(`  COPY FROM STDIN into a plain table: ${(copyMs / 1000).toFixed(2)} s, ${n(copyRate)} rows/s`);

    const base = { programAbbv: 'OB', verified: true, mapping, mappingId: null, fileName: 'city-bench.csv', text: file.text, timeZone: 'America/New_York' };
    const started = performance.now();
    const report = await importResults(db, { ...base, replayRules: false });
    const s = (performance.now() - started) / 1000;
    console.log(`  imported ${n(report.inserted)} of ${n(report.rows)} rows (verified; created ${report.created.beaches} beaches, ${report.created.stations} stations) in ${s.toFixed(1)} s, ${n(report.rejectedRows)} rejected`);
    lines.push(verdict(`mapped import of ${n(rows)} city-shaped rows: ${n(rows / s)} rows/s (${s.toFixed(1)} s) on ${scratch.kind}; COPY of the same rows: ${n(copyRate)} rows/s (goal >= ${n(GOAL_ROWS_PER_S)} rows/s)`, rows / s >= GOAL_ROWS_PER_S && report.inserted === rows));
    const againStarted = performance.now();
    const again = await importResults(db, { ...base, replayRules: false });
    const againS = (performance.now() - againStarted) / 1000;
    lines.push(`mapped re-import of the same file: ${n(rows / againS)} rows/s (${againS.toFixed(1)} s), ${n(again.inserted)} added`);

    // The preview of its first 50 rows over HTTP.
    const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: scratch.dataDir, JWT_SECRET: randomBytes(32).toString('hex'), DEMO_DATA: 'off', LOG_LEVEL: 'warn' });
    const app = await buildApp(createDeps(config, scratch.database));
    await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const address = app.server.address() as { port: number };
      const url = `http://127.0.0.1:${address.port}/api`;
      const login = (await (await fetch(`${url}/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'admin@example.org', password: DEMO_PASSWORD }) })).json()) as { payload: { token: string } };
      const auth = { authorization: `Bearer ${login.payload.token}` };
      const [ob] = await queryRows<{ id: number }>(db, sql`select program_id as id from programs where abbv = 'OB'`);
      const saved = (await (await fetch(`${url}/import/mapping`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify({ mapping }) })).json()) as { payload: { id: number } };
      const timed = async (label: string, send: () => Promise<Response>) => {
        const times: number[] = [];
        for (let i = 0; i < 5; i++) {
          const t = performance.now();
          const res = await send();
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${label}: ${res.status}`);
          times.push(performance.now() - t);
        }
        const worst = Math.max(...times);
        console.log(`  preview, ${label}: ${times.map((t) => t.toFixed(0)).join(', ')} ms`);
        lines.push(verdict(`preview of the first 50 of ${n(rows)} rows over HTTP, ${label}: worst of 5 ${worst.toFixed(0)} ms, median ${times.sort((a, b) => a - b)[2]!.toFixed(0)} ms (goal < ${GOAL_PREVIEW_MS} ms)`, worst < GOAL_PREVIEW_MS));
      };
      await timed('text/csv with a saved mapping', () =>
        fetch(`${url}/import/mapping/preview?program_id=${ob!.id}&mapping_id=${saved.payload.id}`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: file.text }),
      );
      await timed('multipart with the mapping inline', () => {
        const form = new FormData();
        form.append('mapping', JSON.stringify(mapping));
        form.append('file', new Blob([file.text], { type: 'text/csv' }), 'city.csv');
        return fetch(`${url}/import/mapping/preview?program_id=${ob!.id}`, { method: 'POST', headers: auth, body: form });
      });
    } finally {
      await app.close();
    }
    console.log('');
    return lines;
  } finally {
    await scratch.database.close();
    await scratch.drop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { rows: { type: 'string' } } });
  const url = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/beach_bench';
  benchMappedImport(url, { rows: values.rows === undefined ? undefined : Number(values.rows) }).then(
    (lines) => {
      for (const line of lines) console.log(`  ${line}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
