/** Codes, messages and limits taken verbatim from the specification (SPEC sections 2, 5, 8, 9). */

// CODES (./codes) and MESSAGES (./messages) are modules of their own, not re-exported here: the landing page
// needs LIMITS and neither of them, and the bundler puts every module a landing-page module imports (a
// re-export included) into the landing page's chunk. The package's index exports all three.

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 32,
  currentUserPollMs: 30_000,
  welcomeCheckMs: 60_000,
  backToTopPx: 100,
  licenseMs: 14_400_000,
  storageVersion: 1,
  cacheSeconds: 60,
  /** How long a browser may reuse a public read's answer: the Cache-Control max-age of the public JSON. */
  publicMaxAgeSeconds: 30,
  copyrightStartYear: 1996,
  /**
   * Failed logins for one account from one address within the window before 429. Per pair, not per
   * account: failures from elsewhere slow an account down (loginDelayMs) but never lock its owner out.
   */
  loginFailuresPerAccount: 5,
  /** Failed logins from one address within the window before 429 (an office shares one address). */
  loginFailuresPerAddress: 50,
  /** Failures of one account (from anywhere) before each further attempt is delayed, and the longest delay. */
  loginDelayAfterFailures: 5,
  loginDelayMaxMs: 10_000,
  /** Password recovery answers no sooner than this, known address or not, so its timing tells nothing. */
  recoveryMinResponseMs: 400,
  loginWindowMs: 15 * 60_000,
  recoveryTokenMs: 60 * 60_000,
  tokenLifetimeSeconds: 8 * 60 * 60,
  /** However often a token is refreshed, a session ends this long after its sign-in (ASVS 3.3.2). */
  sessionMaxSeconds: 12 * 60 * 60,
} as const;

export const STATION_TYPES = ['BOTH', 'PRIMARY', 'BRACKET'] as const;
export const LOCATION_TYPES = ['ALL', 'OCEAN', 'BAY', 'RIVER', 'LAKE'] as const;
export type StationType = (typeof STATION_TYPES)[number];
export type LocationType = (typeof LOCATION_TYPES)[number];

export const PERMISSION_AREAS = [
  'DATA_EDITING',
  'DATA_VERIFICATION',
  'SANITARY_SURVEYS',
  'INCIDENTS',
  'BEACH_STATUSES',
  'REPORTS',
] as const;
export type PermissionArea = (typeof PERMISSION_AREAS)[number];
export const ACCESS_LEVELS = ['NONE', 'USER', 'ADMIN'] as const;
export type AccessLevel = (typeof ACCESS_LEVELS)[number];

export const BEACH_STATUS_CODES = ['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED'] as const;
export type BeachStatusCode = (typeof BEACH_STATUS_CODES)[number];

export const BEACON_REASONS = ['ELEV_BACT', 'RAINFALL', 'SEWAGE', 'CHEM_OIL', 'MODEL', 'POLICY', 'OTHER'] as const;
export const BEACON_SOURCES = [
  'STORM', 'SEWER_LINE', 'SEPTIC', 'WILDLIFE', 'RUNOFF', 'BOAT', 'POTW', 'CSO', 'SSO', 'ALGAE', 'AGRICULTURAL', 'UNKNOWN', 'OTHER',
] as const;

/** Placeholder the spec prescribes for missing text in photo, survey, report and FAQ forms. */
export const NOT_APPLICABLE = 'N/A';
