import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, CODES, INCIDENT_CODES, localDate } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { stationsOf, tokenCache, type StationRow } from './results-fixtures';

let ctx: TestContext;
let ob: StationRow[];
let bb: StationRow[];
let rv: StationRow[];
let program: Record<string, number>;
let status: Record<string, number>;
const token = tokenCache(() => ctx);
/** Every program, every area ADMIN. */
const ADMIN = 'admin@example.org';
/** Made an INCIDENTS ADMIN in Ocean Beaches only below; INCIDENTS USER in Bay Beaches; no Rivers at all. */
const OFFICER = 'health@example.org';
/** Ocean Beaches, data editing only: the wrong role everywhere. */
const SAMPLER = 'sampler@example.org';

const today = () => localDate(new Date(), 'America/New_York');
const call = async (who: string | null, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  ctx.call({ method, url, token: who ? await token(who) : undefined, payload });
const opening = (over: object = {}) => ({
  start_date: addDays(today(), -2),
  reason_code: 'ELEV_BACT',
  source_code: 'STORM',
  additional_overall_comments: 'Advisory after a storm; outfalls flowing.',
  ...over,
});
const open = async (who: string, stationId: number, over: object = {}) => {
  const res = await call(who, 'POST', `/api/beach/${stationId}/incidents`, opening(over));
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload as { incident_id: number; program_id: number; state: string };
};
const primary = (rows: StationRow[]) => rows.find((s) => s.station_type === 'PRIMARY')!;
const auditRows = (id: number) =>
  queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'incidents' and record_id = ${String(id)} order by audit_id`);
/** The primary's status now, and since which day (a history row, as a status change writes one). */
async function setStatus(stationId: number, code: string, since: string) {
  const db = ctx.database.db;
  await db.execute(sql`update beach_stations set current_status_id = ${status[code]!}, status_since = now() where beach_station_id = ${stationId}`);
  await db.execute(
    sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, reason)
        values (${stationId}, ${status[code]!}, ${since}::date, 'MANUAL', 'incident test')`,
  );
}

beforeAll(async () => {
  ctx = await createTestContext();
  ob = await stationsOf(ctx, 'OB');
  bb = await stationsOf(ctx, 'BB');
  rv = await stationsOf(ctx, 'RV');
  const db = ctx.database.db;
  program = Object.fromEntries((await queryRows<{ abbv: string; id: number }>(db, sql`select abbv, program_id as id from programs`)).map((p) => [p.abbv, p.id]));
  status = Object.fromEntries((await queryRows<{ code: string; id: number }>(db, sql`select code, beach_status_id as id from beach_statuses`)).map((s) => [s.code, s.id]));
  // The health officer becomes an incidents administrator in Ocean Beaches (the organization's cap too).
  await db.execute(
    sql`update user_program_permissions set access_level = 'ADMIN'
        where permission_code = 'INCIDENTS' and program_id = ${program.OB!} and user_id = (select user_id from users where email = ${OFFICER})`,
  );
  await db.execute(
    sql`update organization_programs set category_incidents = 2
        where program_id = ${program.OB!} and organization_id = (select organization_id from users where email = ${OFFICER})`,
  );
}, 300_000);
afterAll(() => ctx?.close());

describe(`incidents on ${DATABASE_KIND}`, () => {
  describe('GET /api/incidents/options', () => {
    it('lists incident types, BEACON reasons and sources, beach statuses and incident states', async () => {
      const res = await call(OFFICER, 'GET', '/api/incidents/options');
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().payload;
      expect(p.types.map((t: { code: string }) => t.code)).toContain('ADVISORY');
      expect(p.reasons.map((r: { code: string }) => r.code).sort()).toEqual(['CHEM_OIL', 'ELEV_BACT', 'MODEL', 'OTHER', 'POLICY', 'RAINFALL', 'SEWAGE']);
      expect(p.sources.map((r: { code: string }) => r.code)).toContain('SEWER_LINE');
      expect(p.statuses.map((s: { code: string }) => s.code)).toEqual(expect.arrayContaining(['OPEN', 'ADVISORY', 'CLOSED']));
      expect(p.states).toEqual([
        { code: 'OPEN', name: 'Open' },
        { code: 'CLOSED', name: 'Closed' },
        { code: 'AUTO_CLOSED', name: 'Auto-closed' },
      ]);
    });
    it('answers 401 without a token and 403 to a role that opens the Incident screen nowhere', async () => {
      expect((await call(null, 'GET', '/api/incidents/options')).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', '/api/incidents/options')).statusCode).toBe(403);
    });
  });

  describe('POST /api/beach/{id}/incidents and the reads', () => {
    it('opens an incident by hand, OPEN from its start date, audited, and shows it on the station and in the program', async () => {
      const s = primary(ob);
      const types = (await call(OFFICER, 'GET', '/api/incidents/options')).json().payload.types as { incident_type_id: number; code: string }[];
      const advisory = types.find((t) => t.code === 'ADVISORY')!.incident_type_id;
      const res = await call(OFFICER, 'POST', `/api/beach/${s.beach_station_id}/incidents`, opening({ incident_type_id: advisory }));
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json().code).toBe(INCIDENT_CODES.INCIDENT_CREATED);
      const p = res.json().payload;
      expect(p).toMatchObject({
        program_id: program.OB,
        beach_station_id: s.beach_station_id,
        station_name: s.station_name,
        start_date: addDays(today(), -2),
        end_date: null,
        state: 'OPEN',
        is_manual: true,
        incident_type_id: advisory,
        incident_type_name: 'Swimming advisory',
        reason_code: 'ELEV_BACT',
        reason_name: 'Elevated bacteria',
        source_code: 'STORM',
        daily_incidents: [],
        final_comments: null,
      });
      expect(p.created_by).toBe('Helen Rossi');
      expect((await auditRows(p.incident_id)).map((r) => r.action)).toEqual(['CREATE']);

      const station = await call(OFFICER, 'GET', `/api/beach/${s.beach_station_id}/incidents`);
      expect(station.statusCode).toBe(200);
      expect(station.json().payload.list.map((i: { incident_id: number }) => i.incident_id)).toContain(p.incident_id);
      const one = await call(OFFICER, 'GET', `/api/beach/${s.beach_station_id}/incidents/${p.incident_id}`);
      expect(one.statusCode).toBe(200);
      expect(one.json().payload.incident_id).toBe(p.incident_id);
      // The same incident under another station is refused like a foreign one.
      const other = ob.find((x) => x.beach_station_id !== s.beach_station_id)!;
      expect((await call(OFFICER, 'GET', `/api/beach/${other.beach_station_id}/incidents/${p.incident_id}`)).statusCode).toBe(403);
    });

    it('refuses bad input with 400 naming the field', async () => {
      const s = primary(ob).beach_station_id;
      for (const [body, field] of [
        [opening({ start_date: '2024-02-30' }), 'start_date'],
        [opening({ start_date: addDays(today(), 3) }), 'start_date'],
        [opening({ reason_code: 'NOPE' }), 'reason_code'],
        [opening({ source_code: undefined }), 'source_code'],
        [opening({ incident_type_id: 999999 }), 'incident_type_id'],
      ] as const) {
        const res = await call(OFFICER, 'POST', `/api/beach/${s}/incidents`, body);
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().code).toBe(CODES.VALIDATION_FAILED);
        expect(res.json().payload.map((i: { field: string }) => i.field)).toContain(field);
      }
    });

    it('answers 401, then 403 for the wrong role (before the body is read), and 403 in a program where the caller is no incidents admin', async () => {
      const s = primary(ob).beach_station_id;
      expect((await call(null, 'POST', `/api/beach/${s}/incidents`, opening())).statusCode).toBe(401);
      expect((await call(SAMPLER, 'POST', `/api/beach/${s}/incidents`, { start_date: 'bad' })).statusCode).toBe(403);
      expect((await call(SAMPLER, 'GET', `/api/beach/${s}/incidents`)).statusCode).toBe(403);
      // Bay Beaches: INCIDENTS USER only; Rivers: no access at all; an unknown station answers alike.
      for (const station of [primary(bb).beach_station_id, primary(rv).beach_station_id, 999999]) {
        expect((await call(OFFICER, 'POST', `/api/beach/${station}/incidents`, opening())).statusCode).toBe(403);
        expect((await call(OFFICER, 'GET', `/api/beach/${station}/incidents`)).statusCode).toBe(403);
      }
      const foreign = await open(ADMIN, primary(rv).beach_station_id);
      expect((await call(OFFICER, 'GET', `/api/beach/${primary(rv).beach_station_id}/incidents/${foreign.incident_id}`)).statusCode).toBe(403);
    });
  });

  describe('GET /api/incidents/program/{id}', () => {
    it('lists the program incidents with the open/closed, station and date filters', async () => {
      const [a, b] = ob.filter((s) => s.station_type === 'PRIMARY');
      const first = await open(OFFICER, a!.beach_station_id, { start_date: addDays(today(), -20) });
      const second = await open(OFFICER, b!.beach_station_id, { start_date: addDays(today(), -1) });
      expect((await call(OFFICER, 'PUT', `/api/incidents/${first.incident_id}/close`, { final_comments: 'Resample clean.' })).statusCode).toBe(200);
      const ids = async (query: string) => {
        const res = await call(OFFICER, 'GET', `/api/incidents/program/${program.OB}${query}`);
        expect(res.statusCode, res.body).toBe(200);
        const list = res.json().payload.list as { incident_id: number; program_id: number; state: string }[];
        expect(list.every((i) => i.program_id === program.OB)).toBe(true);
        return list.map((i) => i.incident_id);
      };
      expect(await ids('')).toEqual(expect.arrayContaining([first.incident_id, second.incident_id]));
      expect(await ids('?state=open')).toContain(second.incident_id);
      expect(await ids('?state=open')).not.toContain(first.incident_id);
      expect(await ids('?state=closed')).toContain(first.incident_id);
      expect(await ids('?state=closed')).not.toContain(second.incident_id);
      expect(await ids(`?beach_station_id=${b!.beach_station_id}`)).toContain(second.incident_id);
      expect(await ids(`?beach_station_id=${b!.beach_station_id}`)).not.toContain(first.incident_id);
      // first was open from today-20 to today; second from yesterday on.
      expect(await ids(`?from=${addDays(today(), -30)}&to=${addDays(today(), -10)}`)).toContain(first.incident_id);
      expect(await ids(`?from=${addDays(today(), -30)}&to=${addDays(today(), -10)}`)).not.toContain(second.incident_id);
    });

    it('refuses bad filters (400), no token (401), the wrong role, a foreign program and a station of another program (403)', async () => {
      for (const q of ['?state=maybe', '?from=2024-13-01', '?to=0000-01-01', '?beach_station_id=abc']) {
        expect((await call(OFFICER, 'GET', `/api/incidents/program/${program.OB}${q}`)).statusCode, q).toBe(400);
      }
      expect((await call(null, 'GET', `/api/incidents/program/${program.OB}`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'GET', `/api/incidents/program/${program.OB}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/incidents/program/${program.RV}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/incidents/program/${program.BB}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'GET', `/api/incidents/program/${program.OB}?beach_station_id=${primary(rv).beach_station_id}`)).statusCode).toBe(403);
    });
  });

  describe('PUT /api/incidents/{id}/daily', () => {
    it('keeps one entry per day: a second PUT for the same day updates it, a new day is added', async () => {
      const incident = await open(OFFICER, primary(ob).beach_station_id);
      const day1 = addDays(today(), -2);
      const day2 = addDays(today(), -1);
      const first = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/daily`, {
        additional_overall_comments: 'Storm water suspected.',
        daily_incidents: [{ entry_date: day1, beach_status_id: status.ADVISORY, actions: 'Signs posted.', comments: 'Outfalls flowing.' }],
      });
      expect(first.statusCode, first.body).toBe(200);
      expect(first.json().code).toBe(INCIDENT_CODES.INCIDENT_DAILY_SAVED);
      expect(first.json().payload.daily_incidents).toEqual([
        expect.objectContaining({ entry_date: day1, beach_status_id: status.ADVISORY, beach_status_name: 'Advisory', actions: 'Signs posted.', comments: 'Outfalls flowing.' }),
      ]);
      const second = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/daily`, {
        additional_overall_comments: 'Storm water confirmed.',
        daily_incidents: [
          { entry_date: day1, beach_status_id: status.CLOSED, actions: 'Beach closed.', comments: '' },
          { entry_date: day2, beach_status_id: status.ADVISORY, actions: 'Resampled.', comments: 'Still high.' },
        ],
      });
      expect(second.statusCode, second.body).toBe(200);
      const p = second.json().payload;
      expect(p.additional_overall_comments).toBe('Storm water confirmed.');
      expect(p.daily_incidents.map((d: { entry_date: string; actions: string }) => [d.entry_date, d.actions])).toEqual([
        [day1, 'Beach closed.'],
        [day2, 'Resampled.'],
      ]);
      expect(p.daily_incidents[0].daily_incident_id).toBe(first.json().payload.daily_incidents[0].daily_incident_id);
      const rows = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from incident_daily_entries where incident_id = ${incident.incident_id}`);
      expect(rows[0]!.n).toBe(2);
      expect((await auditRows(incident.incident_id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'UPDATE']);
    });

    it('refuses a day twice, a day before the start, after tomorrow, an unknown status (400), and a closed incident (409)', async () => {
      const incident = await open(OFFICER, primary(ob).beach_station_id);
      const entry = (over: object) => ({ entry_date: today(), beach_status_id: status.ADVISORY, actions: '', comments: '', ...over });
      for (const [days, field] of [
        [[entry({}), entry({})], 'daily_incidents.1.entry_date'],
        [[entry({ entry_date: addDays(today(), -10) })], 'daily_incidents.0.entry_date'],
        [[entry({ entry_date: addDays(today(), 2) })], 'daily_incidents.0.entry_date'],
        [[entry({ beach_status_id: 99999 })], 'daily_incidents.0.beach_status_id'],
      ] as const) {
        const res = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/daily`, { daily_incidents: days });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().payload.map((i: { field: string }) => i.field)).toContain(field);
      }
      await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/close`, { final_comments: 'Done.' });
      const closed = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/daily`, { daily_incidents: [entry({})] });
      expect(closed.statusCode, closed.body).toBe(409);
      expect(closed.json().code).toBe(INCIDENT_CODES.INCIDENT_NOT_OPEN);
    });

    it('answers 401, 403 for the wrong role before the body, 403 for a foreign or unknown incident', async () => {
      const mine = await open(OFFICER, primary(ob).beach_station_id);
      const foreign = await open(ADMIN, primary(rv).beach_station_id);
      const bay = await open(ADMIN, primary(bb).beach_station_id);
      const body = { daily_incidents: [] };
      expect((await call(null, 'PUT', `/api/incidents/${mine.incident_id}/daily`, body)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', `/api/incidents/${mine.incident_id}/daily`, { daily_incidents: 'bad' })).statusCode).toBe(403);
      for (const id of [foreign.incident_id, bay.incident_id, 999999]) {
        expect((await call(OFFICER, 'PUT', `/api/incidents/${id}/daily`, body)).statusCode).toBe(403);
      }
    });
  });

  describe('PUT /api/incidents/{id}/close', () => {
    it('closes with final comments today, audited; a closed incident cannot be closed again', async () => {
      const incident = await open(OFFICER, primary(ob).beach_station_id);
      const res = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/close`, { final_comments: 'Resample met the standard; signs removed.' });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(INCIDENT_CODES.INCIDENT_CLOSED);
      expect(res.json().payload).toMatchObject({ state: 'CLOSED', end_date: today(), final_comments: 'Resample met the standard; signs removed.' });
      expect((await auditRows(incident.incident_id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
      expect((await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/close`, { final_comments: 'Again' })).statusCode).toBe(409);
    });

    it('refuses missing final comments (400), no token (401), the wrong role and a foreign incident (403)', async () => {
      const incident = await open(OFFICER, primary(ob).beach_station_id);
      const foreign = await open(ADMIN, primary(rv).beach_station_id);
      const bad = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/close`, { final_comments: '  ' });
      expect(bad.statusCode).toBe(400);
      expect(bad.json().payload[0].field).toBe('final_comments');
      expect((await call(null, 'PUT', `/api/incidents/${incident.incident_id}/close`, { final_comments: 'x' })).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', `/api/incidents/${incident.incident_id}/close`, {})).statusCode).toBe(403);
      expect((await call(OFFICER, 'PUT', `/api/incidents/${foreign.incident_id}/close`, { final_comments: 'x' })).statusCode).toBe(403);
    });
  });

  describe('PUT /api/incidents/{id}/autoClose', () => {
    it("closes the incident when the beach has been Open for the program's days, on the day that count was reached", async () => {
      const station = ob.filter((s) => s.station_type === 'PRIMARY')[2]!.beach_station_id;
      const incident = await open(OFFICER, station, { start_date: addDays(today(), -10) });
      await ctx.database.db.execute(sql`update programs set incident_auto_close_days = 4 where program_id = ${program.OB!}`);
      await setStatus(station, 'OPEN', addDays(today(), -5));
      const res = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/autoClose`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(INCIDENT_CODES.INCIDENT_AUTO_CLOSED);
      expect(res.json().payload).toMatchObject({
        auto_closed: true,
        reason: null,
        incident: { state: 'AUTO_CLOSED', end_date: addDays(today(), -1), final_comments: 'Closed automatically: the beach had been Open for 4 days.' },
      });
      expect((await auditRows(incident.incident_id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE']);
    });

    it('leaves it open and says why: the beach is not Open, or not Open for long enough', async () => {
      const station = ob.filter((s) => s.station_type === 'PRIMARY')[3]!.beach_station_id;
      await ctx.database.db.execute(sql`update programs set incident_auto_close_days = 3 where program_id = ${program.OB!}`);
      const incident = await open(OFFICER, station, { start_date: addDays(today(), -10) });
      await setStatus(station, 'ADVISORY', addDays(today(), -10));
      const advisory = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/autoClose`);
      expect(advisory.statusCode, advisory.body).toBe(200);
      expect(advisory.json().code).toBe(INCIDENT_CODES.INCIDENT_NOT_AUTO_CLOSED);
      expect(advisory.json().payload).toMatchObject({ auto_closed: false, incident: { state: 'OPEN' } });
      expect(advisory.json().payload.reason).toMatch(/^The beach is Advisory now/);

      await setStatus(station, 'OPEN', addDays(today(), -1));
      const recent = await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/autoClose`);
      expect(recent.json().payload).toMatchObject({ auto_closed: false, incident: { state: 'OPEN', end_date: null } });
      expect(recent.json().payload.reason).toBe(
        `The beach has been Open since ${addDays(today(), -1)}: the incident closes automatically after 3 days Open, on ${addDays(today(), 2)}.`,
      );
      expect((await auditRows(incident.incident_id)).map((r) => r.action)).toEqual(['CREATE']);
    });

    it('answers 400 for a bad id, 401 without a token, 403 for the wrong role and a foreign incident', async () => {
      const foreign = await open(ADMIN, primary(rv).beach_station_id);
      expect((await call(OFFICER, 'PUT', '/api/incidents/abc/autoClose')).statusCode).toBe(400);
      expect((await call(null, 'PUT', `/api/incidents/${foreign.incident_id}/autoClose`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'PUT', `/api/incidents/${foreign.incident_id}/autoClose`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'PUT', `/api/incidents/${foreign.incident_id}/autoClose`)).statusCode).toBe(403);
    });
  });

  describe('DELETE /api/incidents/{id}', () => {
    it('deletes the incident and its daily log for an incidents admin, audited with the whole incident', async () => {
      const incident = await open(OFFICER, primary(ob).beach_station_id);
      await call(OFFICER, 'PUT', `/api/incidents/${incident.incident_id}/daily`, {
        daily_incidents: [{ entry_date: today(), beach_status_id: status.ADVISORY, actions: 'Signs posted.', comments: '' }],
      });
      const res = await call(OFFICER, 'DELETE', `/api/incidents/${incident.incident_id}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(INCIDENT_CODES.INCIDENT_DELETED);
      const left = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select (select count(*)::int from incidents where incident_id = ${incident.incident_id}) +
                   (select count(*)::int from incident_daily_entries where incident_id = ${incident.incident_id}) as n`,
      );
      expect(left[0]!.n).toBe(0);
      expect((await auditRows(incident.incident_id)).map((r) => r.action)).toEqual(['CREATE', 'UPDATE', 'DELETE']);
      expect((await call(OFFICER, 'DELETE', `/api/incidents/${incident.incident_id}`)).statusCode).toBe(403);
    });

    it('answers 400 for a bad id, 401 without a token, 403 for the wrong role and a foreign incident', async () => {
      const foreign = await open(ADMIN, primary(rv).beach_station_id);
      expect((await call(OFFICER, 'DELETE', '/api/incidents/0')).statusCode).toBe(400);
      expect((await call(null, 'DELETE', `/api/incidents/${foreign.incident_id}`)).statusCode).toBe(401);
      expect((await call(SAMPLER, 'DELETE', `/api/incidents/${foreign.incident_id}`)).statusCode).toBe(403);
      expect((await call(OFFICER, 'DELETE', `/api/incidents/${foreign.incident_id}`)).statusCode).toBe(403);
      expect((await call(ADMIN, 'DELETE', `/api/incidents/${foreign.incident_id}`)).statusCode).toBe(200);
    });
  });
});
