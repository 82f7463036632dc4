import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, CODES, daysBetween, localDate, type EpaReport, type EpaReportBeach } from '@beach/domain';
import { beaches, beachStations, beachStatusHistory, counties, municipalities, programs, programSeasons, programThresholds, results } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';

/**
 * GET /depit/epa/webReport (issue 14, decision 0030): every parameter against numbers worked out by hand
 * on a small fixture of its own (two programs, two counties, five beaches), built here so the demo data
 * never changes the expectations.
 */

let ctx: TestContext;
let facts: DemoFacts;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';

/** The fixture's ids. */
const f = {
  county: 0,
  otherCounty: 0,
  m1: 0,
  m2: 0,
  m3: 0,
  /** Ocean, Monmouth-like town M1, EPA id: primary PA and bracket BA1. */
  PA: 0,
  BA1: 0,
  /** Bay, M2, no EPA id. */
  PB: 0,
  /** River, M1, EPA id. */
  PC: 0,
  /** Lake in the other program and the other county (M3), EPA id. */
  PD: 0,
  /** Ocean, M1, inactive, nothing recorded. */
  PE: 0,
  /** Program EPS (seasons 2025 and 2026), its own county: an advisory set the day after the 2025 season ended. */
  PG: 0,
  /** EPS: an advisory in force when the 2025 season ended, a closure from pre-season sampling in 2026. */
  PH: 0,
};

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  const db = ctx.database.db;
  const [county, otherCounty] = await db
    .insert(counties)
    .values([{ name: 'EPA Test County' }, { name: 'EPA Other County' }])
    .returning({ id: counties.countyId });
  f.county = county!.id;
  f.otherCounty = otherCounty!.id;
  const towns = await db
    .insert(municipalities)
    .values([
      { countyId: f.county, name: 'Testtown' },
      { countyId: f.county, name: 'Baytown' },
      { countyId: f.otherCounty, name: 'Laketown' },
    ])
    .returning({ id: municipalities.municipalityId });
  [f.m1, f.m2, f.m3] = towns.map((t) => t.id) as [number, number, number];
  const [ept, epl, eps] = await db
    .insert(programs)
    .values([
      { name: 'EPA Test Coast', abbv: 'EPT', color: '#005ea2' },
      { name: 'EPA Test Lakes', abbv: 'EPL', color: '#2e6d35' },
      { name: 'EPA Test Seasons', abbv: 'EPS', color: '#5c1111' },
    ])
    .returning({ id: programs.programId });
  for (const program of [ept!.id, epl!.id]) {
    await db.insert(programSeasons).values({ programId: program, year: 2025, preseasonStart: '2025-05-15', startDate: '2025-06-01', endDate: '2025-08-31' });
  }
  // The demo's Ocean Beaches seasons: 2025-05-24..09-01 (101 days), 2026-05-23..09-07 (108 days).
  await db.insert(programSeasons).values([
    { programId: eps!.id, year: 2025, preseasonStart: '2025-05-12', startDate: '2025-05-24', endDate: '2025-09-01' },
    { programId: eps!.id, year: 2026, preseasonStart: '2026-05-11', startDate: '2026-05-23', endDate: '2026-09-07' },
  ]);
  const [seasonCounty] = await db.insert(counties).values({ name: 'EPA Season County' }).returning({ id: counties.countyId });
  const [seasonTown] = await db.insert(municipalities).values({ countyId: seasonCounty!.id, name: 'Seasontown' }).returning({ id: municipalities.municipalityId });
  await db.insert(programThresholds).values([
    { programId: ept!.id, parameterId: facts.parameter.ENTEROCOCCUS, resultUnitId: facts.unit.CFU_100ML, geomeanThreshold: 35, statisticalThreshold: 130, beachActionValue: 104 },
    { programId: epl!.id, parameterId: facts.parameter.E_COLI, resultUnitId: facts.unit.MPN_100ML, geomeanThreshold: 126, statisticalThreshold: 410, beachActionValue: 235 },
  ]);
  const beach = async (programId: number, name: string, municipalityId: number, category: string, epaBeachId: string | null) => {
    const [row] = await db.insert(beaches).values({ programId, name, municipalityId, category, epaBeachId }).returning({ id: beaches.beachId });
    return row!.id;
  };
  const stationOf = async (beachId: number, stationName: string, primaryStationId: number | null = null, active = true) => {
    const [row] = await db
      .insert(beachStations)
      .values({ beachId, stationName, stationType: primaryStationId ? 'BRACKET' : 'PRIMARY', primaryStationId, latitude: 40, longitude: -74, active })
      .returning({ id: beachStations.beachStationId });
    return row!.id;
  };
  const a = await beach(ept!.id, 'EPA Ocean Beach', f.m1, 'OCEAN', 'NJ900001');
  f.PA = await stationOf(a, 'Testtown - Ocean');
  f.BA1 = await stationOf(a, 'Testtown - Ocean N1', f.PA);
  f.PB = await stationOf(await beach(ept!.id, 'EPA Bay Beach', f.m2, 'BAY', null), 'Baytown - Bay');
  f.PC = await stationOf(await beach(ept!.id, 'EPA River Beach', f.m1, 'RIVER', 'NJ900003'), 'Testtown - River');
  f.PD = await stationOf(await beach(epl!.id, 'EPA Lake Beach', f.m3, 'LAKE', 'NJ900004'), 'Laketown - Lake');
  f.PE = await stationOf(await beach(ept!.id, 'EPA Closed Down Beach', f.m1, 'OCEAN', 'NJ900005'), 'Testtown - Old', null, false);
  f.PG = await stationOf(await beach(eps!.id, 'EPA Carry-over Beach', seasonTown!.id, 'OCEAN', 'NJ900006'), 'Seasontown - Carry-over');
  f.PH = await stationOf(await beach(eps!.id, 'EPA Season End Beach', seasonTown!.id, 'OCEAN', 'NJ900007'), 'Seasontown - Season end');

  const org = facts.org.NJDEP!;
  let minute = 0;
  const result = (stationId: number, sampleDate: string, value: number | null, remark?: string, state = 'VERIFIED') => ({
    beachStationId: stationId,
    organizationId: org,
    sampleDate,
    sampleTimeHh: '08',
    sampleTimeMm: String(minute++ % 60).padStart(2, '0'),
    parameterId: stationId === f.PD ? facts.parameter.E_COLI : facts.parameter.ENTEROCOCCUS,
    resultUnitId: stationId === f.PD ? facts.unit.MPN_100ML : facts.unit.CFU_100ML,
    value,
    remarkCodeId: remark ? facts.remark[remark]! : null,
    verificationState: state,
  });
  await db.insert(results).values([
    // PA: 6 samples in July; 150 and TNTC exceed; K 200 is a limit, not an exceedance; NS and FA are NA.
    result(f.PA, '2025-07-01', 10),
    result(f.PA, '2025-07-08', 150),
    result(f.PA, '2025-07-09', 500, 'TNTC'),
    result(f.PA, '2025-07-15', 200, 'K'),
    result(f.PA, '2025-07-22', null, 'NS'),
    result(f.PA, '2025-07-22', 300, 'FA'),
    // Outside the period, or not verified: never counted.
    result(f.PA, '2025-06-30', 900),
    result(f.PA, '2025-07-29', 999, undefined, 'UNVERIFIED'),
    // The bracket: counted with PA only with includeBrackets; 400 exceeds.
    result(f.BA1, '2025-07-08', 400, undefined, 'SECONDARY_VERIFIED'),
    result(f.BA1, '2025-07-15', 20),
    // PB: one measurement, one not sampled.
    result(f.PB, '2025-07-02', 50),
    result(f.PB, '2025-07-10', null, 'NS'),
    // PC: 105 exceeds the BAV of 104, 104 does not.
    result(f.PC, '2025-07-03', 105),
    result(f.PC, '2025-07-04', 104),
    // PD (E. coli, BAV 235): 236 exceeds.
    result(f.PD, '2025-07-05', 236),
    result(f.PD, '2025-07-06', 200),
  ]);
  const status = (stationId: number, effectiveDate: string, code: keyof DemoFacts['status']) => ({
    beachStationId: stationId,
    toStatusId: facts.status[code],
    effectiveDate,
    source: 'MANUAL',
  });
  await db.insert(beachStatusHistory).values([
    // PA: an advisory lifted before July (not counted); advisory 07-08, closed 07-09 to 07-12; advisory from 07-30 on.
    status(f.PA, '2025-06-25', 'ADVISORY'),
    status(f.PA, '2025-06-27', 'OPEN'),
    status(f.PA, '2025-07-08', 'ADVISORY'),
    status(f.PA, '2025-07-09', 'CLOSED'),
    status(f.PA, '2025-07-12', 'OPEN'),
    status(f.PA, '2025-07-30', 'ADVISORY'),
    // PB: closed since 06-28, reopened 07-02: two days of July.
    status(f.PB, '2025-06-28', 'CLOSED'),
    status(f.PB, '2025-07-02', 'OPEN'),
    // PC: closed across the season's end, 08-30 to 09-03.
    status(f.PC, '2025-08-30', 'CLOSED'),
    status(f.PC, '2025-09-03', 'OPEN'),
    // PD: advisory 07-31 to 08-05.
    status(f.PD, '2025-07-31', 'ADVISORY'),
    status(f.PD, '2025-08-05', 'OPEN'),
    // PG (Atlantic City - New Hampshire Avenue in the demo): the season ends (Not Monitored from 09-02) and
    // the same day a rule sets an advisory from the sample of 09-01; nothing changes it until May.
    status(f.PG, '2025-05-12', 'OPEN'),
    status(f.PG, '2025-09-02', 'NOT_MONITORED'),
    status(f.PG, '2025-09-02', 'ADVISORY'),
    status(f.PG, '2026-05-11', 'OPEN'),
    status(f.PG, '2026-07-10', 'ADVISORY'),
    status(f.PG, '2026-07-12', 'OPEN'),
    // PH: an advisory from 08-28 still in force when the season ends on 09-01; a closure 2026-05-20..05-25
    // from pre-season sampling (05-20..05-22 pre-season, 05-23..05-25 in season).
    status(f.PH, '2025-05-12', 'OPEN'),
    status(f.PH, '2025-08-28', 'ADVISORY'),
    status(f.PH, '2026-05-11', 'OPEN'),
    status(f.PH, '2026-05-20', 'CLOSED'),
    status(f.PH, '2026-05-25', 'OPEN'),
  ]);
}, 300_000);
afterAll(() => ctx?.close());

const JULY = 'from=2025-07-01&to=2025-07-31';

async function report(query: string, email = ADMIN) {
  return ctx.call({ method: 'GET', url: `/api/depit/epa/webReport?${query}`, token: await token(email) });
}

async function ok(query: string): Promise<EpaReport> {
  const res = await report(query);
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().code).toBe('EPA_REPORT_FOUND');
  return res.json().payload as EpaReport;
}

const byStation = (r: EpaReport) => new Map(r.beaches.map((b) => [b.beach_station_id, b]));
const ids = (r: EpaReport) => r.beaches.map((b) => b.beach_station_id).sort((x, y) => x - y);
const sorted = (...list: number[]) => [...list].sort((x, y) => x - y);
const numbers = (b: EpaReportBeach) => ({
  monitored: b.monitored,
  samples: b.samples,
  exceedances: b.exceedances,
  advisories: b.advisories,
  advisory_days: b.advisory_days,
  closures: b.closures,
  closure_days: b.closure_days,
  action_days: b.action_days,
  season_days: b.season_days,
  percent_under_action: b.percent_under_action,
  preseason_action_days: b.preseason_action_days,
});

/** The check of issue 28: no day column larger than the season days of its row, and totals that are the sums of the rows. */
function expectConsistent(r: EpaReport) {
  for (const row of r.beaches) {
    const where = `${row.beach_name} (${row.station_name}) ${r.period.from}..${r.period.through}`;
    expect(row.advisory_days, where).toBeLessThanOrEqual(row.season_days);
    expect(row.closure_days, where).toBeLessThanOrEqual(row.season_days);
    expect(row.action_days, where).toBeLessThanOrEqual(row.season_days);
    expect(row.action_days, where).toBeLessThanOrEqual(row.advisory_days + row.closure_days);
    expect(row.action_days, where).toBeGreaterThanOrEqual(Math.max(row.advisory_days, row.closure_days));
    // An advisory counted has at least one day; a day counted belongs to an advisory counted.
    expect(row.advisories <= row.advisory_days && (row.advisory_days === 0 || row.advisories > 0), where).toBe(true);
    expect(row.closures <= row.closure_days && (row.closure_days === 0 || row.closures > 0), where).toBe(true);
    expect(row.percent_under_action, where).toBe(row.season_days ? Math.round((row.action_days / row.season_days) * 1000) / 10 : null);
  }
  const sum = (key: keyof EpaReportBeach) => r.beaches.reduce((total, row) => total + Number(row[key]), 0);
  for (const key of ['samples', 'exceedances', 'advisories', 'advisory_days', 'closures', 'closure_days', 'action_days', 'season_days', 'preseason_action_days'] as const) {
    expect(r.totals[key], `total ${key}`).toBe(sum(key));
  }
  expect(r.totals.beaches).toBe(r.beaches.length);
  expect(r.totals.beaches_monitored).toBe(r.beaches.filter((b) => b.monitored).length);
  expect(r.totals.action_days).toBeLessThanOrEqual(r.totals.season_days);
}

describe(`EPA report statistics on ${DATABASE_KIND}`, () => {
  it('programCode: one program, per beach and in total, counted by hand', async () => {
    const r = await ok(`programCode=EPT&${JULY}`);
    expect(r.period).toEqual({ from: '2025-07-01', to: '2025-07-31', through: '2025-07-31' });
    // The inactive beach with nothing in the period is left out; the lake belongs to the other program.
    expect(r.beaches.map((b) => b.beach_name)).toEqual(['EPA Bay Beach', 'EPA Ocean Beach', 'EPA River Beach']);
    const rows = byStation(r);
    // PA: advisory 07-08..07-09 (2), closure 07-09..07-12 (4), advisory 07-30..07-31 (2); action days 5 + 2 = 7 of 31.
    expect(numbers(rows.get(f.PA)!)).toEqual({
      monitored: true,
      samples: 6,
      exceedances: 2,
      advisories: 2,
      advisory_days: 4,
      closures: 1,
      closure_days: 4,
      action_days: 7,
      season_days: 31,
      percent_under_action: 22.6,
      preseason_action_days: 0,
    });
    expect(rows.get(f.PA)).toMatchObject({ station_name: 'Testtown - Ocean', epa_beach_id: 'NJ900001', program_abbv: 'EPT', county: 'EPA Test County', municipality: 'Testtown', location_type: 'OCEAN', beach_action_value: 104 });
    // PB: closed 06-28..07-02, of which 07-01 and 07-02 in July.
    expect(numbers(rows.get(f.PB)!)).toMatchObject({ samples: 2, exceedances: 0, closures: 1, closure_days: 2, action_days: 2, percent_under_action: 6.5 });
    expect(numbers(rows.get(f.PC)!)).toMatchObject({ samples: 2, exceedances: 1, advisories: 0, closures: 0, action_days: 0, percent_under_action: 0 });
    expect(r.totals).toEqual({
      beaches: 3,
      beaches_monitored: 3,
      samples: 10,
      exceedances: 3,
      advisories: 2,
      advisory_days: 4,
      closures: 2,
      closure_days: 6,
      action_days: 9,
      season_days: 93,
      percent_under_action: 9.7,
      preseason_action_days: 0,
    });
    expectConsistent(r);
    // The abbreviation is matched without regard to case.
    expect((await ok(`programCode=ept&${JULY}`)).totals).toEqual(r.totals);
  });

  it('county and munis: the place filters (munis as a list or repeated)', async () => {
    expect(ids(await ok(`county=${f.county}&${JULY}`))).toEqual(sorted(f.PA, f.PB, f.PC));
    expect(ids(await ok(`county=${f.otherCounty}&${JULY}`))).toEqual([f.PD]);
    expect(ids(await ok(`munis=${f.m1}&${JULY}`))).toEqual(sorted(f.PA, f.PC));
    expect(ids(await ok(`munis=${f.m1},${f.m2}&${JULY}`))).toEqual(sorted(f.PA, f.PB, f.PC));
    expect(ids(await ok(`munis=${f.m1}&munis=${f.m3}&${JULY}`))).toEqual(sorted(f.PA, f.PC, f.PD));
    // A town of another county than the one chosen: nothing.
    const none = await ok(`county=${f.county}&munis=${f.m3}&${JULY}`);
    expect(none.beaches).toEqual([]);
    expect(none.totals).toMatchObject({ beaches: 0, beaches_monitored: 0, samples: 0, season_days: 0, percent_under_action: null });
  });

  it('beach: one beach, named by its primary or by one of its brackets', async () => {
    const r = await ok(`beach=${f.PA}&${JULY}`);
    expect(ids(r)).toEqual([f.PA]);
    expect(r.totals).toMatchObject({ beaches: 1, samples: 6, action_days: 7, percent_under_action: 22.6 });
    expect(ids(await ok(`beach=${f.BA1}&${JULY}`))).toEqual([f.PA]);
    expect(ids(await ok(`beach=${f.PD}&programCode=EPT&${JULY}`))).toEqual([]);
  });

  it('excludCCMP leaves out ocean, bay and river beaches; onlyBeachAct keeps coastal beaches with an EPA id', async () => {
    const places = `munis=${f.m1},${f.m2},${f.m3}&${JULY}`;
    expect(ids(await ok(places))).toEqual(sorted(f.PA, f.PB, f.PC, f.PD));
    const lakes = await ok(`${places}&excludCCMP=true`);
    expect(ids(lakes)).toEqual([f.PD]);
    // PD: 236 exceeds the lake program's E. coli BAV of 235; advisory from 07-31 (1 day of July).
    expect(numbers(lakes.beaches[0]!)).toMatchObject({ samples: 2, exceedances: 1, advisories: 1, advisory_days: 1, action_days: 1, percent_under_action: 3.2 });
    expect(ids(await ok(`${places}&onlyBeachAct=true`))).toEqual([f.PA]);
    expect(ids(await ok(`${places}&onlyBeachAct=true&excludCCMP=true`))).toEqual([]);
    expect(ids(await ok(`${places}&excludCCMP=false&onlyBeachAct=0`))).toEqual(sorted(f.PA, f.PB, f.PC, f.PD));
  });

  it('includeBrackets counts bracket samples with their primary', async () => {
    const r = byStation(await ok(`beach=${f.PA}&includeBrackets=true&${JULY}`));
    expect(r.get(f.PA)).toMatchObject({ samples: 8, exceedances: 3, action_days: 7 });
    expect((await ok(`programCode=EPT&includeBrackets=1&${JULY}`)).totals).toMatchObject({ samples: 12, exceedances: 4 });
  });

  it('excludeNaResults leaves results without a measurement out of the samples', async () => {
    const r = await ok(`programCode=EPT&excludeNaResults=true&${JULY}`);
    // PA loses NS and FA (6 -> 4), PB loses NS (2 -> 1).
    expect(byStation(r).get(f.PA)).toMatchObject({ samples: 4, exceedances: 2 });
    expect(byStation(r).get(f.PB)).toMatchObject({ samples: 1, monitored: true });
    expect(r.totals).toMatchObject({ samples: 7, exceedances: 3 });
  });

  it('from and to: actions clipped to the period and to their season', async () => {
    // PC closed 08-30, reopened 09-03: the closure stops with the season on 08-31 (2 days); 7 season days in the period.
    const r = await ok(`beach=${f.PC}&from=2025-08-25&to=2025-09-10`);
    expect(numbers(r.beaches[0]!)).toEqual({
      monitored: false,
      samples: 0,
      exceedances: 0,
      advisories: 0,
      advisory_days: 0,
      closures: 1,
      closure_days: 2,
      action_days: 2,
      season_days: 7,
      percent_under_action: 28.6,
      preseason_action_days: 0,
    });
    // One day: PA's advisory turned closure on 07-09 counts once.
    const day = await ok(`beach=${f.PA}&from=2025-07-09&to=2025-07-09`);
    expect(numbers(day.beaches[0]!)).toMatchObject({ samples: 1, exceedances: 1, advisories: 1, advisory_days: 1, closures: 1, closure_days: 1, action_days: 1, percent_under_action: 100 });
    // From 07-10: the closure in force since 07-09 counts 07-10..07-12.
    expect(numbers((await ok(`beach=${f.PA}&from=2025-07-10&to=2025-07-20`)).beaches[0]!)).toMatchObject({ closures: 1, closure_days: 3, advisories: 0, action_days: 3 });
  });

  it('no to: through today; an action never lifted counts to the end of its season, not to today', async () => {
    const today = localDate(new Date(), ctx.deps.config.programTimeZone);
    const r = await ok(`beach=${f.PA}&from=2025-07-01`);
    expect(r.period).toEqual({ from: '2025-07-01', to: today, through: today });
    // The advisory of 2025-07-30 was never lifted: in force through the season's last day, 08-31 (33 days).
    expect(r.beaches[0]).toMatchObject({ advisories: 2, advisory_days: 2 + daysBetween('2025-07-30', '2025-08-31') + 1, action_days: 5 + 33, season_days: 62 });
    // No dates at all: 1 January of this year to today.
    const year = await ok(`beach=${f.PA}`);
    expect(year.period).toEqual({ from: `${today.slice(0, 4)}-01-01`, to: today, through: today });
    // A to of tomorrow is allowed; the report runs through today.
    const tomorrow = addDays(today, 1);
    expect((await ok(`beach=${f.PA}&from=2025-07-01&to=${tomorrow}`)).period).toEqual({ from: '2025-07-01', to: tomorrow, through: today });
  });

  it('an advisory set after the season ended is no action; one in force at the season end stops with it (issue 28)', async () => {
    // The calendar year 2026: PG's carry-over advisory used to count 2026-01-01..05-11 (131 days) against 108 season days.
    const year = await ok('programCode=EPS&from=2026-01-01&to=2026-09-30');
    const rows = byStation(year);
    expect(numbers(rows.get(f.PG)!)).toEqual({
      monitored: false,
      samples: 0,
      exceedances: 0,
      advisories: 1,
      advisory_days: 3,
      closures: 0,
      closure_days: 0,
      action_days: 3,
      season_days: 108,
      percent_under_action: 2.8,
      preseason_action_days: 0,
    });
    // PH: the closure of 05-20..05-25: 3 days in the season, 3 of pre-season sampling apart.
    expect(numbers(rows.get(f.PH)!)).toMatchObject({ advisories: 0, closures: 1, closure_days: 3, action_days: 3, season_days: 108, preseason_action_days: 3 });
    expect(year.totals).toMatchObject({ advisories: 1, advisory_days: 3, closures: 1, closure_days: 3, action_days: 6, season_days: 216, percent_under_action: 2.8, preseason_action_days: 3 });
    expectConsistent(year);

    // July 2025 to June 2026, across the new year: 2025-07-01..09-01 (63) + 2026-05-23..06-30 (39) = 102 season days.
    const across = byStation(await ok('programCode=EPS&from=2025-07-01&to=2026-06-30'));
    expect(numbers(across.get(f.PG)!)).toMatchObject({ advisories: 0, advisory_days: 0, action_days: 0, season_days: 102 });
    // PH: the advisory 2025-08-28..09-01 (5 days, not on to May) and the closure's 3 + 3 days.
    expect(numbers(across.get(f.PH)!)).toMatchObject({ advisories: 1, advisory_days: 5, closures: 1, closure_days: 3, action_days: 8, season_days: 102, percent_under_action: 7.8, preseason_action_days: 3 });
    expectConsistent(await ok('programCode=EPS&from=2025-07-01&to=2026-06-30'));
  });

  it('the demo program: no row counts more action days than season days, and the totals are the sums of the rows', async () => {
    const today = localDate(new Date(), ctx.deps.config.programTimeZone);
    const year = Number(today.slice(0, 4));
    const periods = ['', `from=${year - 1}-01-01&to=${year - 1}-12-31`, `from=${year - 1}-07-01&to=${year}-06-30`, `from=${year - 4}-01-01`];
    let actionDays = 0;
    for (const period of periods) {
      const r = await ok(`programCode=OB&${period}`);
      expect(r.beaches.length, period).toBeGreaterThan(0);
      expectConsistent(r);
      actionDays += r.totals.action_days;
      // With brackets and without NA results the action columns do not change; the check still holds.
      expectConsistent(await ok(`programCode=OB&includeBrackets=true&excludeNaResults=true&${period}`));
    }
    expect(actionDays, 'the demo program has advisories or closures to count').toBeGreaterThan(0);
  });

  it('refuses a bad query with 400 and says which field', async () => {
    const refused = async (query: string, field: string, message?: RegExp) => {
      const res = await report(query);
      expect(res.statusCode, `${query}: ${res.body}`).toBe(400);
      const body = res.json();
      expect(body.code).toBe(CODES.VALIDATION_FAILED);
      // A list's entry is named with its index (munis.1).
      expect(body.payload.some((p: { field: string }) => p.field === field || p.field.startsWith(`${field}.`)), res.body).toBe(true);
      if (message) expect(body.message).toMatch(message);
    };
    await refused('from=2025-07-31&to=2025-07-01', 'to', /To date is before the From date/);
    await refused('from=2999-01-01', 'from');
    await refused('from=2025-02-30', 'from');
    await refused('to=9999-12-31', 'to');
    await refused('programCode=NOPE', 'programCode', /No program has the code NOPE/);
    await refused('county=abc', 'county');
    await refused('beach=-1', 'beach');
    await refused('munis=1,x', 'munis');
    await refused(`munis=${Array.from({ length: 101 }, (_, i) => i + 1).join(',')}`, 'munis');
    await refused('includeBrackets=maybe', 'includeBrackets');
    // From after today with no To: the default To (today) would be before it.
    await refused(`from=${addDays(localDate(new Date(), ctx.deps.config.programTimeZone), 1)}`, 'from', /after today/);
  });

  it('organization admins only: 401 without a login, 403 for others, before the query is read', async () => {
    const anon = await ctx.call({ method: 'GET', url: `/api/depit/epa/webReport?${JULY}` });
    expect(anon.statusCode).toBe(401);
    const health = await report(JULY, 'health@example.org');
    expect(health.statusCode).toBe(403);
    // A bad query from a non-admin is still a 403, not a 400.
    expect((await report('from=nonsense', 'health@example.org')).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: '/api/depit/epa/webReport?from=nonsense' })).statusCode).toBe(401);
  });
});
