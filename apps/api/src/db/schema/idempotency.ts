import { index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './people';

/**
 * The answers of batch writes sent with an Idempotency-Key (decision 0018): the same key from the same
 * user for the same call gets the stored answer again instead of writing again. A row is written in the
 * transaction of the write it answers, so a failed write leaves no key behind. Kept 24 hours.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.userId, { onDelete: 'cascade' }),
    /** The call, e.g. 'POST results/bulk'. */
    route: text('route').notNull(),
    idempotencyKey: text('idempotency_key').notNull(),
    /** SHA-256 of the request (its validated body, or query and file): a different request under the same key is refused. */
    requestHash: text('request_hash').notNull(),
    /** The payload of the first answer, as JSON; null while the first request is still running. */
    response: text('response'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ name: 'idempotency_keys_pk', columns: [t.userId, t.route, t.idempotencyKey] }), index('idempotency_keys_created_idx').on(t.createdAt)],
);
