/**
 * Results benchmarks: verifying 1,000 results with the program rules (goal < 1 s) and importing 100,000
 * legacy rows (rows/s). bench/run.ts calls benchVerifyImport(); it also runs on its own:
 *
 *   npx tsx bench/verify-import.ts            PGlite in a temporary directory, or PostgreSQL when
 *                                             BENCH_DATABASE_URL is set
 *   --rows N                                  rows in the import file (default 100,000)
 *
 * Each run works in a scratch database of its own (created and dropped: '<bench database>_results' on
 * PostgreSQL, a temporary PGlite directory otherwise) seeded with the small demo agency, so the
 * national bench data is never touched.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { addDays, csvLine, formatUsDate, WATER_QUALITY_COLUMNS } from '@beach/domain';
import { createDeps } from '../apps/api/src/bootstrap';
import { loadConfig } from '../apps/api/src/config';
import { openDatabase, queryRows, runMigrations, type Database } from '../apps/api/src/db/client';
import { seedDemo } from '../apps/api/src/db/seed/demo';
import { seedReference } from '../apps/api/src/db/seed/reference';
import { importLegacyResults } from '../apps/api/src/modules/results/service/legacy-import';
import { insertResults } from '../apps/api/src/modules/results/repository/writes';
import { findUserProfile } from '../apps/api/src/modules/users/repository';
import { verifyResults } from '../apps/api/src/modules/verification/service';

const VERIFY_COUNT = 1000;
const VERIFY_GOAL_S = 1;
const DEFAULT_IMPORT_ROWS = 100_000;

export interface Scratch {
  database: Database;
  kind: string;
  dataDir: string;
  /** The scratch database's address (PostgreSQL only). */
  url?: string;
  drop(): Promise<void>;
}

export async function scratchDatabase(benchUrl: string | undefined): Promise<Scratch> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'beach-bench-results-'));
  if (!benchUrl) {
    const database = await openDatabase({ pgliteDir: path.join(dataDir, 'pglite') });
    await runMigrations(database);
    return { database, kind: 'PGlite', dataDir, drop: async () => rmSync(dataDir, { recursive: true, force: true }) };
  }
  const base = new URL(benchUrl);
  const name = `${decodeURIComponent(base.pathname.slice(1)) || 'beach_bench'}_results`;
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name '${name}'`);
  const admin = new URL(benchUrl);
  admin.pathname = '/postgres';
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: admin.toString() });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(benchUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolSize: 4 });
  await runMigrations(database);
  return {
    database,
    kind: `PostgreSQL (${name})`,
    dataDir,
    url: url.toString(),
    drop: async () => {
      await run(`drop database if exists ${name} with (force)`);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface StationFact {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  station_type: string;
  program_id: number;
  program_name: string;
  latitude: number;
  longitude: number;
  municipality: string;
  county: string;
  category: string;
  parameter_id: number;
  parameter_name: string;
  unit_id: number;
  unit_name: string;
}

async function stations(database: Database): Promise<StationFact[]> {
  return queryRows<StationFact>(
    database.db,
    sql`select s.beach_station_id, s.station_name, b.name as beach_name, s.station_type, p.program_id, p.name as program_name,
               s.latitude, s.longitude, m.name as municipality, c.name as county, b.category,
               t.parameter_id, pa.name as parameter_name, t.result_unit_id as unit_id, u.name as unit_name
        from beach_stations s join beaches b on b.beach_id = s.beach_id join programs p on p.program_id = b.program_id
        join municipalities m on m.municipality_id = b.municipality_id join counties c on c.county_id = m.county_id
        join program_thresholds t on t.program_id = p.program_id join parameters pa on pa.parameter_id = t.parameter_id
        join result_units u on u.result_unit_id = t.result_unit_id
        order by s.beach_station_id`,
  );
}

/** A skewed (log-normal) count like the demo's bay beaches: about one in twenty above 104. */
function labValue(random: () => number): number {
  const z = Math.sqrt(-2 * Math.log(1 - random())) * Math.cos(2 * Math.PI * random());
  return Math.max(1, Math.round(Math.exp(Math.log(20) + z)));
}

/** 1,000 unverified results spread over every station and 30 days, verified in one batch as an administrator would. */
async function benchVerify(scratch: Scratch, random: () => number): Promise<string[]> {
  const { database } = scratch;
  const all = await stations(database);
  const [admin] = await queryRows<{ user_id: number; organization_id: number }>(
    database.db,
    sql`select user_id, organization_id from users where email = 'admin@example.org'`,
  );
  const rows = Array.from({ length: VERIFY_COUNT }, (_, i) => {
    const s = all[i % all.length]!;
    return {
      beach_station_id: s.beach_station_id,
      organization_id: admin!.organization_id,
      sample_date: addDays('2026-06-01', Math.floor(i / all.length) % 30),
      // Before any demo sample time (04:00 onwards, an hour more each time the 30 days wrap), so no row repeats
      // another's or a seeded result's natural key (decision 0018).
      sample_time_hh: String(4 + Math.floor(i / all.length / 30)).padStart(2, '0'),
      sample_time_mm: String(i % 60).padStart(2, '0'),
      parameter_id: s.parameter_id,
      value: labValue(random),
      remark_code_id: null,
      result_unit_id: s.unit_id,
      is_resample: false,
      lab_name: '',
      comments: '',
      entered_by: admin!.user_id,
    };
  });
  const ids = (await insertResults(database.db, rows)) as number[];
  const config = loadConfig({ NODE_ENV: 'production', DATA_DIR: scratch.dataDir, JWT_SECRET: randomBytes(32).toString('hex'), LOG_LEVEL: 'silent' });
  const deps = createDeps(config, database);
  const profile = (await findUserProfile(database.db, admin!.user_id))!;
  const started = process.hrtime.bigint();
  const outcome = await verifyResults(deps, profile, ids);
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  console.log(
    `  verified ${outcome.verified.toLocaleString()} results at ${all.length} stations in ${seconds.toFixed(2)} s: ` +
      `${outcome.status_changes.length} status changes (history rows and e-mails), ${outcome.station_flags.length} stations flagged`,
  );
  return [verdict(`verify ${VERIFY_COUNT.toLocaleString()} results with rules in ${seconds.toFixed(2)} s on ${scratch.kind} (goal < ${VERIFY_GOAL_S} s)`, seconds < VERIFY_GOAL_S)];
}

/** A legacy file: the demo's Ocean stations plus 50 new beaches (primary and two brackets each), over five seasons. */
function* legacyFile(all: readonly StationFact[], rows: number, random: () => number): Generator<string> {
  const ocean = all.filter((s) => s.program_name === 'Ocean Beaches');
  const first = ocean[0]!;
  const fresh = Array.from({ length: 50 }, (_, i) => {
    const name = `Bench Town - Beach ${i + 1}`;
    return [
      // New beaches in a reference town, spelled as agencies' files spell it (places are never created).
      { ...first, station_name: name, beach_name: `Bench Beach ${i + 1}`, station_type: 'PRIMARY', municipality: 'Avalon Borough', county: 'Cape May County' },
      { ...first, station_name: `${name} N1`, beach_name: `Bench Beach ${i + 1}`, station_type: 'BRACKET', municipality: 'Avalon Borough', county: 'Cape May County' },
      { ...first, station_name: `${name} S1`, beach_name: `Bench Beach ${i + 1}`, station_type: 'BRACKET', municipality: 'Avalon Borough', county: 'Cape May County' },
    ];
  }).flat();
  const pool = [...ocean, ...fresh];
  // Primaries first in the file, so every bracket's primary exists however the rows are split.
  pool.sort((a, b) => (a.station_type === b.station_type ? 0 : a.station_type === 'PRIMARY' ? -1 : 1));
  yield csvLine(WATER_QUALITY_COLUMNS);
  let chunk = '';
  for (let i = 0; i < rows; i++) {
    const s = pool[i % pool.length]!;
    const round = Math.floor(i / pool.length);
    // 120 sampling days a season, five seasons, several samples a day at distinct minutes.
    const season = 2021 + (Math.floor(round / 120) % 5);
    const date = addDays(`${season}-05-20`, round % 120);
    const minute = 7 * 60 + (Math.floor(round / 600) % 600);
    chunk += csvLine([
      s.program_name,
      s.station_name,
      s.beach_name,
      s.latitude,
      s.longitude,
      s.municipality,
      s.county,
      s.station_type === 'PRIMARY' ? 'Primary' : 'Bracket',
      s.category[0] + s.category.slice(1).toLowerCase(),
      formatUsDate(date),
      `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`,
      labValue(random),
      '',
      s.unit_name,
      s.parameter_name,
      '',
    ]);
    if (chunk.length > 1 << 20) {
      yield chunk;
      chunk = '';
    }
  }
  if (chunk) yield chunk;
}

async function benchImport(scratch: Scratch, rows: number, random: () => number): Promise<string[]> {
  const all = await stations(scratch.database);
  const text = [...legacyFile(all, rows, random)];
  const first = await importLegacyResults(scratch.database.db, {
    programAbbv: 'OB',
    verified: true,
    replayRules: true,
    fileName: 'bench.csv',
    text,
    timeZone: 'America/New_York',
  });
  const rate = first.rows / (first.ms / 1000);
  console.log(
    `  imported ${first.inserted.toLocaleString()} of ${first.rows.toLocaleString()} rows (verified, rules replayed: ${first.statusChanges.toLocaleString()} status changes; ` +
      `created ${first.created.beaches} beaches, ${first.created.stations} stations) in ${(first.ms / 1000).toFixed(1)} s, ${first.rejectedRows} rejected`,
  );
  const again = await importLegacyResults(scratch.database.db, {
    programAbbv: 'OB',
    verified: true,
    replayRules: true,
    fileName: 'bench.csv',
    text,
    timeZone: 'America/New_York',
  });
  const againRate = again.rows / (again.ms / 1000);
  console.log(`  the same file again: ${again.inserted} inserted, ${again.duplicates.toLocaleString()} already there, ${(again.ms / 1000).toFixed(1)} s`);
  return [
    `import ${first.rows.toLocaleString()} legacy rows: ${fmt(rate)} rows/s (${(first.ms / 1000).toFixed(1)} s, verified with rules replayed) on ${scratch.kind}`,
    `import the same file again: ${fmt(againRate)} rows/s, nothing added`,
  ];
}

/** Both measurements in a scratch database; returns the summary lines run.ts prints. */
export async function benchVerifyImport(benchUrl: string | undefined, options: { importRows?: number } = {}): Promise<string[]> {
  console.log('Results (verify 1,000 with rules; import legacy rows)');
  const scratch = await scratchDatabase(benchUrl);
  const random = mulberry32(7);
  try {
    await seedReference(scratch.database.db);
    await seedDemo(scratch.database.db, { scale: 'test' });
    const lines = [...(await benchVerify(scratch, random)), ...(await benchImport(scratch, options.importRows ?? DEFAULT_IMPORT_ROWS, random))];
    console.log('');
    return lines;
  } finally {
    await scratch.database.close();
    await scratch.drop();
  }
}

function fmt(n: number): string {
  return n >= 1e6 ? `${(n / 1e6).toFixed(2)}M` : n >= 1e4 ? `${(n / 1e3).toFixed(1)}k` : n.toFixed(0);
}

function verdict(text: string, met: boolean): string {
  return `${met ? 'MET ' : 'MISS'}  ${text}`;
}

function mulberry32(seed: number): () => number {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({ options: { rows: { type: 'string' } } });
  benchVerifyImport(process.env.BENCH_DATABASE_URL, { importRows: values.rows ? Number(values.rows.replaceAll('_', '')) : undefined }).then(
    (lines) => {
      console.log('Summary');
      for (const line of lines) console.log(`  ${line}`);
    },
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
}
