import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { csvLine, WATER_QUALITY_COLUMNS } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { formatImportReport, ImportError, importLegacyResults, type LegacyImportOptions } from '../src/modules/results/service/legacy-import';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tableCounts } from './results-fixtures';

/**
 * The legacy import on files shaped as agencies' own downloads are (issue 9): Remark_Code_Name '--', K,
 * L, NS with N/A, FA, CG and codes never seen; Archived and Historical stations; counties with 'County'
 * and municipalities with their form of government; another program's name; brackets named after their
 * primary, with or without the primary in the file; free-text and audit-note comments. Each test checks
 * the database afterwards.
 */

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
}, 300_000);
afterAll(() => ctx?.close());

const CCMP = 'Cooperative Coastal Monitoring Program';
const BAY = 'Bay Monitoring Program';

interface Row {
  program?: string;
  station: string;
  beach: string;
  lat?: string;
  lon?: string;
  town?: string;
  county?: string;
  type?: string;
  location?: string;
  date: string;
  time?: string;
  measure: string;
  comments?: string;
  units?: string;
  parameter?: string;
  remark?: string;
  primary?: string;
}

/** A file as an agency's system writes it (the download layout), optionally with Primary_Station_Name. */
function realCsv(rows: Row[], primaryColumn = false): string {
  const header = primaryColumn ? [...WATER_QUALITY_COLUMNS, 'Primary_Station_Name'] : [...WATER_QUALITY_COLUMNS];
  return (
    csvLine(header) +
    rows
      .map((r) =>
        csvLine([
          r.program ?? CCMP,
          r.station,
          r.beach,
          r.lat ?? '39.09',
          r.lon ?? '-74.72',
          r.town ?? 'Avalon Borough',
          r.county ?? 'Cape May County',
          r.type ?? 'Primary',
          r.location ?? 'Ocean',
          r.date,
          r.time ?? '09:30',
          r.measure,
          r.comments ?? '',
          r.units ?? 'CFU/100mL',
          r.parameter ?? 'Enterococcus',
          r.remark ?? '--',
          ...(primaryColumn ? [r.primary ?? ''] : []),
        ]),
      )
      .join('')
  );
}

const run = (text: string, options: Partial<LegacyImportOptions> = {}) =>
  importLegacyResults(ctx.database.db, {
    programAbbv: 'OB',
    verified: false,
    replayRules: false,
    programMappings: [`${CCMP}=OB`],
    fileName: 'agency.csv',
    text,
    timeZone: 'America/New_York',
    ...options,
  });

interface StoredStation {
  beach_station_id: number;
  station_name: string;
  station_type: string;
  primary_name: string | null;
  beach_name: string;
  municipality: string;
  county: string;
  program: string;
  active: boolean;
  public_visible: boolean;
  status: string | null;
  results: number;
}

async function stored(stationName: string): Promise<StoredStation | undefined> {
  const [row] = await queryRows<StoredStation>(
    ctx.database.db,
    sql`select s.beach_station_id, s.station_name, s.station_type, p.station_name as primary_name, b.name as beach_name,
               m.name as municipality, c.name as county, pr.abbv as program, s.active, s.public_visible, st.code as status,
               (select count(*)::int from results r where r.beach_station_id = s.beach_station_id) as results
        from beach_stations s join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id join counties c on c.county_id = m.county_id
        join programs pr on pr.program_id = b.program_id
        left join beach_stations p on p.beach_station_id = s.primary_station_id
        left join beach_statuses st on st.beach_status_id = s.current_status_id
        where s.station_name = ${stationName}`,
  );
  return row;
}

async function resultsOf(stationName: string) {
  return queryRows<{ sample_date: string; value: number | null; remark: string | null; comments: string; verification_state: string }>(
    ctx.database.db,
    sql`select r.sample_date::text as sample_date, r.value, rc.code as remark, r.comments, r.verification_state
        from results r join beach_stations s on s.beach_station_id = r.beach_station_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where s.station_name = ${stationName} order by r.sample_date`,
  );
}

const xx1020 = (date: string, measure: string, remark: string, comments = ''): Row => ({ station: 'XX1020', beach: 'South Bath', date, measure, remark, comments });

/** Every remark agencies write, an audit note among the comments, places spelled the agencies' way, Archived and Historical stations. */
const vocabularyFile = () =>
  realCsv([
    xx1020('06/02/2025', '20', '--', 'Resampled after rain'), // line 2
    xx1020('06/09/2025', '10', 'K'), // 3
    xx1020('06/16/2025', '2420', 'L'), // 4
    xx1020('06/23/2025', 'N/A', 'NS', 'Surf too rough to sample'), // 5
    xx1020('06/30/2025', '500', 'FA'), // 6
    xx1020('07/07/2025', 'N/A', 'FA'), // 7
    xx1020('07/14/2025', '800', 'CG', 'Modified by JSMITH on 07/15/2015 09:12 (was 80)'), // 8
    xx1020('07/21/2025', '30', 'QQ'), // 9: a code never seen
    xx1020('07/28/2025', '40', 'QQ'), // 10
    { station: 'XX0900', beach: 'Old Pier', town: 'Ocean City', type: 'Archived', date: '06/02/2015', measure: '35' }, // 11
    { station: 'XX0900N1', beach: 'Old Pier N1', town: 'Ocean City', type: 'Historical', date: '06/02/2015', measure: '45', remark: '' }, // 12
    { station: 'XX3000', beach: 'Asbury Beach', town: 'Asbury Park City', county: 'Monmouth County', date: '06/02/2025', measure: '12' }, // 13
    { station: 'XX4000', beach: 'Nowhere Beach', town: 'Atlantis', county: 'Atlantis County', date: '06/02/2025', measure: '12' }, // 14
    { station: 'XX5000', beach: 'Neptune Beach', town: 'Neptune City', county: 'Monmouth County', date: '06/02/2025', measure: '12' }, // 15
  ]);

describe(`legacy import of agencies' real files on ${DATABASE_KIND}`, () => {
  it('reads every remark agencies write, refuses unknown codes with a count, and matches places without creating any', async () => {
    const before = await tableCounts(ctx);
    const report = await run(vocabularyFile());
    expect(report).toMatchObject({ rows: 14, inserted: 10, duplicates: 0, rejectedRows: 4, created: { beaches: 3, stations: 4, inactiveStations: 2, unlinkedBrackets: 0 } });
    const reasons = Object.fromEntries(
      formatImportReport(report)
        .split('\n')
        .flatMap((line) => {
          const m = /^ +(\d+) {2}(.+)$/.exec(line);
          return m ? [[m[2]!, Number(m[1])]] : [];
        }),
    );
    expect(reasons).toEqual({
      "Unknown remark code 'QQ': map it with --map-remark 'QQ=CODE' (or 'QQ=' for no remark)": 2,
      "County_Name 'Atlantis County' matches no county": 1,
      "Municipality 'Neptune City' matches no municipality of Monmouth County": 1,
    });

    const after = await tableCounts(ctx);
    expect([after.counties, after.municipalities]).toEqual([before.counties, before.municipalities]);
    expect(after.results).toBe(before.results! + 10);
    expect(await stored('XX1020')).toMatchObject({ station_type: 'PRIMARY', beach_name: 'South Bath', municipality: 'Avalon', county: 'Cape May', program: 'OB', active: true, public_visible: true, status: 'OPEN', results: 7 });
    expect(await stored('XX3000')).toMatchObject({ municipality: 'Asbury Park', county: 'Monmouth' });
    expect(await stored('XX4000')).toBeUndefined();
    expect(await stored('XX5000')).toBeUndefined();
    // No remark, K, L, not sampled (no number), failed analysis with and without a number, confluent growth; comments as written.
    expect(await resultsOf('XX1020')).toEqual([
      { sample_date: '2025-06-02', value: 20, remark: null, comments: 'Resampled after rain', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-06-09', value: 10, remark: 'K', comments: '', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-06-16', value: 2420, remark: 'L', comments: '', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-06-23', value: null, remark: 'NS', comments: 'Surf too rough to sample', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-06-30', value: 500, remark: 'FA', comments: '', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-07-07', value: null, remark: 'FA', comments: '', verification_state: 'UNVERIFIED' },
      { sample_date: '2025-07-14', value: 800, remark: 'CG', comments: 'Modified by JSMITH on 07/15/2015 09:12 (was 80)', verification_state: 'UNVERIFIED' },
    ]);
    // Stations no longer sampled: created inactive and hidden from the public map, with their results; the bracket under its primary.
    expect(await stored('XX0900')).toMatchObject({ station_type: 'PRIMARY', beach_name: 'Old Pier', municipality: 'Ocean City', active: false, public_visible: false, results: 1 });
    expect(await stored('XX0900N1')).toMatchObject({ station_type: 'BRACKET', primary_name: 'XX0900', beach_name: 'Old Pier', active: false, public_visible: false, results: 1 });
    const map = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
    expect(map.statusCode).toBe(200);
    expect(map.body).toContain('South Bath');
    expect(map.body).not.toContain('Old Pier');
  });

  it('imports the unknown code once it is mapped, and nothing else again', async () => {
    const before = await tableCounts(ctx);
    const report = await run(vocabularyFile(), { remarkMappings: ['QQ=K'] });
    expect(report).toMatchObject({ inserted: 2, duplicates: 10, rejectedRows: 2, created: { stations: 0 } });
    expect((await resultsOf('XX1020')).slice(-2).map((r) => [r.value, r.remark])).toEqual([
      [30, 'K'],
      [40, 'K'],
    ]);
    expect((await tableCounts(ctx)).results).toBe(before.results! + 2);
    const none = await run(realCsv([xx1020('08/04/2025', '25', 'ZZ')]), { remarkMappings: ['ZZ=--'] });
    expect(none.inserted).toBe(1);
    expect((await resultsOf('XX1020')).at(-1)).toMatchObject({ value: 25, remark: null });
  });

  it("refuses another program's rows with one line per name, writing nothing, and imports two programs when both are mapped", async () => {
    const rows: Row[] = [];
    for (let day = 1; day <= 30; day++) {
      const date = `07/${String(day).padStart(2, '0')}/2025`;
      rows.push({ station: 'XX8000', beach: 'Twin Beach', date, measure: String(10 + day) });
      rows.push({ program: BAY, station: 'BB8000', beach: 'Twin Bay', town: 'Ocean City', location: 'Bay', date, measure: String(20 + day) });
    }
    const before = await tableCounts(ctx);
    const refused = await run(realCsv(rows), { programMappings: [] });
    expect(refused).toMatchObject({ rows: 60, inserted: 0, rejectedRows: 60, created: { beaches: 0, stations: 0 } });
    const text = formatImportReport(refused);
    expect(text.split('\n').filter((l) => /Program_Name '.*' is not OB/.test(l))).toEqual([
      `       30  Program_Name '${CCMP}' is not OB (Ocean Beaches): to import its rows, map it with --map-program '${CCMP}=ABBV'`,
      `       30  Program_Name '${BAY}' is not OB (Ocean Beaches): to import its rows, map it with --map-program '${BAY}=ABBV'`,
    ]);
    expect(text).toContain('lines 2, 4, 6, 8, 10');
    // All refused: nothing at all was written, not even a log row.
    expect(await tableCounts(ctx)).toEqual(before);

    const both = await run(realCsv(rows), { programMappings: [`${CCMP}=OB`, `${BAY}=BB`] });
    expect(both).toMatchObject({ inserted: 60, rejectedRows: 0, created: { beaches: 2, stations: 2 } });
    expect(both.programs).toEqual([
      { abbv: 'OB', name: 'Ocean Beaches', organization: 'NJDEP', rows: 30, inserted: 30 },
      { abbv: 'BB', name: 'Bay Beaches', organization: expect.any(String), rows: 30, inserted: 30 },
    ]);
    expect(await stored('XX8000')).toMatchObject({ program: 'OB', results: 30 });
    expect(await stored('BB8000')).toMatchObject({ program: 'BB', results: 30, beach_name: 'Twin Bay' });
    const [audit] = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log where action = 'IMPORT' and record_id = 'agency.csv'`);
    expect(audit!.n).toBeGreaterThanOrEqual(2);
  });

  it('links brackets by name, beach or Primary_Station_Name, to a primary in the file or the database, keeps one without a primary, and replays the rules without FA or CG', async () => {
    const before = await tableCounts(ctx);
    const report = await run(
      realCsv(
        [
          { station: 'XX6000', beach: 'Center Beach', date: '06/02/2025', measure: '5000', remark: 'FA' }, // 2: no measurement: no rule
          { station: 'XX6000', beach: 'Center Beach', date: '06/02/2025', time: '14:00', measure: '4000', remark: 'CG' }, // 3: neither
          { station: 'XX6000N1', beach: 'Center Beach N1', type: 'Bracket', date: '06/03/2025', measure: '300' }, // 4: by name; Open -> Advisory
          { station: 'XX6000SN1', beach: 'Center Beach SN1', type: 'Bracket', date: '06/02/2025', time: '10:00', measure: '20' }, // 5: by name (two-letter side)
          { station: 'CB-NORTH', beach: 'Center Beach N2', type: 'Bracket', date: '06/02/2025', time: '10:00', measure: '22' }, // 6: by beach name
          { station: 'ODD-1', beach: 'Center Beach', type: 'Bracket', date: '06/02/2025', time: '10:00', measure: '24', primary: 'XX6000' }, // 7: by column
          { station: 'XX1020E1', beach: 'South Bath E1', type: 'Bracket', date: '06/03/2025', measure: '26' }, // 8: primary in the database only
          { station: 'XX7000N1', beach: 'Far Beach N1', type: 'Bracket', date: '06/03/2025', measure: '9000' }, // 9: no primary anywhere
          { station: 'XX7000N1', beach: 'Far Beach N1', type: 'Bracket', date: '06/04/2025', measure: '9100' }, // 10
        ],
        true,
      ),
      { verified: true, replayRules: true },
    );
    expect(report).toMatchObject({ rows: 9, inserted: 9, rejectedRows: 0, created: { beaches: 2, stations: 7, unlinkedBrackets: 1 }, statusChanges: 1 });
    expect(report.warnings).toEqual([
      expect.objectContaining({ line: 9, message: "Bracket station 'XX7000N1': no primary station 'XX7000' or at beach 'Far Beach' in the file or in OB; created without one (2 rows)" }),
    ]);
    for (const name of ['XX6000N1', 'XX6000SN1', 'CB-NORTH', 'ODD-1']) {
      expect(await stored(name), name).toMatchObject({ station_type: 'BRACKET', primary_name: 'XX6000', beach_name: 'Center Beach', public_visible: true });
    }
    expect(await stored('XX1020E1')).toMatchObject({ station_type: 'BRACKET', primary_name: 'XX1020', beach_name: 'South Bath' });
    expect(await stored('XX7000N1')).toMatchObject({ station_type: 'BRACKET', primary_name: null, beach_name: 'Far Beach', active: true, public_visible: false, status: null, results: 2 });
    // FA and CG changed nothing; the bracket's exceedance put its primary in Advisory; the unlinked bracket's values changed nothing.
    expect(await stored('XX6000')).toMatchObject({ status: 'ADVISORY' });
    expect(await stored('XX1020')).toMatchObject({ status: 'OPEN' });
    const history = await queryRows<{ station: string; to_code: string; source: string }>(
      ctx.database.db,
      sql`select s.station_name as station, t.code as to_code, h.source from beach_status_history h
          join beach_stations s on s.beach_station_id = h.beach_station_id join beach_statuses t on t.beach_status_id = h.to_status_id
          where s.station_name in ('XX6000', 'XX7000N1') order by h.beach_status_history_id`,
    );
    expect(history).toEqual([
      { station: 'XX6000', to_code: 'OPEN', source: 'IMPORT' },
      { station: 'XX6000', to_code: 'ADVISORY', source: 'RULE' },
    ]);
    expect((await tableCounts(ctx)).results).toBe(before.results! + 9);
    expect(await tableCounts(ctx)).toMatchObject({ mail_outbox: before.mail_outbox });
  });

  it('creates nothing when every row is refused', async () => {
    const before = await tableCounts(ctx);
    const report = await run(
      realCsv([
        { station: 'YY1000', beach: 'Debris Beach', date: '06/02/2025', measure: '20', units: 'furlongs' }, // the station would be new
        { station: 'YY1000N1', beach: 'Debris Beach N1', type: 'Bracket', date: '13/02/2025', measure: '20' },
        { station: 'YY2000', beach: 'Debris Two', county: 'Kent County', date: '06/02/2025', measure: '20' },
        { station: 'YY3000', beach: 'Debris Three', date: '06/02/2025', measure: 'lots' },
        { station: 'YY4000', beach: 'Debris Four', date: '06/02/2025', measure: '20', remark: 'ZZ' },
      ]),
      { verified: true, replayRules: true },
    );
    expect(report).toMatchObject({ rows: 5, inserted: 0, rejectedRows: 5, created: { beaches: 0, stations: 0 }, statusChanges: 0 });
    expect(await tableCounts(ctx)).toEqual(before);
    expect(await stored('YY1000')).toBeUndefined();
  });

  it('a dry run reports exactly what the import then does, and writes nothing', async () => {
    const rows: Row[] = [];
    for (let day = 1; day <= 20; day++) {
      const date = `08/${String(day).padStart(2, '0')}/2025`;
      rows.push({ station: 'ZZ1000', beach: 'Dry Beach', date, measure: day === 5 ? '700' : '15' });
      rows.push({ station: 'ZZ1000N1', beach: 'Dry Beach N1', type: 'Bracket', date, measure: day === 12 ? 'N/A' : '16', remark: day === 12 ? 'NS' : '--' });
    }
    rows.push({ station: 'ZZ1000', beach: 'Dry Beach', date: '08/21/2025', measure: '12', remark: 'QQ' });
    const text = realCsv(rows);
    const before = await tableCounts(ctx);
    const dry = await run(text, { verified: true, replayRules: true, dryRun: true });
    expect(await tableCounts(ctx)).toEqual(before);
    expect(await stored('ZZ1000')).toBeUndefined();
    expect(dry).toMatchObject({ dryRun: true, rows: 41, inserted: 40, rejectedRows: 1, created: { beaches: 1, stations: 2 } });
    expect(dry.statusChanges).toBeGreaterThan(0);
    const printed = formatImportReport(dry);
    expect(printed).toMatch(/^DRY RUN \(nothing was written\): agency\.csv -> OB/);
    expect(printed).toMatch(/\nWould import: 41 rows read, 40 inserted, 0 skipped as already present, 1 rejected; 2 stations created/);

    const real = await run(text, { verified: true, replayRules: true });
    expect({ ...real, ms: 0, dryRun: true }).toEqual({ ...dry, ms: 0 });
    expect((await tableCounts(ctx)).results).toBe(before.results! + 40);
  });

  it('refuses a mapping to nothing, and a malformed one, before reading the file', async () => {
    await expect(run(realCsv([xx1020('08/05/2025', '1', 'K')]), { remarkMappings: ['QQ=NOPE'] })).rejects.toThrow(/--map-remark 'QQ=NOPE': there is no remark code 'NOPE'/);
    await expect(run('', { programMappings: ['Agency=NOPE'] })).rejects.toThrow("--map-program 'Agency=NOPE': no program with abbreviation 'NOPE'");
    await expect(run('', { remarkMappings: ['=K'] })).rejects.toThrow(ImportError);
  });
});
