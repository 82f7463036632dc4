import { sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import { NOT_SINGLE_LINE } from '@beach/domain';
import { queryRows, type Db, type DbOrTx } from '../db/client';
import { mailOutbox } from '../db/schema';

/**
 * What may stand in a mail header of ours (issue 27): one line without control, bidi or invisible characters.
 * Subjects carry names staff typed (a beach, a station, a program); the schemas refuse such characters on
 * the way in, and this is the last guard for rows stored before they did. Nodemailer then encodes whatever is
 * not ASCII as RFC 2047 words: no user-supplied text reaches a header raw.
 */
const NOT_IN_HEADER = new RegExp(NOT_SINGLE_LINE.source, 'g');

/** `text` as one header line: each control, bidi or invisible character becomes a space, runs of spaces one. */
export function headerText(text: string): string {
  return text.replace(NOT_IN_HEADER, ' ').replace(/ {2,}/g, ' ').trim();
}

/** The recipients of a mail: addresses only (no display names), none with a control or invisible character. */
function checkedRecipients(to: string): string {
  if (NOT_SINGLE_LINE.test(to)) throw new Error('Refusing a mail recipient with a control or invisible character');
  return to;
}

export interface Mail {
  kind: string;
  /** One address, or several separated by commas (a list mail: delivered with the addresses in Bcc). */
  to: string;
  subject: string;
  text: string;
  /** Extra headers delivered as they are (List-Unsubscribe and List-Unsubscribe-Post for alerts, RFC 8058). */
  headers?: Record<string, string>;
}

/**
 * A transactional outbox. `send` only writes the outbox row, inside the caller's transaction, so a mail
 * exists exactly when the change it reports does: a rolled-back change sends nothing. With SMTP_URL set,
 * a delivery loop reads committed, unsent rows through the database (never through the caller's
 * transaction), delivers them and records sent_at or the error. Without SMTP the outbox is the record.
 */
export interface Mailer {
  send(db: DbOrTx, mail: Mail): Promise<void>;
  /** Delivers what is committed and unsent now (SMTP only); resolves with the number of rows tried. */
  deliverPending(): Promise<number>;
  /** Looks at the outbox soon (another process wrote to it: the MAIL_OUTBOX_CHANNEL notification). */
  wake(): void;
  close(): void;
}

/**
 * The channel a process that does not deliver (an api process beside `npm run worker`, decision 0038)
 * notifies in the sending transaction: PostgreSQL delivers the notification at commit, and the process
 * that delivers (listening on it) looks at the outbox at once instead of at its next sweep.
 */
export const MAIL_OUTBOX_CHANNEL = 'beach_mail_outbox';

export interface MailerOptions {
  smtpUrl?: string;
  from: string;
  /** The database the delivery loop reads the outbox from (required with smtpUrl). */
  db?: Db;
  /** How often the loop looks for rows a wake-up missed (another process's, or committed late). */
  sweepMs?: number;
  /**
   * false: this process only writes the outbox and another delivers it (the worker, or the primary of
   * `--workers N`); send() then notifies MAIL_OUTBOX_CHANNEL. Default true: with smtpUrl, this process delivers.
   */
  deliver?: boolean;
  onError?: (error: Error) => void;
}

/**
 * A claimed row not marked sent after this long (its process died mid-delivery) is tried again. The holder
 * renews its remaining claims before each send, and a send is bounded by the transport's timeouts
 * (SMTP_TIMEOUTS: at most 100 s), so a live process's claims never expire under it and no two processes send
 * the same row; a killed process's mail goes out about 2 minutes later.
 */
const CLAIM_EXPIRY = '2 minutes';
/** A renewal finds the claim still ours only within this (shorter than CLAIM_EXPIRY, so nobody else took it). */
const CLAIM_RENEW_WITHIN = '110 seconds';
const SMTP_TIMEOUTS = { connectionTimeout: 20_000, greetingTimeout: 20_000, socketTimeout: 60_000 };
const BATCH = 10;
/** After a send, look again at these delays: the caller's transaction commits some time after `send`. */
const WAKE_DELAYS_MS = [50, 200, 1_000, 3_000];

interface ClaimedMail {
  mail_id: number;
  to_address: string;
  subject: string;
  body_text: string;
  headers: Record<string, string> | null;
  /** When the row was written (ms since the epoch): with mail_id, a Message-ID no other install repeats. */
  created_ms: string;
}

export function createMailer(options: MailerOptions): Mailer {
  const delivers = options.deliver ?? true;
  const messageIdDomain = /@([^>\s]+)/.exec(options.from)?.[1] ?? 'beach-portal.invalid';
  const transport = options.smtpUrl && delivers ? nodemailer.createTransport(options.smtpUrl, { from: options.from, ...SMTP_TIMEOUTS }) : null;
  const db = options.db;
  if (transport && !db) throw new Error('createMailer: SMTP delivery needs the database to read the outbox from');
  const timers = new Set<NodeJS.Timeout>();
  let running: Promise<number> | null = null;
  let closed = false;

  /** Claims a batch (skipping rows another process holds), so no two processes deliver the same mail. */
  const claim = (database: Db) =>
    queryRows<ClaimedMail>(
      database,
      sql`update mail_outbox set claimed_at = now()
          where mail_id in (
            select mail_id from mail_outbox
            where sent_at is null and error is null
              and (claimed_at is null or claimed_at < now() - ${CLAIM_EXPIRY}::interval)
            order by mail_id limit ${BATCH}
            for update skip locked)
          returning mail_id, to_address, subject, body_text, headers, (extract(epoch from created_at) * 1000)::bigint::text as created_ms`,
    );

  /** Renews this process's claims on the batch's unsent rows; the ids still ours (none once a claim lapsed). */
  const renew = async (database: Db, ids: number[]) =>
    new Set(
      (
        await queryRows<{ mail_id: number }>(
          database,
          sql`update mail_outbox set claimed_at = now()
              where mail_id = any(${`{${ids.join(',')}}`}::int[]) and sent_at is null and error is null
                and claimed_at >= now() - ${CLAIM_RENEW_WITHIN}::interval
              returning mail_id`,
        )
      ).map((r) => r.mail_id),
    );

  async function deliverBatch(database: Db, smtp: Transporter): Promise<number> {
    const rows = await claim(database);
    for (const [i, row] of rows.entries()) {
      // A claim that lapsed (this process stalled) may be another's now: leave the row to it.
      if (i > 0 && !(await renew(database, rows.slice(i).map((r) => r.mail_id))).has(row.mail_id)) continue;
      const recipients = row.to_address.split(',').map((a) => a.trim()).filter(Boolean);
      // A list mail goes to each recipient without showing them the others' addresses.
      const envelope = recipients.length > 1 ? { to: options.from, bcc: recipients } : { to: recipients[0] };
      const outcome = await smtp
        // One Message-ID per outbox row: were a mail sent again after a crash between the server's acceptance and
        // sent_at being saved, mail systems see the same message, not a new one.
        .sendMail({ ...envelope, subject: headerText(row.subject), text: row.body_text, ...(row.headers ? { headers: row.headers } : {}), messageId: `<outbox-${row.mail_id}-${row.created_ms}@${messageIdDomain}>` })
        .then(() => ({ sentAt: new Date(), error: null }))
        .catch((err: Error) => ({ sentAt: null, error: err.message.slice(0, 500) }));
      await database.update(mailOutbox).set(outcome).where(sql`${mailOutbox.mailId} = ${row.mail_id}`);
    }
    return rows.length;
  }

  async function deliverPending(): Promise<number> {
    if (!transport || !db || closed) return 0;
    if (running) return running;
    running = (async () => {
      let total = 0;
      for (;;) {
        const n = await deliverBatch(db, transport);
        total += n;
        if (n < BATCH || closed) return total;
      }
    })().finally(() => {
      running = null;
    });
    return running;
  }

  const report = (error: unknown) => {
    if (closed) return;
    (options.onError ?? ((e: Error) => process.emitWarning(`Mail delivery: ${e.message}`, 'MailWarning')))(
      error instanceof Error ? error : new Error(String(error)),
    );
  };

  function later(ms: number, then?: () => void) {
    if (closed) return;
    const timer = setTimeout(() => {
      timers.delete(timer);
      deliverPending().then(
        () => then?.(),
        (error: unknown) => {
          report(error);
          then?.();
        },
      );
    }, ms);
    timer.unref();
    timers.add(timer);
  }

  // After a send the loop looks again a few times (the caller's transaction commits some time later);
  // sends during such a round ask for one more round instead of piling up timers.
  let waking = false;
  let wokenAgain = false;
  function wake(step = 0) {
    if (step === 0 && waking) {
      wokenAgain = true;
      return;
    }
    waking = true;
    if (step < WAKE_DELAYS_MS.length) return later(WAKE_DELAYS_MS[step]!, () => wake(step + 1));
    waking = false;
    if (wokenAgain) {
      wokenAgain = false;
      wake();
    }
  }

  if (transport) {
    const sweepMs = options.sweepMs ?? 30_000;
    const sweep = () => later(sweepMs, sweep);
    later(0, sweep); // whatever a previous run left unsent
  }

  return {
    async send(tx, mail) {
      const headers = mail.headers ? Object.fromEntries(Object.entries(mail.headers).map(([name, value]) => [name, headerText(value)])) : null;
      await tx.insert(mailOutbox).values({ kind: mail.kind, toAddress: checkedRecipients(mail.to), subject: headerText(mail.subject), bodyText: mail.text, headers });
      if (transport) wake();
      else if (!delivers && options.smtpUrl) await tx.execute(sql`select pg_notify(${MAIL_OUTBOX_CHANNEL}, '')`);
    },
    deliverPending,
    wake() {
      if (transport) wake();
    },
    close() {
      closed = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      transport?.close();
    },
  };
}
