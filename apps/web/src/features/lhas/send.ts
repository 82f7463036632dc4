import type { LhaSave, LhaSaveInput } from '@beach/domain';

/**
 * The body to send: empty optional fields are left out (SPEC 5). The schema has already turned blanks
 * into null and an empty municipality list into [].
 */
export function lhaBody(values: LhaSave): LhaSaveInput {
  const body: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(values)) {
    if (value === null || value === undefined || value === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    body[key] = value;
  }
  return body as LhaSaveInput;
}
