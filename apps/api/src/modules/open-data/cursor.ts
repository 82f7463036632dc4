import { CODES } from '@beach/domain';
import { badRequest } from '../../lib/http';

/**
 * The results cursor: opaque to clients (base64url), inside the version and the key of the last row sent. A
 * page is "rows of the filter with a key above it, in key order", so a walk sees each row exactly once
 * whatever is added meanwhile (new rows get higher keys and arrive on later pages).
 */
const PREFIX = 'r1:';

export function encodeCursor(lastKey: number): string {
  return Buffer.from(`${PREFIX}${lastKey}`).toString('base64url');
}

export const CURSOR_MESSAGE = 'The cursor is not valid: send back next_cursor unchanged';

export function decodeCursor(cursor: string | undefined): number | null {
  if (cursor === undefined) return null;
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^r1:(\d{1,10})$/.exec(text);
  const key = match ? Number(match[1]) : NaN;
  if (!Number.isSafeInteger(key) || key > 2_147_483_647) {
    throw badRequest(CODES.VALIDATION_FAILED, CURSOR_MESSAGE, [{ field: 'cursor', message: CURSOR_MESSAGE }]);
  }
  return key;
}
