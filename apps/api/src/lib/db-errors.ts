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
