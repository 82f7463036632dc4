import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { count, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { newJerseyRules, PERMISSION_AREAS, type BeachLogicRule } from '@beach/domain';
import { hashPassword } from '../../lib/passwords';
import type { Db } from '../client';
import * as schema from '../schema';
import { addDays, localToday, yearOf } from './dates';
import { DEMO_PASSWORD } from './demo';
import { childSeed, mulberry32, normal } from './random';
import { loadReferenceIds, seedReference, type ReferenceIds } from './reference';
import { simulateGroup, type SimGroup, type SimProgram, type SimSeason, type StatusIds } from './simulate';

/**
 * A benchmark database at national scale: thousands of stations in thirty state programs and millions
 * of results, on a PostgreSQL server. Results and status history are generated station by station and
 * streamed into COPY FROM STDIN, so memory stays flat whatever the size. The same simulation as the demo
 * runs the rules, so statuses still follow them. Incidents, surveys and content are left to the demo.
 */

export interface NationalOptions {
  /** Stations in all (default 6,000). */
  stations?: number;
  /** Results to generate, approximately (default 10,000,000; rounded up to whole sampling days). */
  results?: number;
  seed?: number;
  /** Data ends before this day (default: today in New York). */
  today?: string;
  log?: (message: string) => void;
}

export interface NationalSummary {
  programs: number;
  stations: number;
  results: number;
  statusHistory: number;
  years: number[];
  daysPerSeason: number;
  seconds: { setup: number; results: number; history: number; finish: number; total: number };
  resultsPerSecond: number;
}

interface StateSpec {
  code: string;
  name: string;
  fresh: boolean;
  /** Two points along the state's beach coast; stations are spread between them. */
  from: readonly [number, number];
  to: readonly [number, number];
}

/** Coastal and Great Lakes states, with a stretch of shoreline each (approximate). */
const STATES: readonly StateSpec[] = [
  { code: 'ME', name: 'Maine', fresh: false, from: [43.08, -70.7], to: [44.4, -68.2] },
  { code: 'NH', name: 'New Hampshire', fresh: false, from: [42.87, -70.81], to: [43.05, -70.71] },
  { code: 'MA', name: 'Massachusetts', fresh: false, from: [41.3, -70.05], to: [42.7, -70.8] },
  { code: 'RI', name: 'Rhode Island', fresh: false, from: [41.35, -71.85], to: [41.45, -71.3] },
  { code: 'CT', name: 'Connecticut', fresh: false, from: [41.03, -73.6], to: [41.3, -71.9] },
  { code: 'NY', name: 'New York', fresh: false, from: [40.58, -73.95], to: [41.05, -71.9] },
  { code: 'NJ', name: 'New Jersey', fresh: false, from: [40.45, -73.98], to: [38.93, -74.96] },
  { code: 'DE', name: 'Delaware', fresh: false, from: [38.78, -75.08], to: [38.46, -75.05] },
  { code: 'MD', name: 'Maryland', fresh: false, from: [38.45, -75.05], to: [38.03, -75.23] },
  { code: 'VA', name: 'Virginia', fresh: false, from: [37.0, -76.0], to: [36.55, -75.87] },
  { code: 'NC', name: 'North Carolina', fresh: false, from: [36.5, -75.85], to: [33.9, -78.5] },
  { code: 'SC', name: 'South Carolina', fresh: false, from: [33.85, -78.6], to: [32.1, -80.85] },
  { code: 'GA', name: 'Georgia', fresh: false, from: [32.0, -80.85], to: [30.75, -81.45] },
  { code: 'FL', name: 'Florida', fresh: false, from: [30.7, -81.45], to: [25.8, -80.12] },
  { code: 'AL', name: 'Alabama', fresh: false, from: [30.25, -88.1], to: [30.28, -87.55] },
  { code: 'MS', name: 'Mississippi', fresh: false, from: [30.3, -89.4], to: [30.4, -88.5] },
  { code: 'LA', name: 'Louisiana', fresh: false, from: [29.25, -90.2], to: [29.75, -93.5] },
  { code: 'TX', name: 'Texas', fresh: false, from: [29.6, -94.0], to: [26.1, -97.17] },
  { code: 'CA', name: 'California', fresh: false, from: [38.0, -122.8], to: [32.55, -117.13] },
  { code: 'OR', name: 'Oregon', fresh: false, from: [46.2, -123.95], to: [42.05, -124.3] },
  { code: 'WA', name: 'Washington', fresh: false, from: [48.4, -124.7], to: [46.3, -124.05] },
  { code: 'HI', name: 'Hawaii', fresh: false, from: [21.25, -157.85], to: [21.65, -158.1] },
  { code: 'MN', name: 'Minnesota', fresh: true, from: [46.75, -92.1], to: [47.9, -90.0] },
  { code: 'WI', name: 'Wisconsin', fresh: true, from: [42.5, -87.8], to: [44.9, -87.35] },
  { code: 'IL', name: 'Illinois', fresh: true, from: [42.45, -87.8], to: [41.7, -87.53] },
  { code: 'IN', name: 'Indiana', fresh: true, from: [41.62, -87.5], to: [41.75, -86.8] },
  { code: 'MI', name: 'Michigan', fresh: true, from: [41.8, -86.6], to: [45.8, -85.0] },
  { code: 'OH', name: 'Ohio', fresh: true, from: [41.7, -83.45], to: [41.95, -80.52] },
  { code: 'PA', name: 'Pennsylvania', fresh: true, from: [42.0, -80.5], to: [42.27, -79.76] },
  { code: 'VT', name: 'Vermont', fresh: true, from: [44.45, -73.25], to: [44.9, -73.2] },
];

const COUNTIES_PER_STATE = 5;
const TOWNS_PER_COUNTY = 4;

export async function seedNational(pool: pg.Pool, options: NationalOptions = {}): Promise<NationalSummary> {
  const log = options.log ?? (() => {});
  const seed = options.seed ?? 2026;
  const today = options.today ?? localToday();
  const totalStations = Math.max(STATES.length, Math.floor(options.stations ?? 6_000));
  const targetResults = Math.max(totalStations, Math.floor(options.results ?? 10_000_000));

  // Daily sampling of every station: years x days per season x stations covers the target.
  const perStation = Math.ceil(targetResults / totalStations);
  const yearsCount = Math.max(1, Math.ceil(perStation / 180));
  const daysPerSeason = Math.ceil(perStation / yearsCount);
  const lastYear = addDays(`${yearOf(today)}-05-01`, daysPerSeason) <= today ? yearOf(today) : yearOf(today) - 1;
  const seasons: SimSeason[] = Array.from({ length: yearsCount }, (_, i) => {
    const year = lastYear - yearsCount + 1 + i;
    return { year, preseasonStart: `${year}-05-01`, endDate: addDays(`${year}-05-01`, daysPerSeason - 1) };
  });

  const started = Date.now();
  const client = await pool.connect();
  try {
    const db = drizzle({ client, schema }) as unknown as Db;
    await client.query('begin');
    await client.query('set local synchronous_commit = off');
    await client.query("set local maintenance_work_mem = '256MB'");
    // The count tables are built by a few large GROUP BYs (result_counts_rebuild): in memory, not in sort files.
    await client.query("set local work_mem = '256MB'");
    const [existing] = await db.select({ n: count() }).from(schema.programs);
    if ((existing?.n ?? 0) > 0) {
      throw new Error('The database already has programs: the national benchmark needs an empty database (use --reset).');
    }
    await seedReference(db);
    const ref = await loadReferenceIds(db);
    const setup = await seedNationalSetup(db, ref, seasons, totalStations);
    const setupDone = Date.now();
    log(`  setup: ${setup.programs.length} programs, ${setup.stationCount} stations in ${((setupDone - started) / 1000).toFixed(1)} s`);

    const [{ base } = { base: 0 }] = (
      await client.query<{ base: number }>('select coalesce(max(result_id), 0)::int as base from results')
    ).rows;
    const generate = (emit: 'results' | 'history') => generateCsv(setup, ref, seasons, today, seed, base, emit);
    const resultColumns =
      'result_id, beach_station_id, organization_id, sample_date, sample_time_hh, sample_time_mm, parameter_id, value, ' +
      'remark_code_id, result_unit_id, is_resample, comments, verification_state, entered_by, verified_by, verified_at';
    // The result count triggers (decisions 0008, 0040) would group every COPY statement's rows and upsert them
    // into the station and scope count tables, for most of the load's time; off for the load (inside this
    // transaction: nobody else writes results meanwhile), the count tables are then built in one pass.
    await client.query('alter table results disable trigger results_daily_counts_insert');
    const results = await withBulkLoad(client, 'results', log, () =>
      copyInto(client, `copy results (${resultColumns}) from stdin with (format csv)`, generate('results'), (rows, ms) =>
        log(`  results: ${rows.toLocaleString('en-US')} rows copied in ${(ms / 1000).toFixed(1)} s`),
      ),
    );
    await client.query('alter table results enable trigger results_daily_counts_insert');
    const countsStarted = Date.now();
    // The daily counts' date-first index is built once after them (rows arrive in station order, which is
    // random order for that index).
    await withBulkLoad(client, 'result_daily_counts', log, () => client.query('select result_counts_rebuild()'));
    log(`  result counts (station and scope) built in ${((Date.now() - countsStarted) / 1000).toFixed(1)} s`);
    const resultsDone = Date.now();
    const historyColumns =
      'beach_station_id, from_status_id, to_status_id, effective_date, changed_at, source, program_beach_logic_id, result_id, reason_code, reason';
    const history = await withBulkLoad(client, 'beach_status_history', log, () =>
      copyInto(client, `copy beach_status_history (${historyColumns}) from stdin with (format csv)`, generate('history'), (rows, ms) =>
        log(`  status history: ${rows.toLocaleString('en-US')} rows copied in ${(ms / 1000).toFixed(1)} s`),
      ),
    );
    const historyDone = Date.now();

    // Each primary's current status is its last history row.
    await client.query(`
      update beach_stations s set current_status_id = h.to_status_id, status_since = h.changed_at,
             needs_resample = h.to_status_id in (${ref.status.ADVISORY}, ${ref.status.CLOSED})
        from (select distinct on (beach_station_id) beach_station_id, to_status_id, changed_at
                from beach_status_history order by beach_station_id, effective_date desc, beach_status_history_id desc) h
       where s.beach_station_id = h.beach_station_id`);
    await client.query(
      `select setval(pg_get_serial_sequence('results', 'result_id'), (select coalesce(max(result_id), 0) + 1 from results), false)`,
    );
    await client.query('commit');
    await client.query('analyze results');
    await client.query('analyze beach_status_history');
    await client.query('analyze result_daily_counts');
    await client.query('analyze result_scope_counts');
    await client.query('analyze beach_stations');
    const finished = Date.now();
    log(`  current statuses, sequences and statistics: ${((finished - historyDone) / 1000).toFixed(1)} s`);
    return {
      programs: setup.programs.length,
      stations: setup.stationCount,
      results,
      statusHistory: history,
      years: seasons.map((s) => s.year),
      daysPerSeason,
      seconds: {
        setup: (setupDone - started) / 1000,
        results: (resultsDone - setupDone) / 1000,
        history: (historyDone - resultsDone) / 1000,
        finish: (finished - historyDone) / 1000,
        total: (finished - started) / 1000,
      },
      resultsPerSecond: Math.round(results / ((resultsDone - setupDone) / 1000)),
    };
  } catch (err) {
    await client.query('rollback').catch(() => {});
    throw err;
  } finally {
    client.release();
  }
}

interface NationalProgram {
  state: StateSpec;
  programId: number;
  organizationId: number;
  rules: BeachLogicRule[];
  sim: SimProgram;
  parameterId: number;
  groups: { primaryId: number; bracketIds: number[] }[];
}

interface NationalSetup {
  programs: NationalProgram[];
  stationCount: number;
  verifierId: number;
}

/** Programs, places, organizations, the admin account and the stations: small tables, plain inserts. */
async function seedNationalSetup(db: Db, ref: ReferenceIds, seasons: SimSeason[], totalStations: number): Promise<NationalSetup> {
  const t = schema;
  const programRows = await db
    .insert(t.programs)
    .values(
      STATES.map((st) => ({
        name: `${st.name} Beaches`,
        abbv: st.code,
        color: '#005ea2',
        desc: `${st.name} ${st.fresh ? 'Great Lakes and inland' : 'coastal'} beach monitoring (benchmark data).`,
      })),
    )
    .returning({ id: t.programs.programId, abbv: t.programs.abbv });
  const programId = (code: string) => programRows.find((p) => p.abbv === code)!.id;
  await db.insert(t.programSeasons).values(
    STATES.flatMap((st) =>
      seasons.map((s) => ({ programId: programId(st.code), year: s.year, preseasonStart: s.preseasonStart, startDate: s.preseasonStart, endDate: s.endDate })),
    ),
  );
  const spec = (st: StateSpec) =>
    st.fresh
      ? { parameter: 'E_COLI' as const, unit: 'MPN_100ML' as const, geomean: 126, stv: 410, bav: 235, medianLn: Math.log(22) }
      : { parameter: 'ENTEROCOCCUS' as const, unit: 'CFU_100ML' as const, geomean: 35, stv: 130, bav: 104, medianLn: Math.log(6) };
  await db.insert(t.programThresholds).values(
    STATES.map((st) => {
      const p = spec(st);
      return {
        programId: programId(st.code),
        parameterId: ref.parameter[p.parameter],
        resultUnitId: ref.unit[p.unit],
        geomeanThreshold: p.geomean,
        statisticalThreshold: p.stv,
        beachActionValue: p.bav,
      };
    }),
  );

  // Counties, towns and a health department (LHA and organization) per county.
  const countyRows = await db
    .insert(t.counties)
    .values(STATES.flatMap((st) => Array.from({ length: COUNTIES_PER_STATE }, (_, i) => ({ name: `${st.code} County ${i + 1}` }))))
    .returning({ id: t.counties.countyId, name: t.counties.name });
  const townRows = await db
    .insert(t.municipalities)
    .values(countyRows.flatMap((c) => Array.from({ length: TOWNS_PER_COUNTY }, (_, i) => ({ countyId: c.id, name: `${c.name} Town ${i + 1}` }))))
    .returning({ id: t.municipalities.municipalityId, countyId: t.municipalities.countyId });
  const lhaRows = await db
    .insert(t.localHealthAuthorities)
    .values(countyRows.map((c) => ({ name: `${c.name} Health Department`, countyId: c.id })))
    .returning({ id: t.localHealthAuthorities.localHealthAuthorityId, countyId: t.localHealthAuthorities.countyId });
  await db
    .insert(t.lhaMunicipalities)
    .values(townRows.map((m) => ({ localHealthAuthorityId: lhaRows.find((l) => l.countyId === m.countyId)!.id, municipalityId: m.id })));

  const [agency] = await db
    .insert(t.organizations)
    .values({
      name: 'National Beach Benchmark Agency',
      abbv: 'NBBA',
      isAdminOrganization: true,
      organizationGroupId: ref.group['Federal Government'],
      organizationCategoryId: ref.category['Federal Agency'],
    })
    .returning({ id: t.organizations.organizationId });
  const stateOrgRows = await db
    .insert(t.organizations)
    .values(
      STATES.map((st) => ({
        name: `${st.name} Department of Health`,
        abbv: `${st.code}DOH`,
        organizationGroupId: ref.group['State Government'],
        organizationCategoryId: ref.category['State Agency'],
      })),
    )
    .returning({ id: t.organizations.organizationId, abbv: t.organizations.abbv });
  await db.insert(t.organizationPrograms).values([
    ...STATES.map((st) => ({
      organizationId: agency!.id,
      programId: programId(st.code),
      beachAccessLevel: 2,
      hasSecondaryVerification: 1,
      dataInteractionLevel: 2,
      categoryManageUsers: 2,
      categoryResults: 2,
      categoryBeaches: 2,
      categoryIncidents: 2,
      categorySurveys: 2,
      categoryLogs: 1,
    })),
    ...STATES.map((st) => ({
      organizationId: stateOrgRows.find((o) => o.abbv === `${st.code}DOH`)!.id,
      programId: programId(st.code),
      beachAccessLevel: 1,
      dataInteractionLevel: 1,
      categoryIncidents: 2,
      categorySurveys: 2,
    })),
  ]);

  // The benchmark logs in as the demo administrator; with demo data already present, that account stays.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  await db
    .insert(t.users)
    .values({
      firstName: 'Alex',
      lastName: 'Morgan',
      email: 'admin@example.org',
      primaryEmail: 'admin@example.org',
      organizationId: agency!.id,
      passwordHash,
    })
    .onConflictDoNothing();
  const [admin] = await db.select({ id: t.users.userId }).from(t.users).where(sql`${t.users.email} = 'admin@example.org'`);
  await db
    .insert(t.userProgramPermissions)
    .values(STATES.flatMap((st) => PERMISSION_AREAS.map((area) => ({ userId: admin!.id, programId: programId(st.code), permissionCode: area, accessLevel: 'ADMIN' }))))
    .onConflictDoNothing();

  // Beaches and stations: groups of one primary and zero to two brackets, cycling 3, 1, 2 stations.
  const programs: NationalProgram[] = [];
  let stationCount = 0;
  for (const [index, st] of STATES.entries()) {
    const p = spec(st);
    const want = Math.floor(totalStations / STATES.length) + (index < totalStations % STATES.length ? 1 : 0);
    const sizes: number[] = [];
    for (let left = want, i = 0; left > 0; i++) {
      const size = Math.min(left, [3, 1, 2][i % 3]!);
      sizes.push(size);
      left -= size;
    }
    const stateCounties = countyRows.filter((c) => c.name.startsWith(`${st.code} County`));
    const towns = townRows.filter((m) => stateCounties.some((c) => c.id === m.countyId));
    const beachRows: { id: number }[] = [];
    for (let i = 0; i < sizes.length; i += 1000) {
      beachRows.push(
        ...(await db
          .insert(t.beaches)
          .values(
            sizes.slice(i, i + 1000).map((_, j) => {
              const town = towns[(i + j) % towns.length]!;
              return {
                programId: programId(st.code),
                name: `${st.code} Beach ${String(i + j + 1).padStart(4, '0')}`,
                municipalityId: town.id,
                localHealthAuthorityId: lhaRows.find((l) => l.countyId === town.countyId)!.id,
                category: st.fresh ? 'LAKE' : 'OCEAN',
              };
            }),
          )
          .returning({ id: t.beaches.beachId })),
      );
    }
    const position = (k: number) => {
      const f = sizes.length > 1 ? k / (sizes.length - 1) : 0.5;
      return [st.from[0] + (st.to[0] - st.from[0]) * f, st.from[1] + (st.to[1] - st.from[1]) * f] as const;
    };
    const primaryRows = await insertReturningIds(
      db,
      beachRows.map((b, k) => {
        const [lat, lon] = position(k);
        return {
          beachId: b.id,
          stationName: `${st.code} Beach ${String(k + 1).padStart(4, '0')}`,
          stationType: 'PRIMARY',
          latitude: Math.round(lat * 1e6) / 1e6,
          longitude: Math.round(lon * 1e6) / 1e6,
          rank: k + 1,
        };
      }),
    );
    const bracketValues = beachRows.flatMap((b, k) => {
      const [lat, lon] = position(k);
      return Array.from({ length: sizes[k]! - 1 }, (_, j) => ({
        beachId: b.id,
        stationName: `${st.code} Beach ${String(k + 1).padStart(4, '0')} ${j === 0 ? 'N1' : 'S1'}`,
        stationType: 'BRACKET',
        primaryStationId: primaryRows[k]!,
        latitude: Math.round((lat + (j === 0 ? 0.002 : -0.002)) * 1e6) / 1e6,
        longitude: Math.round(lon * 1e6) / 1e6,
        rank: k + 1,
      }));
    });
    const bracketIds = await insertReturningIds(db, bracketValues);
    const groups = primaryRows.map((primaryId) => ({ primaryId, bracketIds: [] as number[] }));
    bracketValues.forEach((b, i) => groups[primaryRows.indexOf(b.primaryStationId)]!.bracketIds.push(bracketIds[i]!));
    stationCount += primaryRows.length + bracketIds.length;

    const rules = newJerseyRules({ openId: ref.status.OPEN, advisoryId: ref.status.ADVISORY, closedId: ref.status.CLOSED, unitId: ref.unit[p.unit] }).map(
      (r) => ({ ...r, compare_value: p.bav }),
    );
    const ruleRows = await db
      .insert(t.programBeachLogic)
      .values(
        rules.map((r, i) => ({
          programId: programId(st.code),
          position: i + 1,
          title: r.title,
          desc: r.desc,
          previousBeachStatusId: r.previous_beach_status_id,
          setToBeachStatusId: r.set_to_beach_status_id,
          useCompareValueAsBav: true,
          isLessThanValue: r.is_less_than_value,
          compareValue: r.compare_value,
          resultUnitId: r.result_unit_id,
          setToResamplePrimary: r.set_to_resample_primary,
          setToResampleBrackets: r.set_to_resample_brackets,
          setRequireSanitarySurvey: r.set_require_sanitary_survey,
          triggersBeachStatusEmail: r.triggers_beach_status_email,
        })),
      )
      .returning({ id: t.programBeachLogic.programBeachLogicId, position: t.programBeachLogic.position });
    const withIds = rules.map((r, i) => ({ ...r, program_beach_logic_id: ruleRows.find((x) => x.position === i + 1)!.id }));
    programs.push({
      state: st,
      programId: programId(st.code),
      organizationId: stateOrgRows.find((o) => o.abbv === `${st.code}DOH`)!.id,
      rules: withIds,
      parameterId: ref.parameter[p.parameter],
      groups,
      sim: {
        index,
        rules: withIds,
        parameter: p.parameter,
        measurement: st.fresh ? 'MPN' : 'CFU',
        unitId: ref.unit[p.unit],
        beachActionValue: p.bav,
        medianLn: p.medianLn,
        sigma: 1.05,
      },
    });
  }
  return { programs, stationCount, verifierId: admin!.id };
}

/** Inserts stations in batches and returns their ids in the order given. */
async function insertReturningIds(db: Db, rows: (typeof schema.beachStations.$inferInsert)[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const chunk = rows.slice(i, i + 1000);
    const inserted = await db
      .insert(schema.beachStations)
      .values(chunk)
      .returning({ id: schema.beachStations.beachStationId, beachId: schema.beachStations.beachId, name: schema.beachStations.stationName });
    // Matched by (beach, name) rather than trusting the order rows come back in.
    const byKey = new Map(inserted.map((r) => [`${r.beachId}|${r.name}`, r.id]));
    for (const row of chunk) ids.push(byKey.get(`${row.beachId}|${row.stationName}`)!);
  }
  return ids;
}

/**
 * CSV for one COPY, produced group by group. Both passes replay the same simulation (same seeds, same
 * ids), one keeping the results and the other the status changes, so nothing is held in memory.
 */
async function* generateCsv(
  setup: NationalSetup,
  ref: ReferenceIds,
  seasons: SimSeason[],
  today: string,
  seed: number,
  base: number,
  emit: 'results' | 'history',
): AsyncGenerator<CsvChunk> {
  const status: StatusIds = { open: ref.status.OPEN, advisory: ref.status.ADVISORY, closed: ref.status.CLOSED, notMonitored: ref.status.NOT_MONITORED };
  let nextResultId = base + 1;
  const nextDay = new Map<string, string>();
  const dayAfter = (date: string) => {
    let d = nextDay.get(date);
    if (!d) nextDay.set(date, (d = addDays(date, 1)));
    return d;
  };
  const verifier = setup.verifierId;
  let buffer: string[] = [];
  let size = 0;
  const push = (line: string) => {
    buffer.push(line);
    size += line.length;
  };
  for (const program of setup.programs) {
    const programIndex = setup.programs.indexOf(program);
    const unit = program.sim.unitId;
    for (const [groupIndex, g] of program.groups.entries()) {
      const rng = mulberry32(childSeed(seed, programIndex, groupIndex));
      const group: SimGroup = {
        primaryId: g.primaryId,
        bracketIds: g.bracketIds,
        offsetLn: 0.35 * normal(rng) + (groupIndex % 6 === 1 ? 1 : 0),
        hour: 7 + (groupIndex % 4),
        minute: Math.floor(rng() * 45),
        rng,
      };
      simulateGroup(
        group,
        {
          seed,
          program: program.sim,
          status,
          remarkIds: ref.remark,
          seasons,
          today,
          isRoutineDay: () => true,
          routineBrackets: true,
          nextResultId: () => nextResultId++,
        },
        emit === 'results'
          ? {
              result: (r) => {
                const line = `${r.id},${r.stationId},${program.organizationId},${r.sampleDate},${r.hh},${r.mm},${program.parameterId},${
                  r.value ?? ''
                },${r.remarkCodeId ?? ''},${unit},${r.isResample ? 't' : 'f'},"${r.comments}",SECONDARY_VERIFIED,${verifier},${verifier},${dayAfter(
                  r.sampleDate,
                )} 11:00:00-04\n`;
                push(line);
              },
              status: () => {},
            }
          : {
              result: () => {},
              status: (c) => {
                const at = c.source === 'RULE' ? `${c.effectiveDate} 11:01:00-04` : `${c.effectiveDate} 06:00:00-04`;
                const line = `${c.primaryStationId},${c.fromStatusId ?? ''},${c.toStatusId},${c.effectiveDate},${at},${c.source},${
                  c.programBeachLogicId ?? ''
                },${c.resultId ?? ''},${c.reasonCode ?? ''},"${c.reason.replaceAll('"', '""')}"\n`;
                push(line);
              },
            },
      );
      if (size >= 1 << 20) {
        yield { text: buffer.join(''), rows: buffer.length };
        buffer = [];
        size = 0;
      }
    }
  }
  if (buffer.length) yield { text: buffer.join(''), rows: buffer.length };
}

interface CsvChunk {
  text: string;
  rows: number;
}

/**
 * Runs a bulk load with the table's foreign keys and secondary indexes dropped, then puts them back.
 * Adding a key validates every row in one join, where checking row by row during COPY costs a locking
 * lookup per key and row; an index built once is cheaper than one maintained row by row. Measured on a
 * busy machine, 200,000 results: 32 s with keys, 12 s without, 8 s without the secondary indexes too.
 * Inside the caller's transaction, so a failed load leaves the table as it was.
 */
async function withBulkLoad<T>(client: pg.PoolClient, table: string, log: (m: string) => void, load: () => Promise<T>): Promise<T> {
  const { rows: keys } = await client.query<{ name: string; definition: string }>(
    `select conname as name, pg_get_constraintdef(oid) as definition from pg_constraint
      where conrelid = $1::regclass and contype = 'f' order by conname`,
    [table],
  );
  // Indexes that back a constraint (primary key, unique) stay: they guard the load itself.
  const { rows: indexes } = await client.query<{ name: string; definition: string }>(
    `select c.relname as name, pg_get_indexdef(i.indexrelid) as definition
       from pg_index i join pg_class c on c.oid = i.indexrelid
      where i.indrelid = $1::regclass and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
      order by c.relname`,
    [table],
  );
  const ident = (name: string) => `"${name.replaceAll('"', '""')}"`;
  for (const key of keys) await client.query(`alter table ${ident(table)} drop constraint ${ident(key.name)}`);
  for (const index of indexes) await client.query(`drop index ${ident(index.name)}`);
  const value = await load();
  const started = Date.now();
  for (const index of indexes) await client.query(index.definition);
  for (const key of keys) await client.query(`alter table ${ident(table)} add constraint ${ident(key.name)} ${key.definition}`);
  log(`  ${table}: ${indexes.length} indexes rebuilt and ${keys.length} foreign keys validated in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return value;
}

/**
 * Streams the chunks into COPY statements of about `rowsPerStatement` rows each: statement-level
 * triggers (result_daily_counts) then work on a million rows at a time rather than on the whole load.
 */
async function copyInto(
  client: pg.PoolClient,
  statement: string,
  chunks: AsyncGenerator<CsvChunk>,
  done: (rows: number, ms: number) => void,
  rowsPerStatement = 1_000_000,
): Promise<number> {
  const started = Date.now();
  let total = 0;
  let exhausted = false;
  async function* batch(): AsyncGenerator<string> {
    let rows = 0;
    while (rows < rowsPerStatement) {
      const next = await chunks.next();
      if (next.done) {
        exhausted = true;
        return;
      }
      rows += next.value.rows;
      yield next.value.text;
    }
  }
  while (!exhausted) {
    const stream = client.query(copyFrom(statement));
    await pipeline(Readable.from(batch(), { objectMode: false }), stream);
    total += stream.rowCount;
  }
  done(total, Date.now() - started);
  return total;
}
