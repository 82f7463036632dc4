import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { localDate } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { beaches, beachStations, beachStatusHistory, programs, programSeasons, programThresholds, results } from '../src/db/schema';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, tokenCache, type DemoFacts } from './results-fixtures';
import { countElements as count, expectFieldRefusal, expectValidXml } from './xml-validation';

/**
 * GET /depit/xml/beachNotification (decision 0033): the file validates against the EPA BEACH
 * notification 2.4 schema (xmllint) on the demo data and on an empty year; a fixture program of its own
 * shows what goes in (an advisory and a closure with their dates, reasons, sources and indicators).
 */

const ADMIN = 'admin@example.org';

let ctx: TestContext;
let facts: DemoFacts;
const token = tokenCache(() => ctx);

/** The fixture program: one reported beach with a primary and a bracket, and one without an EPA id. */
const f = { program: 0, beach: 0, primary: 0, bracket: 0, noEpa: 0 };

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  const db = ctx.database.db;
  const [program] = await db
    .insert(programs)
    .values({ name: 'XML Test Coast & Bays', abbv: 'XMLT', color: '#005ea2', desc: 'Fixture program for the <BEACH> file' })
    .returning({ id: programs.programId });
  f.program = program!.id;
  await db.insert(programSeasons).values([
    { programId: f.program, year: 2019, preseasonStart: '2019-05-15', startDate: '2019-05-25', endDate: '2019-09-02' },
    // A winter season across the new year (decision 0053: actions stop with their season, wherever it ends).
    { programId: f.program, year: 2020, preseasonStart: '2019-11-25', startDate: '2019-12-01', endDate: '2020-02-28' },
  ]);
  await db.insert(programThresholds).values({
    programId: f.program,
    parameterId: facts.parameter.ENTEROCOCCUS,
    resultUnitId: facts.unit.CFU_100ML,
    geomeanThreshold: 35,
    statisticalThreshold: 130,
    beachActionValue: 104,
  });
  const [town] = await queryRows<{ id: number }>(db, sql`select m.municipality_id as id from municipalities m join counties c using (county_id) where c.fips is not null order by 1 limit 1`);
  const [beach, noEpa] = await db
    .insert(beaches)
    .values([
      {
        programId: f.program,
        name: 'Sea & Sand <North> Beach with a name far longer than sixty characters allow',
        municipalityId: town!.id,
        category: 'OCEAN',
        description: 'Quotes "here" and \'there\'',
        lengthMiles: 0.42,
        epaBeachId: 'NJ999001',
        swimSeasonStart: '05-20',
        swimSeasonEnd: '09-10',
        monitoringFrequency: 'WEEKLY',
        tier: 1,
        pollutionSources: ['STORM', 'WILDLIFE'],
      },
      { programId: f.program, name: 'No EPA Id Beach', municipalityId: town!.id, category: 'LAKE' },
    ])
    .returning({ id: beaches.beachId });
  f.beach = beach!.id;
  f.noEpa = noEpa!.id;
  const [primary] = await db
    .insert(beachStations)
    .values({ beachId: f.beach, stationName: 'XML - Ocean', stationType: 'PRIMARY', latitude: 40.123456, longitude: -74.000001, epaStationId: 'XMLT-001-P' })
    .returning({ id: beachStations.beachStationId });
  f.primary = primary!.id;
  const [bracket] = await db
    .insert(beachStations)
    .values({ beachId: f.beach, stationName: 'XML - Ocean N1', stationType: 'BRACKET', primaryStationId: f.primary, latitude: 40.2, longitude: -74.1 })
    .returning({ id: beachStations.beachStationId });
  f.bracket = bracket!.id;
  await db.insert(beachStations).values({ beachId: f.noEpa, stationName: 'No EPA - Lake', stationType: 'PRIMARY', latitude: 41, longitude: -74.5 });
  const [result] = await db
    .insert(results)
    .values({
      beachStationId: f.primary,
      organizationId: facts.org.NJDEP!,
      sampleDate: '2019-08-01',
      sampleTimeHh: '08',
      sampleTimeMm: '00',
      parameterId: facts.parameter.ENTEROCOCCUS,
      resultUnitId: facts.unit.CFU_100ML,
      value: 500,
      verificationState: 'VERIFIED',
    })
    .returning({ id: results.resultId });
  const change = (effectiveDate: string, code: keyof DemoFacts['status'], extra: Partial<typeof beachStatusHistory.$inferInsert> = {}) => ({
    beachStationId: f.primary,
    toStatusId: facts.status[code],
    effectiveDate,
    source: 'MANUAL',
    ...extra,
  });
  await db.insert(beachStatusHistory).values([
    // An advisory of 2018 lifted in 2018: not in the 2019 file.
    change('2018-07-01', 'ADVISORY', { reasonCode: 'POLICY' }),
    change('2018-07-03', 'OPEN'),
    // The advisory the test looks for: pre-emptive, after rain, lifted 07-12.
    change('2019-07-08', 'ADVISORY', { reasonCode: 'RAINFALL', beaconSource: 'STORM', reason: 'Storm & "runoff" <2.8 in>' }),
    change('2019-07-12', 'OPEN'),
    // A closure still in force when the summer season ends on 09-02 (nothing lifted it until the winter
    // season's start): it stops on 09-02 (decision 0053).
    change('2019-08-30', 'CLOSED', { source: 'RULE', resultId: result!.id }),
    // The season's end, and the same day an advisory from the last day's sample: never posted, not written.
    change('2019-09-03', 'NOT_MONITORED', { source: 'SEASON' }),
    change('2019-09-03', 'ADVISORY', { source: 'RULE', resultId: result!.id }),
    change('2019-11-25', 'OPEN', { source: 'SEASON' }),
    // A closure a rule made from an Enterococcus result in the winter season, lifted in 2020: its real stop date is written.
    change('2019-12-30', 'CLOSED', { source: 'RULE', resultId: result!.id }),
    change('2020-01-02', 'OPEN'),
  ]);
}, 300_000);

afterAll(async () => {
  await ctx?.close();
});

async function download(query: string, email: string | null = ADMIN) {
  return ctx.call({ method: 'GET', url: `/api/depit/xml/beachNotification?${query}`, ...(email ? { token: await token(email) } : {}) });
}

async function fileOf(query: string, name: string) {
  const res = await download(query);
  expect(res.statusCode, res.body.slice(0, 500)).toBe(200);
  expect(res.headers['content-type']).toMatch(/^application\/xml/);
  expectValidXml('beaches-2.4', res.body, name);
  return res;
}

describe(`DEP IT: BEACH notification XML on ${DATABASE_KIND}`, () => {
  it('demo data: a valid file of every reported beach of the program with the year’s actions', async () => {
    const db = ctx.database.db;
    const [busiest] = await queryRows<{ year: number; n: number }>(
      db,
      sql`select extract(year from h.effective_date)::int as year, count(*)::int as n
            from beach_status_history h join beach_stations s using (beach_station_id) join beaches b using (beach_id)
           where b.program_id = ${facts.program.OB} and exists (select 1 from beach_statuses st where st.beach_status_id = h.to_status_id and st.code in ('ADVISORY','CLOSED'))
           group by 1 order by 2 desc limit 1`,
    );
    expect(busiest, 'the demo program has advisories or closures').toBeDefined();
    const res = await fileOf(`program_id=${facts.program.OB}&year=${busiest!.year}`, 'demo.xml');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="beach-notification_OB_${busiest!.year}.xml"`);
    const xml = res.body;
    const [expected] = await queryRows<{ beaches: number; stations: number }>(
      db,
      sql`select count(distinct b.beach_id)::int as beaches, count(s.beach_station_id)::int as stations
            from beaches b join municipalities m using (municipality_id) join counties c using (county_id)
            left join beach_stations s on s.beach_id = b.beach_id
           where b.program_id = ${facts.program.OB} and length(trim(b.epa_beach_id)) = 8 and c.fips ~ '^[0-9]{5}$'`,
    );
    expect(count(xml, 'BeachDetail')).toBe(expected!.beaches);
    expect(count(xml, 'BeachCoordinateDetail')).toBe(expected!.stations);
    expect(count(xml, 'BeachActivityDetail')).toBeGreaterThan(0);
    // Every beach carries the program's criteria: its beach action value among them.
    expect(count(xml, 'BeachCriterionDetail')).toBe(expected!.beaches * 3);
    expect(xml).toContain('<MeasureTypeName>BNT</MeasureTypeName><MeasureValue>104</MeasureValue><MeasureUnitCode>CFU/100mL</MeasureUnitCode>');
    expect(xml).toContain('<OrganizationIdentifier>OB</OrganizationIdentifier>');
    // Every action lies inside one monitoring window (pre-season start to season end) of the program: none
    // runs on through the winter (decision 0053).
    const windows = await queryRows<{ preseason_start: string; end_date: string }>(
      db,
      sql`select preseason_start::text, end_date::text from program_seasons where program_id = ${facts.program.OB}`,
    );
    const spans = [...xml.matchAll(/<ActivityActualStartDate>(\d{4}-\d{2}-\d{2})T00:00:00<\/ActivityActualStartDate><ActivityActualStopDate>(\d{4}-\d{2}-\d{2})T00:00:00<\/ActivityActualStopDate>/g)];
    expect(spans).toHaveLength(count(xml, 'BeachActivityDetail'));
    for (const [, start, stop] of spans) {
      expect(stop! >= start!, `${start}..${stop}`).toBe(true);
      expect(windows.some((w) => w.preseason_start <= start! && stop! <= w.end_date), `${start}..${stop} inside a season`).toBe(true);
    }
    console.info(`BEACH notification OB ${busiest!.year}: ${Buffer.byteLength(xml)} bytes, ${count(xml, 'BeachDetail')} beaches, ${count(xml, 'BeachActivityDetail')} actions, ${count(xml, 'BeachCoordinateDetail')} stations`);
  });

  it('an empty year: still a valid file, the beaches without actions', async () => {
    const res = await fileOf(`program_id=${facts.program.OB}&year=2000`, 'empty.xml');
    expect(count(res.body, 'BeachDetail')).toBeGreaterThan(0);
    expect(count(res.body, 'BeachActivityDetail')).toBe(0);
    expect(res.body).toContain('<AttributeEffectiveYear>2000</AttributeEffectiveYear>');
  });

  it('the advisory and closure created here appear with their dates, reasons, sources and indicators', async () => {
    const res = await fileOf(`program_id=${f.program}&year=2019`, 'fixture.xml');
    expect(res.headers['content-disposition']).toBe('attachment; filename="beach-notification_XMLT_2019.xml"');
    const xml = res.body;
    // Escaped names, cut to the schema's 60 characters; the beach without an EPA id is left out.
    expect(xml).toContain('<OrganizationName>XML Test Coast &amp; Bays</OrganizationName>');
    expect(xml).toContain('<OrganizationDescriptionText>Fixture program for the &lt;BEACH&gt; file</OrganizationDescriptionText>');
    expect(xml).toContain('<BeachIdentifier>NJ999001</BeachIdentifier>');
    expect(xml).toMatch(/<ProgramInterestName>Sea &amp; Sand &lt;North&gt; Beach with a name far longer [^<]*…<\/ProgramInterestName>/);
    expect(xml).toContain('<ProgramInterestDescriptionText>Quotes &quot;here&quot; and &apos;there&apos;</ProgramInterestDescriptionText>');
    expect(xml).not.toContain('No EPA Id Beach');
    expect(count(xml, 'BeachDetail')).toBe(1);
    // Profile: length, the beach's own season, frequency, sources, tier, BEACH Act, criteria.
    expect(xml).toContain('<ExtentLengthMeasure>0.42</ExtentLengthMeasure><ExtentUnitOfMeasureCode>MI</ExtentUnitOfMeasureCode>');
    // SwimSeasonDayMeasure is the length of a swim day in hours (XSD): not recorded, left out.
    expect(xml).toContain('<BeachSwimSeasonLengthDetail><SwimSeasonStartDate>2019-05-20</SwimSeasonStartDate><SwimSeasonEndDate>2019-09-10</SwimSeasonEndDate></BeachSwimSeasonLengthDetail>');
    expect(xml).not.toContain('SwimSeasonDayMeasure');
    expect(xml).toContain('<SwimSeasonFrequencyMeasure>1</SwimSeasonFrequencyMeasure><OffSeasonFrequencyMeasure>0</OffSeasonFrequencyMeasure><MonitoringFrequencyUnitOfMeasureCode>PER_WEEK</MonitoringFrequencyUnitOfMeasureCode>');
    expect(xml).toContain('<BeachPollutionSourceCode>STORM</BeachPollutionSourceCode></BeachPollutionSource><BeachPollutionSource><BeachPollutionSourceCode>WILDLIFE</BeachPollutionSourceCode>');
    expect(xml).toContain('<BeachTierRanking>1</BeachTierRanking><BeachActBeachIndicator>true</BeachActBeachIndicator>');
    expect(xml).toContain('<IndicatorName>ENTEROCOCCI</IndicatorName><WaterTypeName>MARINE</WaterTypeName><CriterionMeasure><MeasureTypeName>BNT</MeasureTypeName><MeasureValue>104</MeasureValue>');
    // The three actions of 2019, in order; the 2018 advisory and the advisory set after the season ended are not there.
    const actions = xml.match(/<BeachActivityDetail>.*?<\/BeachActivityDetail>/g) ?? [];
    expect(actions).toHaveLength(3);
    expect(actions[0]).toContain('<ActivityTypeCode>ADVISORY</ActivityTypeCode>');
    expect(actions[0]).toContain('<ActivityActualStartDate>2019-07-08T00:00:00</ActivityActualStartDate><ActivityActualStopDate>2019-07-12T00:00:00</ActivityActualStopDate>');
    expect(actions[0]).toContain(
      '<ActivityReasonDetail><ActivityReasonType>RAINFALL</ActivityReasonType><ActivityReasonDescriptionText>Storm &amp; &quot;runoff&quot; &lt;2.8 in&gt;</ActivityReasonDescriptionText></ActivityReasonDetail>',
    );
    expect(actions[0]).toContain('<ActivitySourceDetail><ActivitySourceType>STORM</ActivitySourceType></ActivitySourceDetail>');
    expect(actions[0]).toContain('<ActivityIndicatorDetail><ActivityIndicatorType>PREEMPT</ActivityIndicatorType></ActivityIndicatorDetail>');
    expect(actions[0]).toContain('<ActivityMonitoringStationIdentifier>XMLT-001-P</ActivityMonitoringStationIdentifier>');
    expect(actions[0]).not.toContain('ActivityCommentText');
    // In force at the season's end: stopped on its last day, and the file says why.
    expect(actions[1]).toContain('<ActivityTypeCode>CLOSURE</ActivityTypeCode>');
    expect(actions[1]).toContain('<ActivityActualStartDate>2019-08-30T00:00:00</ActivityActualStartDate><ActivityActualStopDate>2019-09-02T00:00:00</ActivityActualStopDate>');
    expect(actions[1]).toContain('<ActivityCommentText>In force until the swim season ended on 2019-09-02; not posted after the season</ActivityCommentText>');
    expect(actions[2]).toContain('<ActivityTypeCode>CLOSURE</ActivityTypeCode>');
    expect(actions[2]).toContain('<ActivityActualStartDate>2019-12-30T00:00:00</ActivityActualStartDate><ActivityActualStopDate>2020-01-02T00:00:00</ActivityActualStopDate>');
    expect(actions[2]).toContain('<ActivityReasonType>ELEV_BACT</ActivityReasonType>');
    expect(actions[2]).toContain('<ActivitySourceType>UNKNOWN</ActivitySourceType>');
    expect(actions[2]).toContain('<ActivityIndicatorType>ENTERO</ActivityIndicatorType>');
    expect(xml).not.toContain('2018-07-01');
    expect(xml).not.toContain('2019-09-03');
    // Both stations, primary and bracket, as points.
    expect(count(xml, 'BeachCoordinateDetail')).toBe(2);
    expect(xml).toContain('<LatitudeMeasure>40.123456</LatitudeMeasure><LongitudeMeasure>-74.000001</LongitudeMeasure>');
    expect(xml).toContain('Monitoring station XMLT-001-P (primary): XML - Ocean');
    expect(xml).toContain('Monitoring station XML - Ocean N1 (bracket): XML - Ocean N1');

    // The 2020 file: the closure of 2019 was still in force on 1 January, so it is there too.
    const next = await fileOf(`program_id=${f.program}&year=2020`, 'fixture-2020.xml');
    expect(count(next.body, 'BeachActivityDetail')).toBe(1);
    expect(next.body).toContain('<ActivityActualStartDate>2019-12-30T00:00:00</ActivityActualStartDate>');
    // No season of 2020 for the program, but the beach has its own.
    expect(next.body).toContain('<SwimSeasonStartDate>2020-05-20</SwimSeasonStartDate>');
  });

  it('refuses a bad query with 400 and says which field', async () => {
    const refused = async (query: string, field: string, message?: RegExp) => expectFieldRefusal(await download(query), query, field, message);
    const thisYear = Number(localDate(new Date(), ctx.deps.config.programTimeZone).slice(0, 4));
    await refused(`program_id=${facts.program.OB}`, 'year', /Choose a year/);
    await refused(`program_id=${facts.program.OB}&year=`, 'year', /Choose a year/);
    await refused('year=2020', 'program_id', /Choose a program/);
    await refused(`program_id=${facts.program.OB}&year=abcd`, 'year');
    await refused(`program_id=${facts.program.OB}&year=1999`, 'year', /earlier than 2000/);
    await refused(`program_id=${facts.program.OB}&year=${thisYear + 1}`, 'year', /later than this year/);
    await refused('program_id=-3&year=2020', 'program_id');
    await refused('program_id=999999&year=2020', 'program_id', /No program has the id 999999/);
  });

  it('organization admins only: 401 without a login, 403 for others, before the query is read', async () => {
    const query = `program_id=${facts.program.OB}&year=2020`;
    expect((await download(query, null)).statusCode).toBe(401);
    const health = await download(query, 'health@example.org');
    expect(health.statusCode).toBe(403);
    expect(health.headers['content-type']).toMatch(/json/);
    expect((await download('year=nonsense', 'health@example.org')).statusCode).toBe(403);
    expect((await download('year=nonsense', null)).statusCode).toBe(401);
  });
});
