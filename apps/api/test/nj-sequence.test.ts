import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { queryRows } from '../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { DATA_TODAY, restoreClock, setToday } from './public-fixtures';
import { demoFacts, enter, station, stationsOf, verify, type DemoFacts, type StationRow } from './results-fixtures';

/**
 * New Jersey's sequence through the real API (DESIGN 4): a sampler enters a result above 104 at an Open
 * beach, the verifier verifies it -> Advisory (history row, e-mail in the outbox); a second result
 * above 104 -> Closed; one at or below 104 -> Open. The public map follows at once.
 */

let ctx: TestContext;
let facts: DemoFacts;
let sampler: string;
let verifier: string;
let primary: StationRow;
let bracket: StationRow;

beforeAll(async () => {
  ctx = await createTestContext();
  facts = await demoFacts(ctx);
  setToday(DATA_TODAY);
  sampler = await ctx.login('sampler@example.org');
  verifier = await ctx.login('verifier@example.org');
  const ob = await stationsOf(ctx, 'OB');
  primary = ob.find((s) => s.station_type === 'PRIMARY' && s.current_status_id === facts.status.OPEN)!;
  bracket = ob.find((s) => s.primary_station_id === primary.beach_station_id)!;
  restoreClock();
}, 300_000);
afterAll(() => ctx?.close());
afterEach(() => restoreClock());

interface LayerFeature {
  id: number;
  properties: { status_code: string; status_since: string | null; reason: string | null };
}

async function mapStatus(id: number) {
  const res = await ctx.call({ method: 'GET', url: '/api/layers/beachStatus/' });
  expect(res.statusCode).toBe(200);
  return (res.json().payload.features as LayerFeature[]).find((f) => f.id === id)!.properties;
}

async function historyOf(id: number) {
  return queryRows<{ from_code: string | null; to_code: string; source: string; result_id: number | null; rule_title: string | null; effective_date: string }>(
    ctx.database.db,
    sql`select f.code as from_code, t.code as to_code, h.source, h.result_id, l.title as rule_title, h.effective_date::text as effective_date
        from beach_status_history h
        left join beach_statuses f on f.beach_status_id = h.from_status_id
        join beach_statuses t on t.beach_status_id = h.to_status_id
        left join program_beach_logic l on l.program_beach_logic_id = h.program_beach_logic_id
        where h.beach_station_id = ${id} order by h.beach_status_history_id`,
  );
}

async function outbox() {
  return queryRows<{ to_address: string; subject: string; body_text: string; kind: string }>(
    ctx.database.db,
    sql`select to_address, subject, body_text, kind from mail_outbox where kind = 'BEACH_STATUS' order by mail_id`,
  );
}

describe(`New Jersey sequence through the API on ${DATABASE_KIND}`, () => {
  it('Open -> Advisory -> Closed -> Open, with history, flags, e-mails and the public map', async () => {
    setToday(DATA_TODAY);
    expect(primary).toBeDefined();
    expect((await mapStatus(primary.beach_station_id)).status_code).toBe('OPEN');
    const historyBefore = (await historyOf(primary.beach_station_id)).length;

    // 1. A result above 104 at the Open beach, entered by a DATA_EDITING USER for their laboratory.
    const [first] = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: DATA_TODAY,
      rows: [{ beach_station_id: primary.beach_station_id, value: 187, sample_time_hh: '08', sample_time_mm: '30' }],
    });
    // Not verified yet: nothing changes.
    expect((await station(ctx, primary.beach_station_id)).current_status_id).toBe(facts.status.OPEN);

    const advisory = await verify(ctx, verifier, [first!]);
    expect(advisory.status_changes).toHaveLength(1);
    expect(advisory.status_changes[0]).toMatchObject({
      beach_station_id: primary.beach_station_id,
      from_status: { code: 'OPEN' },
      to_status: { code: 'ADVISORY' },
      result_id: first,
      rule: { title: 'Open to Advisory' },
      effective_date: DATA_TODAY,
    });
    expect(advisory.status_changes[0]!.emailed_to).toEqual(expect.arrayContaining(['verifier@example.org']));
    const afterAdvisory = await station(ctx, primary.beach_station_id);
    expect(afterAdvisory).toMatchObject({ current_status_id: facts.status.ADVISORY, needs_resample: true, requires_sanitary_survey: true });
    expect((await station(ctx, bracket.beach_station_id)).needs_resample).toBe(true);
    const history = await historyOf(primary.beach_station_id);
    expect(history).toHaveLength(historyBefore + 1);
    expect(history.at(-1)).toMatchObject({ from_code: 'OPEN', to_code: 'ADVISORY', source: 'RULE', result_id: first, rule_title: 'Open to Advisory' });
    const mails = await outbox();
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to_address).toContain('verifier@example.org');
    // The station's local health authority is told too.
    const [lha] = await queryRows<{ email: string }>(
      ctx.database.db,
      sql`select l.email from beach_stations s join beaches b on b.beach_id = s.beach_id
          join local_health_authorities l on l.local_health_authority_id = b.local_health_authority_id
          where s.beach_station_id = ${primary.beach_station_id}`,
    );
    expect(mails[0]!.to_address).toContain(lha!.email);
    expect(mails[0]!.subject).toContain('Open -> Advisory');
    expect(mails[0]!.body_text).toContain(primary.beach_name);
    expect(mails[0]!.body_text).toContain('187');
    expect(mails[0]!.body_text).toContain('Open to Advisory');
    // The public map shows it without waiting for the cache.
    expect(await mapStatus(primary.beach_station_id)).toMatchObject({ status_code: 'ADVISORY', status_since: DATA_TODAY, reason: 'Open to Advisory' });

    // 2. The resample at a bracket is above 104 too: the primary closes.
    const [second] = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: DATA_TODAY,
      rows: [{ beach_station_id: bracket.beach_station_id, value: 250, sample_time_hh: '14', sample_time_mm: '05', is_resample: true }],
    });
    const closed = await verify(ctx, verifier, [second!]);
    expect(closed.status_changes).toEqual([
      expect.objectContaining({ beach_station_id: primary.beach_station_id, from_status: expect.objectContaining({ code: 'ADVISORY' }), to_status: expect.objectContaining({ code: 'CLOSED' }), rule: expect.objectContaining({ title: 'Advisory to Closed' }) }),
    ]);
    expect((await station(ctx, primary.beach_station_id)).current_status_id).toBe(facts.status.CLOSED);
    expect((await mapStatus(primary.beach_station_id)).status_code).toBe('CLOSED');
    expect((await mapStatus(bracket.beach_station_id)).status_code).toBe('CLOSED');

    // 3. A result at or below 104 the next day reopens the beach.
    const tomorrow = '2026-07-16';
    const [third] = await enter(ctx, sampler, facts, {
      program: facts.program.OB,
      org: facts.org.CEL!,
      date: tomorrow,
      rows: [{ beach_station_id: primary.beach_station_id, value: 104 }],
    });
    const reopened = await verify(ctx, verifier, [third!]);
    expect(reopened.status_changes[0]).toMatchObject({ from_status: { code: 'CLOSED' }, to_status: { code: 'OPEN' }, rule: { title: 'Closed to Open' } });
    expect((await station(ctx, primary.beach_station_id)).current_status_id).toBe(facts.status.OPEN);
    // The primary was sampled, so it no longer waits for a resample; the sanitary survey is still owed.
    expect(await station(ctx, primary.beach_station_id)).toMatchObject({ needs_resample: false, requires_sanitary_survey: true });
    expect((await mapStatus(primary.beach_station_id)).status_code).toBe('OPEN');

    const all = await historyOf(primary.beach_station_id);
    expect(all.slice(historyBefore).map((h) => `${h.from_code}->${h.to_code}:${h.source}`)).toEqual([
      'OPEN->ADVISORY:RULE',
      'ADVISORY->CLOSED:RULE',
      'CLOSED->OPEN:RULE',
    ]);
    expect(all.slice(historyBefore).map((h) => h.result_id)).toEqual([first, second, third]);
    expect((await outbox()).map((m) => m.subject.replace(/^.*: /, ''))).toEqual(['Open -> Advisory', 'Advisory -> Closed', 'Closed -> Open']);
  }, 300_000);
});
