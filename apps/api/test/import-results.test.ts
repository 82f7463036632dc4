import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase, queryRows, runMigrations } from '../src/db/client';
import { seedReference } from '../src/db/seed/reference';
import { formatImportReport, ImportError, importLegacyResults } from '../src/modules/results/service/legacy-import';
import { createTestContext, DATABASE_KIND, TEST_DATABASE_URL, type TestContext } from './helpers';
import { layoutCsv, stationsOf, tableCounts, verify, type CsvLine } from './results-fixtures';
import { CITY_MAPPING, cityCsv } from '@beach/domain/import-mapping/test-fixtures';

/** The city department's mapping (issue 29), its new beaches created in Avalon, Cape May. */
const cityMapping = { ...CITY_MAPPING, new_station_places: { from: 'constant', county: 'Cape May', municipality: 'Avalon', location_type: 'OCEAN' } };

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// Reference places spelled as agencies' files spell them: 'Avalon' of 'Cape May' in the database.
const TOWN = { municipality: 'Avalon Borough', county: 'Cape May County', location: 'Ocean' };
const PRIMARY = 'Import Town - Test Beach';
const BEACH = 'Test Beach';
const at = (station: string, date: string, measure: string, extra: Partial<CsvLine> = {}): CsvLine => ({
  station,
  beach: BEACH,
  ...TOWN,
  lat: '39.5',
  lon: '-74.2',
  date,
  measure,
  ...extra,
});

const file = () =>
  layoutCsv(
    [
      at(PRIMARY, '06/01/2026', '20', { type: 'Primary' }), // line 2
      at(PRIMARY, '06/08/2026', '300'), // 3: Open -> Advisory
      at(`${PRIMARY} N1`, '06/09/2026', '400', { time: '10:30' }), // 4: bracket by name: Advisory -> Closed
      at('Import Town - Odd Bracket', '06/10/2026', '12', { type: 'Bracket', time: '11:00' }), // 5: bracket by Primary_Station_Name (Open stays Open)
      at(PRIMARY, '06/10/2026', '30'), // 6: Closed -> Open
      at(PRIMARY, '31/06/2026', '30'), // 7: bad date
      at('Lonely Beach W2', '06/10/2026', '30', { beach: 'Lonely Beach' }), // 8: bracket without a primary: kept, unlinked
      at('No Place Station', '06/10/2026', '30', { beach: 'No Place', lat: '', lon: '' }), // 9: new station without a position
      at(PRIMARY, '06/11/2026', '', { remark: 'Not sampled' }), // 10: no value
      at(PRIMARY, '06/12/2026', '15', { parameter: 'Salinity' }), // 11: unknown parameter
    ],
    ',Primary_Station_Name',
    (l) => (l.station === 'Import Town - Odd Bracket' ? `,${PRIMARY}` : ','),
  );

async function history(stationId: number) {
  return queryRows<{ from_code: string | null; to_code: string; source: string; effective_date: string }>(
    ctx.database.db,
    sql`select f.code as from_code, t.code as to_code, h.source, h.effective_date::text as effective_date
        from beach_status_history h left join beach_statuses f on f.beach_status_id = h.from_status_id
        join beach_statuses t on t.beach_status_id = h.to_status_id
        where h.beach_station_id = ${stationId} order by h.beach_status_history_id`,
  );
}

/** The station's current status and the local day (America/New_York) its status_since falls on, and whether it is that day's start. */
async function currentStatus(stationId: number) {
  const [row] = await queryRows<{ code: string | null; since_day: string | null; at_day_start: boolean | null }>(
    ctx.database.db,
    sql`select st.code, (s.status_since at time zone 'America/New_York')::date::text as since_day,
               s.status_since = (s.status_since at time zone 'America/New_York')::date::timestamp at time zone 'America/New_York' as at_day_start
        from beach_stations s left join beach_statuses st on st.beach_status_id = s.current_status_id
        where s.beach_station_id = ${stationId}`,
  );
  return row!;
}

describe(`legacy import on ${DATABASE_KIND}`, () => {
  it('creates the beaches and stations it needs in existing places, imports the good rows, rejects the rest by line, and replays the rules quietly', async () => {
    const before = await tableCounts(ctx);
    const report = await importLegacyResults(ctx.database.db, {
      programAbbv: 'OB',
      verified: true,
      replayRules: true,
      fileName: 'legacy.csv',
      text: file(),
      timeZone: 'America/New_York',
    });
    expect(report).toMatchObject({
      file: 'legacy.csv',
      program: 'OB',
      organization: 'NJDEP',
      rows: 10,
      inserted: 7,
      duplicates: 0,
      rejectedRows: 3,
      created: { beaches: 2, stations: 4, inactiveStations: 0, unlinkedBrackets: 1 },
      statusChanges: 3,
    });
    expect(report.rejected.map((r) => r.line)).toEqual([7, 9, 11]);
    expect(report.rejected[1]!.message).toMatch(/needs Lat_DD and Lon_DD/);
    expect(report.warnings).toEqual([expect.objectContaining({ line: 8, message: expect.stringMatching(/Bracket station 'Lonely Beach W2': no primary station 'Lonely Beach' or at beach 'Lonely Beach'/) })]);

    const stations = (await stationsOf(ctx, 'OB')).filter((s) => s.beach_name === BEACH);
    const primary = stations.find((s) => s.station_name === PRIMARY)!;
    expect(stations.map((s) => [s.station_name, s.station_type, s.primary_station_id])).toEqual(
      expect.arrayContaining([
        [PRIMARY, 'PRIMARY', null],
        [`${PRIMARY} N1`, 'BRACKET', primary.beach_station_id],
        ['Import Town - Odd Bracket', 'BRACKET', primary.beach_station_id],
      ]),
    );
    // The new station starts Open; the rules then run in sample order, each change from the day after its sample.
    expect(await history(primary.beach_station_id)).toEqual([
      { from_code: null, to_code: 'OPEN', source: 'IMPORT', effective_date: '2026-06-01' },
      { from_code: 'OPEN', to_code: 'ADVISORY', source: 'RULE', effective_date: '2026-06-09' },
      { from_code: 'ADVISORY', to_code: 'CLOSED', source: 'RULE', effective_date: '2026-06-10' },
      { from_code: 'CLOSED', to_code: 'OPEN', source: 'RULE', effective_date: '2026-06-11' },
    ]);
    // status_since is the day the last change took effect (Closed -> Open from 2026-06-11), not the import time.
    expect(await currentStatus(primary.beach_station_id)).toEqual({ code: 'OPEN', since_day: '2026-06-11', at_day_start: true });
    const after = await tableCounts(ctx);
    expect(after.results).toBe(before.results! + 7);
    expect(after.mail_outbox).toBe(before.mail_outbox);
    // Places are reference data: matched by name, never created.
    expect([after.counties, after.municipalities]).toEqual([before.counties, before.municipalities]);
    const [states] = await queryRows<{ n: number; verified: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, count(*) filter (where verification_state = 'VERIFIED')::int as verified
          from results r join beach_stations s on s.beach_station_id = r.beach_station_id join beaches b on b.beach_id = s.beach_id
          where b.name = ${BEACH} and r.import_key is not null`,
    );
    expect(states).toEqual({ n: 6, verified: 6 });

    const text = formatImportReport(report);
    expect(text).toMatch(/^legacy\.csv -> OB \(entered as NJDEP\): 10 rows\n/);
    expect(text).toContain('Refused (3 rows):');
    expect(text).toMatch(/\n {8}1 {2}Result_Date must be MM\/DD\/YYYY\n {11}line 7\n/);
    expect(text).toMatch(
      /\n10 rows read, 7 inserted, 0 skipped as already present, 3 rejected; 4 stations created \(2 new beaches, 1 bracket without a primary\); 3 status changes; \d+\.\d s, [\d,]+ rows\/s$/,
    );
  });

  it('starts a new primary Open without --replay-rules, so live verification then fires its rules', async () => {
    const beach = 'Live Beach';
    const station = 'Import Town - Live Beach';
    const report = await importLegacyResults(ctx.database.db, {
      programAbbv: 'OB',
      verified: false,
      replayRules: false,
      fileName: 'live.csv',
      text: layoutCsv([at(station, '06/16/2026', '20', { beach }), at(station, '06/15/2026', '300', { beach, time: '08:00' })]),
      timeZone: 'America/New_York',
    });
    expect(report).toMatchObject({ inserted: 2, statusChanges: 0, created: { beaches: 1, stations: 1 } });
    const primary = (await stationsOf(ctx, 'OB')).find((s) => s.station_name === station)!;
    expect(primary.station_type).toBe('PRIMARY');
    // Open from its first sample day in the file, with the history row that says so.
    expect(await currentStatus(primary.beach_station_id)).toEqual({ code: 'OPEN', since_day: '2026-06-15', at_day_start: true });
    expect(await history(primary.beach_station_id)).toEqual([{ from_code: null, to_code: 'OPEN', source: 'IMPORT', effective_date: '2026-06-15' }]);

    const [exceedance] = await queryRows<{ result_id: number }>(
      ctx.database.db,
      sql`select result_id from results where beach_station_id = ${primary.beach_station_id} and value = 300 and verification_state = 'UNVERIFIED'`,
    );
    const outcome = await verify(ctx, await ctx.login('verifier@example.org'), [exceedance!.result_id]);
    expect(outcome.status_changes).toEqual([
      expect.objectContaining({ beach_station_id: primary.beach_station_id, from_status: expect.objectContaining({ code: 'OPEN' }), to_status: expect.objectContaining({ code: 'ADVISORY' }), result_id: exceedance!.result_id }),
    ]);
    expect((await currentStatus(primary.beach_station_id)).code).toBe('ADVISORY');
  });

  it('adds nothing when the same file comes again', async () => {
    const before = await tableCounts(ctx);
    const report = await importLegacyResults(ctx.database.db, {
      programAbbv: 'OB',
      verified: true,
      replayRules: true,
      fileName: 'legacy.csv',
      text: file(),
      timeZone: 'America/New_York',
    });
    expect(report).toMatchObject({ inserted: 0, duplicates: 7, statusChanges: 0, created: { beaches: 0, stations: 0 } });
    const after = await tableCounts(ctx);
    expect({ ...after, audit_log: before.audit_log }).toEqual(before);
    expect(after.audit_log).toBe(before.audit_log! + 1);
  });

  it('imports unverified results without touching statuses, and refuses an unknown program or organization', async () => {
    const report = await importLegacyResults(ctx.database.db, {
      programAbbv: 'ob',
      organizationAbbv: 'CEL',
      verified: false,
      replayRules: false,
      fileName: 'lab.csv',
      text: layoutCsv([at(PRIMARY, '06/20/2026', '999')]),
      timeZone: 'America/New_York',
    });
    expect(report).toMatchObject({ organization: 'CEL', inserted: 1, statusChanges: 0 });
    await expect(
      importLegacyResults(ctx.database.db, { programAbbv: 'NOPE', verified: false, replayRules: false, fileName: 'x.csv', text: '', timeZone: 'UTC' }),
    ).rejects.toThrow(ImportError);
    await expect(
      importLegacyResults(ctx.database.db, { programAbbv: 'OB', organizationAbbv: 'NOPE', verified: false, replayRules: false, fileName: 'x.csv', text: '', timeZone: 'UTC' }),
    ).rejects.toThrow(/No organization/);
    await expect(
      importLegacyResults(ctx.database.db, { programAbbv: 'OB', verified: false, replayRules: false, fileName: 'x.csv', text: 'a,b\n1,2', timeZone: 'UTC' }),
    ).rejects.toThrow(/Missing columns/);
  });
});

/** Runs the CLI as `npm run import:results` does, with the given environment. */
function runCli(args: string[], env: Record<string, string>): Promise<{ code: number; out: string; err: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/import-results.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', ...env },
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? -1, out, err }));
  });
}

describe(`npm run import:results on ${DATABASE_KIND}`, () => {
  let dir: string;
  let env: Record<string, string>;
  let dropDatabase = async () => {};

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'bp-import-cli-'));
    env = { DATA_DIR: dir, JWT_SECRET: randomBytes(32).toString('hex'), NODE_ENV: 'test' };
    let url: string | undefined;
    if (TEST_DATABASE_URL) {
      const name = `bp_import_${process.pid}_${randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`create database ${name}`);
      await admin.end();
      const u = new URL(TEST_DATABASE_URL);
      u.pathname = `/${name}`;
      url = u.toString();
      env.DATABASE_URL = url;
      dropDatabase = async () => {
        const client = new pg.Client({ connectionString: TEST_DATABASE_URL });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      };
    }
    // An empty database with the code lists and one program run by an admin organization.
    const database = await openDatabase(url ? { url } : { pgliteDir: path.join(dir, 'pglite') });
    await runMigrations(database);
    await seedReference(database.db);
    await database.db.execute(sql`insert into programs (name, abbv, color) values ('Ocean Beaches', 'OB', '#005ea2')`);
    await database.db.execute(sql`insert into organizations (name, abbv, is_admin_organization) values ('State Agency', 'SA', true)`);
    await database.db.execute(sql`insert into organization_programs (organization_id, program_id, data_interaction_level) select o.organization_id, p.program_id, 2 from organizations o, programs p`);
    // Reference places (the demo seeds New Jersey's; an agency's database has its own).
    await database.db.execute(sql`insert into counties (name) values ('Cape May')`);
    await database.db.execute(sql`insert into municipalities (county_id, name) select county_id, 'Avalon' from counties`);
    // A station with a position in Avalon, in a program of its own: the city file's new stations (no coordinates) are placed near it.
    await database.db.execute(sql`insert into programs (name, abbv, color) values ('Anchor Program', 'AP', '#000000')`);
    await database.db.execute(
      sql`insert into beaches (program_id, name, municipality_id, category) select p.program_id, 'Anchor Beach', m.municipality_id, 'OCEAN' from programs p, municipalities m where p.abbv = 'AP'`,
    );
    await database.db.execute(
      sql`insert into beach_stations (beach_id, station_name, station_type, latitude, longitude) select beach_id, 'Anchor', 'PRIMARY', 39.09, -74.73 from beaches where name = 'Anchor Beach'`,
    );
    // A saved mapping of the admin organization (--mapping NAME).
    await database.db.execute(
      sql`insert into import_mappings (organization_id, name, mapping) select organization_id, 'City beaches', ${JSON.stringify(cityMapping)} from organizations where abbv = 'SA'`,
    );
    await database.close();
    writeFileSync(path.join(dir, 'legacy.csv'), file());
  }, 300_000);
  afterAll(async () => {
    await dropDatabase();
    rmSync(dir, { recursive: true, force: true });
  });

  it('imports a file into the configured database and reports it; a second run adds nothing', async () => {
    const first = await runCli(['--program', 'OB', '--verified', '--replay-rules', path.join(dir, 'legacy.csv')], env);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/legacy\.csv -> OB \(entered as SA\): 10 rows/);
    expect(first.out).toMatch(/10 rows read, 7 inserted, 0 skipped as already present, 3 rejected; 4 stations created/);
    expect(first.out).toContain("Station_Name: New station 'No Place Station' needs Lat_DD and Lon_DD\n           line 9\n");
    const second = await runCli(['--program', 'OB', path.join(dir, 'legacy.csv')], env);
    expect(second.code).toBe(0);
    expect(second.out).toMatch(/10 rows read, 0 inserted, 7 skipped as already present, 3 rejected; 0 stations created/);
  }, 300_000);

  it('takes --map-program, --map-remark and --dry-run, and exits 1 for a file it refuses whole', async () => {
    const other = path.join(dir, 'other.csv');
    writeFileSync(other, layoutCsv([at(PRIMARY, '06/21/2026', '12', { program: 'Agency Program', remark: 'QQ' })]));
    const refused = await runCli(['--program', 'OB', other], env);
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/\n {8}1 {2}Program_Name 'Agency Program' is not OB \(Ocean Beaches\): to import its rows, map it with --map-program 'Agency Program=ABBV'\n/);
    const maps = ['--map-program', 'Agency Program=OB', '--map-remark', 'QQ=K'];
    const dry = await runCli(['--program', 'OB', '--dry-run', ...maps, other], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/^DRY RUN \(nothing was written\): other\.csv -> OB/);
    expect(dry.out).toMatch(/\nWould import: 1 rows read, 1 inserted, 0 skipped as already present, 0 rejected/);
    const real = await runCli(['--program', 'OB', ...maps, other], env);
    expect(real.code).toBe(0);
    expect(real.out).toMatch(/\n1 rows read, 1 inserted, 0 skipped as already present, 0 rejected; 0 stations created; 0 status changes; [\d.]+ s, [\d,]+ rows\/s\n$/);
  }, 300_000);

  it('reads a file through --mapping-file or a saved --mapping NAME, with the same report; a re-import adds nothing', async () => {
    const city = path.join(dir, 'city.csv');
    writeFileSync(city, cityCsv(2));
    const mappingFile = path.join(dir, 'city-mapping.json');
    writeFileSync(mappingFile, JSON.stringify(cityMapping, null, 2));
    const first = await runCli(['--program', 'OB', '--verified', '--mapping-file', mappingFile, city], env);
    expect(first.err).toBe('');
    expect(first.code).toBe(0);
    expect(first.out).toMatch(/^city\.csv -> OB \(entered as SA\): 24 rows\n/);
    expect(first.out).toContain('New station created without coordinates');
    expect(first.out).toMatch(/\n24 rows read, 24 inserted, 0 skipped as already present, 0 rejected; 12 stations created \(4 new beaches\); 0 status changes; /);
    const again = await runCli(['--program', 'OB', '--mapping', 'city BEACHES', city], env);
    expect(again.code).toBe(0);
    expect(again.out).toMatch(/\n24 rows read, 0 inserted, 24 skipped as already present, 0 rejected; 0 stations created/);
    const unknown = await runCli(['--program', 'OB', '--mapping', 'Nobody', city], env);
    expect(unknown.code).toBe(1);
    expect(unknown.err).toMatch(/SA has no saved mapping named 'Nobody'/);
    writeFileSync(mappingFile, JSON.stringify({ ...cityMapping, date: { formats: ['NOPE'] } }));
    const bad = await runCli(['--program', 'OB', '--mapping-file', mappingFile, city], env);
    expect(bad.code).toBe(2);
    expect(bad.err).toMatch(/is not a mapping:\n {2}date\.formats\.0: /);
    const both = await runCli(['--program', 'OB', '--mapping', 'City beaches', '--map-remark', 'QQ=K', city], env);
    expect(both.code).toBe(2);
  }, 300_000);

  it('explains its usage and refuses --replay-rules without --verified', async () => {
    expect((await runCli([], env)).code).toBe(2);
    const replay = await runCli(['--program', 'OB', '--replay-rules', 'x.csv'], env);
    expect(replay.code).toBe(2);
    expect(replay.err).toMatch(/add --verified/);
    const missing = await runCli(['--program', 'OB', path.join(dir, 'missing.csv')], env);
    expect(missing.code).toBe(1);
    expect(missing.err).toMatch(/no such file/);
  }, 300_000);
});
