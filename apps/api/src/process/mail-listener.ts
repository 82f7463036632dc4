import pg from 'pg';
import type { Database } from '../db/client';
import { MAIL_OUTBOX_CHANNEL, type Mailer } from '../lib/mailer';

/**
 * In the process that delivers mail on PostgreSQL (the worker, or the primary of `--workers N`), a connection
 * LISTENing on MAIL_OUTBOX_CHANNEL wakes the delivery loop when an api process commits a mail, so the mail
 * leaves at once rather than at the loop's next sweep (30 s). A dropped connection is opened again after 5 s;
 * the sweep covers the gap. Returns the function that stops listening.
 */
export function listenForMail(database: Database, mailer: Mailer, onError: (error: Error) => void): () => Promise<void> {
  if (database.kind !== 'postgres' || !database.pool) return async () => undefined;
  const connectionString = (database.pool as unknown as { options: { connectionString?: string } }).options.connectionString;
  let client: pg.Client | null = null;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async () => {
    if (stopped) return;
    const next = new pg.Client({ connectionString, application_name: 'beach-portal-mail' });
    next.on('notification', () => mailer.wake());
    next.on('error', (error) => {
      onError(error);
      void next.end().catch(() => undefined);
      if (client === next) client = null;
      again();
    });
    try {
      await next.connect();
      await next.query(`LISTEN ${MAIL_OUTBOX_CHANNEL}`);
      client = next;
      if (stopped) await next.end();
      else mailer.wake(); // whatever was committed while no one listened
    } catch (error) {
      onError(error instanceof Error ? error : new Error(String(error)));
      void next.end().catch(() => undefined);
      again();
    }
  };
  const again = () => {
    if (stopped || retry) return;
    retry = setTimeout(() => {
      retry = undefined;
      void connect();
    }, 5_000);
    retry.unref();
  };
  void connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end().catch(() => undefined);
    client = null;
  };
}
