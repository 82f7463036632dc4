import type { AccessLevel } from '../constants';

/** NONE < USER < ADMIN (DESIGN 4). The rank doubles as the organization rule value (0 none, 1 user, 2 admin). */
const RANK: Record<AccessLevel, number> = { NONE: 0, USER: 1, ADMIN: 2 };

export function accessLevelRank(level: AccessLevel): number {
  return RANK[level];
}

export function levelAtLeast(level: AccessLevel, minLevel: AccessLevel): boolean {
  return RANK[level] >= RANK[minLevel];
}

export function lowerAccessLevel(a: AccessLevel, b: AccessLevel): AccessLevel {
  return RANK[a] <= RANK[b] ? a : b;
}

export function higherAccessLevel(a: AccessLevel, b: AccessLevel): AccessLevel {
  return RANK[a] >= RANK[b] ? a : b;
}

/**
 * An organization rule value read as a cap. Values above 2 still mean admin and anything that is not a
 * positive number (missing, negative, NaN) means none, so bad data can only take access away.
 */
export function accessLevelFromRule(value: number | null | undefined): AccessLevel {
  const n = Number(value);
  if (n >= 2) return 'ADMIN';
  if (n >= 1) return 'USER';
  return 'NONE';
}

export function isAccessLevel(value: unknown): value is AccessLevel {
  return typeof value === 'string' && Object.hasOwn(RANK, value);
}
