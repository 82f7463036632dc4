import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BEACH_PROFILE_CODES, BEACH_PROFILE_MESSAGES, COORDINATE_MESSAGES, type BeachCreateInput, type BeachProfile } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { tableCounts, tokenCache } from './results-fixtures';

let ctx: TestContext;
let obProgram: number;
let rvProgram: number;
let municipality: { municipality_id: number; county_id: number };
let lha: number;
/** An Ocean Beaches primary of the demo with its brackets. */
let demoPrimary: { id: number; name: string; brackets: number };
const token = tokenCache(() => ctx);
/** Every program, every level. */
const ADMIN = 'admin@example.org';
/** Beach Management in Ocean Beaches and one other program, not in Rivers. */
const HEALTH = 'health@example.org';
/** Beach Stations in Ocean Beaches, but no user management: no Beach Management. */
const VERIFIER = 'verifier@example.org';

type Method = 'GET' | 'POST' | 'PUT';
const call = async (who: string | null, method: Method, url: string, payload?: unknown) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, ...(payload === undefined ? {} : { payload: payload as object }) });

let seq = 0;
const unique = (prefix: string) => `${prefix} ${DATABASE_KIND} ${++seq}`;

function newBeachBody(over: Partial<BeachCreateInput> = {}, beach: Partial<BeachCreateInput['beach']> = {}): BeachCreateInput {
  return {
    program_id: obProgram,
    station_name: unique('BM'),
    station_type: 'PRIMARY',
    primary_station_id: null,
    latitude: 39.1,
    longitude: -74.7,
    epa_station_id: 'NJ-TEST-1',
    active: true,
    public_visible: true,
    ...over,
    beach: {
      beach_id: null,
      name: unique('Test Beach'),
      municipality_id: municipality.municipality_id,
      local_health_authority_id: lha,
      category: 'OCEAN',
      description: 'A test beach',
      water_body_name: 'Atlantic Ocean',
      length_miles: 0.4,
      epa_beach_id: 'NJ123',
      swim_season_start: '05-23',
      swim_season_end: '09-07',
      monitoring_frequency: 'WEEKLY',
      lifeguards: true,
      amenities: ['RESTROOMS', 'PARKING'],
      access_notes: 'Boardwalk ramp at 8th Street',
      tier: 1,
      pollution_sources: ['STORM', 'WILDLIFE'],
      ...beach,
    },
  };
}

const create = async (who: string, body: BeachCreateInput) => {
  const res = await call(who, 'POST', '/api/beach/', body);
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as BeachProfile;
};
const asSave = (p: BeachProfile) => {
  const { beach_station_id: _id, program: _p, brackets: _b, beach, ...station } = p;
  const { county_id: _c, station_count: _n, ...beachFields } = beach;
  void [_id, _p, _b, _c, _n];
  return { ...station, beach: beachFields };
};
const audits = (table: string, id: number) =>
  queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = ${table} and record_id = ${String(id)} order by audit_id`);

beforeAll(async () => {
  ctx = await createTestContext();
  const programs = await queryRows<{ abbv: string; program_id: number }>(ctx.database.db, sql`select abbv, program_id from programs`);
  obProgram = programs.find((p) => p.abbv === 'OB')!.program_id;
  rvProgram = programs.find((p) => p.abbv === 'RV')!.program_id;
  [municipality] = await queryRows<{ municipality_id: number; county_id: number }>(
    ctx.database.db,
    sql`select m.municipality_id, m.county_id from municipalities m join beaches b on b.municipality_id = m.municipality_id
         where b.program_id = ${obProgram} order by m.municipality_id limit 1`,
  ) as [{ municipality_id: number; county_id: number }];
  const [l] = await queryRows<{ id: number }>(ctx.database.db, sql`select local_health_authority_id as id from local_health_authorities order by 1 limit 1`);
  lha = l!.id;
  const [p] = await queryRows<{ id: number; name: string; brackets: number }>(
    ctx.database.db,
    sql`select p.beach_station_id as id, p.station_name as name, count(b.beach_station_id)::int as brackets
          from beach_stations p join beaches be on be.beach_id = p.beach_id
          join beach_stations b on b.primary_station_id = p.beach_station_id
         where be.program_id = ${obProgram} group by p.beach_station_id, p.station_name order by p.beach_station_id limit 1`,
  );
  demoPrimary = p!;
}, 300_000);
afterAll(() => ctx?.close());

describe(`beach management on ${DATABASE_KIND}`, () => {
  it('creates a beach with a primary (Not Monitored, on the public map) and a bracket on it; both audited', async () => {
    const body = newBeachBody();
    const primary = await create(HEALTH, body);
    expect(primary).toMatchObject({
      program: { program_id: obProgram },
      station_name: body.station_name,
      station_type: 'PRIMARY',
      primary_station_id: null,
      latitude: 39.1,
      longitude: -74.7,
      brackets: [],
      beach: {
        name: body.beach.name,
        county_id: municipality.county_id,
        swim_season_start: '05-23',
        swim_season_end: '09-07',
        monitoring_frequency: 'WEEKLY',
        lifeguards: true,
        amenities: ['RESTROOMS', 'PARKING'],
        tier: 1,
        pollution_sources: ['STORM', 'WILDLIFE'],
        length_miles: 0.4,
        station_count: 1,
      },
    });
    const [status] = await queryRows<{ code: string; history: number }>(
      ctx.database.db,
      sql`select st.code, (select count(*)::int from beach_status_history h where h.beach_station_id = s.beach_station_id) as history
            from beach_stations s join beach_statuses st on st.beach_status_id = s.current_status_id where s.beach_station_id = ${primary.beach_station_id}`,
    );
    expect(status).toEqual({ code: 'NOT_MONITORED', history: 1 });
    const map = (await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' })).json().payload.statuses as { beach_station_id: number }[];
    expect(map.some((s) => s.beach_station_id === primary.beach_station_id)).toBe(true);

    const bracket = await create(
      HEALTH,
      newBeachBody({ station_type: 'BRACKET', primary_station_id: primary.beach_station_id, latitude: 39.101 }, { beach_id: primary.beach.beach_id, name: primary.beach.name }),
    );
    expect(bracket).toMatchObject({ station_type: 'BRACKET', primary_station_id: primary.beach_station_id, beach: { beach_id: primary.beach.beach_id, station_count: 2 } });
    const again = (await call(HEALTH, 'GET', `/api/beach/${primary.beach_station_id}/profile`)).json();
    expect(again.code).toBe(BEACH_PROFILE_CODES.BEACH_PROFILE_FOUND);
    expect(again.payload.brackets).toEqual([{ beach_station_id: bracket.beach_station_id, station_name: bracket.station_name, active: true }]);
    expect((await audits('beach_stations', primary.beach_station_id)).map((a) => a.action)).toEqual(['CREATE']);
    expect((await audits('beaches', primary.beach.beach_id)).map((a) => a.action)).toEqual(['CREATE']);

    // The new station is in the program's station list and the results entry filters.
    const stations = (await call(ADMIN, 'GET', `/api/beach/list/program/${obProgram}`)).json().payload.beachList as { beach_station_id: number }[];
    expect(stations.map((s) => s.beach_station_id)).toEqual(expect.arrayContaining([primary.beach_station_id, bracket.beach_station_id]));
  });

  it('edits a profile: beach fields change for every station of the beach; audited with before and after', async () => {
    const primary = await create(HEALTH, newBeachBody());
    const body = asSave(primary);
    body.beach.description = 'Renourished in 2026';
    body.beach.tier = 2;
    body.beach.amenities = ['SHOWERS'];
    body.latitude = 39.2;
    const res = await call(HEALTH, 'PUT', `/api/beach/${primary.beach_station_id}/profile`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      code: BEACH_PROFILE_CODES.BEACH_PROFILE_SAVED,
      payload: { latitude: 39.2, beach: { description: 'Renourished in 2026', tier: 2, amenities: ['SHOWERS'] } },
    });
    const [audit] = await queryRows<{ before: string; after: string }>(
      ctx.database.db,
      sql`select before::text, after::text from audit_log where table_name = 'beach_stations' and record_id = ${String(primary.beach_station_id)} and action = 'UPDATE'`,
    );
    expect(audit!.before).toContain('A test beach');
    expect(audit!.after).toContain('Renourished in 2026');
  });

  it('moves a station to another beach of the program and removes the beach it left empty', async () => {
    const a = await create(HEALTH, newBeachBody());
    const b = await create(HEALTH, newBeachBody());
    const body = asSave(a);
    body.beach = { ...asSave(b).beach };
    const res = await call(HEALTH, 'PUT', `/api/beach/${a.beach_station_id}/profile`, body);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().payload.beach).toMatchObject({ beach_id: b.beach.beach_id, station_count: 2 });
    const left = await queryRows(ctx.database.db, sql`select 1 from beaches where beach_id = ${a.beach.beach_id}`);
    expect(left).toHaveLength(0);
  });

  it('keeps station names unique in the program and beach names unique, with field messages; nothing written', async () => {
    const first = await create(HEALTH, newBeachBody());
    const before = await tableCounts(ctx);
    const sameStation = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({ station_name: first.station_name.toLowerCase() }));
    expect(sameStation.statusCode).toBe(400);
    expect(sameStation.json().payload).toContainEqual({ field: 'station_name', message: BEACH_PROFILE_MESSAGES.stationNameTaken(first.station_name.toLowerCase()) });
    const sameBeach = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({}, { name: first.beach.name }));
    expect(sameBeach.statusCode).toBe(400);
    expect(sameBeach.json().payload).toContainEqual({ field: 'beach.name', message: BEACH_PROFILE_MESSAGES.beachNameTaken(first.beach.name) });
    // The same station name in another program is fine (names are unique within a program).
    const elsewhere = await call(ADMIN, 'POST', '/api/beach/', newBeachBody({ program_id: rvProgram, station_name: first.station_name }, { category: 'RIVER' }));
    expect(elsewhere.statusCode, elsewhere.body).toBe(201);
    const after = await tableCounts(ctx);
    expect(after.beach_stations).toBe(before.beach_stations! + 1);
  });

  it('bracket rules: a bracket needs a primary of its program; never itself; a primary with brackets cannot become a bracket', async () => {
    const noPrimary = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({ station_type: 'BRACKET', primary_station_id: null }));
    expect(noPrimary.statusCode).toBe(400);
    expect(noPrimary.json().payload).toContainEqual(expect.objectContaining({ field: 'primary_station_id', message: BEACH_PROFILE_MESSAGES.primaryRequired }));

    const primary = await create(HEALTH, newBeachBody());
    const bracket = await create(HEALTH, newBeachBody({ station_type: 'BRACKET', primary_station_id: primary.beach_station_id }));
    const self = asSave(bracket);
    self.primary_station_id = bracket.beach_station_id;
    const own = await call(HEALTH, 'PUT', `/api/beach/${bracket.beach_station_id}/profile`, self);
    expect(own.statusCode).toBe(400);
    expect(own.json().payload).toContainEqual({ field: 'primary_station_id', message: BEACH_PROFILE_MESSAGES.notOwnPrimary });

    const ofBracket = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({ station_type: 'BRACKET', primary_station_id: bracket.beach_station_id }));
    expect(ofBracket.statusCode).toBe(400);
    expect(ofBracket.json().payload).toContainEqual({ field: 'primary_station_id', message: BEACH_PROFILE_MESSAGES.primaryMustBePrimary });

    const demoted = asSave((await call(HEALTH, 'GET', `/api/beach/${demoPrimary.id}/profile`)).json().payload as BeachProfile);
    demoted.station_type = 'BRACKET';
    demoted.primary_station_id = primary.beach_station_id;
    const res = await call(HEALTH, 'PUT', `/api/beach/${demoPrimary.id}/profile`, demoted);
    expect(res.statusCode).toBe(400);
    expect(res.json().payload).toContainEqual({ field: 'station_type', message: BEACH_PROFILE_MESSAGES.primaryHasBrackets(demoPrimary.brackets) });

    // A primary of another program: refused like a foreign record.
    const [rvPrimary] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select s.beach_station_id as id from beach_stations s join beaches b on b.beach_id = s.beach_id where b.program_id = ${rvProgram} and s.station_type = 'PRIMARY' limit 1`,
    );
    expect((await call(HEALTH, 'POST', '/api/beach/', newBeachBody({ station_type: 'BRACKET', primary_station_id: rvPrimary!.id }))).statusCode).toBe(403);
  });

  it('checks coordinates, season, tier and codes with field messages', async () => {
    const before = await tableCounts(ctx);
    const bad = await call(
      HEALTH,
      'POST',
      '/api/beach/',
      newBeachBody({ latitude: 39.1, longitude: 74.7 }, { tier: 4, pollution_sources: ['VOLCANO' as 'STORM'] }),
    );
    expect(bad.statusCode).toBe(400);
    const fields = (bad.json().payload as { field: string; message: string }[]).map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['longitude', 'beach.tier']));
    expect(bad.json().payload).toContainEqual(expect.objectContaining({ field: 'longitude', message: COORDINATE_MESSAGES.longitude }));
    expect(fields.some((f) => f.startsWith('beach.pollution_sources'))).toBe(true);
    const backwards = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({}, { swim_season_start: '09-07', swim_season_end: '05-23' }));
    expect(backwards.json().payload).toContainEqual({ field: 'beach.swim_season_end', message: BEACH_PROFILE_MESSAGES.seasonOrder });
    const feb30 = await call(HEALTH, 'POST', '/api/beach/', newBeachBody({}, { swim_season_start: '02-30', swim_season_end: '09-01' }));
    expect(feb30.statusCode).toBe(400);
    expect(await tableCounts(ctx)).toEqual(before);
  });

  it('refuses in order: no token 401, no Beach Management 403 (before the body), foreign or unknown 403, bad input 400', async () => {
    const primary = await create(ADMIN, newBeachBody());
    const url = `/api/beach/${primary.beach_station_id}/profile`;
    expect((await call(null, 'POST', '/api/beach/', { nonsense: true })).statusCode).toBe(401);
    expect((await call(null, 'GET', url)).statusCode).toBe(401);
    // Wrong role: 403 even with a body that does not parse.
    expect((await call(VERIFIER, 'POST', '/api/beach/', { nonsense: true })).statusCode).toBe(403);
    expect((await call(VERIFIER, 'GET', url)).statusCode).toBe(403);
    expect((await call(VERIFIER, 'PUT', url, asSave(primary))).statusCode).toBe(403);
    // HEALTH manages beaches, but not in Rivers.
    const [rvStation] = await queryRows<{ id: number }>(
      ctx.database.db,
      sql`select s.beach_station_id as id from beach_stations s join beaches b on b.beach_id = s.beach_id where b.program_id = ${rvProgram} limit 1`,
    );
    expect((await call(HEALTH, 'GET', `/api/beach/${rvStation!.id}/profile`)).statusCode).toBe(403);
    expect((await call(HEALTH, 'POST', '/api/beach/', newBeachBody({ program_id: rvProgram }, { category: 'RIVER' }))).statusCode).toBe(403);
    expect((await call(HEALTH, 'GET', '/api/beach/99999999/profile')).statusCode).toBe(403);
    expect((await call(HEALTH, 'PUT', '/api/beach/99999999/profile', asSave(primary))).statusCode).toBe(403);
    // An Rivers beach named as the beach to join: foreign.
    const [rvBeach] = await queryRows<{ id: number; name: string }>(ctx.database.db, sql`select beach_id as id, name from beaches where program_id = ${rvProgram} limit 1`);
    expect((await call(HEALTH, 'POST', '/api/beach/', newBeachBody({}, { beach_id: rvBeach!.id, name: rvBeach!.name }))).statusCode).toBe(403);
    expect((await call(HEALTH, 'POST', '/api/beach/', { program_id: obProgram })).statusCode).toBe(400);
    expect((await call(HEALTH, 'GET', '/api/beach/abc/profile')).statusCode).toBe(400);
  });
});
