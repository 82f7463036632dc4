import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BEACH_CODES, compareNames, type StaffBeachListItem } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { stationsOf, tokenCache, type StationRow } from './results-fixtures';

let ctx: TestContext;
let ob: StationRow[];
let obProgram: number;
let rvProgram: number;
/** An Ocean Beaches primary with verified results: on the public map and in the CSV download. */
let publicStation: number;
const token = tokenCache(() => ctx);
/** All programs, every level. */
const ADMIN = 'admin@example.org';
/** Ocean Beaches with the beach permission (MANAGE_BEACHES). */
const VERIFIER = 'verifier@example.org';
/** Ocean Beaches, without the beach permission: wrong role. */
const SAMPLER = 'sampler@example.org';
/** The Rivers program only: Ocean Beaches is foreign to her. */
const RIVERS_ONLY = 'aisha.coleman@example.org';

const call = async (who: string | null, method: 'GET' | 'PUT', url: string) => ctx.call({ method, url, token: who ? await token(who) : undefined });
const list = async (who: string, programId: number) => {
  const res = await call(who, 'GET', `/api/beach/list/program/${programId}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.beachList as StaffBeachListItem[];
};
const flags = async (id: number) =>
  (
    await queryRows<{ active: boolean; public_visible: boolean }>(
      ctx.database.db,
      sql`select active, public_visible from beach_stations where beach_station_id = ${id}`,
    )
  )[0]!;
const audits = (id: number) =>
  queryRows<{ action: string; before: unknown; after: unknown }>(
    ctx.database.db,
    sql`select action, before, after from audit_log where table_name = 'beach_stations' and record_id = ${String(id)} order by audit_id`,
  );
const restore = (id: number) => ctx.database.db.execute(sql`update beach_stations set active = true, public_visible = true where beach_station_id = ${id}`);

beforeAll(async () => {
  ctx = await createTestContext();
  ob = await stationsOf(ctx, 'OB');
  const programs = await queryRows<{ abbv: string; program_id: number }>(ctx.database.db, sql`select abbv, program_id from programs`);
  obProgram = programs.find((p) => p.abbv === 'OB')!.program_id;
  rvProgram = programs.find((p) => p.abbv === 'RV')!.program_id;
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select bs.beach_station_id as id from results r join beach_stations bs on bs.beach_station_id = r.beach_station_id
          join beaches b on b.beach_id = bs.beach_id
         where b.program_id = ${obProgram} and r.verification_state <> 'UNVERIFIED' and bs.station_type = 'PRIMARY'
           and bs.active and bs.public_visible and bs.current_status_id is not null
         group by bs.beach_station_id order by bs.beach_station_id limit 1`,
  );
  publicStation = row!.id;
}, 300_000);
afterAll(() => ctx?.close());

describe(`beach stations on ${DATABASE_KIND}`, () => {
  describe('GET beach/list/program/{program_id} and beach/list/', () => {
    it('lists every station of the program with names, type, place, status and flags', async () => {
      const items = await list(VERIFIER, obProgram);
      expect(items.map((i) => i.beach_station_id).sort((a, b) => a - b)).toEqual(ob.map((s) => s.beach_station_id).sort((a, b) => a - b));
      const bracket = items.find((i) => i.type.code === 'BRACKET' && i.primary);
      expect(bracket).toBeTruthy();
      const primary = items.find((i) => i.beach_station_id === bracket!.primary!.beach_station_id)!;
      expect(bracket!.primary!.station_name).toBe(primary.station_name);
      // A bracket shows its primary's status.
      expect(bracket!.status?.code).toBe(primary.status?.code);
      const one = items.find((i) => i.beach_station_id === publicStation)!;
      expect(one).toMatchObject({ program: { program_id: obProgram, abbv: 'OB' }, active: true, public_visible: true });
      expect(one.status).toMatchObject({ code: expect.any(String), name: expect.any(String), color: expect.stringMatching(/^#/) });
      expect(one.status!.since ?? '').toMatch(/^(\d{4}-\d{2}-\d{2})?$/);
      expect(one.municipality.name).toBeTruthy();
      expect(one.municipality.county_name).toBeTruthy();
      expect(['OCEAN', 'BAY', 'RIVER', 'LAKE']).toContain(one.category.code);
    });

    it('lists beaches in natural order of names: 9th Street before 10th Street (issue 28)', async () => {
      // Two of the program's beaches renamed so text order and natural order disagree; restored after.
      const beaches = await queryRows<{ beach_id: number; name: string }>(
        ctx.database.db,
        sql`select beach_id, name from beaches where program_id = ${obProgram} order by beach_id limit 2`,
      );
      const [first, second] = beaches as [{ beach_id: number; name: string }, { beach_id: number; name: string }];
      try {
        await ctx.database.db.execute(sql`update beaches set name = '10th Street' where beach_id = ${first.beach_id}`);
        await ctx.database.db.execute(sql`update beaches set name = '9th Street' where beach_id = ${second.beach_id}`);
        const names = [...new Set((await list(VERIFIER, obProgram)).map((i) => i.beach_name))];
        expect(names.indexOf('9th Street')).toBeLessThan(names.indexOf('10th Street'));
        expect(names).toEqual([...names].sort(compareNames));
      } finally {
        for (const b of beaches) await ctx.database.db.execute(sql`update beaches set name = ${b.name} where beach_id = ${b.beach_id}`);
      }
    });

    it('beach/list/ holds the stations of every program the caller manages beaches in', async () => {
      const res = await call(VERIFIER, 'GET', '/api/beach/list/');
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(BEACH_CODES.BEACH_LIST_FOUND);
      const programs = new Set((res.json().payload.beachList as StaffBeachListItem[]).map((i) => i.program.program_id));
      expect([...programs]).toEqual([obProgram]);
      const all = (await call(ADMIN, 'GET', '/api/beach/list/')).json().payload.beachList as StaffBeachListItem[];
      expect(new Set(all.map((i) => i.program.program_id)).size).toBeGreaterThan(1);
    });

    it('refuses: no token 401, wrong role 403, foreign and unknown program 403, bad id 400', async () => {
      expect((await call(null, 'GET', `/api/beach/list/program/${obProgram}`)).statusCode).toBe(401);
      expect((await call(null, 'GET', '/api/beach/list/')).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', `/api/beach/list/program/${obProgram}`)).statusCode).toBe(403);
      expect((await call(SAMPLER, 'GET', '/api/beach/list/')).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'GET', `/api/beach/list/program/${obProgram}`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', `/api/beach/list/program/${rvProgram}`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/list/program/999999')).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/list/program/abc')).statusCode).toBe(400);
    });
  });

  describe('GET beach/filters?program_id and beach/filters/entry', () => {
    it('answers the filter snapshot of the managed stations, of one program when named', async () => {
      const res = await call(VERIFIER, 'GET', `/api/beach/filters?program_id=${obProgram}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(BEACH_CODES.RETRIEVED_FILTER_LIST);
      const f = res.json().payload;
      expect(f.programs.map((p: { program_id: number }) => p.program_id)).toEqual([obProgram]);
      expect(f.counties.length).toBeGreaterThan(0);
      expect(f.municipalities.length).toBeGreaterThan(0);
      const items = await list(VERIFIER, obProgram);
      const municipalityIds = new Set(f.municipalities.map((m: { municipality_id: number }) => m.municipality_id));
      for (const i of items) expect(municipalityIds.has(i.municipality.municipality_id)).toBe(true);
      const all = (await call(ADMIN, 'GET', '/api/beach/filters')).json().payload;
      expect(all.programs.length).toBeGreaterThan(1);
    });

    it('entry filters answer data editors the places of their active stations', async () => {
      const before = (await call(ADMIN, 'GET', '/api/beach/filters/entry')).json().payload;
      expect(before.programs.length).toBeGreaterThan(0);
      expect((await call(null, 'GET', '/api/beach/filters/entry')).statusCode).toBe(401);
    });

    it('refuses: no token 401, wrong role 403, foreign or unknown program 403, bad program 400', async () => {
      expect((await call(null, 'GET', '/api/beach/filters')).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', `/api/beach/filters?program_id=${obProgram}`)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'GET', `/api/beach/filters?program_id=${obProgram}`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', `/api/beach/filters?program_id=${rvProgram}`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/filters?program_id=999999')).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/filters?program_id=x')).statusCode).toBe(400);
    });
  });

  describe('PUT beach/{id}/active/{value}', () => {
    it('sets a station inactive and back (SAVED_BEACH_ACTIVE), audited; an inactive station leaves the entry grid', async () => {
      const id = publicStation;
      const audited = (await audits(id)).length;
      try {
        const res = await call(VERIFIER, 'PUT', `/api/beach/${id}/active/false`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ code: BEACH_CODES.SAVED_BEACH_ACTIVE, payload: { beach_station_id: id, active: false } });
        expect(await flags(id)).toEqual({ active: false, public_visible: true });
        expect((await list(VERIFIER, obProgram)).find((i) => i.beach_station_id === id)!.active).toBe(false);
        const audit = (await audits(id)).at(-1);
        expect(audit).toMatchObject({ action: 'UPDATE' });
        expect(JSON.stringify(audit!.after)).toContain('active');

        // The same value again: success, nothing written.
        expect((await call(VERIFIER, 'PUT', `/api/beach/${id}/active/0`)).statusCode).toBe(200);
        expect(await audits(id)).toHaveLength(audited + 1);

        // The results entry grid of a future day (no results there) leaves it out.
        const [org] = await queryRows<{ organization_id: number }>(
          ctx.database.db,
          sql`select organization_id from organization_programs where program_id = ${obProgram} and data_interaction_level >= 1 order by organization_id limit 1`,
        );
        const grid = await call(ADMIN, 'GET', `/api/results/program/${obProgram}/organization/${org!.organization_id}/2020-01-06`);
        expect(grid.statusCode, grid.body).toBe(200);
        expect(JSON.stringify(grid.json().payload)).not.toContain(`"beach_station_id":${id},`);

        const back = await call(VERIFIER, 'PUT', `/api/beach/${id}/active/1`);
        expect(back.json().payload.active).toBe(true);
        expect(await audits(id)).toHaveLength(audited + 2);
      } finally {
        await restore(id);
      }
    });

    it('refuses with BEACH_SAVE_FAILED: no token 401, wrong role 403, foreign and unknown station 403; bad value 400', async () => {
      const id = ob[0]!.beach_station_id;
      const audited = (await audits(id)).length;
      expect((await call(null, 'PUT', `/api/beach/${id}/active/false`)).statusCode).toBe(401);
      const wrong = await call(SAMPLER, 'PUT', `/api/beach/${id}/active/false`);
      expect(wrong.statusCode).toBe(403);
      expect(wrong.json().code).toBe(BEACH_CODES.BEACH_SAVE_FAILED);
      const foreign = await call(RIVERS_ONLY, 'PUT', `/api/beach/${id}/active/false`);
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe(BEACH_CODES.BEACH_SAVE_FAILED);
      expect((await call(VERIFIER, 'PUT', '/api/beach/999999/active/false')).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', `/api/beach/${id}/active/maybe`)).statusCode).toBe(400);
      expect((await call(VERIFIER, 'PUT', `/api/beach/x/active/true`)).statusCode).toBe(400);
      expect(await flags(id)).toMatchObject({ active: true });
      expect(await audits(id)).toHaveLength(audited);
    });
  });

  describe('PUT beach/{id}/publicVisibility/{value}', () => {
    it('hides a station from the public statuses and the CSV download at once, audited, and shows it again', async () => {
      const id = publicStation;
      const statuses = async () =>
        ((await ctx.call({ method: 'GET', url: '/api/public/beaches/statuses/' })).json().payload.statuses as { beach_station_id: number }[]).map(
          (s) => s.beach_station_id,
        );
      const csvLines = async () =>
        (await ctx.call({ method: 'GET', url: `/api/public/data/download/waterQuality?downloadType=water-quality&beachId=${id}` })).body
          .split(/\r?\n/)
          .filter((l) => l.trim() !== '').length;
      const filterList = async () =>
        ((await ctx.call({ method: 'GET', url: '/api/public/data/filters' })).json().payload.beachList as { beach_station_id: number }[]).map(
          (s) => s.beach_station_id,
        );
      try {
        expect(await statuses()).toContain(id);
        expect(await csvLines()).toBeGreaterThan(1);
        expect(await filterList()).toContain(id);
        expect((await ctx.call({ method: 'GET', url: `/api/public/beaches/${id}` })).statusCode).toBe(200);

        const res = await call(VERIFIER, 'PUT', `/api/beach/${id}/publicVisibility/false`);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json()).toMatchObject({ code: BEACH_CODES.SAVED_BEACH_VISIBILITY, payload: { beach_station_id: id, public_visible: false } });
        expect(await flags(id)).toEqual({ active: true, public_visible: false });
        expect(await statuses()).not.toContain(id);
        expect(await csvLines()).toBe(1); // the header only
        expect(await filterList()).not.toContain(id);
        expect((await ctx.call({ method: 'GET', url: `/api/public/beaches/${id}` })).statusCode).not.toBe(200);
        expect((await audits(id)).at(-1)).toMatchObject({ action: 'UPDATE' });

        expect((await call(VERIFIER, 'PUT', `/api/beach/${id}/publicVisibility/true`)).statusCode).toBe(200);
        expect(await statuses()).toContain(id);
        expect(await csvLines()).toBeGreaterThan(1);
      } finally {
        await restore(id);
      }
    });

    it('refuses: no token 401, wrong role 403, foreign and unknown station 403, bad value 400', async () => {
      const id = ob[0]!.beach_station_id;
      expect((await call(null, 'PUT', `/api/beach/${id}/publicVisibility/false`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', `/api/beach/${id}/publicVisibility/false`)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'PUT', `/api/beach/${id}/publicVisibility/false`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', '/api/beach/999999/publicVisibility/false')).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', `/api/beach/${id}/publicVisibility/2`)).statusCode).toBe(400);
      expect(await flags(id)).toMatchObject({ public_visible: true });
    });
  });

  describe('GET beach/{id}/dashboard/profile', () => {
    it('answers the station, its place, last sample day and latest status changes (the primary\'s for a bracket)', async () => {
      const res = await call(SAMPLER, 'GET', `/api/beach/${publicStation}/dashboard/profile`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(BEACH_CODES.BEACH_DASHBOARD_FOUND);
      const p = res.json().payload;
      expect(p.station).toMatchObject({ beach_station_id: publicStation, program: { program_id: obProgram } });
      expect(p.last_sample_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(typeof p.latitude).toBe('number');
      expect(p.status_history.length).toBeGreaterThan(0);
      expect(p.status_history.length).toBeLessThanOrEqual(10);
      const dates = p.status_history.map((h: { effective_date: string }) => h.effective_date);
      expect([...dates].sort().reverse()).toEqual(dates);
      const bracket = ob.find((s) => s.station_type === 'BRACKET' && s.primary_station_id !== null)!;
      const b = (await call(SAMPLER, 'GET', `/api/beach/${bracket.beach_station_id}/dashboard/profile`)).json().payload;
      const primary = (await call(SAMPLER, 'GET', `/api/beach/${bracket.primary_station_id}/dashboard/profile`)).json().payload;
      expect(b.status_history).toEqual(primary.status_history);
    });

    it('refuses: no token 401, foreign and unknown station 403, bad id 400', async () => {
      expect((await call(null, 'GET', `/api/beach/${publicStation}/dashboard/profile`)).statusCode).toBe(401);
      expect((await call(RIVERS_ONLY, 'GET', `/api/beach/${publicStation}/dashboard/profile`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/999999/dashboard/profile')).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', '/api/beach/0/dashboard/profile')).statusCode).toBe(400);
    });
  });
});
