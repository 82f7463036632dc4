import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { effectivePermissionMap, type PermissionMap } from '@beach/domain';
import { createTestDatabase } from '../../../test/db';
import { verifyPassword } from '../../lib/passwords';
import { findUserProfile } from '../../modules/users/repository';
import { queryRows, type Database } from '../client';
import { websiteToggles } from '../schema';
import { laborDay, memorialDay, swimSeason } from './dates';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemo, TEST_SCALE_TODAY, type DemoSummary } from './demo';
import { seedReference } from './reference';
import { truncateAll } from './reset';

type Row = Record<string, unknown>;
const rowsOf = <T extends Row>(database: Database, query: SQL) => queryRows<T>(database.db, query);

const REFERENCE_TABLES = [
  'beach_statuses',
  'remark_codes',
  'result_units',
  'parameters',
  'organization_groups',
  'organization_categories',
  'incident_types',
  'beacon_reasons',
  'beacon_sources',
  'website_toggles',
];

async function referenceSnapshot(database: Database) {
  const out: Record<string, Row[]> = {};
  for (const table of REFERENCE_TABLES) out[table] = await rowsOf(database, sql.raw(`select * from ${table} order by 1`));
  return out;
}

/**
 * One database for the whole file, reseeded (truncate + seed) where a test needs a fresh one: opening a
 * PGlite instance costs seconds, many more on a busy machine. The describes run in order.
 */
let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
});
afterAll(() => drop());

const reseed = async (options: Parameters<typeof seedDemo>[1]) => {
  await truncateAll(database.db);
  await seedReference(database.db);
  return seedDemo(database.db, options);
};

describe('swim seasons', () => {
  it('run from the Saturday of Memorial Day weekend to Labor Day, with pre-season sampling from mid-May', () => {
    expect(memorialDay(2026)).toBe('2026-05-25');
    expect(laborDay(2026)).toBe('2026-09-07');
    expect(swimSeason(2026)).toEqual({ year: 2026, preseasonStart: '2026-05-11', startDate: '2026-05-23', endDate: '2026-09-07' });
    expect(swimSeason(2024)).toEqual({ year: 2024, preseasonStart: '2024-05-13', startDate: '2024-05-25', endDate: '2024-09-02' });
  });
});

describe('seedReference', () => {
  it('is idempotent and keeps values staff have changed', async () => {
    await seedReference(database.db);
    const first = await referenceSnapshot(database);
    expect(first.beach_statuses!.map((s) => s.code)).toEqual(['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED']);
    expect(first.beach_statuses!.map((s) => s.marker_symbol)).toEqual(['O', 'A', 'C', 'N']);
    expect(first.remark_codes!.filter((r) => r.is_no_value).map((r) => r.code).sort()).toEqual(['LA', 'LF', 'NS']);
    expect(first.website_toggles!.find((w) => w.code === 'WELCOME_MODAL')).toMatchObject({ name: 'Welcome pop-up', value: true });

    await database.db.update(websiteToggles).set({ value: false }).where(sql`${websiteToggles.code} = 'WELCOME_MODAL'`);
    await seedReference(database.db);
    const second = await referenceSnapshot(database);
    expect(second.website_toggles!.find((w) => w.code === 'WELCOME_MODAL')!.value).toBe(false);
    second.website_toggles!.find((w) => w.code === 'WELCOME_MODAL')!.value = true;
    expect(second).toEqual(first);
  });
});

describe("seedDemo at 'test' scale", () => {
  let summary: DemoSummary;
  let elapsedMs: number;

  beforeAll(async () => {
    await truncateAll(database.db);
    await seedReference(database.db);
    const started = Date.now();
    summary = await seedDemo(database.db, { scale: 'test' });
    elapsedMs = Date.now() - started;
  });

  it('builds a small agency ending mid-season', async () => {
    console.info(`seedDemo('test') took ${elapsedMs} ms: ${JSON.stringify(summary.counts)}`);
    expect(summary.today).toBe(TEST_SCALE_TODAY);
    expect(summary.seasons).toEqual([2026]);
    expect(summary.counts).toMatchObject({ counties: 21, programs: 4, logicRules: 16, stations: 30, primaryStations: 10 });
    expect(summary.counts.results).toBeGreaterThan(80);
    expect(summary.counts.exceedances).toBeGreaterThan(0);
    const [counted] = await rowsOf<{ stations: number; results: number; history: number }>(
      database,
      sql`select (select count(*)::int from beach_stations) as stations, (select count(*)::int from results) as results,
                 (select count(*)::int from beach_status_history) as history`,
    );
    expect(counted).toEqual({ stations: summary.counts.stations, results: summary.counts.results, history: summary.counts.statusHistory });
  });

  it('creates the six demo accounts with their roles', async () => {
    const users = await rowsOf<{ user_id: number; email: string; force_password_reset: boolean; active: boolean; password_hash: string }>(
      database,
      sql`select user_id, email, force_password_reset, active, password_hash from users`,
    );
    const byEmail = new Map(users.map((u) => [u.email, u]));
    for (const account of DEMO_ACCOUNTS) expect(byEmail.get(account.email)?.active, account.email).toBe(true);
    expect(await verifyPassword(byEmail.get('admin@example.org')!.password_hash, DEMO_PASSWORD)).toBe(true);
    expect(users.filter((u) => u.force_password_reset).map((u) => u.email)).toEqual(['newuser@example.org']);

    const programs = await rowsOf<{ program_id: number; abbv: string }>(database, sql`select program_id, abbv from programs`);
    const programId = (abbv: string) => programs.find((p) => p.abbv === abbv)!.program_id;
    const profile = async (email: string) => (await findUserProfile(database.db, byEmail.get(email)!.user_id))!;
    const levels = (map: PermissionMap) => Object.fromEntries(Object.entries(map).filter(([, level]) => level !== 'NONE'));
    const rules = (p: Awaited<ReturnType<typeof profile>>, abbv: string) =>
      p.organization.programs.find((x) => x.program_id === programId(abbv))?.rules;

    const admin = await profile('admin@example.org');
    expect(admin.organization.is_admin_organization).toBe(true);
    expect(admin.organization.programs).toHaveLength(4);
    for (const p of programs) {
      expect(Object.values(effectivePermissionMap(admin, p.program_id))).toEqual(Array(6).fill('ADMIN'));
      expect(rules(admin, p.abbv)).toMatchObject({ has_secondary_verification: 1, data_interaction_level: 2, category_incidents: 2 });
    }

    const verifier = await profile('verifier@example.org');
    expect(verifier.organization.is_admin_organization).toBe(false);
    expect(levels(effectivePermissionMap(verifier, programId('OB')))).toEqual({ DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN' });
    expect(rules(verifier, 'OB')!.has_secondary_verification).toBe(1);
    expect(new Set(verifier.program_permissions.map((p) => p.program.abbv))).toEqual(new Set(['OB']));

    const sampler = await profile('sampler@example.org');
    expect(rules(sampler, 'OB')!.data_interaction_level).toBe(1);
    expect(sampler.program_permissions.map((p) => [p.program.abbv, p.permission.code, p.access_level.code])).toEqual([
      ['OB', 'DATA_EDITING', 'USER'],
    ]);
    expect(levels(effectivePermissionMap(sampler, programId('OB')))).toEqual({ DATA_EDITING: 'USER' });

    const health = await profile('health@example.org');
    expect(health.organization.name).toBe('Monmouth County Health Department');
    expect(levels(effectivePermissionMap(health, programId('OB')))).toEqual({ INCIDENTS: 'ADMIN', SANITARY_SURVEYS: 'USER' });
    expect(levels(effectivePermissionMap(health, programId('BB')))).toEqual({ INCIDENTS: 'USER', SANITARY_SURVEYS: 'USER' });
    expect(levels(effectivePermissionMap(health, programId('LK')))).toEqual({});

    const multi = await profile('multi@example.org');
    expect(multi.organization.programs.map((p) => p.abbv).sort()).toEqual(['LK', 'OB', 'RV']);
    expect(new Set(multi.program_permissions.map((p) => p.program.abbv))).toEqual(new Set(['LK', 'OB', 'RV']));
    expect(multi.program_permissions.every((p) => p.access_level.code === 'USER')).toBe(true);
    for (const abbv of ['OB', 'LK', 'RV']) expect(Object.values(effectivePermissionMap(multi, programId(abbv)))).toContain('USER');
  });

  it('gives every bracket a primary of the same beach, and status only to primaries', async () => {
    const stations = await rowsOf<{ id: number; type: string; primary: number | null; beach: number; status: number | null }>(
      database,
      sql`select beach_station_id as id, station_type as type, primary_station_id as primary, beach_id as beach, current_status_id as status
          from beach_stations`,
    );
    const byId = new Map(stations.map((s) => [s.id, s]));
    const brackets = stations.filter((s) => s.type === 'BRACKET');
    expect(brackets.length).toBeGreaterThan(0);
    for (const b of brackets) {
      const primary = byId.get(b.primary!);
      expect(primary?.type).toBe('PRIMARY');
      expect(primary?.beach).toBe(b.beach);
      expect(b.status).toBeNull();
    }
    for (const p of stations.filter((s) => s.type === 'PRIMARY')) expect(p.status).not.toBeNull();
  });

  it('keeps status history a consistent chain ending in each primary current status', async () => {
    const history = await rowsOf<{ station: number; from: number | null; to: number; date: string; type: string }>(
      database,
      sql`select h.beach_station_id as station, h.from_status_id as "from", h.to_status_id as "to", h.effective_date::text as date,
                 s.station_type as type
          from beach_status_history h join beach_stations s using (beach_station_id)
          order by h.beach_station_id, h.effective_date, h.beach_status_history_id`,
    );
    const current = new Map(
      (await rowsOf<{ id: number; status: number }>(database, sql`select beach_station_id as id, current_status_id as status from beach_stations where station_type = 'PRIMARY'`)).map(
        (r) => [r.id, r.status],
      ),
    );
    expect(history.every((h) => h.type === 'PRIMARY')).toBe(true);
    const last = new Map<number, (typeof history)[number]>();
    for (const h of history) {
      const previous = last.get(h.station);
      expect(h.from).toBe(previous ? previous.to : null);
      expect(h.to).not.toBe(h.from);
      last.set(h.station, h);
    }
    for (const [station, status] of current) expect(last.get(station)?.to, `station ${station}`).toBe(status);
  });

  it('changes status by rule only as the rule says, for verified results of the station or its brackets', async () => {
    const fired = await rowsOf<{
      value: number;
      compare: number;
      less: boolean;
      from: number;
      previous: number;
      to: number;
      set_to: number;
      state: string;
      history_station: number;
      result_primary: number;
      result_unit: number;
      rule_unit: number | null;
      rule_program: number;
      result_program: number;
    }>(
      database,
      sql`select r.value, l.compare_value as compare, l.is_less_than_value as less, h.from_status_id as "from",
                 l.previous_beach_status_id as previous, h.to_status_id as "to", l.set_to_beach_status_id as set_to,
                 r.verification_state as state, h.beach_station_id as history_station,
                 coalesce(s.primary_station_id, s.beach_station_id) as result_primary, r.result_unit_id as result_unit,
                 l.result_unit_id as rule_unit, l.program_id as rule_program, b.program_id as result_program
          from beach_status_history h
          join program_beach_logic l on l.program_beach_logic_id = h.program_beach_logic_id
          join results r on r.result_id = h.result_id
          join beach_stations s on s.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = s.beach_id
          where h.source = 'RULE'`,
    );
    const [{ n: ruleRows } = { n: 0 }] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from beach_status_history where source = 'RULE'`);
    expect(fired.length).toBe(ruleRows);
    expect(fired.length).toBeGreaterThan(0);
    for (const f of fired) {
      expect(f.less ? f.value <= f.compare : f.value > f.compare).toBe(true);
      expect(f.from).toBe(f.previous);
      expect(f.to).toBe(f.set_to);
      expect(f.state).not.toBe('UNVERIFIED');
      expect(f.result_primary).toBe(f.history_station);
      expect(f.rule_program).toBe(f.result_program);
      if (f.rule_unit != null) expect(f.result_unit).toBe(f.rule_unit);
    }
  });

  it('follows each program action value: exceedances above it open advisories', async () => {
    const thresholds = await rowsOf<{ abbv: string; bav: number; compare: number }>(
      database,
      sql`select p.abbv, t.beach_action_value as bav, min(l.compare_value) as compare
          from programs p join program_thresholds t using (program_id) join program_beach_logic l using (program_id)
          group by p.abbv, t.beach_action_value order by p.abbv`,
    );
    expect(thresholds).toEqual([
      { abbv: 'BB', bav: 104, compare: 104 },
      { abbv: 'LK', bav: 235, compare: 235 },
      { abbv: 'OB', bav: 104, compare: 104 },
      { abbv: 'RV', bav: 235, compare: 235 },
    ]);
  });

  it('ends with current advisories and closures that need resampling and have open incidents', async () => {
    const stations = await rowsOf<{ id: number; code: string; resample: boolean; open_incidents: number; bracket_resample: boolean | null }>(
      database,
      sql`select s.beach_station_id as id, st.code, s.needs_resample as resample,
                 (select count(*)::int from incidents i where i.beach_station_id = s.beach_station_id and i.state = 'OPEN') as open_incidents,
                 (select bool_and(b.needs_resample) from beach_stations b where b.primary_station_id = s.beach_station_id) as bracket_resample
          from beach_stations s join beach_statuses st on st.beach_status_id = s.current_status_id`,
    );
    const codes = stations.map((s) => s.code);
    expect(codes).toContain('ADVISORY');
    expect(codes).toContain('CLOSED');
    for (const s of stations) {
      const bad = s.code === 'ADVISORY' || s.code === 'CLOSED';
      expect(s.resample).toBe(bad);
      expect(s.open_incidents).toBe(bad ? 1 : 0);
      if (bad && s.bracket_resample !== null) expect(s.bracket_resample).toBe(true);
    }
  });

  it('leaves a few of the latest results unverified, none of which changed a status', async () => {
    const rows = await rowsOf<{ id: number; date: string; latest: string; used: boolean }>(
      database,
      sql`select r.result_id as id, r.sample_date::text as date,
                 (select max(r2.sample_date)::text from results r2 join beach_stations s2 using (beach_station_id) join beaches b2 using (beach_id)
                   where b2.program_id = b.program_id) as latest,
                 exists (select 1 from beach_status_history h where h.result_id = r.result_id) as used
          from results r join beach_stations s using (beach_station_id) join beaches b using (beach_id)
          where r.verification_state = 'UNVERIFIED'`,
    );
    expect(rows.length).toBe(summary.counts.unverifiedResults);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    for (const r of rows) {
      expect(r.date).toBe(r.latest);
      expect(r.used).toBe(false);
    }
  });

  it('gives every incident one daily entry per day from start to end', async () => {
    const incidents = await rowsOf<{ id: number; days: number; entries: number; state: string; final: string | null }>(
      database,
      sql`select i.incident_id as id, (coalesce(i.end_date, ${TEST_SCALE_TODAY}::date) - i.start_date + 1)::int as days,
                 (select count(*)::int from incident_daily_entries e where e.incident_id = i.incident_id) as entries,
                 i.state, i.final_comments as final
          from incidents i`,
    );
    expect(incidents.length).toBeGreaterThan(0);
    for (const inc of incidents) {
      expect(inc.entries).toBe(inc.days);
      expect(inc.final === null).toBe(inc.state === 'OPEN');
    }
  });

  it('moves the id sequences past the seeded rows', async () => {
    const [row] = await rowsOf<{ id: number; max: number }>(
      database,
      sql`insert into results (beach_station_id, organization_id, sample_date, parameter_id, value, result_unit_id)
          select beach_station_id, (select min(organization_id) from organizations), '2026-07-14', (select min(parameter_id) from parameters), 12,
                 (select min(result_unit_id) from result_units)
          from beach_stations order by beach_station_id limit 1
          returning result_id as id, (select max(result_id) from results) as max`,
    );
    expect(row!.id).toBeGreaterThan(row!.max);
  });

  it('refuses to seed a database that already has programs', async () => {
    await expect(seedDemo(database.db, { scale: 'test' })).rejects.toThrow(/already has programs/);
  });
});

describe('seedDemo determinism, photos and the off-season', () => {
  const uploadsDir = mkdtempSync(path.join(tmpdir(), 'bp-seed-'));
  afterAll(() => rmSync(uploadsDir, { recursive: true, force: true }));
  const resultRows = sql`select r.result_id, s.station_name, r.sample_date::text, r.value, r.verification_state
                         from results r join beach_stations s using (beach_station_id) order by r.result_id`;
  let first: DemoSummary;
  let firstRows: Row[];

  it('builds the same data from the same seed', { timeout: 120_000 }, async () => {
    first = await reseed({ scale: 'test', seed: 7 });
    firstRows = await rowsOf(database, resultRows);
    const second = await reseed({ scale: 'test', seed: 7, uploadsDir });
    const { beachPhotos, dailyFlightPhotos, uploadedFiles, ...rest } = second.counts;
    expect({ ...rest, beachPhotos: 0, dailyFlightPhotos: 0, uploadedFiles: 0 }).toEqual(first.counts);
    expect(await rowsOf(database, resultRows)).toEqual(firstRows);
    expect(await rowsOf(database, sql`select station_name from beach_stations order by beach_station_id limit 1`)).toEqual([
      { station_name: 'Sea Bright - Anchorage Beach' },
    ]);

    // Photos are real PNG files under the uploads directory, matching their rows.
    expect(beachPhotos).toBeGreaterThan(0);
    expect(uploadedFiles).toBe(beachPhotos! + dailyFlightPhotos!);
    const files = await rowsOf<{ storage_key: string; size_bytes: number; mime_type: string }>(
      database,
      sql`select storage_key, size_bytes, mime_type from uploaded_files`,
    );
    expect(files).toHaveLength(uploadedFiles!);
    for (const f of files) {
      const bytes = readFileSync(path.join(uploadsDir, f.storage_key));
      expect(bytes.length).toBe(f.size_bytes);
      expect(bytes.subarray(1, 4).toString('ascii')).toBe('PNG');
      expect(f.mime_type).toBe('image/png');
    }
  });

  it('draws different samples from another seed', { timeout: 120_000 }, async () => {
    await reseed({ scale: 'test', seed: 8 });
    expect(await rowsOf(database, resultRows)).not.toEqual(firstRows);
  });

  it('shows every station as Not Monitored after the season', { timeout: 120_000 }, async () => {
    const summary = await reseed({ scale: 'test', today: '2026-11-21' });
    expect(summary.seasons).toEqual([2026]);
    const statuses = await rowsOf<{ code: string; n: number }>(
      database,
      sql`select st.code, count(*)::int as n from beach_stations s join beach_statuses st on st.beach_status_id = s.current_status_id group by st.code`,
    );
    expect(statuses).toEqual([{ code: 'NOT_MONITORED', n: 10 }]);
    const [{ n: open } = { n: -1 }] = await rowsOf<{ n: number }>(database, sql`select count(*)::int as n from incidents where state = 'OPEN'`);
    expect(open).toBe(0);
    const [{ n: resampling } = { n: -1 }] = await rowsOf<{ n: number }>(
      database,
      sql`select count(*)::int as n from beach_stations where needs_resample or requires_sanitary_survey`,
    );
    expect(resampling).toBe(0);
    const seasonRows = await rowsOf<{ effective_date: string }>(
      database,
      sql`select distinct effective_date::text from beach_status_history where source = 'SEASON' order by 1`,
    );
    expect(seasonRows.map((r) => r.effective_date)).toEqual(['2026-05-11', '2026-09-08']);
  });
});
