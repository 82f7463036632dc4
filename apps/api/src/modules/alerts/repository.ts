import { sql } from 'drizzle-orm';
import type { AlertChange, AlertLanguage, AlertScope, AlertSubscriptionScope } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';
import { isPublicStation, publicStationsFrom } from '../public-site/repository/visibility';

/** Public beach alerts (decision 0044): subscribers, what they follow, and what was mailed to whom. */

const intArray = (values: readonly number[]) => sql`${sql.param([...values])}::int[]`;

export interface SubscriberRecord {
  alert_subscriber_id: number;
  email: string;
  language: AlertLanguage;
  token_salt: string;
  confirmed: boolean;
  confirm_expired: boolean;
}

const subscriberColumns = sql`alert_subscriber_id, email, language, token_salt, confirmed_at is not null as confirmed,
  coalesce(confirm_expires_at < now(), false) as confirm_expired`;

export async function findSubscriberByEmail(db: DbOrTx, email: string, lock = false): Promise<SubscriberRecord | undefined> {
  const [row] = await queryRows<SubscriberRecord>(
    db,
    sql`select ${subscriberColumns} from alert_subscribers where email = ${email} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function findSubscriberByManageHash(db: DbOrTx, hash: string, lock = false): Promise<SubscriberRecord | undefined> {
  const [row] = await queryRows<SubscriberRecord>(
    db,
    sql`select ${subscriberColumns} from alert_subscribers where manage_token_hash = ${hash} ${lock ? sql`for update` : sql``}`,
  );
  return row;
}

export async function findSubscriberByConfirmHash(db: DbOrTx, hash: string): Promise<SubscriberRecord | undefined> {
  const [row] = await queryRows<SubscriberRecord>(
    db,
    sql`select ${subscriberColumns} from alert_subscribers where confirm_token_hash = ${hash} for update`,
  );
  return row;
}

export async function insertSubscriber(
  db: DbOrTx,
  s: { email: string; language: AlertLanguage; tokenSalt: string; manageTokenHash: string; confirmTokenHash: string; confirmExpiresAt: Date },
): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into alert_subscribers (email, language, token_salt, manage_token_hash, confirm_token_hash, confirm_expires_at)
        values (${s.email}, ${s.language}, ${s.tokenSalt}, ${s.manageTokenHash}, ${s.confirmTokenHash}, ${s.confirmExpiresAt.toISOString()}::timestamptz)
        on conflict (email) do nothing
        returning alert_subscriber_id as id`,
  );
  return row?.id ?? 0;
}

/** A pending (unconfirmed) subscriber asked again: its new language and a new confirmation token (the old link stops working). */
export async function renewPending(db: DbOrTx, id: number, language: AlertLanguage, confirmTokenHash: string, confirmExpiresAt: Date): Promise<void> {
  await db.execute(sql`update alert_subscribers set language = ${language}, confirm_token_hash = ${confirmTokenHash},
                         confirm_expires_at = ${confirmExpiresAt.toISOString()}::timestamptz
                       where alert_subscriber_id = ${id} and confirmed_at is null`);
}

export async function markConfirmed(db: DbOrTx, id: number): Promise<void> {
  await db.execute(sql`update alert_subscribers set confirmed_at = now(), confirm_token_hash = null, confirm_expires_at = null
                       where alert_subscriber_id = ${id}`);
}

export async function setLanguage(db: DbOrTx, id: number, language: AlertLanguage): Promise<void> {
  await db.execute(sql`update alert_subscribers set language = ${language} where alert_subscriber_id = ${id}`);
}

export async function deleteSubscriber(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await queryRows<{ id: number }>(db, sql`delete from alert_subscribers where alert_subscriber_id = ${id} returning alert_subscriber_id as id`);
  return rows.length > 0;
}

export async function replaceScopes(db: DbOrTx, id: number, scopes: readonly AlertSubscriptionScope[]): Promise<void> {
  await db.execute(sql`delete from alert_subscriptions where alert_subscriber_id = ${id}`);
  if (scopes.length === 0) return;
  await db.execute(sql`insert into alert_subscriptions (alert_subscriber_id, scope, scope_id)
    select ${id}, scope, scope_id from unnest(${sql.param(scopes.map((s) => s.scope))}::text[], ${intArray(scopes.map((s) => s.scope_id))}) as u(scope, scope_id)
    on conflict do nothing`);
}

export interface NamedScope {
  scope: AlertScope;
  scope_id: number;
  name: string;
}

export async function listScopes(db: DbOrTx, id: number): Promise<NamedScope[]> {
  return queryRows<NamedScope>(
    db,
    sql`select a.scope, a.scope_id,
               coalesce(b.name, m.name, c.name || ' County', '') as name
        from alert_subscriptions a
        left join beaches b on a.scope = 'BEACH' and b.beach_id = a.scope_id
        left join municipalities m on a.scope = 'MUNICIPALITY' and m.municipality_id = a.scope_id
        left join counties c on a.scope = 'COUNTY' and c.county_id = a.scope_id
        where a.alert_subscriber_id = ${id}
        order by a.scope, name`,
  );
}

/** Beaches, municipalities and counties with at least one public station: what can be followed. */
export async function listFollowablePlaces(db: DbOrTx) {
  const rows = await queryRows<{ beach_id: number; beach: string; municipality_id: number; municipality: string; county_id: number; county: string }>(
    db,
    sql`select distinct b.beach_id, b.name as beach, m.municipality_id, m.name as municipality, c.county_id, c.name as county
        from ${publicStationsFrom} where ${isPublicStation}`,
  );
  return rows;
}

/** Which of these ids name a followable place of that kind (an unknown id is a 400, never a silent drop). */
export async function knownPlaceIds(db: DbOrTx): Promise<{ beaches: Set<number>; municipalities: Set<number>; counties: Set<number> }> {
  const rows = await listFollowablePlaces(db);
  return {
    beaches: new Set(rows.map((r) => r.beach_id)),
    municipalities: new Set(rows.map((r) => r.municipality_id)),
    counties: new Set(rows.map((r) => r.county_id)),
  };
}

// ---- Delivery -------------------------------------------------------------------------------------------

/** Pending (subscriber, change) pairs: public status changes after confirmation, not yet mailed, within the look-back. */
export async function listPendingPairs(db: DbOrTx, lookbackHours: number, subscriberId?: number): Promise<{ subscriber: number; history: number }[]> {
  return queryRows(
    db,
    sql`select distinct sub.alert_subscriber_id as subscriber, h.beach_status_history_id as history
        from beach_status_history h
        join beach_stations s on s.beach_station_id = h.beach_station_id
        join beach_stations p on p.beach_station_id = coalesce(s.primary_station_id, s.beach_station_id)
        join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id
        join alert_subscriptions a on (a.scope = 'BEACH' and a.scope_id = b.beach_id)
                                   or (a.scope = 'MUNICIPALITY' and a.scope_id = m.municipality_id)
                                   or (a.scope = 'COUNTY' and a.scope_id = m.county_id)
        join alert_subscribers sub on sub.alert_subscriber_id = a.alert_subscriber_id
        where h.changed_at > now() - ${lookbackHours} * interval '1 hour'
          and h.source <> 'IMPORT'
          and h.from_status_id is distinct from h.to_status_id
          and ${isPublicStation}
          and sub.confirmed_at is not null and h.changed_at >= sub.confirmed_at
          ${subscriberId ? sql`and sub.alert_subscriber_id = ${subscriberId}` : sql``}
          and not exists (select 1 from alert_deliveries d
                          where d.alert_subscriber_id = sub.alert_subscriber_id and d.beach_status_history_id = h.beach_status_history_id)
        order by 1, 2`,
  );
}

/** Locks a confirmed subscriber for its delivery (a concurrent job waits, then finds the changes taken). */
export async function lockConfirmedSubscriber(db: DbOrTx, id: number): Promise<SubscriberRecord | undefined> {
  const [row] = await queryRows<SubscriberRecord>(
    db,
    sql`select ${subscriberColumns} from alert_subscribers where alert_subscriber_id = ${id} and confirmed_at is not null for update`,
  );
  return row;
}

/** Records the changes as mailed to the subscriber; returns those not recorded before (the ones to mail). */
export async function claimDeliveries(db: DbOrTx, subscriberId: number, historyIds: readonly number[]): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`insert into alert_deliveries (alert_subscriber_id, beach_status_history_id)
        select ${subscriberId}, id from unnest(${intArray(historyIds)}) as u(id)
        on conflict do nothing
        returning beach_status_history_id as id`,
  );
  return rows.map((r) => r.id);
}

/** The outbox row just written in this transaction, for the delivery rows. */
export async function linkDeliveriesToLastMail(db: DbOrTx, subscriberId: number, historyIds: readonly number[]): Promise<void> {
  await db.execute(sql`update alert_deliveries set mail_id = currval(pg_get_serial_sequence('mail_outbox', 'mail_id'))
                       where alert_subscriber_id = ${subscriberId} and beach_status_history_id = any(${intArray(historyIds)})`);
}

/** What an alert says about each change. */
export async function listChanges(db: DbOrTx, historyIds: readonly number[]): Promise<AlertChange[]> {
  const rows = await queryRows<AlertChange & { r_indicator: string | null; r_value: number | null; r_remark: string | null; r_unit: string | null; r_day: string | null }>(
    db,
    sql`select h.beach_status_history_id, b.name as beach_name, s.station_name, m.name as municipality, c.name || ' County' as county,
               fs.code as from_code, fs.name as from_name, ts.code as to_code, ts.name as to_name,
               h.effective_date::text as effective_date, h.reason,
               par.name as r_indicator, r.value as r_value, rc.code as r_remark, u.name as r_unit, r.sample_date::text as r_day
        from beach_status_history h
        join beach_stations s on s.beach_station_id = h.beach_station_id
        join beaches b on b.beach_id = s.beach_id
        join municipalities m on m.municipality_id = b.municipality_id
        join counties c on c.county_id = m.county_id
        left join beach_statuses fs on fs.beach_status_id = h.from_status_id
        join beach_statuses ts on ts.beach_status_id = h.to_status_id
        left join results r on r.result_id = h.result_id
        left join parameters par on par.parameter_id = r.parameter_id
        left join remark_codes rc on rc.remark_code_id = r.remark_code_id
        left join result_units u on u.result_unit_id = r.result_unit_id
        where h.beach_status_history_id = any(${intArray(historyIds)})
        order by h.beach_status_history_id`,
  );
  return rows.map(({ r_indicator, r_value, r_remark, r_unit, r_day, ...c }) => ({
    ...c,
    result: r_indicator && r_day ? { indicator: r_indicator, value: r_value === null ? null : Number(r_value), remark_code: r_remark, unit: r_unit ?? '', sample_date: r_day } : null,
  }));
}

// ---- Staff ----------------------------------------------------------------------------------------------

/** Confirmed subscribers covering a beach, by the scope that covers it and in all (distinct). */
export async function countSubscribersOfBeach(db: DbOrTx, beachId: number) {
  const [row] = await queryRows<{ total: number; beach: number; municipality: number; county: number }>(
    db,
    sql`select count(distinct a.alert_subscriber_id)::int as total,
               count(distinct a.alert_subscriber_id) filter (where a.scope = 'BEACH')::int as beach,
               count(distinct a.alert_subscriber_id) filter (where a.scope = 'MUNICIPALITY')::int as municipality,
               count(distinct a.alert_subscriber_id) filter (where a.scope = 'COUNTY')::int as county
        from beaches b join municipalities m on m.municipality_id = b.municipality_id
        join alert_subscriptions a on (a.scope = 'BEACH' and a.scope_id = b.beach_id)
                                   or (a.scope = 'MUNICIPALITY' and a.scope_id = m.municipality_id)
                                   or (a.scope = 'COUNTY' and a.scope_id = m.county_id)
        join alert_subscribers sub on sub.alert_subscriber_id = a.alert_subscriber_id and sub.confirmed_at is not null
        where b.beach_id = ${beachId}`,
  );
  return row ?? { total: 0, beach: 0, municipality: 0, county: 0 };
}

/** Confirmed subscribers whose alerts cover at least one beach of the program, with what they follow there. */
export async function listProgramSubscribers(db: DbOrTx, programId: number) {
  return queryRows<{ email: string; language: string; confirmed_at: string; beaches: string }>(
    db,
    sql`select sub.email, sub.language, to_char(sub.confirmed_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as confirmed_at,
               string_agg(distinct b.name, '; ' order by b.name) as beaches
        from beaches b join municipalities m on m.municipality_id = b.municipality_id
        join alert_subscriptions a on (a.scope = 'BEACH' and a.scope_id = b.beach_id)
                                   or (a.scope = 'MUNICIPALITY' and a.scope_id = m.municipality_id)
                                   or (a.scope = 'COUNTY' and a.scope_id = m.county_id)
        join alert_subscribers sub on sub.alert_subscriber_id = a.alert_subscriber_id and sub.confirmed_at is not null
        where b.program_id = ${programId}
        group by sub.alert_subscriber_id, sub.email, sub.language, sub.confirmed_at
        order by sub.email`,
  );
}
