import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CSV_FORMULA_TRIGGERS, INCIDENT_COLUMNS, parseCsv, WATER_QUALITY_COLUMNS } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { beaches, beachStations, incidents, results } from '../src/db/schema';
import { incidentQuery, waterQualityQuery } from '../src/modules/downloads/repository/csv-queries';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { fresh } from './public-fixtures';
import { demoFacts, enter, stationsOf, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * Security issue 8, item 8: text a sampler typed must not run as a formula when the public opens the CSV
 * download in a spreadsheet. A text cell starting with = + - @ tab or CR gets a leading apostrophe and is
 * quoted (OWASP); numbers (a negative longitude) stay numbers.
 */

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
const token = tokenCache(() => ctx);
const DAY = '2026-07-20';
const US_DAY = '07/20/2026';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
}, 300_000);
afterAll(() => ctx?.close());

const HYPERLINK = '=HYPERLINK("http://evil.example/x","Click")';
/** Comment -> what the download must hold, by sample hour. */
const COMMENTS: [hour: string, typed: string, written: string][] = [
  ['06', HYPERLINK, `'${HYPERLINK}`],
  ['07', '+1+1', "'+1+1"],
  ['08', '@SUM(A1)', "'@SUM(A1)"],
  ['09', '-2+3', "'-2+3"],
  ['10', '-1', "'-1"],
  ['11', 'Rain = high surf', 'Rain = high surf'],
];

type Row = Record<string, string>;
const rowsOf = (body: string, columns: readonly string[]): Row[] => {
  const [header, ...records] = parseCsv(body);
  expect(header!.fields).toEqual([...columns]);
  return records.map((r) => Object.fromEntries(columns.map((c, i) => [c, r.fields[i]!])));
};
const startsAsFormula = (cell: string) => cell !== '' && (CSV_FORMULA_TRIGGERS as readonly string[]).includes(cell[0]!);

const downloadWaterQuality = (stationId: number) =>
  ctx.call({ method: 'GET', url: `/api/public/data/download/waterQuality?downloadType=water-quality&beachId=${stationId}&startDate=${DAY}&endDate=${DAY}` });

describe(`CSV formula injection in the public downloads on ${DATABASE_KIND}`, () => {
  it('neutralises formula comments entered and verified through the staff API, and keeps numbers numbers', async () => {
    const station = ob.find((s) => s.station_type === 'PRIMARY')!;
    const sampler = await token('sampler@example.org');
    const ids = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: DAY,
      rows: [
        ...COMMENTS.map(([hour, comments]) => ({ beach_station_id: station.beach_station_id, value: 20, sample_time_hh: hour, sample_time_mm: '00', comments })),
        // The API trims what it stores: a tab-leading comment arrives without its tab (see below for one that is stored).
        { beach_station_id: station.beach_station_id, value: 20, sample_time_hh: '12', sample_time_mm: '00', comments: '\t=1+1' },
      ],
    });
    await verify(ctx, await token('verifier@example.org'), ids);
    fresh(ctx);

    const res = await downloadWaterQuality(station.beach_station_id);
    expect(res.statusCode, res.body).toBe(200);
    const rows = rowsOf(res.body, WATER_QUALITY_COLUMNS);
    const byHour = new Map(rows.filter((r) => r.Result_Date === US_DAY).map((r) => [r.Result_Time!.slice(0, 2), r]));
    for (const [hour, typed, written] of COMMENTS) {
      expect(byHour.get(hour)?.Result_Comments, typed).toBe(written);
    }
    expect(byHour.get('12')?.Result_Comments).toBe("'=1+1");
    // OWASP: the neutralised cell is quoted too (its quotes doubled).
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example/x"",""Click"")"`);
    expect(res.body).toContain(`"'+1+1"`);
    expect(res.body).toContain(`"'@SUM(A1)"`);

    // No text cell anywhere in the file starts as a formula; numbers stay as they are, unquoted.
    for (const row of rows) {
      for (const column of waterQualityQuery.textColumns) expect(startsAsFormula(row[column]!), `${column}: ${row[column]}`).toBe(false);
      expect(row.Lon_DD).toMatch(/^-\d+(\.\d+)?$/);
      expect(Number(row.Lon_DD)).toBeLessThan(0);
      expect(row.Result_Measure).toMatch(/^\d+(\.\d+)?$/);
    }
    const line = res.body.split('\n').find((l) => l.includes("'+1+1"))!;
    expect(line).toMatch(/,-\d+(\.\d+)?,/); // the negative longitude, unquoted and without an apostrophe
    expect(line).toMatch(/,20,"'\+1\+1",/); // Result_Measure as a bare number beside the comment
  });

  it('neutralises text stored by other means: tab or CR leading comments and names', async () => {
    const station = ob.find((s) => s.station_type === 'PRIMARY')!;
    const db = ctx.database.db;
    const [result] = await queryRows<{ result_id: number }>(
      db,
      sql`select result_id from results where beach_station_id = ${station.beach_station_id} and sample_date = ${DAY} order by result_id limit 2`,
    );
    const [beach] = await db.select({ id: beaches.beachId, name: beaches.name }).from(beaches).innerJoin(beachStations, eq(beachStations.beachId, beaches.beachId)).where(eq(beachStations.beachStationId, station.beach_station_id));
    await db.update(results).set({ comments: '\tcmd|/c calc' }).where(eq(results.resultId, result!.result_id));
    await db.update(beaches).set({ name: '+Plus Beach' }).where(eq(beaches.beachId, beach!.id));
    try {
      const res = await downloadWaterQuality(station.beach_station_id);
      const rows = rowsOf(res.body, WATER_QUALITY_COLUMNS);
      expect(rows.some((r) => r.Result_Comments === "'\tcmd|/c calc")).toBe(true);
      expect(rows.every((r) => r.Beach_Name === "'+Plus Beach")).toBe(true);
      expect(res.body).toContain(`"'+Plus Beach"`);

      await db.update(results).set({ comments: '\r=1+1' }).where(eq(results.resultId, result!.result_id));
      const again = rowsOf((await downloadWaterQuality(station.beach_station_id)).body, WATER_QUALITY_COLUMNS);
      expect(again.some((r) => r.Result_Comments === "'\r=1+1")).toBe(true);
    } finally {
      await db.update(results).set({ comments: '' }).where(eq(results.resultId, result!.result_id));
      await db.update(beaches).set({ name: beach!.name }).where(eq(beaches.beachId, beach!.id));
    }
  });

  it('neutralises the incident download too', async () => {
    const db = ctx.database.db;
    const [incident] = await db
      .select({ id: incidents.incidentId, stationId: incidents.beachStationId, comments: incidents.additionalOverallComments, final: incidents.finalComments })
      .from(incidents)
      .limit(1);
    expect(incident).toBeDefined();
    await db.update(incidents).set({ additionalOverallComments: '@SUM(A1)', finalComments: '-2+3' }).where(eq(incidents.incidentId, incident!.id));
    try {
      const res = await ctx.call({ method: 'GET', url: `/api/public/data/download/incident/?downloadType=incident&beachId=${incident!.stationId}` });
      expect(res.statusCode, res.body).toBe(200);
      const rows = rowsOf(res.body, INCIDENT_COLUMNS);
      const ours = rows.find((r) => r.Incident_Id === String(incident!.id));
      expect(ours).toMatchObject({ Comments: "'@SUM(A1)", Final_Comments: "'-2+3" });
      for (const row of rows) {
        for (const column of incidentQuery.textColumns) expect(startsAsFormula(row[column]!), `${column}: ${row[column]}`).toBe(false);
        expect(row.Incident_Id).toMatch(/^\d+$/);
      }
      expect(res.body).toContain(`"'@SUM(A1)","'-2+3"`);
    } finally {
      await db.update(incidents).set({ additionalOverallComments: incident!.comments, finalComments: incident!.final }).where(eq(incidents.incidentId, incident!.id));
    }
  });
});
