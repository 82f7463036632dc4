import { z } from 'zod';

const auditUser = z.object({ user_id: z.number(), first_name: z.string(), last_name: z.string(), email: z.string() });

/** GET audit/ response (the query is @beach/domain auditQuerySchema). before/after are the record as JSON. */
export const auditListResponse = z.object({
  list: z.array(
    z.object({
      audit_id: z.number(),
      /** ISO 8601 instant. */
      at: z.string(),
      user: auditUser.nullable(),
      /** CREATE, UPDATE, DELETE, or a named action such as PASSWORD_CHANGE. */
      action: z.string(),
      table: z.string(),
      record_id: z.string(),
      program_id: z.number().nullable(),
      before: z.unknown(),
      after: z.unknown(),
    }),
  ),
  total: z.number(),
  page: z.number(),
  page_size: z.number(),
  /** Table names present in the log, for the filter. */
  tables: z.array(z.string()),
  /** The people with rows the reader may see, by name, for the "who" filter (user_id). */
  users: z.array(auditUser),
});
