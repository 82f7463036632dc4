import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { VERIFICATION_CODES } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { bindAlertsQueue } from '../src/modules/alerts/queue';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { demoFacts, enter, stateDigest, station, stationsOf, tableCounts, tokenCache, verify, type DemoFacts, type StationRow } from './results-fixtures';

let ctx: TestContext;
let facts: DemoFacts;
let ob: StationRow[];
let lk: StationRow[];
const token = tokenCache(() => ctx);
const DAY = '2026-07-14';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  ob = await stationsOf(ctx, 'OB');
  lk = await stationsOf(ctx, 'LK');
}, 300_000);
afterAll(() => ctx?.close());

const put = async (url: string, who: string | null, ids: unknown[]) =>
  ctx.call({ method: 'PUT', url, token: who ? await token(who) : undefined, payload: { result_ids: ids } });
const openPrimaries = async () => (await stationsOf(ctx, 'OB')).filter((s) => s.station_type === 'PRIMARY' && s.current_status_id === facts.status.OPEN);
// Every entered sample gets its own minute: one sample per station and time (the natural key, decision 0018).
let minute = 0;
const enterOb = async (rows: { beach_station_id: number; value: number | null; sample_time_hh?: string }[]) =>
  enter(ctx, await token('sampler@example.org'), facts, {
    program: facts.program.OB,
    org: facts.org.CEL!,
    date: DAY,
    rows: rows.map((r) => ({ sample_time_mm: String(minute++ % 60).padStart(2, '0'), ...r })),
  });
async function lkResult(): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    ctx.database.db,
    sql`select r.result_id as id from results r join beach_stations s on s.beach_station_id = r.beach_station_id
        join beaches b on b.beach_id = s.beach_id where b.program_id = ${facts.program.LK} and r.verification_state = 'UNVERIFIED' limit 1`,
  );
  return row!.id;
}

describe(`result verification on ${DATABASE_KIND}`, () => {
  describe('GET /api/results/{x}/verify', () => {
    it("lists the program's unverified results by date and station, judged against its thresholds", async () => {
      const res = await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify`, token: await token('verifier@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(VERIFICATION_CODES.RESULTS_FOR_VERIFICATION);
      const p = res.json().payload;
      expect(p.program.program_id).toBe(facts.program.OB);
      expect(p.thresholds[0]).toMatchObject({ parameter_code: 'ENTEROCOCCUS', beach_action_value: 104, geomean_threshold: 35 });
      const results = p.dates.flatMap((d: { stations: { results: object[] }[] }) => d.stations.flatMap((s) => s.results));
      expect(results.length).toBe(p.count);
      expect(results.every((r: { verification_state: string; program_id: number }) => r.verification_state === 'UNVERIFIED' && r.program_id === facts.program.OB)).toBe(true);
      // The seed leaves one Ocean result above the action value waiting.
      expect(results.find((r: { value: number }) => r.value === 187)).toMatchObject({ above_beach_action_value: true, beach_action_value: 104 });
      expect(p.dates[0].stations[0].current_status).toMatchObject({ code: expect.any(String) });
    });

    it('filters by date range and station, and validates them', async () => {
      const t = await token('verifier@example.org');
      const none = await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify?from=2020-01-01&to=2020-01-02`, token: t });
      expect(none.json().payload).toMatchObject({ count: 0, dates: [] });
      const one = await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify?beach_station_id=${ob[0]!.beach_station_id}`, token: t });
      expect(one.statusCode).toBe(200);
      expect((await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify?from=yesterday`, token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: '/api/results/abc/verify', token: t })).statusCode).toBe(400);
      expect((await ctx.call({ method: 'GET', url: '/api/results/999999/verify', token: t })).statusCode).toBe(404);
    });

    it('needs DATA_VERIFICATION ADMIN in that program, and a login', async () => {
      const missing = await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify`, token: await token('sampler@example.org') });
      expect(missing.statusCode).toBe(403);
      expect(missing.json().code).toBe('PROGRAM_PERMISSION_REQUIRED');
      expect((await ctx.call({ method: 'GET', url: `/api/results/${facts.program.LK}/verify`, token: await token('verifier@example.org') })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/results/${facts.program.OB}/verify` })).statusCode).toBe(401);
    });
  });

  describe('PUT /api/verify/', () => {
    it('verifies results that change no status: stamped, audited, no history, no mail', async () => {
      const primary = (await openPrimaries())[0]!;
      const ids = await enterOb([{ beach_station_id: primary.beach_station_id, value: 12 }]);
      const before = await tableCounts(ctx);
      const res = await put('/api/verify/', 'verifier@example.org', ids);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: VERIFICATION_CODES.RESULTS_VERIFIED, payload: { verified: 1, result_ids: ids, status_changes: [] } });
      const after = await tableCounts(ctx);
      expect(after.beach_status_history).toBe(before.beach_status_history);
      expect(after.mail_outbox).toBe(before.mail_outbox);
      const [row] = await queryRows<{ verification_state: string; verified_by: number }>(ctx.database.db, sql`select verification_state, verified_by from results where result_id = ${ids[0]}`);
      expect(row).toEqual({ verification_state: 'VERIFIED', verified_by: facts.user['verifier@example.org'] });
      const audit = await queryRows<{ action: string }>(ctx.database.db, sql`select action from audit_log where table_name = 'results' and record_id = ${String(ids[0])} and action = 'VERIFY'`);
      expect(audit).toHaveLength(1);
    });

    it('applies a batch in sample order: two exceedances at one Open beach give Advisory then Closed', async () => {
      const primary = (await openPrimaries())[0]!;
      const bracket = ob.find((s) => s.primary_station_id === primary.beach_station_id)!;
      // Entered out of order: the later sample first.
      const ids = await enterOb([
        { beach_station_id: bracket.beach_station_id, value: 300, sample_time_hh: '15' },
        { beach_station_id: primary.beach_station_id, value: 150, sample_time_hh: '08' },
      ]);
      const out = await verify(ctx, await token('verifier@example.org'), ids);
      expect(out.status_changes.map((c) => [c.result_id, c.from_status?.code, c.to_status.code])).toEqual([
        [ids[1], 'OPEN', 'ADVISORY'],
        [ids[0], 'ADVISORY', 'CLOSED'],
      ]);
      expect((await station(ctx, primary.beach_station_id)).current_status_id).toBe(facts.status.CLOSED);
      const audit = await queryRows<{ n: number }>(
        ctx.database.db,
        sql`select count(*)::int as n from audit_log where table_name = 'beach_stations' and record_id = ${String(primary.beach_station_id)} and action = 'STATUS_CHANGE'`,
      );
      expect(audit[0]!.n).toBe(2);
    });

    it('refuses results that are no longer unverified, changing nothing (409)', async () => {
      const primary = (await openPrimaries())[0]!;
      const [done, pending] = await enterOb([
        { beach_station_id: primary.beach_station_id, value: 10 },
        { beach_station_id: primary.beach_station_id, value: 500, sample_time_hh: '11' },
      ]);
      await verify(ctx, await token('verifier@example.org'), [done!]);
      const digest = await stateDigest(ctx);
      const counts = await tableCounts(ctx);
      const res = await put('/api/verify/', 'verifier@example.org', [pending, done]);
      expect(res.statusCode).toBe(409);
      expect(res.json().code).toBe(VERIFICATION_CODES.RESULT_STATE_CHANGED);
      expect(await stateDigest(ctx)).toBe(digest);
      expect(await tableCounts(ctx)).toEqual(counts);
    });

    it('rolls the whole batch back when a late step fails (the status e-mail here), and wakes the alert job only once a change has committed', async () => {
      const wakes: number[] = [];
      bindAlertsQueue(ctx.deps, async () => wakes.push(wakes.length));
      const primary = (await openPrimaries())[0]!;
      const ids = await enterOb([
        { beach_station_id: primary.beach_station_id, value: 20 },
        { beach_station_id: primary.beach_station_id, value: 400, sample_time_hh: '12' },
      ]);
      const digest = await stateDigest(ctx);
      const counts = await tableCounts(ctx);
      const send = ctx.deps.mailer.send;
      ctx.deps.mailer.send = async () => {
        throw new Error('mail store is down');
      };
      try {
        const res = await put('/api/verify/', 'verifier@example.org', ids);
        expect(res.statusCode).toBe(500);
        expect(res.json().code).toBe('SERVER_ERROR');
      } finally {
        ctx.deps.mailer.send = send;
      }
      expect(await stateDigest(ctx)).toBe(digest);
      expect(await tableCounts(ctx)).toEqual(counts);
      expect(wakes).toHaveLength(0);
      // And it goes through once the mail store is back: the change wakes the alert job (decision 0074).
      expect((await verify(ctx, await token('verifier@example.org'), ids)).status_changes).toHaveLength(1);
      expect(wakes).toHaveLength(1);
      bindAlertsQueue(ctx.deps, async () => undefined);
    });

    it('serialises concurrent batches: the same result is verified once; two exceedances never both see Open', async () => {
      const [p1, p2] = ob.filter((s) => s.station_type === 'PRIMARY');
      await ctx.database.db.execute(
        sql`update beach_stations set current_status_id = ${facts.status.OPEN} where beach_station_id in (${p1!.beach_station_id}, ${p2!.beach_station_id})`,
      );
      const [same] = await enterOb([{ beach_station_id: p1!.beach_station_id, value: 5 }]);
      const race = await Promise.all([put('/api/verify/', 'verifier@example.org', [same]), put('/api/verify/', 'admin@example.org', [same])]);
      expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);

      const [a, b] = await enterOb([
        { beach_station_id: p2!.beach_station_id, value: 200, sample_time_hh: '08' },
        { beach_station_id: p2!.beach_station_id, value: 210, sample_time_hh: '09' },
      ]);
      const both = await Promise.all([put('/api/verify/', 'verifier@example.org', [a]), put('/api/verify/', 'admin@example.org', [b])]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      const changes = both.flatMap((r) => r.json().payload.status_changes as { from_status: { code: string }; to_status: { code: string } }[]);
      // Whichever ran second saw the first one's Advisory under the row lock.
      expect(changes.map((c) => `${c.from_status.code}->${c.to_status.code}`).sort()).toEqual(['ADVISORY->CLOSED', 'OPEN->ADVISORY']);
      expect((await station(ctx, p2!.beach_station_id)).current_status_id).toBe(facts.status.CLOSED);
    });

    it('validates the ids and refuses unknown ones as foreign ones (403)', async () => {
      expect((await put('/api/verify/', 'verifier@example.org', [])).statusCode).toBe(400);
      expect((await put('/api/verify/', 'verifier@example.org', ['one'])).statusCode).toBe(400);
      expect((await put('/api/verify/', 'verifier@example.org', [99999999])).statusCode).toBe(403);
    });

    it('needs DATA_VERIFICATION ADMIN in every program of the batch, and a login', async () => {
      const [id] = await enterOb([{ beach_station_id: ob[0]!.beach_station_id, value: 1 }]);
      const missing = await put('/api/verify/', 'sampler@example.org', [id]);
      expect(missing.statusCode).toBe(403);
      expect((await put('/api/verify/', 'verifier@example.org', [id, await lkResult()])).statusCode).toBe(403);
      expect((await put('/api/verify/', null, [id])).statusCode).toBe(401);
    });
  });

  describe('secondary validation', () => {
    async function verifiedBy(who: string): Promise<number> {
      const [id] = await enterOb([{ beach_station_id: lk.length ? ob[1]!.beach_station_id : 0, value: 3 }]);
      await verify(ctx, await token(who), [id!]);
      return id!;
    }

    it('GET /api/verify/secondary lists verified results waiting for the second check, marking those the caller verified', async () => {
      const mine = await verifiedBy('verifier@example.org');
      const res = await ctx.call({ method: 'GET', url: `/api/verify/secondary?program_id=${facts.program.OB}`, token: await token('verifier@example.org') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().code).toBe(VERIFICATION_CODES.RESULTS_FOR_SECONDARY_VALIDATION);
      const results = res.json().payload.dates.flatMap((d: { stations: { results: { result_id: number; verification_state: string; can_validate: boolean }[] }[] }) =>
        d.stations.flatMap((s) => s.results),
      );
      expect(results.every((r: { verification_state: string }) => r.verification_state === 'VERIFIED')).toBe(true);
      expect(results.find((r: { result_id: number }) => r.result_id === mine)).toMatchObject({ can_validate: false });
    });

    it('PUT /api/verify/secondary/ moves VERIFIED to SECONDARY_VERIFIED, by someone other than the verifier', async () => {
      const id = await verifiedBy('verifier@example.org');
      const same = await put('/api/verify/secondary/', 'verifier@example.org', [id]);
      expect(same.statusCode).toBe(409);
      expect(same.json().code).toBe(VERIFICATION_CODES.SAME_VERIFIER);
      const res = await put('/api/verify/secondary/', 'admin@example.org', [id]);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ code: VERIFICATION_CODES.RESULTS_SECONDARY_VERIFIED, payload: { verified: 1, result_ids: [id] } });
      const [row] = await queryRows<{ verification_state: string; secondary_verified_by: number }>(
        ctx.database.db,
        sql`select verification_state, secondary_verified_by from results where result_id = ${id}`,
      );
      expect(row).toEqual({ verification_state: 'SECONDARY_VERIFIED', secondary_verified_by: facts.user['admin@example.org'] });
      // Not VERIFIED any more (and an unverified one never was): 409, nothing changes.
      const [pending] = await enterOb([{ beach_station_id: ob[0]!.beach_station_id, value: 2 }]);
      const digest = await stateDigest(ctx);
      expect((await put('/api/verify/secondary/', 'admin@example.org', [id])).statusCode).toBe(409);
      expect((await put('/api/verify/secondary/', 'admin@example.org', [pending])).json().code).toBe(VERIFICATION_CODES.RESULT_STATE_CHANGED);
      expect(await stateDigest(ctx)).toBe(digest);
    });

    it('validates input', async () => {
      expect((await ctx.call({ method: 'GET', url: '/api/verify/secondary', token: await token('verifier@example.org') })).statusCode).toBe(400);
      expect((await put('/api/verify/secondary/', 'admin@example.org', [])).statusCode).toBe(400);
      expect((await put('/api/verify/secondary/', 'admin@example.org', [99999999])).statusCode).toBe(403);
    });

    it('needs the organization to do secondary verification in the program, and a login', async () => {
      const id = await verifiedBy('admin@example.org');
      // The laboratory has no secondary verification; the verifier's bureau has none in Lakes.
      const lab = await ctx.call({ method: 'GET', url: `/api/verify/secondary?program_id=${facts.program.OB}`, token: await token('sampler@example.org') });
      expect(lab.statusCode).toBe(403);
      expect((await put('/api/verify/secondary/', 'sampler@example.org', [id])).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/verify/secondary?program_id=${facts.program.LK}`, token: await token('verifier@example.org') })).statusCode).toBe(403);
      expect((await ctx.call({ method: 'GET', url: `/api/verify/secondary?program_id=${facts.program.OB}` })).statusCode).toBe(401);
      expect((await put('/api/verify/secondary/', null, [id])).statusCode).toBe(401);
    });
  });
});
