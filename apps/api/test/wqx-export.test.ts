import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { beaches, beachStations, programs, results } from '../src/db/schema';
import { openWqxExport } from '../src/modules/wqx-export/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';
import { countElements as count, expectFieldRefusal, expectValidXml } from './xml-validation';

/**
 * GET /depit/wqx (DEP IT: WQX, decision 0034): the file validates against the WQX 3.0 XSD (xmllint) on the
 * demo data and on an empty period, and says what a fixture of its own holds: a plain value, a censored
 * "<10" as Not Detected with its reporting limit, a TNTC as above the limit, escaped names, and nothing
 * unverified, not sampled or hidden from the public.
 */

let ctx: TestContext;
let facts: DemoFacts;
const token = tokenCache(() => ctx);
const ADMIN = 'admin@example.org';

const f = { program: 0, ocean: 0, lake: 0, hidden: 0, plain: 0, censored: 0, tntc: 0, resample: 0, failed: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  const db = ctx.database.db;
  const [program] = await db.insert(programs).values({ name: 'WQX Test & <Coast>', abbv: 'WQT', color: '#005ea2', desc: 'Fixture "program" for WQX' }).returning({ id: programs.programId });
  f.program = program!.id;
  const [town] = await queryRows<{ id: number }>(db, sql`select municipality_id as id from municipalities order by municipality_id limit 1`);
  const beach = async (name: string, category: string) =>
    (await db.insert(beaches).values({ programId: f.program, name, municipalityId: town!.id, category }).returning({ id: beaches.beachId }))[0]!.id;
  const station = async (beachId: number, stationName: string, epaStationId: string | null, publicVisible = true) =>
    (
      await db
        .insert(beachStations)
        .values({ beachId, stationName, stationType: 'PRIMARY', latitude: 40.1234567891, longitude: -74.7654321, epaStationId, publicVisible })
        .returning({ id: beachStations.beachStationId })
    )[0]!.id;
  f.ocean = await station(await beach('Ocean & Sons <Beach>', 'OCEAN'), 'Sta "A" & B', 'NJ-WQT-A');
  f.lake = await station(await beach('Lake Fixture', 'LAKE'), 'Lake Station', null);
  f.hidden = await station(await beach('Hidden Bay', 'BAY'), 'Hidden Station', 'NJ-WQT-H', false);

  const org = facts.org.NJDEP!;
  let minute = 0;
  const row = (stationId: number, sampleDate: string, value: number | null, remark?: string, state = 'VERIFIED', extra: Partial<typeof results.$inferInsert> = {}) => ({
    beachStationId: stationId,
    organizationId: org,
    sampleDate,
    sampleTimeHh: '09',
    sampleTimeMm: String(minute++ % 60).padStart(2, '0'),
    parameterId: stationId === f.lake ? facts.parameter.E_COLI : facts.parameter.ENTEROCOCCUS,
    resultUnitId: stationId === f.lake ? facts.unit.MPN_100ML : facts.unit.CFU_100ML,
    value,
    remarkCodeId: remark ? facts.remark[remark]! : null,
    verificationState: state,
    labName: 'Coastal Lab & Co.',
    ...extra,
  });
  const inserted = await db
    .insert(results)
    .values([
      row(f.ocean, '2025-07-01', 35, undefined, 'VERIFIED', { comments: 'Calm <surf> & clear' }),
      row(f.ocean, '2025-07-08', 10, 'K'),
      row(f.ocean, '2025-07-09', 2420, 'TNTC'),
      row(f.ocean, '2025-07-09', 120, undefined, 'SECONDARY_VERIFIED', { isResample: true }),
      row(f.lake, '2025-07-10', 300, 'FA'),
      // Never exported: not sampled, unverified, hidden station, outside the period.
      row(f.ocean, '2025-07-15', null, 'NS'),
      row(f.ocean, '2025-07-16', 999, undefined, 'UNVERIFIED'),
      row(f.hidden, '2025-07-02', 44),
      row(f.ocean, '2025-08-01', 77),
    ])
    .returning({ id: results.resultId });
  [f.plain, f.censored, f.tntc, f.resample, f.failed] = inserted.map((r) => r.id) as [number, number, number, number, number];
}, 300_000);
afterAll(async () => {
  await ctx?.close();
});

const JULY = 'from=2025-07-01&to=2025-07-31';

async function download(query: string, email = ADMIN) {
  return ctx.call({ method: 'GET', url: `/api/depit/wqx?${query}`, token: await token(email) });
}

/** xmllint's verdict on the document against the WQX 3.0 XSD. */
const validate = (xml: string, name: string) => expectValidXml('wqx-3.0', xml, name);

/** The <Activity> of a result id (WQT-R{id}). */
const activityOf = (xml: string, id: number) => {
  const start = xml.indexOf(`<ActivityIdentifier>WQT-R${id}</ActivityIdentifier>`);
  if (start < 0) return null;
  return xml.slice(xml.lastIndexOf('<Activity>', start), xml.indexOf('</Activity>', start) + '</Activity>'.length);
};

describe(`DEP IT: WQX on ${DATABASE_KIND}`, () => {
  it('the demo data: a season of the Ocean Beaches program validates and holds every published result', async () => {
    const [range] = await queryRows<{ from: string; to: string }>(
      ctx.database.db,
      sql`select to_char(min(r.sample_date), 'YYYY-MM-DD') as "from", to_char(max(r.sample_date), 'YYYY-MM-DD') as "to"
        from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
        where b.program_id = ${facts.program.OB}`,
    );
    const res = await download(`program_id=${facts.program.OB}&from=${range!.from}&to=${range!.to}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="wqx_OB_${range!.from}_${range!.to}.xml"`);
    validate(res.body, 'demo.xml');
    const [expected] = await queryRows<{ n: number; stations: number }>(
      ctx.database.db,
      sql`select count(*)::int as n, count(distinct r.beach_station_id)::int as stations
        from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id join beaches b on b.beach_id = bs.beach_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        where b.program_id = ${facts.program.OB} and bs.public_visible and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED')
          and (rc.code is null or rc.code <> 'NS')`,
    );
    expect(expected!.n).toBeGreaterThan(0);
    expect(count(res.body, 'Activity')).toBe(expected!.n);
    expect(count(res.body, 'Result')).toBe(expected!.n);
    expect(count(res.body, 'MonitoringLocation')).toBe(expected!.stations);
    expect(res.body).toContain('<OrganizationIdentifier>NJDEP</OrganizationIdentifier>');
    expect(res.body).toContain('<MonitoringLocationTypeName>BEACH Program Site-Ocean</MonitoringLocationTypeName>');
    expect(res.body).toContain('<CharacteristicName>Enterococcus</CharacteristicName>');
    expect(res.body).not.toContain('<MonitoringLocationTypeName>BEACH Program Site-Lake');
    // A known demo result: its value is in its activity.
    const [known] = await queryRows<{ id: number; value: number }>(
      ctx.database.db,
      sql`select r.result_id as id, r.value from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id
        join beaches b on b.beach_id = bs.beach_id
        where b.program_id = ${facts.program.OB} and bs.public_visible and r.remark_code_id is null and r.value is not null
          and r.verification_state in ('VERIFIED', 'SECONDARY_VERIFIED') order by r.result_id limit 1`,
    );
    const start = res.body.indexOf(`<ActivityIdentifier>OB-R${known!.id}</ActivityIdentifier>`);
    expect(start).toBeGreaterThan(0);
    expect(res.body.slice(start, res.body.indexOf('</Activity>', start))).toContain(`<ResultMeasureValue>${known!.value}</ResultMeasureValue><MeasureUnitCode>cfu/100ml</MeasureUnitCode>`);
  });

  it('the fixture: values, censored values, units, times, escaping; nothing unpublished', async () => {
    const res = await download(`program_id=${f.program}&${JULY}`);
    expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="wqx_WQT_2025-07-01_2025-07-31.xml"');
    const xml = res.body;
    validate(xml, 'fixture.xml');
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<WQX xmlns="http://www.exchangenetwork.net/schema/wqx/3">')).toBe(true);
    expect(xml).toContain('<ProjectIdentifier>BEACH-WQT</ProjectIdentifier><ProjectName>WQX Test &amp; &lt;Coast&gt;</ProjectName>');
    // Two locations (the hidden station's result is not published); the lake is a Lake site.
    expect(count(xml, 'MonitoringLocation')).toBe(2);
    expect(xml).toContain(
      '<MonitoringLocationIdentifier>NJ-WQT-A</MonitoringLocationIdentifier><MonitoringLocationName>Sta &quot;A&quot; &amp; B</MonitoringLocationName>' +
        '<MonitoringLocationTypeName>BEACH Program Site-Ocean</MonitoringLocationTypeName><MonitoringLocationDescriptionText>Ocean &amp; Sons &lt;Beach&gt;</MonitoringLocationDescriptionText>',
    );
    expect(xml).toContain(`<MonitoringLocationIdentifier>WQT-${f.lake}</MonitoringLocationIdentifier>`);
    expect(xml).toContain('<MonitoringLocationTypeName>BEACH Program Site-Lake</MonitoringLocationTypeName>');
    expect(xml).toContain('<LatitudeMeasure>40.12345679</LatitudeMeasure><LongitudeMeasure>-74.7654321</LongitudeMeasure>');
    expect(xml).not.toContain('NJ-WQT-H');
    // Five published results: NS, unverified, hidden and August ones are left out.
    expect(count(xml, 'Activity')).toBe(5);

    const plain = activityOf(xml, f.plain)!;
    expect(plain).toContain('<ActivityTypeCode>Sample-Routine</ActivityTypeCode><ActivityMediaName>Water</ActivityMediaName>');
    expect(plain).toContain('<ActivityStartDate>2025-07-01</ActivityStartDate><ActivityStartTime><Time>09:00:00</Time><TimeZoneCode>EDT</TimeZoneCode></ActivityStartTime>');
    expect(plain).toContain('<ResultMeasure><ResultMeasureValue>35</ResultMeasureValue><MeasureUnitCode>cfu/100ml</MeasureUnitCode></ResultMeasure>');
    expect(plain).toContain('<ResultCommentText>Calm &lt;surf&gt; &amp; clear</ResultCommentText>');
    expect(plain).toContain('<MethodIdentifier>1600</MethodIdentifier><MethodIdentifierContext>USEPA</MethodIdentifierContext>');
    expect(plain).toContain('<LaboratoryName>Coastal Lab &amp; Co.</LaboratoryName>');
    expect(plain).not.toContain('ResultDetectionConditionText');

    // "<10": not detected, no measure, the reporting limit of 10 CFU/100 mL.
    const censored = activityOf(xml, f.censored)!;
    expect(censored).toContain('<ResultDetectionConditionText>Not Detected</ResultDetectionConditionText>');
    expect(censored).not.toContain('<ResultMeasure>');
    expect(censored).toContain(
      '<ResultDetectionQuantitationLimit><DetectionQuantitationLimitTypeName>Lower Reporting Limit</DetectionQuantitationLimitTypeName>' +
        '<DetectionQuantitationLimitMeasure><MeasureValue>10</MeasureValue><MeasureUnitCode>cfu/100ml</MeasureUnitCode></DetectionQuantitationLimitMeasure></ResultDetectionQuantitationLimit>',
    );
    expect(censored).toContain('Remark code K: Less than reporting limit.');

    const tntc = activityOf(xml, f.tntc)!;
    expect(tntc).toContain('<ResultDetectionConditionText>Present Above Quantification Limit</ResultDetectionConditionText>');
    expect(tntc).toContain('<DetectionQuantitationLimitTypeName>Upper Quantitation Limit</DetectionQuantitationLimitTypeName><DetectionQuantitationLimitMeasure><MeasureValue>2420</MeasureValue>');

    expect(activityOf(xml, f.resample)).toContain('<ActivityTypeCode>Sample-Routine Resample</ActivityTypeCode>');
    const failed = activityOf(xml, f.failed)!;
    expect(failed).toContain('<ResultDetectionConditionText>Not Reported</ResultDetectionConditionText><CharacteristicName>Escherichia coli</CharacteristicName>');
    expect(failed).not.toContain('<ResultMeasure>');
    expect(failed).toContain('<MethodIdentifier>COLILERT</MethodIdentifier>');
  });

  it("streams in keyset pages: pages of 2 or 3 rows (one ends inside a day's two samples) give the same bytes as one page", async () => {
    const read = async (pageSize: number) => {
      const file = await openWqxExport(ctx.deps, { program_id: f.program, from: '2025-07-01', to: '2025-07-31' }, facts.org.NJDEP!, pageSize);
      const chunks: Buffer[] = [];
      for await (const chunk of file.stream) chunks.push(Buffer.from(chunk as string));
      return Buffer.concat(chunks).toString('utf8');
    };
    const whole = await read(1000);
    expect(await read(2)).toBe(whole);
    expect(await read(3)).toBe(whole);
    expect(await read(1)).toBe(whole);
    expect(count(whole, 'Activity')).toBe(5);
  });

  it('an empty period: organization and project, no locations or activities, still valid', async () => {
    const res = await download(`program_id=${f.program}&from=2024-01-01&to=2024-01-31`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toBe('attachment; filename="wqx_WQT_2024-01-01_2024-01-31.xml"');
    validate(res.body, 'empty.xml');
    expect(count(res.body, 'Project')).toBe(1);
    expect(count(res.body, 'MonitoringLocation')).toBe(0);
    expect(count(res.body, 'Activity')).toBe(0);
  });

  it('refuses a bad query with 400 and says which field', async () => {
    const refused = async (query: string, field: string, message?: RegExp) => expectFieldRefusal(await download(query), query, field, message);
    await refused(`program_id=${f.program}&from=2025-07-31&to=2025-07-01`, 'to', /To date is before the From date/);
    await refused(`program_id=999999&${JULY}`, 'program_id', /No program has the id 999999/);
    await refused(JULY, 'program_id');
    await refused(`program_id=abc&${JULY}`, 'program_id');
    await refused(`program_id=${f.program}&from=2025-02-30&to=2025-03-01`, 'from');
    await refused(`program_id=${f.program}&from=2025-07-01`, 'to');
    await refused(`program_id=${f.program}&from=2025-07-01&to=9999-12-31`, 'to');
  });

  it('organization admins only: 401 without a login, 403 for others, before the query is read', async () => {
    expect((await ctx.call({ method: 'GET', url: `/api/depit/wqx?program_id=${f.program}&${JULY}` })).statusCode).toBe(401);
    const health = await download(`program_id=${f.program}&${JULY}`, 'health@example.org');
    expect(health.statusCode).toBe(403);
    expect(health.headers['content-type']).toMatch(/application\/json/);
    expect((await download('from=nonsense', 'health@example.org')).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: '/api/depit/wqx?from=nonsense' })).statusCode).toBe(401);
  });
});
