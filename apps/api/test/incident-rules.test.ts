import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { addDays, parseCsv } from '@beach/domain';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, restoreClock, setToday } from './public-fixtures';
import { importLegacyResults } from '../src/modules/results/service/legacy-import';
import { demoFacts, enter, layoutCsv, stationsOf, verify, type DemoFacts } from './results-fixtures';

/**
 * Incidents opened by status writes (issue 12, decision 0026): an advisory or closure opens one when the
 * station has none open, in the status write's transaction; and the public download panel's incident count
 * matches the download's rows right after incidents change.
 */

let ctx: TestContext;
let facts: DemoFacts;
const SAMPLER = 'sampler@example.org';
const VERIFIER = 'verifier@example.org';
/** County health officer: BEACH_STATUSES USER in Ocean Beaches. */
const OFFICER = 'dana.whitfield@example.org';
const ADMIN = 'admin@example.org';

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
}, 300_000);
afterAll(() => ctx?.close());
afterEach(() => restoreClock());

interface IncidentRow {
  incident_id: number;
  state: string;
  is_manual: boolean;
  start_date: string;
  reason_code: string | null;
  source_code: string | null;
  created_by: number | null;
}
const incidentsOf = (stationId: number) =>
  queryRows<IncidentRow>(
    ctx.database.db,
    sql`select incident_id, state, is_manual, to_char(start_date, 'YYYY-MM-DD') as start_date, reason_code, source_code, created_by
        from incidents where beach_station_id = ${stationId} order by incident_id`,
  );
const lastHistory = async (stationId: number) =>
  (
    await queryRows<{ code: string; incident_id: number | null }>(
      ctx.database.db,
      sql`select st.code, h.incident_id from beach_status_history h join beach_statuses st on st.beach_status_id = h.to_status_id
          where h.beach_station_id = ${stationId} order by h.beach_status_history_id desc limit 1`,
    )
  )[0]!;
const audits = (id: number) =>
  queryRows<{ action: string; user_id: number | null }>(
    ctx.database.db,
    sql`select action, user_id from audit_log where table_name = 'incidents' and record_id = ${String(id)} order by audit_id`,
  );

/**
 * Primaries of a program (Ocean Beaches by default) made Open (since a month ago) with no incident open, each handed out once: the
 * demo has few, so each test takes its own and readies them.
 */
const used = new Set<number>();
async function openPrimariesWithoutIncident(count = 2, abbv = 'OB'): Promise<number[]> {
  const db = ctx.database.db;
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select s.beach_station_id as id from beach_stations s join beaches b on b.beach_id = s.beach_id join programs p on p.program_id = b.program_id
        where p.abbv = ${abbv} and s.station_type = 'PRIMARY' and s.active order by s.beach_station_id`,
  );
  const ids = rows.map((r) => r.id).filter((id) => !used.has(id)).slice(0, count);
  expect(ids).toHaveLength(count);
  for (const id of ids) {
    used.add(id);
    await db.execute(sql`update incidents set state = 'CLOSED', end_date = start_date, final_comments = 'test' where beach_station_id = ${id} and state = 'OPEN'`);
    await db.execute(sql`update beach_stations set current_status_id = ${facts.status.OPEN} where beach_station_id = ${id}`);
    await db.execute(sql`insert into beach_status_history (beach_station_id, to_status_id, effective_date, source, reason)
                         values (${id}, ${facts.status.OPEN}, ${addDays(DATA_TODAY, -30)}::date, 'MANUAL', 'incident rules test')`);
  }
  return ids;
}

let minute = 0;
const sample = async (stationId: number, day: string, value: number) =>
  enter(ctx, await ctx.login(SAMPLER), facts, {
    program: facts.program.OB,
    org: facts.org.CEL!,
    date: day,
    rows: [{ beach_station_id: stationId, value, sample_time_hh: '08', sample_time_mm: String(minute++ % 60).padStart(2, '0') }],
  });

describe(`incidents opened by status rules on ${DATABASE_KIND}`, () => {
  it('verifying an exceedance that sets Advisory opens exactly one incident; the next day\'s closure does not open another; Open opens none', async () => {
    setToday(DATA_TODAY);
    const [station, clean] = await openPrimariesWithoutIncident();
    const before = await incidentsOf(station!);

    const first = await verify(ctx, await ctx.login(VERIFIER), await sample(station!, DATA_TODAY, 500));
    expect(first.status_changes.map((c) => [c.beach_station_id, c.to_status.code])).toEqual([[station, 'ADVISORY']]);
    const opened = (await incidentsOf(station!)).slice(before.length);
    expect(opened).toEqual([
      { incident_id: expect.any(Number), state: 'OPEN', is_manual: false, start_date: DATA_TODAY, reason_code: 'ELEV_BACT', source_code: null, created_by: facts.user[VERIFIER] },
    ]);
    const incident = opened[0]!.incident_id;
    expect(await lastHistory(station!)).toEqual({ code: 'ADVISORY', incident_id: incident });
    expect(await audits(incident)).toEqual([{ action: 'CREATE', user_id: facts.user[VERIFIER] }]);

    // The next day a second exceedance closes the beach: a closure, but the incident is open already.
    const nextDay = addDays(DATA_TODAY, 1);
    setToday(nextDay);
    const second = await verify(ctx, await ctx.login(VERIFIER), await sample(station!, nextDay, 800));
    expect(second.status_changes.map((c) => c.to_status.code)).toEqual(['CLOSED']);
    expect((await incidentsOf(station!)).slice(before.length).map((i) => i.incident_id)).toEqual([incident]);
    expect(await lastHistory(station!)).toEqual({ code: 'CLOSED', incident_id: incident });

    // A clean result at an Open beach changes nothing and opens nothing.
    const cleanBefore = await incidentsOf(clean!);
    const quiet = await verify(ctx, await ctx.login(VERIFIER), await sample(clean!, nextDay, 10));
    expect(quiet.status_changes).toEqual([]);
    expect(await incidentsOf(clean!)).toEqual(cleanBefore);
  });

  it('bulk status: an advisory by hand opens one with the reason and source given; a station with an incident open by hand gets none; Open opens none', async () => {
    setToday(DATA_TODAY);
    const [a, b] = await openPrimariesWithoutIncident();
    const manual = await ctx.call({
      method: 'POST',
      url: `/api/beach/${b}/incidents`,
      token: await ctx.login(ADMIN),
      payload: { start_date: DATA_TODAY, reason_code: 'SEWAGE', source_code: 'SEWER_LINE', additional_overall_comments: 'Opened before the advisory.' },
    });
    expect(manual.statusCode, manual.body).toBe(201);
    const officer = await ctx.login(OFFICER);
    const bulk = (payload: object) => ctx.call({ method: 'PUT', url: '/api/beach/bulkStatus', token: officer, payload: { send_email: false, ...payload } });

    const res = await bulk({ beach_station_ids: [a, b], beach_status_id: facts.status.ADVISORY, reason: 'Storm water outfalls flowing', reason_code: 'RAINFALL', beacon_source: 'STORM' });
    expect(res.statusCode, res.body).toBe(200);
    const [rule] = await incidentsOf(a!);
    expect(rule).toMatchObject({ state: 'OPEN', is_manual: false, start_date: DATA_TODAY, reason_code: 'RAINFALL', source_code: 'STORM', created_by: facts.user[OFFICER] });
    // The history row keeps the staff member's reason and source (the public reads them), unlinked.
    expect(await lastHistory(a!)).toEqual({ code: 'ADVISORY', incident_id: null });
    expect((await incidentsOf(b!)).map((i) => i.is_manual)).toEqual([true]);

    // The public beach page's history shows the ongoing advisory with its reason and source.
    const actions = await ctx.call({ method: 'GET', url: `/api/public/beaches/${a}/actions` });
    expect(actions.statusCode, actions.body).toBe(200);
    expect(actions.json().payload.actions).toEqual(
      expect.arrayContaining([expect.objectContaining({ ongoing: true, start_date: DATA_TODAY, reason_code: 'RAINFALL', source_code: 'STORM' })]),
    );

    // Back to Open: no new incident; the open one stays open (the daily job closes it later).
    const reopen = await bulk({ beach_station_ids: [a], beach_status_id: facts.status.OPEN, reason: 'Resample met the standard' });
    expect(reopen.statusCode, reopen.body).toBe(200);
    expect((await incidentsOf(a!)).map((i) => [i.incident_id, i.state])).toEqual([[rule!.incident_id, 'OPEN']]);

  });

  it("an import's replay opens one incident per advisory episode, the earlier ones closed as the daily job would have", async () => {
    const [{ days }] = (await queryRows<{ days: number }>(ctx.database.db, sql`select incident_auto_close_days as days from programs where abbv = 'OB'`)) as [{ days: number }];
    const station = 'Replay Town - Episode Beach';
    const line = (date: string, measure: string) => ({
      station,
      beach: 'Episode Beach',
      municipality: 'Avalon Borough',
      county: 'Cape May County',
      location: 'Ocean',
      type: 'Primary',
      date,
      measure,
    });
    const report = await importLegacyResults(ctx.database.db, {
      programAbbv: 'OB',
      verified: true,
      replayRules: true,
      fileName: 'episodes.csv',
      // Effective the day after sampling: Advisory 06-11, Open 06-12, Advisory 07-21, Open 07-22.
      text: layoutCsv([line('06/01/2025', '20'), line('06/10/2025', '500'), line('06/11/2025', '10'), line('07/20/2025', '600'), line('07/21/2025', '20')]),
      timeZone: 'America/New_York',
    });
    expect(report).toMatchObject({ inserted: 5, rejectedRows: 0, statusChanges: 4 });
    const [{ id }] = (await queryRows<{ id: number }>(ctx.database.db, sql`select beach_station_id as id from beach_stations where station_name = ${station}`)) as [{ id: number }];
    const incidents = await queryRows<{ incident_id: number; start_date: string; end_date: string | null; state: string; is_manual: boolean; created_by: number | null }>(
      ctx.database.db,
      sql`select incident_id, to_char(start_date, 'YYYY-MM-DD') as start_date, to_char(end_date, 'YYYY-MM-DD') as end_date, state, is_manual, created_by
          from incidents where beach_station_id = ${id} order by start_date`,
    );
    expect(incidents.map(({ incident_id: _, ...rest }) => rest)).toEqual([
      { start_date: '2025-06-11', end_date: addDays('2025-06-12', days), state: 'AUTO_CLOSED', is_manual: false, created_by: null },
      { start_date: '2025-07-21', end_date: null, state: 'OPEN', is_manual: false, created_by: null },
    ]);
    // Each replayed change names the incident it belongs to.
    const links = await queryRows<{ code: string; incident_id: number | null }>(
      ctx.database.db,
      sql`select st.code, h.incident_id from beach_status_history h join beach_statuses st on st.beach_status_id = h.to_status_id
          where h.beach_station_id = ${id} order by h.effective_date, h.beach_status_history_id`,
    );
    const [first, second] = incidents.map((i) => i.incident_id);
    expect(links).toEqual([
      { code: 'OPEN', incident_id: null },
      { code: 'ADVISORY', incident_id: first },
      { code: 'OPEN', incident_id: first },
      { code: 'ADVISORY', incident_id: second },
      { code: 'OPEN', incident_id: second },
    ]);
  });

  it('a refused status write (400) opens no incident', async () => {
    setToday(DATA_TODAY);
    const [a] = await openPrimariesWithoutIncident(1, 'BB');
    const before = await incidentsOf(a!);
    // A bracket among the stations fails the whole write with 400: nothing changes.
    const [bracket] = (await stationsOf(ctx, 'BB')).filter((s) => s.station_type === 'BRACKET');
    const res = await ctx.call({
      method: 'PUT',
      url: '/api/beach/bulkStatus',
      token: await ctx.login(ADMIN),
      payload: { beach_station_ids: [a, bracket!.beach_station_id], beach_status_id: facts.status.CLOSED, reason: 'Sewage spill' },
    });
    expect(res.statusCode).toBe(400);
    expect(await incidentsOf(a!)).toEqual(before);
  });
});

describe(`the public incident download and its count on ${DATABASE_KIND}`, () => {
  const countNow = async (query = '') => {
    const res = await ctx.call({ method: 'GET', url: `/api/public/data/counts${query}` });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().payload.incident as number;
  };
  const rowsNow = async (query = '') => {
    const res = await ctx.call({ method: 'GET', url: `/api/public/data/download/incident/${query}` });
    expect(res.statusCode).toBe(200);
    const [header, ...rows] = parseCsv(res.body).map((r) => r.fields);
    return rows.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i]])));
  };

  it('the panel count equals the rows of the download, also right after incidents are opened, closed and deleted', async () => {
    const admin = await ctx.login(ADMIN);
    const expectMatch = async () => {
      for (const query of ['', `?program=${facts.program.OB}`, '?startDate=2026-07-01&endDate=2026-07-31']) {
        const count = await countNow(query);
        expect((await rowsNow(query)).length, query).toBe(count);
      }
      return countNow();
    };
    const start = await expectMatch();
    expect(start).toBeGreaterThan(0);

    // Memoised public answers must not outlive a change: each write below is followed by a matching count at once.
    const [station] = await openPrimariesWithoutIncident(1, 'RV');
    const created = await ctx.call({
      method: 'POST',
      url: `/api/beach/${station}/incidents`,
      token: admin,
      payload: { start_date: '2026-07-10', reason_code: 'SEWAGE', source_code: 'SEWER_LINE', additional_overall_comments: 'Counted at once.' },
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().payload.incident_id as number;
    expect(await expectMatch()).toBe(start + 1);
    expect((await rowsNow()).find((r) => r.Incident_Id === String(id))).toMatchObject({ Incident_State: 'Open', Start_Date: '07/10/2026', Comments: 'Counted at once.' });

    const closed = await ctx.call({ method: 'PUT', url: `/api/incidents/${id}/close`, token: admin, payload: { final_comments: 'Source repaired.' } });
    expect(closed.statusCode, closed.body).toBe(200);
    expect(await expectMatch()).toBe(start + 1);
    expect((await rowsNow()).find((r) => r.Incident_Id === String(id))).toMatchObject({ Incident_State: 'Closed', Final_Comments: 'Source repaired.' });

    const deleted = await ctx.call({ method: 'DELETE', url: `/api/incidents/${id}`, token: admin });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(await expectMatch()).toBe(start);
  });
});
