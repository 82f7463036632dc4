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
