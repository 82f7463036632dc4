import type { AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { queryRows, type Database } from '../src/db/client';
import { createMailer, type Mailer } from '../src/lib/mailer';
import { createTestDatabase, DATABASE_KIND } from './db';

/**
 * The outbox with SMTP delivery (SMTP_URL): a mail exists exactly when the change it reports commits,
 * is delivered from the committed row (never through the caller's transaction), once, and a list mail
 * hides its recipients from each other.
 */

interface Received {
  from: string;
  to: string[];
  raw: string;
}

let database: Database;
let drop: () => Promise<void>;
let smtp: SMTPServer;
let port: number;
const received: Received[] = [];
let mailer: Mailer | undefined;
/** Runs as the stand-in receives a message, before it accepts it (a test acts "during the send"). */
let beforeAccept: (() => Promise<void>) | null = null;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      let raw = '';
      stream.setEncoding('utf8');
      stream.on('data', (chunk: string) => (raw += chunk));
      stream.on('end', async () => {
        await beforeAccept?.();
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        received.push({ from, to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  port = (smtp.server.address() as AddressInfo).port;
}, 120_000);

afterEach(async () => {
  mailer?.close();
  mailer = undefined;
  received.length = 0;
  await database.db.execute(sql`delete from mail_outbox`);
});

afterAll(async () => {
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  await drop();
});

const open = (sweepMs = 60_000) =>
  createMailer({ smtpUrl: `smtp://127.0.0.1:${port}?pool=true`, from: 'beaches@example.org', db: database.db, sweepMs });

const outbox = () =>
  queryRows<{ subject: string; sent: boolean; error: string | null }>(
    database.db,
    sql`select subject, sent_at is not null as sent, error from mail_outbox order by mail_id`,
  );

async function until(check: () => boolean, ms = 10_000) {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe(`mail outbox with SMTP delivery on ${DATABASE_KIND}`, () => {
  it('delivers a committed mail shortly after the commit and records when it went', async () => {
    mailer = open();
    await database.db.transaction(async (tx) => {
      await mailer!.send(tx, { kind: 'TEST', to: 'one@example.org', subject: 'Committed', text: 'Hello' });
    });
    await until(() => received.length === 1);
    expect(received[0]!.to).toEqual(['one@example.org']);
    expect(received[0]!.raw).toContain('Subject: Committed');
    await expect.poll(async () => (await outbox())[0]?.sent, { timeout: 5_000 }).toBe(true);
  });

  it('sends nothing for a transaction that rolls back', async () => {
    mailer = open();
    await expect(
      database.db.transaction(async (tx) => {
        await mailer!.send(tx, { kind: 'TEST', to: 'two@example.org', subject: 'Rolled back', text: 'Never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await mailer.deliverPending();
    await new Promise((resolve) => setTimeout(resolve, 400)); // past the wake-ups
    expect(received).toEqual([]);
    expect(await outbox()).toEqual([]);
  });

  it('delivers each mail once, even when two delivery loops (two api processes) run at the same time', async () => {
    mailer = open();
    const other = open();
    try {
      await database.db.transaction(async (tx) => {
        for (let i = 0; i < 30; i++) await mailer!.send(tx, { kind: 'TEST', to: `r${i}@example.org`, subject: `Mail ${i}`, text: '.' });
      });
      await Promise.all([mailer.deliverPending(), other.deliverPending(), mailer.deliverPending()]);
      await until(() => received.length >= 30);
      await new Promise((resolve) => setTimeout(resolve, 300));
      expect(received.map((r) => r.to[0]).sort()).toEqual(Array.from({ length: 30 }, (_, i) => `r${i}@example.org`).sort());
      expect((await outbox()).every((row) => row.sent)).toBe(true);
    } finally {
      other.close();
    }
  });

  it('sends a list mail with the recipients in Bcc, not in the visible To header', async () => {
    mailer = open();
    await database.db.transaction(async (tx) => {
      await mailer!.send(tx, { kind: 'TEST', to: 'alice.staff@example.org, lha.contact@example.org', subject: 'Status change', text: '.' });
    });
    await until(() => received.length === 1);
    expect(received[0]!.to.sort()).toEqual(['alice.staff@example.org', 'beaches@example.org', 'lha.contact@example.org']);
    // The headers every recipient sees: To names only the sender's address, and no Cc or Bcc line is sent.
    const headers = received[0]!.raw.split('\r\n\r\n')[0]!;
    expect(/^To: (.*)$/m.exec(headers)?.[1]).toBe('beaches@example.org');
    expect(headers).not.toMatch(/^(Cc|Bcc):/im);
    expect(headers).not.toContain('alice.staff@');
    expect(headers).not.toContain('lha.contact@');
  });

  it('picks up rows committed without a wake-up (another process, a restart) on its sweep', async () => {
    await database.db.execute(sql`insert into mail_outbox (kind, to_address, subject, body_text) values ('TEST', 'late@example.org', 'Left over', '.')`);
    mailer = open(100);
    await until(() => received.length === 1);
    expect(received[0]!.to).toEqual(['late@example.org']);
  });

  it('retries a row whose process died mid-delivery once its claim is 2 minutes old, not before, with the same Message-ID', async () => {
    await database.db.execute(
      sql`insert into mail_outbox (kind, to_address, subject, body_text, claimed_at) values
            ('TEST', 'held@example.org', 'Held by a live process', '.', now() - interval '100 seconds'),
            ('TEST', 'dead@example.org', 'Its process died', '.', now() - interval '121 seconds')`,
    );
    mailer = open();
    expect(await mailer.deliverPending()).toBe(1);
    await until(() => received.length === 1);
    expect(received.map((r) => r.to[0])).toEqual(['dead@example.org']);
    const [row] = await queryRows<{ mail_id: number; ms: string }>(
      database.db,
      sql`select mail_id, (extract(epoch from created_at) * 1000)::bigint::text as ms from mail_outbox where to_address = 'dead@example.org'`,
    );
    // The Message-ID is the row's own: were it sent again after a crash, mail systems would see one message.
    expect(/^Message-ID: (.*)$/im.exec(received[0]!.raw)?.[1]).toBe(`<outbox-${row!.mail_id}-${row!.ms}@example.org>`);
  });

  it('does not send the rest of a batch whose claims lapsed while it was stalled: another process may hold them', async () => {
    await database.db.execute(
      sql`insert into mail_outbox (kind, to_address, subject, body_text) values ('TEST', 'first@example.org', 'First', '.'), ('TEST', 'second@example.org', 'Second', '.')`,
    );
    // While the first mail is being accepted, the second's claim ages past the renewal window (the first send
    // stalled that long): the loop must leave the second to whoever takes it after the expiry.
    beforeAccept = async () => {
      beforeAccept = null;
      await database.db.execute(sql`update mail_outbox set claimed_at = now() - interval '115 seconds' where to_address = 'second@example.org'`);
    };
    mailer = open();
    await mailer.deliverPending();
    expect(received.map((r) => r.to[0])).toEqual(['first@example.org']);
    expect((await outbox()).map((r) => r.sent)).toEqual([true, false]);
  });

  it('records a delivery failure on the row instead of throwing at the user', async () => {
    mailer = createMailer({ smtpUrl: 'smtp://127.0.0.1:1', from: 'beaches@example.org', db: database.db, sweepMs: 60_000 });
    await database.db.transaction(async (tx) => {
      await mailer!.send(tx, { kind: 'TEST', to: 'x@example.org', subject: 'Unreachable', text: '.' });
    });
    // This call may join a pass that began before the commit (the start-up sweep, or a wake-up while the
    // transaction was open) and found nothing: CI once read the row untouched then. The wake-ups that follow take
    // it; wait for the failure to be recorded.
    await mailer.deliverPending();
    let rows = await outbox();
    for (const deadline = Date.now() + 10_000; rows[0]?.error == null && Date.now() < deadline; rows = await outbox()) {
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(rows[0]).toMatchObject({ subject: 'Unreachable', sent: false });
    expect(rows[0]!.error).toBeTruthy();
  });
});
