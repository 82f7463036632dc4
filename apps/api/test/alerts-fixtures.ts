import { sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { queryRows } from '../src/db/client';
import type { TestContext } from './helpers';

/** Shared steps of the beach alert tests (decision 0044). */

export interface PublicPrimary {
  beach_station_id: number;
  beach_id: number;
  municipality_id: number;
  county_id: number;
  program_id: number;
}

/** Public primaries of every program (or of one), in id order. */
export async function publicPrimaries(ctx: TestContext, programAbbv: string | null = null): Promise<PublicPrimary[]> {
  return queryRows<PublicPrimary>(
    ctx.database.db,
    sql`select s.beach_station_id, b.beach_id, b.municipality_id, m.county_id, b.program_id
        from beach_stations s join beaches b using (beach_id) join municipalities m using (municipality_id) join programs p on p.program_id = b.program_id
        where s.station_type = 'PRIMARY' and s.active and s.public_visible and (${programAbbv}::text is null or p.abbv = ${programAbbv})
        order by s.beach_station_id`,
  );
}

export async function statusIds(ctx: TestContext): Promise<Record<string, number>> {
  const rows = await queryRows<{ code: string; id: number }>(ctx.database.db, sql`select code, beach_status_id as id from beach_statuses`);
  return Object.fromEntries(rows.map((r) => [r.code, r.id]));
}

export interface OutboxMail {
  mail_id: number;
  kind: string;
  to_address: string;
  subject: string;
  body_text: string;
  headers: Record<string, string> | null;
}

export async function outbox(ctx: TestContext, kind?: string, to?: string): Promise<OutboxMail[]> {
  return queryRows<OutboxMail>(
    ctx.database.db,
    sql`select mail_id, kind, to_address, subject, body_text, headers from mail_outbox
        where (${kind ?? null}::text is null or kind = ${kind ?? null}) and (${to ?? null}::text is null or to_address = ${to ?? null})
        order by mail_id`,
  );
}

let ipCounter = 1;
/** A fresh client address per sign-up unless one is given (the per-address throttle is tested on its own). */
export function nextIp(): string {
  ipCounter++;
  return `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
}

export async function subscribeCall(ctx: TestContext, body: object, ip = nextIp()) {
  return ctx.app.inject({ method: 'POST', url: '/api/public/alerts/subscribe', payload: body, remoteAddress: ip });
}

/** Subscribes and confirms through the link of the confirmation mail; returns the manage token. */
export async function subscribeConfirmed(ctx: TestContext, email: string, places: object, language: 'en' | 'es' = 'en'): Promise<string> {
  const res = await subscribeCall(ctx, { email, language, ...places });
  expect(res.statusCode, res.body).toBe(202);
  const mails = await outbox(ctx, 'ALERT_CONFIRM', email);
  const token = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(mails.at(-1)!.body_text)![1]!;
  const confirmed = await ctx.app.inject({ method: 'POST', url: '/api/public/alerts/confirm', payload: { token } });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  return confirmed.json().payload.manage_token as string;
}

/** A status change by hand through PUT beach/bulkStatus (the normal flow), without the staff e-mail. */
export async function setStatus(ctx: TestContext, staffToken: string, stationIds: number[], statusId: number, reason: string) {
  const res = await ctx.call({
    method: 'PUT',
    url: '/api/beach/bulkStatus',
    token: staffToken,
    payload: { beach_station_ids: stationIds, beach_status_id: statusId, reason, send_email: false },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payload.status_changes as unknown[];
}
