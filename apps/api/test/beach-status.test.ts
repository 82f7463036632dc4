import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { BEACH_STATUS_RESPONSE_CODES, daysBetween } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, restoreClock, setToday } from './public-fixtures';
import { demoFacts, stateDigest, station, stationsOf, tableCounts, tokenCache, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let lk: StationRow[];
const token = tokenCache(() => ctx);
/** County health officer (Ocean County): BEACH_STATUSES USER in the programs of the county. */
const OFFICER = 'dana.whitfield@example.org';
/** Mercer County's officer works the Rivers program only. */
const RIVERS_ONLY = 'aisha.coleman@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
  lk = await stationsOf(ctx, 'LK');
}, 300_000);
afterAll(() => ctx?.close());
afterEach(() => restoreClock());

const primaries = () => ob.filter((s) => s.station_type === 'PRIMARY');
const bulk = async (who: string | null, payload: object) =>
  ctx.call({ method: 'PUT', url: '/api/beach/bulkStatus', token: who ? await token(who) : undefined, payload });

describe(`beach status and station reads on ${DATABASE_KIND}`, () => {
  describe('PUT /api/beach/bulkStatus', () => {
    it('sets several primaries by hand: MANUAL history with the reason, audit, e-mails, and the public map follows', async () => {
      setToday(DATA_TODAY);
      const officer = await ctx.login(OFFICER);
      const [a, b] = primaries();
      await ctx.database.db.execute(sql`update beach_stations set current_status_id = ${facts.status.OPEN} where beach_station_id in (${a!.beach_station_id}, ${b!.beach_station_id})`);
      const layer = async () => (await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' })).json().payload.features as { id: number; properties: { status_code: string; reason: string } }[];
      expect((await layer()).find((f) => f.id === a!.beach_station_id)!.properties.status_code).toBe('OPEN');

      const res = await ctx.call({
        method: 'PUT',
        url: '/api/beach/bulkStatus',
        token: officer,
        payload: { beach_station_ids: [a!.beach_station_id, b!.beach_station_id], beach_status_id: facts.status.CLOSED, reason: 'Sewer main break near the outfall', reason_code: 'SEWAGE' },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(BEACH_STATUS_RESPONSE_CODES.BEACH_STATUS_SAVED);
      const p = res.json().payload;
      expect(p.unchanged).toEqual([]);
      expect(p.status_changes).toHaveLength(2);
      expect(p.status_changes[0]).toMatchObject({
        beach_station_id: a!.beach_station_id,
        from_status: { code: 'OPEN' },
        to_status: { code: 'CLOSED' },
        effective_date: DATA_TODAY,
        rule: null,
        result_id: null,
        reason: 'Sewer main break near the outfall',
      });
      expect(p.status_changes[0].emailed_to.length).toBeGreaterThan(0);
      const [history] = await queryRows<{ source: string; reason: string; reason_code: string; changed_by: number }>(
        ctx.database.db,
        sql`select source, reason, reason_code, changed_by from beach_status_history where beach_station_id = ${a!.beach_station_id} order by beach_status_history_id desc limit 1`,
      );
      expect(history).toEqual({ source: 'MANUAL', reason: 'Sewer main break near the outfall', reason_code: 'SEWAGE', changed_by: facts.user[OFFICER] });
      const audit = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from audit_log where table_name = 'beach_stations' and action = 'STATUS_CHANGE' and record_id = ${String(a!.beach_station_id)}`,
      );
      expect(audit[0]!.n).toBe(1);
      const mails = await queryRows<{ subject: string; body_text: string }>(ctx.database.db, sql`select subject, body_text from mail_outbox where kind = 'BEACH_STATUS' order by mail_id desc limit 2`);
      expect(mails.every((m) => m.subject.endsWith('Open -> Closed') && m.body_text.includes('Reason: Sewer main break near the outfall'))).toBe(true);
      expect((await layer()).find((f) => f.id === a!.beach_station_id)!.properties).toMatchObject({ status_code: 'CLOSED', reason: 'Sewer main break near the outfall' });

      // Again: nothing to change, nothing written.
      const counts = await tableCounts(ctx);
      const again = await ctx.call({
        method: 'PUT',
        url: '/api/beach/bulkStatus',
        token: officer,
        payload: { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.CLOSED, reason: 'Still closed', send_email: false },
      });
      expect(again.json().payload).toEqual({ status_changes: [], unchanged: [a!.beach_station_id] });
      expect(await tableCounts(ctx)).toEqual(counts);
    });

    it('stores the BEACON source on each history row; the dashboard and the public beach actions read it back', async () => {
      setToday(DATA_TODAY);
      // Its own login under the fixed clock (a cached token from another clock may have expired).
      const officer = await ctx.login(OFFICER);
      const asOfficer = (payload: object) => ctx.call({ method: 'PUT', url: '/api/beach/bulkStatus', token: officer, payload });
      const [, , c, d] = primaries();
      const ids = [c!.beach_station_id, d!.beach_station_id];
      await ctx.database.db.execute(sql`update beach_stations set current_status_id = ${facts.status.OPEN} where beach_station_id in (${c!.beach_station_id}, ${d!.beach_station_id})`);
      const res = await asOfficer({
        beach_station_ids: ids,
        beach_status_id: facts.status.ADVISORY,
        reason: 'Broken sewer line behind the boardwalk',
        reason_code: 'SEWAGE',
        beacon_source: 'SEWER_LINE',
        send_email: false,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().payload.status_changes).toHaveLength(2);
      const rows = await queryRows<{ beach_station_id: number; beacon_source: string | null; reason_code: string }>(
        ctx.database.db,
        sql`select distinct on (beach_station_id) beach_station_id, beacon_source, reason_code from beach_status_history
             where beach_station_id in (${c!.beach_station_id}, ${d!.beach_station_id})
             order by beach_station_id, beach_status_history_id desc`,
      );
      expect(rows).toEqual(ids.map((id) => ({ beach_station_id: id, beacon_source: 'SEWER_LINE', reason_code: 'SEWAGE' })));

      const dashboard = await ctx.call({ method: 'GET', url: `/api/beach/${c!.beach_station_id}/dashboard/profile`, token: officer });
      expect(dashboard.statusCode, dashboard.body).toBe(200);
      expect(dashboard.json().payload.status_history[0]).toEqual({
        effective_date: DATA_TODAY,
        status: expect.objectContaining({ code: 'ADVISORY' }),
        source: 'MANUAL',
        reason: 'Broken sewer line behind the boardwalk',
        reason_code: 'SEWAGE',
        beacon_source: 'SEWER_LINE',
      });

      const actions = await ctx.call({ method: 'GET', url: `/api/public/beaches/${c!.beach_station_id}/actions` });
      expect(actions.statusCode, actions.body).toBe(200);
      const current = (actions.json().payload.actions as { ongoing: boolean; source_code: string | null; source: string | null }[]).find((a) => a.ongoing);
      expect(current).toMatchObject({ source_code: 'SEWER_LINE', source: 'Sewer line problem' });

      // Without a source the row keeps null, and the dashboard says so.
      const open = await asOfficer({ beach_station_ids: [c!.beach_station_id], beach_status_id: facts.status.OPEN, reason: 'Repaired', send_email: false });
      expect(open.statusCode, open.body).toBe(200);
      const after = await ctx.call({ method: 'GET', url: `/api/beach/${c!.beach_station_id}/dashboard/profile`, token: officer });
      expect(after.json().payload.status_history[0]).toMatchObject({ status: { code: 'OPEN' }, reason_code: null, beacon_source: null });
    });

    it('refuses an unknown BEACON source (400), nothing written', async () => {
      const digest = await stateDigest(ctx);
      const counts = await tableCounts(ctx);
      const [a] = primaries();
      const res = await bulk(OFFICER, { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.OPEN, reason: 'x', beacon_source: 'SEAGULLS' });
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(JSON.stringify(res.json().payload)).toContain('beacon_source');
      expect((await bulk(OFFICER, { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.OPEN, reason: 'x', beacon_source: 'sewer_line' })).statusCode).toBe(400);
      expect(await stateDigest(ctx)).toBe(digest);
      expect(await tableCounts(ctx)).toEqual(counts);
    });

    it('validates: a reason, a known status, primaries only, no date after tomorrow; nothing written', async () => {
      const digest = await stateDigest(ctx);
      const counts = await tableCounts(ctx);
      const [a] = primaries();
      const bracket = ob.find((s) => s.station_type === 'BRACKET')!;
      expect((await bulk('admin@example.org', { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.OPEN })).statusCode).toBe(400);
      expect((await bulk('admin@example.org', { beach_station_ids: [a!.beach_station_id], beach_status_id: 9999, reason: 'x' })).statusCode).toBe(400);
      const brackets = await bulk('admin@example.org', { beach_station_ids: [a!.beach_station_id, bracket.beach_station_id], beach_status_id: facts.status.OPEN, reason: 'x' });
      expect(brackets.statusCode).toBe(400);
      expect(brackets.json().payload).toEqual([{ field: 'beach_station_ids.1', message: expect.stringMatching(/is a bracket/) }]);
      expect((await bulk('admin@example.org', { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.OPEN, reason: 'x', effective_date: '2999-01-01' })).statusCode).toBe(400);
      const missing = await bulk('admin@example.org', { beach_station_ids: [a!.beach_station_id, 9999999], beach_status_id: facts.status.OPEN, reason: 'x' });
      // An id that does not exist answers like a foreign one (403), so nobody learns which ids exist.
      expect(missing.statusCode).toBe(403);
      expect(missing.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
      expect(await stateDigest(ctx)).toBe(digest);
      expect(await tableCounts(ctx)).toEqual(counts);
    });

    it('needs BEACH_STATUSES USER in every program of the batch, and a login', async () => {
      const [a] = primaries();
      const body = { beach_station_ids: [a!.beach_station_id], beach_status_id: facts.status.ADVISORY, reason: 'x' };
      const missing = await bulk('sampler@example.org', body);
      expect(missing.statusCode).toBe(403);
      expect(missing.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
      expect((await bulk(RIVERS_ONLY, body)).statusCode).toBe(403);
      const lkPrimary = lk.find((s) => s.station_type === 'PRIMARY')!;
      expect((await bulk('admin@example.org', { ...body, beach_station_ids: [lkPrimary.beach_station_id] })).statusCode).toBe(200);
      expect((await bulk(null, body)).statusCode).toBe(401);
    });
  });

  describe('GET /api/beach/results/{id}/{date}', () => {
    it('lists every result of the station that day, any state', async () => {
      const [seeded] = await queryRows<{ id: number; date: string; n: number }>(
        ctx.database.db,
        sql`select beach_station_id as id, sample_date::text as date, count(*)::int as n from results group by 1, 2 order by n desc, 2 desc limit 1`,
      );
      const res = await ctx.call({ method: 'GET', url: `/api/beach/results/${seeded!.id}/${seeded!.date}`, token: await token('admin@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(BEACH_STATUS_RESPONSE_CODES.BEACH_RESULTS_FOUND);
      expect(res.json().payload).toMatchObject({ station: { beach_station_id: seeded!.id }, sample_date: seeded!.date });
      expect(res.json().payload.results).toHaveLength(seeded!.n);
    });

    it('validates, answers 404, refuses a program the caller has no access to, and needs a login', async () => {
      const t = await token('sampler@example.org');
      const id = ob[0]!.beach_station_id;
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/07-01-2026`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/2999-01-01`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/9999999/2026-07-01`, token: t })).statusCode).toBe(404);
      const foreign = await ctx.call({ method: 'GET', url: `/api/beach/results/${lk[0]!.beach_station_id}/2026-07-01`, token: t });
      expect(foreign.statusCode).toBe(403);
      expect(foreign.json().code).toBe('PROGRAM_ACCESS_REQUIRED');
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/2026-07-01` })).statusCode).toBe(401);
    });
  });

  describe('GET /api/beach/results/{id}/historical', () => {
    it('lists the results of a period with a summary of the verified ones', async () => {
      const id = primaries()[1]!.beach_station_id;
      const res = await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/historical?from=2026-01-01&to=2026-11-01&parameter=ENTEROCOCCUS`, token: await token('sampler@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      const p = res.json().payload;
      expect(p).toMatchObject({ from: '2026-01-01', to: '2026-11-01', parameter: 'ENTEROCOCCUS', truncated: false });
      expect(p.results.length).toBeGreaterThan(3);
      const dates = p.results.map((r: { sample_date: string }) => r.sample_date);
      expect(dates).toEqual([...dates].sort());
      const verified = p.results.filter((r: { verification_state: string }) => r.verification_state !== 'UNVERIFIED');
      expect(p.summary.verified_samples).toBe(verified.length);
      expect(p.summary.exceedances).toBe(verified.filter((r: { value: number | null }) => r.value !== null && r.value > 104).length);
      expect(p.summary.geomean).toBeGreaterThan(0);
      // Default: the last 365 days.
      const def = await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/historical`, token: await token('sampler@example.org') });
      expect(daysBetween(def.json().payload.from, def.json().payload.to)).toBe(364);
    });

    it('validates, refuses a program the caller has no access to, and needs a login', async () => {
      const t = await token('sampler@example.org');
      const id = ob[0]!.beach_station_id;
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/historical?from=2026-07-02&to=2026-07-01`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/historical?parameter=SALT`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${lk[0]!.beach_station_id}/historical`, token: t })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/results/${id}/historical` })).statusCode).toBe(401);
    });
  });

  describe('GET /api/beach/{id}/statistics', () => {
    it('gives samples, exceedances, geomeans and the days in each status of every season', async () => {
      const s = await station(ctx, primaries()[2]!.beach_station_id);
      const res = await ctx.call({ method: 'GET', url: `/api/beach/${s.beach_station_id}/statistics`, token: await token('sampler@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(BEACH_STATUS_RESPONSE_CODES.BEACH_STATISTICS_FOUND);
      const [season] = res.json().payload.seasons;
      expect(season.year).toBe(2026);
      expect(season.samples).toBeGreaterThan(3);
      expect(season.geomean).toBeGreaterThan(0);
      expect(season.geomean_threshold).toBe(35);
      const total = season.status_days.reduce((n: number, d: { days: number }) => n + d.days, 0);
      expect(total).toBe(daysBetween(season.preseason_start, season.through) + 1);
      // The season opens at its pre-season start, so there is no day without a status.
      expect(season.status_days.find((d: { code: string | null }) => d.code === null).days).toBe(0);
      expect(season.status_days.find((d: { code: string | null }) => d.code === 'OPEN').days).toBeGreaterThan(0);
      const [counted] = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from results where beach_station_id = ${s.beach_station_id} and verification_state <> 'UNVERIFIED'
            and sample_date between ${season.preseason_start} and ${season.through}`,
      );
      expect(season.samples).toBe(counted!.n);
      const oneYear = await ctx.call({ method: 'GET', url: `/api/beach/${s.beach_station_id}/statistics?year=2026`, token: await token('sampler@example.org') });
      expect(oneYear.json().payload.seasons).toHaveLength(1);
    });

    it('validates, answers 404 for a season without data, refuses a foreign program, and needs a login', async () => {
      const t = await token('sampler@example.org');
      const id = ob[0]!.beach_station_id;
      expect((await ctx.call({ method: 'GET', url: `/api/beach/${id}/statistics?year=abc`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/${id}/statistics?year=1999`, token: t })).statusCode).toBe(404);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/${lk[0]!.beach_station_id}/statistics`, token: t })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/beach/${id}/statistics` })).statusCode).toBe(401);
    });
  });
});
