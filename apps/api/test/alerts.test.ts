import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../src/db/client';
import { BEACH_ALERTS, productJobs } from '../src/jobs';
import { bindAlertsQueue } from '../src/modules/alerts/queue';
import { ALERT_THROTTLE, deliverAlerts } from '../src/modules/alerts/service';
import { createTestContext, DATABASE_KIND, type TestContext } from './helpers';
import { nextIp, outbox, publicPrimaries, setStatus, statusIds, subscribeCall, subscribeConfirmed, type PublicPrimary } from './alerts-fixtures';

let ctx: TestContext;
let stations: PublicPrimary[];
let status: Record<string, number>;
let admin: string;

beforeAll(async () => {
  ctx = await createTestContext();
  stations = await publicPrimaries(ctx);
  status = await statusIds(ctx);
  admin = await ctx.login('admin@example.org');
}, 300_000);
afterAll(() => ctx?.close());

const alertMails = (to?: string) => outbox(ctx, 'BEACH_ALERT', to);
/** Moves a station to a status it is not in (Open <-> Advisory). */
async function flip(ids: number[], reason = 'Test change') {
  const rows = await queryRows<{ id: number; current: number | null }>(
    ctx.database.db,
    sql`select beach_station_id as id, current_status_id as current from beach_stations where beach_station_id = any(${`{${ids.join(',')}}`}::int[])`,
  );
  for (const r of rows) await setStatus(ctx, admin, [r.id], r.current === status.ADVISORY ? status.OPEN! : status.ADVISORY!, reason);
}

describe(`beach alerts on ${DATABASE_KIND}`, () => {
  it('is registered as a product job, every minute', () => {
    const job = productJobs(ctx.deps).find((j) => j.name === BEACH_ALERTS);
    expect(job?.schedule).toBe('* * * * *');
  });

  it('double opt-in: nothing is sent before the link is opened; after it, one mail per change with reason, links and RFC 8058 headers', async () => {
    const email = 'optin@example.net';
    const s = stations[0]!;
    const res = await subscribeCall(ctx, { email: 'OptIn@Example.net ', language: 'en', beach_ids: [s.beach_id] });
    expect(res.statusCode, res.body).toBe(202);
    const [confirmMail] = await outbox(ctx, 'ALERT_CONFIRM', email);
    expect(confirmMail!.subject).toBe('Confirm your beach alerts');
    const token = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(confirmMail!.body_text)![1]!;

    // A change while unconfirmed: never mailed, not even after confirming.
    await flip([s.beach_station_id], 'Before confirmation');
    await deliverAlerts(ctx.deps);
    expect(await alertMails(email)).toHaveLength(0);

    const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/public/alerts/confirm', payload: { token } });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().payload.subscription).toMatchObject({ email, language: 'en', confirmed: true, beaches: [{ id: s.beach_id }] });
    const manage = confirmed.json().payload.manage_token as string;
    // The confirmation link is one-time.
    expect((await ctx.app.inject({ method: 'POST', url: '/api/public/alerts/confirm', payload: { token } })).statusCode).toBe(404);
    // Tokens are stored hashed: neither appears in the table.
    const raw = await queryRows<{ row: string }>(ctx.database.db, sql`select row_to_json(a)::text as row from alert_subscribers a where email = ${email}`);
    expect(raw[0]!.row).not.toContain(token);
    expect(raw[0]!.row).not.toContain(manage);

    await deliverAlerts(ctx.deps);
    expect(await alertMails(email)).toHaveLength(0);

    await flip([s.beach_station_id], 'Enterococcus above the beach action value');
    expect(await deliverAlerts(ctx.deps)).toMatchObject({ mails: expect.any(Number) });
    const mails = await alertMails(email);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/^Beach alert: .+ is now (Advisory|Open) \(was (Open|Advisory)\)$/);
    expect(mails[0]!.body_text).toContain('Why: Enterococcus above the beach action value');
    expect(mails[0]!.body_text).toContain(`/alerts/manage/${manage}`);
    expect(mails[0]!.headers).toEqual({
      'List-Unsubscribe': `<http://localhost:3000/api/public/alerts/unsubscribe/${manage}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
    // Nothing new: a second run sends nothing.
    await deliverAlerts(ctx.deps);
    expect(await alertMails(email)).toHaveLength(1);
    // A second change: a second mail.
    await flip([s.beach_station_id], 'Resample meets the standard');
    await deliverAlerts(ctx.deps);
    expect(await alertMails(email)).toHaveLength(2);
  });

  it('answers a known address exactly like a new one; a confirmed address gets its manage link and nothing changes', async () => {
    const s = stations[1]!;
    const manage = await subscribeConfirmed(ctx, 'known@example.net', { beach_ids: [s.beach_id] });
    const fresh = await subscribeCall(ctx, { email: 'unknown-yet@example.net', language: 'en', county_ids: [s.county_id] });
    const known = await subscribeCall(ctx, { email: 'known@example.net', language: 'es', county_ids: [s.county_id] });
    expect(known.statusCode).toBe(fresh.statusCode);
    expect(known.body).toBe(fresh.body);
    const [again] = await outbox(ctx, 'ALERT_ALREADY_SUBSCRIBED', 'known@example.net');
    expect(again!.body_text).toContain(`/alerts/manage/${manage}`);
    expect(await outbox(ctx, 'ALERT_CONFIRM', 'known@example.net')).toHaveLength(1);
    const view = await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${manage}` });
    expect(view.json().payload).toMatchObject({ language: 'en', beaches: [{ id: s.beach_id }], counties: [] });
  });

  it('throttles sign-ups per e-mail address and per client address: 429 with Retry-After and a clear message', async () => {
    const s = stations[0]!;
    for (let i = 0; i < ALERT_THROTTLE.perEmail; i++) {
      expect((await subscribeCall(ctx, { email: 'eager@example.net', language: 'en', beach_ids: [s.beach_id] })).statusCode).toBe(202);
    }
    const refused = await subscribeCall(ctx, { email: 'eager@example.net', language: 'en', beach_ids: [s.beach_id] });
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['retry-after']).toBe(String(ALERT_THROTTLE.windowMs / 1000));
    expect(refused.json()).toMatchObject({ code: 'TOO_MANY_ATTEMPTS', message: 'Too many sign-up requests. Please try again later.' });
    expect(await outbox(ctx, 'ALERT_CONFIRM', 'eager@example.net')).toHaveLength(ALERT_THROTTLE.perEmail);

    const ip = nextIp();
    for (let i = 0; i < ALERT_THROTTLE.perAddress; i++) {
      expect((await subscribeCall(ctx, { email: `many${i}@example.net`, language: 'en', beach_ids: [s.beach_id] }, ip)).statusCode).toBe(202);
    }
    const byAddress = await subscribeCall(ctx, { email: 'one-more@example.net', language: 'en', beach_ids: [s.beach_id] }, ip);
    expect(byAddress.statusCode).toBe(429);
    expect(byAddress.headers['retry-after']).toBeDefined();
    expect(await outbox(ctx, undefined, 'one-more@example.net')).toHaveLength(0);
  });

  it('refuses bad sign-ups with 400 and writes nothing', async () => {
    const before = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from alert_subscribers`);
    for (const body of [
      { email: 'x@example.net', language: 'en' },
      { email: 'not an address', language: 'en', beach_ids: [stations[0]!.beach_id] },
      { email: 'x@example.net', language: 'fr', beach_ids: [stations[0]!.beach_id] },
      { email: 'x@example.net', language: 'en', beach_ids: [999_999] },
      { email: 'x@example.net', language: 'en', beach_ids: Array.from({ length: 51 }, (_, i) => i + 1) },
    ]) {
      const res = await subscribeCall(ctx, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await queryRows(ctx.database.db, sql`select count(*)::int as n from alert_subscribers`)).toEqual(before);
  });

  it('a storm of 50 changes sends exactly one digest per subscriber; two runs at once send nothing twice', async () => {
    const ids = stations.slice(0, 10).map((s) => s.beach_station_id);
    expect(ids.length).toBeGreaterThanOrEqual(5);
    const byCounty = 'storm-county@example.net';
    const byBeaches = 'storm-beaches@example.net';
    await subscribeConfirmed(ctx, byCounty, { county_ids: [...new Set(stations.map((s) => s.county_id))] });
    await subscribeConfirmed(ctx, byBeaches, { beach_ids: [...new Set(stations.slice(0, 10).map((s) => s.beach_id))] });
    // Every station Open, and everything earlier delivered, so the storm is all that is pending.
    await setStatus(ctx, admin, ids, status.OPEN!, 'Before the storm');
    await deliverAlerts(ctx.deps);
    const before = (await alertMails()).length;
    const [{ n: historyBefore }] = (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from beach_status_history`)) as [{ n: number }];
    let made = 0;
    for (let round = 0; made < 50; round++) {
      const batch = ids.slice(0, Math.min(ids.length, 50 - made));
      await setStatus(ctx, admin, batch, round % 2 === 0 ? status.CLOSED! : status.ADVISORY!, `Storm round ${round + 1}`);
      made += batch.length;
    }
    const [{ n: historyAfter }] = (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from beach_status_history`)) as [{ n: number }];
    expect(historyAfter - historyBefore).toBe(50);

    const runs = await Promise.all([deliverAlerts(ctx.deps), deliverAlerts(ctx.deps), deliverAlerts(ctx.deps)]);
    expect(runs.reduce((n, r) => n + r.mails, 0)).toBeGreaterThanOrEqual(2);
    const mails = (await alertMails()).slice(before);
    const countyMails = mails.filter((m) => m.to_address === byCounty);
    const beachMails = mails.filter((m) => m.to_address === byBeaches);
    expect(countyMails).toHaveLength(1);
    expect(beachMails).toHaveLength(1);
    expect(countyMails[0]!.subject).toBe('Beach alerts: 50 status changes');
    expect(countyMails[0]!.body_text.match(/^Status: /gm)).toHaveLength(50);
    const deliveries = await queryRows<{ n: number }>(
      ctx.database.db,
      sql`select count(*)::int as n from alert_deliveries d join alert_subscribers s using (alert_subscriber_id) where s.email = ${byCounty}
          and d.mail_id = ${countyMails[0]!.mail_id}`,
    );
    expect(deliveries[0]!.n).toBe(50);
    await deliverAlerts(ctx.deps);
    expect((await alertMails()).slice(before)).toHaveLength(mails.length);
  });

  it('IMPORT backfill is never mailed', async () => {
    const s = stations[2]!;
    await subscribeConfirmed(ctx, 'import@example.net', { beach_ids: [s.beach_id] });
    await ctx.database.db.execute(sql`insert into beach_status_history (beach_station_id, from_status_id, to_status_id, effective_date, source, reason)
      values (${s.beach_station_id}, ${status.OPEN}, ${status.CLOSED}, current_date, 'IMPORT', 'legacy import')`);
    await deliverAlerts(ctx.deps);
    expect(await alertMails('import@example.net')).toHaveLength(0);
  });

  it('one-click unsubscribe: the POST a mail client sends unsubscribes at once; a GET opens the page; later changes send nothing', async () => {
    const s = stations[3]!;
    const manage = await subscribeConfirmed(ctx, 'oneclick@example.net', { beach_ids: [s.beach_id] });
    const get = await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/unsubscribe/${manage}` });
    expect(get.statusCode).toBe(303);
    expect(get.headers.location).toBe(`/alerts/unsubscribe/${manage}`);
    // A GET changes nothing (link scanners open links).
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${manage}` })).statusCode).toBe(200);
    const post = await ctx.app.inject({
      method: 'POST',
      url: `/api/public/alerts/unsubscribe/${manage}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(post.statusCode, post.body).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${manage}` })).statusCode).toBe(404);
    // A second click answers the same.
    expect((await ctx.app.inject({ method: 'POST', url: `/api/public/alerts/unsubscribe/${manage}`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'List-Unsubscribe=One-Click' })).statusCode).toBe(200);
    await flip([s.beach_station_id]);
    await deliverAlerts(ctx.deps);
    expect(await alertMails('oneclick@example.net')).toHaveLength(0);
  });

  it('the manage page reads and changes the places and language, and unsubscribes from all', async () => {
    const [a, b] = [stations[4]!, stations[5]!];
    const manage = await subscribeConfirmed(ctx, 'manage@example.net', { beach_ids: [a.beach_id] });
    const put = await ctx.app.inject({
      method: 'PUT',
      url: `/api/public/alerts/manage/${manage}`,
      payload: { language: 'es', beach_ids: [b.beach_id], municipality_ids: [b.municipality_id] },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().payload).toMatchObject({ language: 'es', beaches: [{ id: b.beach_id }], municipalities: [{ id: b.municipality_id }], counties: [] });
    const bad = await ctx.app.inject({ method: 'PUT', url: `/api/public/alerts/manage/${manage}`, payload: { language: 'es', beach_ids: [] } });
    expect(bad.statusCode).toBe(400);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${manage}` })).json().payload.beaches).toEqual([expect.objectContaining({ id: b.beach_id })]);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${'x'.repeat(43)}` })).statusCode).toBe(404);
    expect((await ctx.app.inject({ method: 'DELETE', url: `/api/public/alerts/manage/${manage}` })).statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: `/api/public/alerts/manage/${manage}` })).statusCode).toBe(404);
    await flip([b.beach_station_id]);
    await deliverAlerts(ctx.deps);
    expect(await alertMails('manage@example.net')).toHaveLength(0);
  });

  it('writes the alert in Spanish for a Spanish subscriber, with the result behind a rule change', async () => {
    const s = stations[6] ?? stations[0]!;
    await subscribeConfirmed(ctx, 'espanol@example.net', { beach_ids: [s.beach_id] }, 'es');
    const [confirm] = await outbox(ctx, 'ALERT_CONFIRM', 'espanol@example.net');
    expect(confirm!.subject).toBe('Confirme sus alertas de playas');
    // A rule change names its result: a history row as verification writes it, with result_id.
    const [result] = await queryRows<{ result_id: number; sample_date: string }>(
      ctx.database.db,
      sql`select result_id, sample_date::text as sample_date from results where value is not null order by result_id limit 1`,
    );
    await ctx.database.db.execute(sql`insert into beach_status_history (beach_station_id, from_status_id, to_status_id, effective_date, source, result_id, reason)
      values (${s.beach_station_id}, ${status.OPEN}, ${status.ADVISORY}, current_date, 'RULE', ${result!.result_id}, 'Single sample above the beach action value')`);
    await deliverAlerts(ctx.deps);
    const [mail] = await alertMails('espanol@example.net');
    expect(mail!.subject).toMatch(/^Alerta de playa: .+ ahora está en Aviso \(antes Abierta\)$/);
    expect(mail!.body_text).toContain('Estado: Abierta -> Aviso');
    expect(mail!.body_text).toContain('Motivo: Single sample above the beach action value');
    expect(mail!.body_text).toContain(`muestra del ${result!.sample_date}`);
    expect(mail!.body_text).toMatch(/Resultado: \S.+ (CFU|MPN)\/100mL/);
    expect(mail!.body_text).toContain('Darse de baja de todas las alertas con un clic');
  });

  it('staff: confirmed subscriber counts per beach for readers of the program; only an organization admin exports addresses (audited)', async () => {
    const s = stations[7] ?? stations[1]!;
    await subscribeConfirmed(ctx, 'count-a@example.net', { beach_ids: [s.beach_id] });
    await subscribeConfirmed(ctx, 'count-b@example.net', { municipality_ids: [s.municipality_id], beach_ids: [s.beach_id] });
    await subscribeCall(ctx, { email: 'count-pending@example.net', language: 'en', beach_ids: [s.beach_id] });
    const url = `/api/beach/${s.beach_station_id}/alertSubscribers`;
    expect((await ctx.call({ method: 'GET', url })).statusCode).toBe(401);
    const res = await ctx.call({ method: 'GET', url, token: admin });
    expect(res.statusCode, res.body).toBe(200);
    const counts = res.json().payload;
    expect(counts.beach).toBeGreaterThanOrEqual(2);
    expect(counts.municipality).toBeGreaterThanOrEqual(1);
    expect(counts.total).toBeGreaterThanOrEqual(2);
    expect((await ctx.call({ method: 'GET', url: '/api/beach/abc/alertSubscribers', token: admin })).statusCode).toBe(400);

    const exportUrl = `/api/program/${s.program_id}/alertSubscribers/export`;
    expect((await ctx.call({ method: 'GET', url: exportUrl })).statusCode).toBe(401);
    expect((await ctx.call({ method: 'GET', url: exportUrl, token: await ctx.login('verifier@example.org') })).statusCode).toBe(403);
    const csv = await ctx.call({ method: 'GET', url: exportUrl, token: admin });
    expect(csv.statusCode, csv.body).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body.split('\n')[0]).toBe('email,language,confirmed_at,beaches');
    expect(csv.body).toContain('"count-a@example.net"');
    expect(csv.body).not.toContain('count-pending@example.net');
    const audit = await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from audit_log where action = 'EXPORT_ALERT_SUBSCRIBERS' and record_id = ${String(s.program_id)}`);
    expect(audit[0]!.n).toBe(1);
  });

  it('a status change starts the alert job once it has committed (decision 0074); a call that changes nothing does not', async () => {
    const email = 'woken@example.net';
    const s = stations[2]!;
    await subscribeConfirmed(ctx, email, { beach_ids: [s.beach_id] });
    // The runner's place, taken by a stand-in that runs the delivery as the job would: what it mails is what the
    // change had committed when the wake-up came.
    const wakes: number[] = [];
    bindAlertsQueue(ctx.deps, async () => wakes.push((await deliverAlerts(ctx.deps)).mails));
    try {
      await flip([s.beach_station_id], 'Woken at once');
      expect(wakes).toHaveLength(1);
      expect(wakes[0]).toBeGreaterThanOrEqual(1);
      const mails = await alertMails(email);
      expect(mails).toHaveLength(1);
      expect(mails[0]!.body_text).toContain('Why: Woken at once');
      // The same status again: no change, no wake-up.
      const current = (await queryRows<{ id: number }>(ctx.database.db, sql`select current_status_id as id from beach_stations where beach_station_id = ${s.beach_station_id}`))[0]!.id;
      expect(await setStatus(ctx, admin, [s.beach_station_id], current, 'No change')).toHaveLength(0);
      expect(wakes).toHaveLength(1);
      // A runner that cannot take the job (not started, stopping): the change is saved all the same, and the
      // minute's run sends it.
      bindAlertsQueue(ctx.deps, () => Promise.reject(new Error('not started')));
      await flip([s.beach_station_id], 'While the runner was down');
      expect(await alertMails(email)).toHaveLength(1);
      await deliverAlerts(ctx.deps);
      expect((await alertMails(email)).map((m) => m.body_text).join()).toContain('Why: While the runner was down');
    } finally {
      bindAlertsQueue(ctx.deps, async () => undefined);
    }
  });
});
