import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, count, desc, eq, sql } from 'drizzle-orm';
import { PLACE_CODES, SEASON_CODES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { auditLog, beaches, counties, municipalities, programs, programSeasons } from '../src/db/schema';
import { formatImportReport, importLegacyResults, reportPayload } from '../src/modules/results/service/legacy-import';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { layoutCsv } from './results-fixtures';
import { buildScenario, unique, type Scenario } from './management-scenario';

/** Places management, program seasons and the set-up checklist (issue 25, decision 0051). */

let ctx: TestContext;
let s: Scenario;
beforeAll(async () => {
  ctx = await createTestContext();
  s = await buildScenario(ctx);
}, 120_000);
afterAll(() => ctx?.close());

const placeRows = async () => {
  const [c] = await ctx.database.db.select({ n: count() }).from(counties);
  const [m] = await ctx.database.db.select({ n: count() }).from(municipalities);
  return { counties: c!.n, municipalities: m!.n };
};
const lastAudit = async (table: string) =>
  (await ctx.database.db.select().from(auditLog).where(eq(auditLog.tableName, table)).orderBy(desc(auditLog.auditId)).limit(1))[0];
const geography = async () =>
  (await ctx.call({ method: 'GET', url: '/api/general/geography', token: s.adminToken })).json().payload as {
    counties: { county_id: number; name: string }[];
    municipalities: { municipality_id: number; name: string }[];
  };
/** A FIPS code no demo county has: Delaware's counties (10001, 10003, 10005) and made-up codes in state 10. */
let fipsCounter = 101;
const freshFips = () => `10${String(fipsCounter++).padStart(3, '0')}`;

describe(`places on ${DATABASE_KIND}`, () => {
  it('lists counties and municipalities with their state, use counts and retired flag, for organization admins only', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/places', token: s.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(PLACE_CODES.PLACES_FOUND);
    const { counties: list, municipalities: towns } = res.json().payload;
    const ocean = list.find((c: { name: string }) => c.name === 'Ocean');
    expect(ocean).toMatchObject({ fips: '34029', state: 'NJ', retired: false });
    expect(ocean.municipalities).toBeGreaterThan(0);
    expect(ocean.in_use).toBeGreaterThan(0);
    expect(towns[0]).toMatchObject({ municipality_id: expect.any(Number), county: expect.any(String), retired: false, in_use: expect.any(Number) });
    expect((await ctx.call({ method: 'GET', url: '/api/places' })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: '/api/places', token: s.users.plain.token })).statusCode).toBe(403);
  });

  it('answers 401, then 403, then 400 on a write, and the bad body changes nothing', async () => {
    const before = await placeRows();
    const bad = { name: '', fips: '3402' };
    expect((await ctx.call({ method: 'POST', url: '/api/places/counties', payload: bad })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.users.mgr.token, payload: bad })).statusCode).toBe(403);
    const res = await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: bad });
    expect(res.statusCode).toBe(400);
    const fields = res.json().payload.map((p: { field: string }) => p.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'fips']));
    expect(res.json().payload.find((p: { field: string }) => p.field === 'fips').message).toMatch(/5 digits/);
    expect(await placeRows()).toEqual(before);
  });

  it('creates, edits and audits a county; refuses a second county with the same name or FIPS code', async () => {
    const fips = freshFips();
    const name = unique('Kent ');
    const res = await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name, fips } });
    expect(res.statusCode).toBe(201);
    expect(res.json().payload).toMatchObject({ name, fips, state: 'DE', retired: false, municipalities: 0, in_use: 0 });
    const id = res.json().payload.county_id;
    expect((await lastAudit('counties'))).toMatchObject({ action: 'CREATE', recordId: String(id), userId: expect.any(Number) });

    const sameName = await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name: `  ${name.toLowerCase()} `, fips: freshFips() } });
    expect(sameName.statusCode).toBe(409);
    expect(sameName.json().code).toBe(PLACE_CODES.PLACE_NAME_TAKEN);
    const sameFips = await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name: unique('Sussex '), fips } });
    expect(sameFips.statusCode).toBe(409);
    expect(sameFips.json().message).toContain(fips);
    expect((await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name: unique('Nowhere '), fips: '99001' } })).statusCode).toBe(400);

    const renamed = await ctx.call({ method: 'PUT', url: `/api/places/counties/${id}`, token: s.adminToken, payload: { name: `${name} County`, fips } });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().payload.name).toBe(`${name} County`);
    expect(await lastAudit('counties')).toMatchObject({ action: 'UPDATE', recordId: String(id) });
    expect((await ctx.call({ method: 'PUT', url: '/api/places/counties/2147483647', token: s.adminToken, payload: { name: 'X', fips: freshFips() } })).statusCode).toBe(404);
  });

  it('creates municipalities with code and type, refuses a duplicate in the county, and adds several at once all or nothing', async () => {
    const county = (await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name: unique('Cape '), fips: freshFips() } })).json().payload;
    const res = await ctx.call({
      method: 'POST',
      url: '/api/places/municipalities',
      token: s.adminToken,
      payload: { name: 'Rehoboth Beach', county_id: county.county_id, code: '1060290', type: 'CITY' },
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().payload).toMatchObject({ name: 'Rehoboth Beach', county: county.name, code: '1060290', type: 'CITY', retired: false, in_use: 0 });
    const dup = await ctx.call({ method: 'POST', url: '/api/places/municipalities', token: s.adminToken, payload: { name: 'rehoboth  beach', county_id: county.county_id } });
    expect(dup.statusCode).toBe(409);
    const badType = await ctx.call({ method: 'POST', url: '/api/places/municipalities', token: s.adminToken, payload: { name: 'Lewes', county_id: county.county_id, type: 'HAMLET', code: 'x1' } });
    expect(badType.statusCode).toBe(400);
    expect(badType.json().payload.map((p: { field: string }) => p.field).sort()).toEqual(['code', 'type']);

    const before = await placeRows();
    const refused = await ctx.call({ method: 'POST', url: '/api/places/municipalities/add', token: s.adminToken, payload: { county_id: county.county_id, names: ['Lewes', 'Rehoboth Beach'] } });
    expect(refused.statusCode).toBe(409);
    expect(await placeRows()).toEqual(before);
    const added = await ctx.call({ method: 'POST', url: '/api/places/municipalities/add', token: s.adminToken, payload: { county_id: county.county_id, names: ['Lewes', 'Dewey Beach'] } });
    expect(added.statusCode).toBe(201);
    expect(added.json().payload).toMatchObject({ county: county.name, created: [{ name: 'Lewes' }, { name: 'Dewey Beach' }] });
    expect((await geography()).municipalities.map((m) => m.name)).toEqual(expect.arrayContaining(['Lewes', 'Dewey Beach', 'Rehoboth Beach']));
  });

  it('retires a place in use: it keeps its beaches and leaves the pickers; it is never deleted', async () => {
    const [beach] = await ctx.database.db.select({ municipalityId: beaches.municipalityId }).from(beaches).limit(1);
    const id = beach!.municipalityId;
    const del = await ctx.call({ method: 'DELETE', url: `/api/places/municipalities/${id}`, token: s.adminToken });
    expect(del.statusCode).toBe(409);
    expect(del.json().code).toBe(PLACE_CODES.PLACE_IN_USE);
    const retire = await ctx.call({ method: 'POST', url: `/api/places/municipalities/${id}/retire`, token: s.adminToken });
    expect(retire.statusCode).toBe(200);
    expect(retire.json().payload).toMatchObject({ municipality_id: id, retired: true });
    expect(retire.json().payload.in_use).toBeGreaterThan(0);
    expect(await lastAudit('municipalities')).toMatchObject({ action: 'RETIRE', recordId: String(id) });
    expect((await geography()).municipalities.some((m) => m.municipality_id === id)).toBe(false);
    // Its beaches and their data still name it: the public download filter lists it, and the download names it.
    const filters = (await ctx.call({ method: 'GET', url: '/api/public/data/filters' })).json();
    expect(filters.payload.filters.municipalities.some((m: { municipality_id: number }) => m.municipality_id === id)).toBe(true);
    const [town] = await ctx.database.db.select({ name: municipalities.name }).from(municipalities).where(eq(municipalities.municipalityId, id));
    const csv = await ctx.call({ method: 'GET', url: `/api/public/data/download/waterQuality?downloadType=water-quality&municipality=${id}&county=${retire.json().payload.county_id}` });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\n');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines[1]).toContain(town!.name);
    const restore = await ctx.call({ method: 'POST', url: `/api/places/municipalities/${id}/restore`, token: s.adminToken });
    expect(restore.json().payload.retired).toBe(false);
    expect((await geography()).municipalities.some((m) => m.municipality_id === id)).toBe(true);
  });

  it('deletes an unused place', async () => {
    const county = (await ctx.call({ method: 'POST', url: '/api/places/counties', token: s.adminToken, payload: { name: unique('Typo '), fips: freshFips() } })).json().payload;
    const res = await ctx.call({ method: 'DELETE', url: `/api/places/counties/${county.county_id}`, token: s.adminToken });
    expect(res.statusCode).toBe(200);
    expect(await ctx.database.db.select().from(counties).where(eq(counties.countyId, county.county_id))).toHaveLength(0);
    expect(await lastAudit('counties')).toMatchObject({ action: 'DELETE', recordId: String(county.county_id) });
  });

  it('merges two spellings of a municipality: every beach moves, one transaction, audited with counts', async () => {
    const [beach] = await ctx.database.db.select({ id: beaches.beachId, municipalityId: beaches.municipalityId }).from(beaches).limit(1);
    const [town] = await ctx.database.db.select().from(municipalities).where(eq(municipalities.municipalityId, beach!.municipalityId));
    const spelling = (await ctx.call({ method: 'POST', url: '/api/places/municipalities', token: s.adminToken, payload: { name: `${town!.name} Boro`, county_id: town!.countyId } })).json().payload;
    // The beaches of the real town are moved onto the misspelling, then merged back.
    const [{ n }] = (await ctx.database.db.select({ n: count() }).from(beaches).where(eq(beaches.municipalityId, town!.municipalityId))) as [{ n: number }];
    await ctx.database.db.update(beaches).set({ municipalityId: spelling.municipality_id }).where(eq(beaches.municipalityId, town!.municipalityId));
    const res = await ctx.call({ method: 'POST', url: '/api/places/municipalities/merge', token: s.adminToken, payload: { from_id: spelling.municipality_id, into_id: town!.municipalityId } });
    expect(res.statusCode).toBe(200);
    expect(res.json().payload).toMatchObject({ kept: town!.name, removed: spelling.name, moved: { beaches: n } });
    expect(await ctx.database.db.select().from(beaches).where(eq(beaches.municipalityId, town!.municipalityId))).toHaveLength(n);
    expect(await ctx.database.db.select().from(municipalities).where(eq(municipalities.municipalityId, spelling.municipality_id))).toHaveLength(0);
    expect(await lastAudit('municipalities')).toMatchObject({ action: 'MERGE', recordId: String(town!.municipalityId) });
    const self = await ctx.call({ method: 'POST', url: '/api/places/municipalities/merge', token: s.adminToken, payload: { from_id: town!.municipalityId, into_id: town!.municipalityId } });
    expect(self.statusCode).toBe(400);
  });

  describe('bulk load', () => {
    const load = (csv: string, apply: boolean) => ctx.call({ method: 'POST', url: '/api/places/load', token: s.adminToken, payload: { csv, apply, file_name: 'places.csv' } });

    it('dry-runs (new / unchanged / conflicting, nothing written), then applies all or nothing', async () => {
      const county = unique('Harbor ');
      const fips = freshFips();
      const csv = [
        'county,county_fips,municipality,municipality_code,type',
        'Ocean,34029,Point Pleasant Beach,,borough',
        `${county},${fips},North Shore,,township`,
        `${county},${fips},South Shore,,`,
      ].join('\n');
      const before = await placeRows();
      const dry = await load(csv, false);
      expect(dry.statusCode).toBe(200);
      expect(dry.json().code).toBe(PLACE_CODES.PLACES_LOAD_CHECKED);
      expect(dry.json().payload.counts).toEqual({ counties: { new: 1, unchanged: 1, conflicting: 0 }, municipalities: { new: 2, unchanged: 1, conflicting: 0 } });
      expect(await placeRows()).toEqual(before);
      const applied = await load(csv, true);
      expect(applied.statusCode).toBe(200);
      expect(applied.json().payload.applied).toBe(true);
      expect(await placeRows()).toEqual({ counties: before.counties + 1, municipalities: before.municipalities + 2 });
      expect(await lastAudit('municipalities')).toMatchObject({ action: 'LOAD' });
      // Again: all unchanged.
      expect((await load(csv, false)).json().payload.counts.municipalities).toEqual({ new: 0, unchanged: 3, conflicting: 0 });
    });

    it('refuses a file with a duplicate place, a missing county, a wrong FIPS code or a conflict, and writes nothing', async () => {
      const before = await placeRows();
      const csv = [
        'county,county_fips,municipality,municipality_code,type',
        `${unique('Dune ')},${freshFips()},Sea Gate,,`,
        'Ocean,34029,Brand New Town,,',
        'Ocean,34029,Brand New Town,,',
        ',34029,Nameless,,',
        'Atlantic,3401,Somers Point,,city',
        'Atlantic,34999,Ventnor City,,city',
      ].join('\n');
      const dry = (await load(csv, false)).json().payload;
      expect(dry.errors.map((e: { line: number }) => e.line)).toEqual(expect.arrayContaining([4, 5, 6]));
      expect(dry.errors.find((e: { line: number }) => e.line === 4).message).toMatch(/Duplicate/);
      expect(dry.errors.find((e: { line: number }) => e.line === 5).message).toMatch(/County is required/);
      expect(dry.errors.find((e: { line: number }) => e.line === 6).message).toMatch(/5 digits/);
      expect(dry.counts.counties.conflicting).toBe(1);
      const res = await load(csv, true);
      expect(res.statusCode).toBe(422);
      expect(res.json().code).toBe(PLACE_CODES.PLACES_LOAD_REFUSED);
      expect(await placeRows()).toEqual(before);
      const header = await load('county,fips\nOcean,34029', true);
      expect(header.statusCode).toBe(422);
      expect(header.json().payload.errors[0].message).toMatch(/Missing columns: county_fips, municipality, municipality_code, type/);
    });
  });
});

describe(`program seasons on ${DATABASE_KIND}`, () => {
  let programId: number;
  beforeAll(async () => {
    const [ocean] = await ctx.database.db.select().from(programs).where(eq(programs.abbv, 'OB'));
    programId = ocean!.programId;
  });
  const seasonRows = () => ctx.database.db.select().from(programSeasons).where(eq(programSeasons.programId, programId));

  it('lists a program\'s seasons newest first with their length, and whether the caller may edit them', async () => {
    const res = await ctx.call({ method: 'GET', url: `/api/program/${programId}/seasons`, token: s.adminToken });
    expect(res.statusCode).toBe(200);
    expect(res.json().code).toBe(SEASON_CODES.SEASONS_FOUND);
    const payload = res.json().payload;
    expect(payload.can_edit).toBe(true);
    expect(payload.list[0]).toMatchObject({ year: expect.any(Number), preseason_start: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/), days: expect.any(Number) });
    const first = payload.list[0];
    expect(first.days).toBe(Math.round((Date.parse(first.end_date) - Date.parse(first.start_date)) / 86_400_000) + 1);
    expect((await ctx.call({ method: 'GET', url: `/api/program/${programId}/seasons` })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: `/api/program/${programId}/seasons`, token: s.users.plain.token })).statusCode).toBe(403);
  });

  it('answers 401, 403, 400 in that order, and a season that starts after its end changes nothing', async () => {
    const before = await seasonRows();
    const bad = { preseason_start: '2030-05-10', start_date: '2030-09-10', end_date: '2030-09-01' };
    const url = `/api/program/${programId}/seasons/2030`;
    expect((await ctx.call({ method: 'PUT', url, payload: bad })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'PUT', url, token: s.users.mgr.token, payload: bad })).statusCode).toBe(403);
    const res = await ctx.call({ method: 'PUT', url, token: s.adminToken, payload: bad });
    expect(res.statusCode).toBe(400);
    expect(res.json().payload).toEqual([{ field: 'end_date', message: 'The season must start on or before its last day' }]);
    const preseason = await ctx.call({ method: 'PUT', url, token: s.adminToken, payload: { preseason_start: '2030-06-01', start_date: '2030-05-25', end_date: '2030-09-02' } });
    expect(preseason.json().payload[0].field).toBe('preseason_start');
    const wrongYear = await ctx.call({ method: 'PUT', url, token: s.adminToken, payload: { preseason_start: '2031-05-10', start_date: '2031-05-24', end_date: '2031-09-01' } });
    expect(wrongYear.json().payload[0].field).toBe('start_date');
    expect(await seasonRows()).toEqual(before);
  });

  it('creates, edits, copies to next year on the same weekdays (once) and deletes a season, each audited', async () => {
    const url = `/api/program/${programId}/seasons/2031`;
    const created = await ctx.call({ method: 'PUT', url, token: s.adminToken, payload: { preseason_start: '2031-05-12', start_date: '2031-05-23', end_date: '2031-09-01' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().payload).toMatchObject({ year: 2031, start_date: '2031-05-23', days: 102 });
    const edited = await ctx.call({ method: 'PUT', url, token: s.adminToken, payload: { preseason_start: '2031-05-12', start_date: '2031-05-24', end_date: '2031-09-01' } });
    expect(edited.statusCode).toBe(200);
    expect(await lastAudit('program_seasons')).toMatchObject({ action: 'UPDATE', recordId: `${programId}/2031`, programId });
    // 2031-05-24 is the 4th Saturday of May, 2031-09-01 Labor Day (1st Monday): 2032's are May 22 and September 6.
    const copy = await ctx.call({ method: 'POST', url: `${url}/copy-to-next-year`, token: s.adminToken });
    expect(copy.statusCode).toBe(201);
    expect(copy.json().payload).toMatchObject({ year: 2032, preseason_start: '2032-05-10', start_date: '2032-05-22', end_date: '2032-09-06' });
    const again = await ctx.call({ method: 'POST', url: `${url}/copy-to-next-year`, token: s.adminToken });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(SEASON_CODES.SEASON_EXISTS);
    for (const year of [2031, 2032]) {
      expect((await ctx.call({ method: 'DELETE', url: `/api/program/${programId}/seasons/${year}`, token: s.adminToken })).statusCode).toBe(200);
    }
    expect(await lastAudit('program_seasons')).toMatchObject({ action: 'DELETE' });
    expect((await ctx.call({ method: 'DELETE', url, token: s.adminToken })).statusCode).toBe(404);
  });

  it('a change to today\'s season reaches the public map at once', async () => {
    const statuses = async () =>
      (await ctx.call({ method: 'GET', url: `/api/public/beaches/statuses/?program=${programId}` })).json().payload as {
        programs: { program_id: number; monitored: boolean }[];
      };
    const today = (await ctx.call({ method: 'GET', url: `/api/program/${programId}/seasons`, token: s.adminToken })).json().payload.today as string;
    const year = Number(today.slice(0, 4));
    const [stored] = await ctx.database.db.select().from(programSeasons).where(and(eq(programSeasons.programId, programId), eq(programSeasons.year, year)));
    const put = (body: object) => ctx.call({ method: 'PUT', url: `/api/program/${programId}/seasons/${year}`, token: s.adminToken, payload: body });
    try {
      // A season around today: monitored.
      expect((await put({ preseason_start: `${year}-01-01`, start_date: `${year}-01-01`, end_date: `${year}-12-31` })).statusCode).toBeLessThan(300);
      expect((await statuses()).programs[0]!.monitored).toBe(true);
      // Ended yesterday (or not begun): Not Monitored, at once.
      expect((await put({ preseason_start: `${year}-01-01`, start_date: `${year}-01-01`, end_date: `${year}-01-01` })).statusCode).toBe(200);
      expect((await statuses()).programs[0]!.monitored).toBe(today === `${year}-01-01`);
    } finally {
      await ctx.database.db.delete(programSeasons).where(and(eq(programSeasons.programId, programId), eq(programSeasons.year, year)));
      if (stored) await ctx.database.db.insert(programSeasons).values(stored);
    }
  });
});

describe(`set-up checklist on ${DATABASE_KIND}`, () => {
  it('ticks every item off on the demo agency, for organization admins only', async () => {
    const res = await ctx.call({ method: 'GET', url: '/api/setup/checklist', token: s.adminToken });
    expect(res.statusCode).toBe(200);
    const payload = res.json().payload;
    expect(payload.items.map((i: { key: string }) => i.key)).toEqual(['places', 'lhas', 'organizations', 'seasons', 'rules', 'beaches', 'users']);
    expect(payload.items.find((i: { key: string }) => i.key === 'places')).toMatchObject({ done: true, detail: expect.stringMatching(/counties/) });
    expect((await ctx.call({ method: 'GET', url: '/api/setup/checklist', token: s.users.plain.token })).statusCode).toBe(403);
    expect((await ctx.call({ method: 'GET', url: '/api/setup/checklist' })).statusCode).toBe(401);
  });
});

describe(`legacy import and unknown places on ${DATABASE_KIND}`, () => {
  const file = () =>
    layoutCsv([
      { station: 'Gull Town - Bay Avenue', beach: 'Gull Town Bay Avenue', municipality: 'Gull Town', county: 'Ocean County', type: 'Primary', date: '06/02/2026', measure: '20' },
      { station: 'Gull Town - Bay Avenue', beach: 'Gull Town Bay Avenue', municipality: 'Gull Town', county: 'Ocean County', date: '06/09/2026', measure: '40' },
      { station: 'Tern Point - Beach', beach: 'Tern Point Beach', municipality: 'Tern Point', county: 'Ocean', type: 'Primary', date: '06/02/2026', measure: '10' },
    ]);
  const run = (options: { dryRun: boolean; createPlaces?: boolean }) =>
    importLegacyResults(ctx.database.db, { programAbbv: 'OB', verified: true, replayRules: false, fileName: 'towns.csv', text: file(), timeZone: 'America/New_York', ...options });

  it('refuses rows in unknown towns and groups the towns by county; --create-places creates them (printed) and imports', async () => {
    const before = await placeRows();
    const refused = await run({ dryRun: false });
    expect(refused.inserted).toBe(0);
    expect(refused.rejectedRows).toBe(3);
    expect(refused.unknownPlaces).toEqual([{ county_id: expect.any(Number), county: 'Ocean', municipalities: ['Gull Town', 'Tern Point'] }]);
    expect(reportPayload(refused).unknown_places).toHaveLength(1);
    expect(formatImportReport(refused)).toContain('Unknown municipalities of Ocean County (2): Gull Town, Tern Point.');
    expect(await placeRows()).toEqual(before);

    const dry = await run({ dryRun: true, createPlaces: true });
    expect(dry.inserted).toBe(3);
    expect(dry.createdPlaces).toEqual([{ county: 'Ocean', municipality: 'Gull Town' }, { county: 'Ocean', municipality: 'Tern Point' }]);
    expect(formatImportReport(dry)).toContain('Would create 2 municipalities: Gull Town (Ocean), Tern Point (Ocean)');
    expect(await placeRows()).toEqual(before);

    const done = await run({ dryRun: false, createPlaces: true });
    expect(done.inserted).toBe(3);
    expect(done.unknownPlaces).toEqual([]);
    expect(await placeRows()).toEqual({ ...before, municipalities: before.municipalities + 2 });
    expect(await lastAudit('municipalities')).toMatchObject({ action: 'CREATE' });
  });
});

describe(`a season's first verified result on ${DATABASE_KIND}`, () => {
  it('starts a new station, and one with last season\'s status, Open before the rules apply; the public map shows it', async () => {
    const db = ctx.database.db;
    const [ocean] = await db.select().from(programs).where(eq(programs.abbv, 'OB'));
    const programId = ocean!.programId;
    const today = (await ctx.call({ method: 'GET', url: `/api/program/${programId}/seasons`, token: s.adminToken })).json().payload.today as string;
    const year = Number(today.slice(0, 4));
    const [stored] = await db.select().from(programSeasons).where(and(eq(programSeasons.programId, programId), eq(programSeasons.year, year)));
    await db.delete(programSeasons).where(and(eq(programSeasons.programId, programId), eq(programSeasons.year, year)));
    // A season around today: the program monitors.
    await db.insert(programSeasons).values({ programId, year, preseasonStart: `${year}-01-01`, startDate: `${year}-01-01`, endDate: `${year}-12-31` });
    try {
      const [town] = await queryRows<{ municipality: string; county: string }>(
        db,
        sql`select m.name as municipality, c.name as county from municipalities m join counties c on c.county_id = m.county_id where c.name = 'Ocean' order by m.municipality_id limit 1`,
      );
      const day = `${today.slice(5, 7)}/${today.slice(8, 10)}/${today.slice(0, 4)}`;
      const line = (station: string, measure: string) => ({ station, beach: `${station} Beach`, municipality: town!.municipality, county: town!.county, type: 'Primary', date: day, measure });
      const report = await importLegacyResults(db, {
        programAbbv: 'OB',
        verified: false,
        replayRules: false,
        fileName: 'season-start.csv',
        text: layoutCsv([line('Season Start New', '20'), line('Season Start Stale', '300')]),
        timeZone: 'America/New_York',
      });
      expect(report.inserted).toBe(2);
      const rows = await queryRows<{ beach_station_id: number; station_name: string; result_id: number }>(
        db,
        sql`select s.beach_station_id, s.station_name, r.result_id from beach_stations s join results r on r.beach_station_id = s.beach_station_id
            where s.station_name like 'Season Start %' order by s.station_name`,
      );
      const fresh = rows.find((r) => r.station_name === 'Season Start New')!;
      const stale = rows.find((r) => r.station_name === 'Season Start Stale')!;
      // A station no one has set yet, and one whose status is last season's Advisory.
      await db.execute(sql`update beach_stations set current_status_id = null, status_since = null where beach_station_id = ${fresh.beach_station_id}`);
      await db.execute(
        sql`update beach_stations set current_status_id = (select beach_status_id from beach_statuses where code = 'ADVISORY'),
              status_since = ${`${year - 1}-08-01T12:00:00Z`} where beach_station_id = ${stale.beach_station_id}`,
      );
      const verify = await ctx.call({ method: 'PUT', url: '/api/verify/', token: s.adminToken, payload: { result_ids: [fresh.result_id, stale.result_id] } });
      expect(verify.statusCode, verify.body).toBe(200);
      const history = await queryRows<{ beach_station_id: number; source: string; to_code: string; reason: string }>(
        db,
        sql`select h.beach_station_id, h.source, t.code as to_code, h.reason from beach_status_history h join beach_statuses t on t.beach_status_id = h.to_status_id
            where h.beach_station_id in (${fresh.beach_station_id}, ${stale.beach_station_id}) and h.source <> 'IMPORT' order by h.beach_status_history_id`,
      );
      expect(history.filter((h) => h.beach_station_id === fresh.beach_station_id).map((h) => [h.source, h.to_code])).toEqual([['SEASON', 'OPEN']]);
      // Last season's Advisory says nothing now: the season starts Open, then the result above 104 sets Advisory by the rule.
      expect(history.filter((h) => h.beach_station_id === stale.beach_station_id).map((h) => [h.source, h.to_code])).toEqual([
        ['SEASON', 'OPEN'],
        ['RULE', 'ADVISORY'],
      ]);
      const statuses = (await ctx.call({ method: 'GET', url: `/api/public/beaches/statuses/?program=${programId}` })).json().payload.statuses as { beach_station_id: number; status_code: string }[];
      expect(statuses.find((x) => x.beach_station_id === fresh.beach_station_id)?.status_code).toBe('OPEN');
      expect(statuses.find((x) => x.beach_station_id === stale.beach_station_id)?.status_code).toBe('ADVISORY');
    } finally {
      await db.delete(programSeasons).where(and(eq(programSeasons.programId, programId), eq(programSeasons.year, year)));
      if (stored) await db.insert(programSeasons).values(stored);
    }
  });
});
