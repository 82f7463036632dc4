import type { DbOrTx } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  userId: number | null;
  action: 'CREATE' | 'UPDATE' | 'DELETE' | string;
  tableName: string;
  recordId: string | number;
  programId?: number | null;
  before?: unknown;
  after?: unknown;
}

/** Who, when, what, before and after: written in the same transaction as the change it describes. */
export async function writeAudit(db: DbOrTx, entry: AuditEntry): Promise<void> {
  await db.insert(auditLog).values({
    userId: entry.userId,
    action: entry.action,
    tableName: entry.tableName,
    recordId: String(entry.recordId),
    programId: entry.programId ?? null,
    before: entry.before === undefined ? null : JSON.stringify(redact(entry.before)),
    after: entry.after === undefined ? null : JSON.stringify(redact(entry.after)),
  });
}

/** Secrets never reach the audit log; flags about them (force_password_reset) are not secrets and stay. */
function redact(value: unknown): unknown {
  if (!value || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(redact);
  return Object.fromEntries(
    Object.entries(value).map(([k, v]) => [k, /password|token/i.test(k) && typeof v !== 'boolean' ? '[redacted]' : redact(v)]),
  );
}
