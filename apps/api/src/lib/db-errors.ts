/** PostgreSQL error codes the services turn into clear answers; drivers and Drizzle wrap them differently. */
function pgCode(err: unknown): string | undefined {
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

/** A unique constraint refused the write (two saves raced past the service's own check). */
export const isUniqueViolation = (err: unknown) => pgCode(err) === '23505';
/** A foreign key refused the write (a referenced row vanished, or a row is still referenced). */
export const isForeignKeyViolation = (err: unknown) => pgCode(err) === '23503';

/**
 * The transaction lost a race and was rolled back whole (a deadlock between two writers, a serialization
 * failure): running it again is safe and usually succeeds.
 */
export const isRetryableConflict = (err: unknown) => {
  const code = pgCode(err);
  return code === '40P01' || code === '40001';
};

/**
 * The database could not be reached or went away mid-request (restart, failover, too many connections): the
 * client should try again shortly (with an Idempotency-Key a repeat is safe even if the first try committed).
 */
export function isDatabaseUnavailable(err: unknown): boolean {
  const code = pgCode(err);
  if (code && (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')) return true;
  for (let e: unknown = err, depth = 0; e && typeof e === 'object' && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const message = (e as { message?: unknown }).message;
    const errno = (e as { code?: unknown }).code;
    if (typeof message === 'string' && /Connection terminated|not queryable|connection error/i.test(message)) return true;
    if (errno === 'ECONNREFUSED' || errno === 'ECONNRESET') return true;
  }
  return false;
}
