import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { ACCIDENT_CODES, addDays, localDate } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { stationsOf, tokenCache, type StationRow } from './results-fixtures';

let ctx: TestContext;
let ob: StationRow[];
let rv: StationRow[];
let obProgram: number;
let rvProgram: number;
const token = tokenCache(() => ctx);
/** All programs, every level: may delete. */
const ADMIN = 'admin@example.org';
/** Ocean Beaches: opens the screen (beach permission), no ADMIN level there: may not delete. */
const VERIFIER = 'verifier@example.org';
/** Ocean Beaches, but neither the beach permission nor incidents or surveys ADMIN: wrong role. */
const SAMPLER = 'sampler@example.org';
/** The Rivers program only: Ocean Beaches is a foreign program to her. */
const RIVERS_ONLY = 'aisha.coleman@example.org';
const BASE = '/api/program/administrative/accident';

const today = () => localDate(new Date(), 'America/New_York');
const body = (stationId: number, over: object = {}) => ({
  beach_station_id: stationId,
  occurred_date: today(),
  occurred_time: '14:05',
  accident_type: 'NEAR_DROWNING',
  is_fatal: false,
  age_group: 'TEEN',
  lifeguard_on_duty: true,
  description: 'Swimmer pulled from a rip current and resuscitated by lifeguards.',
  reporter_name: 'Chief Lifeguard Ortiz',
  reporter_contact: '732-555-0101',
  ...over,
});
const call = async (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, payload });
const file = async (who: string, stationId: number, over: object = {}) => {
  const res = await call(who, 'POST', BASE, body(stationId, over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { serious_accident_report_id: number; program_id: number; is_read: boolean };
};
const auditRows = (id: number) =>
  queryRows<{ action: string }>(
    ctx.database.db,
    sql`select action from audit_log where table_name = 'serious_accident_reports' and record_id = ${String(id)} order by audit_id`,
  );

beforeAll(async () => {
  ctx = await createTestContext();
  ob = await stationsOf(ctx, 'OB');
  rv = await stationsOf(ctx, 'RV');
  const programs = await queryRows<{ abbv: string; program_id: number }>(ctx.database.db, sql`select abbv, program_id from programs`);
  obProgram = programs.find((p) => p.abbv === 'OB')!.program_id;
  rvProgram = programs.find((p) => p.abbv === 'RV')!.program_id;
}, 300_000);
afterAll(() => ctx?.close());

describe(`serious / fatal accident reports on ${DATABASE_KIND}`, () => {
  describe(`POST ${BASE}`, () => {
    it('files a report in the program of its station, unread, with the local day and time, audited', async () => {
      const res = await call(VERIFIER, 'POST', BASE, body(ob[0]!.beach_station_id));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORT_CREATED);
      const p = res.json().payload;
      expect(p).toMatchObject({
        program_id: obProgram,
        beach_station_id: ob[0]!.beach_station_id,
        station_name: ob[0]!.station_name,
        occurred_date: today(),
        occurred_time: '14:05',
        accident_type: 'NEAR_DROWNING',
        age_group: 'TEEN',
        lifeguard_on_duty: true,
        is_fatal: false,
        is_read: false,
      });
      expect(p.entered_by).toBeTruthy();
      expect(res.headers['cache-control']).toContain('no-store');
      expect((await auditRows(p.serious_accident_report_id)).map((r) => r.action)).toEqual(['CREATE']);
    });

    it('answers 400 with the field for bad input (time, type, date after tomorrow, missing text)', async () => {
      const res = await call(VERIFIER, 'POST', BASE, body(ob[0]!.beach_station_id, {
        occurred_time: '25:00',
        accident_type: 'SHARK',
        occurred_date: addDays(today(), 5),
        description: ' ',
      }));
      expect(res.statusCode).toBe(400);
      const fields = JSON.stringify(res.json());
      for (const f of ['occurred_time', 'accident_type', 'occurred_date', 'description']) expect(fields).toContain(f);
    });

    it('answers 401 without a token, 403 for a wrong role whatever the body, 403 for a foreign or unknown station', async () => {
      expect((await call(null, 'POST', BASE, body(ob[0]!.beach_station_id))).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', BASE, { nonsense: true })).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'POST', BASE, body(ob[0]!.beach_station_id))).statusCode).toBe(403);
      expect((await call(VERIFIER, 'POST', BASE, body(999_999))).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'POST', BASE, body(rv[0]!.beach_station_id))).statusCode).toBe(201);
    });
  });

  describe('reading', () => {
    it('lists by program (newest first), with ?recent keeping the last 30 days; all programs the caller may use', async () => {
      const fresh = await file(ADMIN, ob[1]!.beach_station_id, { description: 'Fresh report' });
      const old = await file(ADMIN, ob[1]!.beach_station_id, { description: 'Old report', occurred_date: addDays(today(), -60) });
      const list = async (url: string, who = VERIFIER) => {
        const res = await call(who, 'GET', url);
        expect(res.statusCode, res.body).toBe(200);
        expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORTS_FOUND);
        return (res.json().payload.list as { serious_accident_report_id: number; program_id: number }[]);
      };
      const all = await list(`${BASE}/program/${obProgram}`);
      const ids = all.map((r) => r.serious_accident_report_id);
      expect(ids).toContain(fresh.serious_accident_report_id);
      expect(ids).toContain(old.serious_accident_report_id);
      expect(ids.indexOf(fresh.serious_accident_report_id)).toBeLessThan(ids.indexOf(old.serious_accident_report_id));
      for (const url of [`${BASE}/program/${obProgram}?recent`, `${BASE}/program/${obProgram}?recent=true`]) {
        const recent = (await list(url)).map((r) => r.serious_accident_report_id);
        expect(recent).toContain(fresh.serious_accident_report_id);
        expect(recent).not.toContain(old.serious_accident_report_id);
      }
      // The list of every program: the verifier's is Ocean Beaches only.
      expect(new Set((await list(BASE, VERIFIER)).map((r) => r.program_id))).toEqual(new Set([obProgram]));
      expect((await list(`${BASE}?recent`, RIVERS_ONLY)).every((r) => r.program_id === rvProgram)).toBe(true);
    });

    it('refuses lists: 401, wrong role, foreign or unknown program, bad query', async () => {
      const url = `${BASE}/program/${obProgram}`;
      expect((await call(null, 'GET', url)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', url)).statusCode).toBe(403);
      expect((await call(SAMPLER, 'GET', BASE)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'GET', url)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', `${BASE}/program/999999`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', `${url}?recent=maybe`)).statusCode).toBe(400);
      expect((await call(VERIFIER, 'GET', `${BASE}/program/abc`)).statusCode).toBe(400);
    });

    it('opens one without marking it read; foreign and unknown ids answer alike (403)', async () => {
      const r = await file(ADMIN, ob[0]!.beach_station_id);
      const res = await call(VERIFIER, 'GET', `${BASE}/${r.serious_accident_report_id}`);
      expect(res.statusCode).toBe(200);
      expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORT_FOUND);
      expect(res.json().payload.is_read).toBe(false);
      expect((await call(VERIFIER, 'GET', `${BASE}/${r.serious_accident_report_id}`)).json().payload.is_read).toBe(false);
      expect((await call(null, 'GET', `${BASE}/${r.serious_accident_report_id}`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', `${BASE}/${r.serious_accident_report_id}`)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'GET', `${BASE}/${r.serious_accident_report_id}`)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'GET', `${BASE}/999999`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'GET', `${BASE}/0`)).statusCode).toBe(400);
    });
  });

  describe(`PUT ${BASE}/{id} and toggleRead`, () => {
    it('updates what the form edits and keeps the read flag; audited', async () => {
      const r = await file(VERIFIER, ob[0]!.beach_station_id);
      const res = await call(VERIFIER, 'PUT', `${BASE}/${r.serious_accident_report_id}`, body(ob[1]!.beach_station_id, { is_fatal: true, accident_type: 'DROWNING', occurred_time: '07:30' }));
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORT_SAVED);
      expect(res.json().payload).toMatchObject({ beach_station_id: ob[1]!.beach_station_id, is_fatal: true, accident_type: 'DROWNING', occurred_time: '07:30', is_read: false });
      expect((await auditRows(r.serious_accident_report_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE']);
    });

    it('refuses updates: bad input 400, 401, wrong role, foreign report, moving it to a foreign station, unknown id', async () => {
      const r = await file(ADMIN, ob[0]!.beach_station_id);
      const url = `${BASE}/${r.serious_accident_report_id}`;
      expect((await call(VERIFIER, 'PUT', url, body(ob[0]!.beach_station_id, { age_group: 'BABY' }))).statusCode).toBe(400);
      expect((await call(null, 'PUT', url, body(ob[0]!.beach_station_id))).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', url, {})).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'PUT', url, body(rv[0]!.beach_station_id))).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', url, body(rv[0]!.beach_station_id))).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', `${BASE}/999999`, body(ob[0]!.beach_station_id))).statusCode).toBe(403);
    });

    it('toggles read and back, counted on the program dashboard; refuses 401, wrong role, foreign, unknown', async () => {
      const r = await file(ADMIN, ob[0]!.beach_station_id);
      const url = `${BASE}/toggleRead/${r.serious_accident_report_id}`;
      const unread = async () => (await call(ADMIN, 'GET', `/api/program/${obProgram}/dashboard`)).json().payload.unread_accident_reports as number;
      const before = await unread();
      const res = await call(VERIFIER, 'PUT', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORT_READ_TOGGLED);
      expect(res.json().payload.is_read).toBe(true);
      expect(await unread()).toBe(before - 1);
      expect((await call(VERIFIER, 'PUT', url)).json().payload.is_read).toBe(false);
      expect(await unread()).toBe(before);
      expect((await auditRows(r.serious_accident_report_id)).map((a) => a.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
      expect((await call(null, 'PUT', url)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', url)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'PUT', url)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', `${BASE}/toggleRead/999999`)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'PUT', `${BASE}/toggleRead/x`)).statusCode).toBe(400);
    });
  });

  describe(`DELETE ${BASE}/{id}`, () => {
    it('deletes for an ADMIN level, refuses a user without one, a wrong role, a foreign program; audited', async () => {
      const r = await file(VERIFIER, ob[0]!.beach_station_id);
      const url = `${BASE}/${r.serious_accident_report_id}`;
      expect((await call(null, 'DELETE', url)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'DELETE', url)).statusCode).toBe(403);
      expect((await call(RIVERS_ONLY, 'DELETE', url)).statusCode).toBe(403);
      expect((await call(VERIFIER, 'DELETE', url)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `${BASE}/abc`)).statusCode).toBe(400);
      const res = await call(ADMIN, 'DELETE', url);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(ACCIDENT_CODES.ACCIDENT_REPORT_DELETED);
      expect((await call(ADMIN, 'GET', url)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', url)).statusCode).toBe(403);
      expect((await auditRows(r.serious_accident_report_id)).map((a) => a.action)).toEqual(['CREATE', 'DELETE']);
    });
  });
});
