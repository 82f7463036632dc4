import { z } from 'zod';
import { idSchema, isoDateSchema, pagingSchema } from './common';

export const AUDIT_CODES = { AUDIT_LOG_FOUND: 'AUDIT_LOG_FOUND' } as const;

/** GET audit/ query: who (user_id), which table, and a date range (inclusive, program time zone). */
export const auditQuerySchema = pagingSchema
  .extend({
    user_id: idSchema.optional(),
    table: z
      .string()
      .trim()
      .regex(/^[a-z_]{1,63}$/, 'Use a table name such as users')
      .optional(),
    from: isoDateSchema.optional(),
    to: isoDateSchema.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The end date is before the start date' });
export type AuditQuery = z.output<typeof auditQuerySchema>;

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

/** The web's types of GET audit/ (issue 30: one contract per call). */
export type AuditPage = z.infer<typeof auditListResponse>;
export type AuditEntry = AuditPage['list'][number];
export type AuditPerson = AuditPage['users'][number];
