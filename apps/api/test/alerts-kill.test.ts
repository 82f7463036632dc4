import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { queryRows, type Database } from '../src/db/client';
import { confirmSubscription, deliverAlerts, subscribe } from '../src/modules/alerts/service';
import { DATABASE_KIND } from './db';
import { killFixture } from './kill-fixture';

/**
 * "No alert mailed twice after kill -9 mid-send" (issue 16): a child process runs the alert delivery for three
 * subscribers and is SIGKILLed right after the first one's mail committed; the next run (as the job's retry
 * would) mails the other two, and the first one never gets a second mail.
 */

const fixture = killFixture('alerts-kill');
const { dataDir, open } = fixture;
const EMAILS = ['kill-a@example.net', 'kill-b@example.net', 'kill-c@example.net'];

const depsOf = (database: Database) => createDeps(loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: 'k'.repeat(64) }), database);

beforeAll(
  () =>
    fixture.setUp(async (database) => {
      const deps = depsOf(database);
      const [station] = await queryRows<{ id: number; beach_id: number }>(
        database.db,
        sql`select s.beach_station_id as id, s.beach_id from beach_stations s where s.station_type = 'PRIMARY' and s.active and s.public_visible order by 1 limit 1`,
      );
      for (const [i, email] of EMAILS.entries()) {
        await subscribe(deps, { email, language: 'en', beach_ids: [station!.beach_id], municipality_ids: [], county_ids: [] }, `10.8.0.${i + 1}`);
        const [mail] = await queryRows<{ body_text: string }>(database.db, sql`select body_text from mail_outbox where to_address = ${email} and kind = 'ALERT_CONFIRM'`);
        await confirmSubscription(deps, /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mail!.body_text)![1]!);
      }
      await database.db.execute(sql`insert into beach_status_history (beach_station_id, from_status_id, to_status_id, effective_date, source, reason)
        values (${station!.id}, (select beach_status_id from beach_statuses where code = 'OPEN'), (select beach_status_id from beach_statuses where code = 'CLOSED'),
                current_date, 'MANUAL', 'kill test')`);
      deps.mailer.close();
    }),
  300_000,
);

afterAll(() => fixture.tearDown());

describe(`beach alerts interrupted by kill -9 on ${DATABASE_KIND}`, () => {
  it('the run killed after its first mail committed: the next run mails the others, nobody twice', async () => {
    const working = await fixture.runAndKill('alerts-kill-child.ts', {});
    expect(working).toMatch(/^WORKING \d+$/);
    const database = await open();
    const deps = depsOf(database);
    const mails = () =>
      queryRows<{ to_address: string; n: number }>(
        database.db,
        sql`select to_address, count(*)::int as n from mail_outbox where kind = 'BEACH_ALERT' group by to_address order by to_address`,
      );
    try {
      expect(await mails()).toHaveLength(1);
      const again = await deliverAlerts(deps);
      expect(again).toMatchObject({ mails: 2, changes: 2 });
      expect(await mails()).toEqual(EMAILS.map((to_address) => ({ to_address, n: 1 })));
      expect(await deliverAlerts(deps)).toMatchObject({ mails: 0 });
    } finally {
      deps.mailer.close();
      await database.close();
    }
  });
});
