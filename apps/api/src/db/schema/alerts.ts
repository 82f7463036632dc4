import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { beachStatusHistory } from './beaches';

/** Public beach alerts by e-mail (migration 0024, decision 0044): one row per address, no account. */
export const alertSubscribers = pgTable(
  'alert_subscribers',
  {
    alertSubscriberId: serial('alert_subscriber_id').primaryKey(),
    email: text('email').notNull().unique('alert_subscribers_email_unique'),
    language: text('language').notNull(),
    /** Random; the manage token is HMAC(server secret, salt), so the database alone never holds a usable token. */
    tokenSalt: text('token_salt').notNull(),
    manageTokenHash: text('manage_token_hash').notNull().unique('alert_subscribers_manage_token_unique'),
    confirmTokenHash: text('confirm_token_hash').unique('alert_subscribers_confirm_token_unique'),
    confirmExpiresAt: timestamp('confirm_expires_at', { withTimezone: true, mode: 'date' }),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true, mode: 'date' }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    check('alert_subscribers_language', sql`${t.language} in ('en','es')`),
    check('alert_subscribers_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/** What a subscriber follows: a beach, a municipality or a county. */
export const alertSubscriptions = pgTable(
  'alert_subscriptions',
  {
    alertSubscriberId: integer('alert_subscriber_id')
      .notNull()
      .references(() => alertSubscribers.alertSubscriberId, { onDelete: 'cascade' }),
    scope: text('scope').notNull(),
    scopeId: integer('scope_id').notNull(),
  },
  (t) => [
    primaryKey({ name: 'alert_subscriptions_pk', columns: [t.alertSubscriberId, t.scope, t.scopeId] }),
    check('alert_subscriptions_scope', sql`${t.scope} in ('BEACH','MUNICIPALITY','COUNTY')`),
    index('alert_subscriptions_scope_idx').on(t.scope, t.scopeId),
  ],
);

/** One row per change mailed to a subscriber, written with the outbox row: never twice. */
export const alertDeliveries = pgTable(
  'alert_deliveries',
  {
    alertSubscriberId: integer('alert_subscriber_id')
      .notNull()
      .references(() => alertSubscribers.alertSubscriberId, { onDelete: 'cascade' }),
    beachStatusHistoryId: integer('beach_status_history_id')
      .notNull()
      .references(() => beachStatusHistory.beachStatusHistoryId, { onDelete: 'cascade' }),
    mailId: integer('mail_id'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'alert_deliveries_pk', columns: [t.alertSubscriberId, t.beachStatusHistoryId] })],
);
