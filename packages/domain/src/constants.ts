/** Codes, messages and limits taken verbatim from the specification (SPEC sections 2, 5, 8, 9). */

export const CODES = {
  LOGIN_SUCCESS: 'LOGIN_SUCCESS',
  LOGIN_SUCCESS_FORCE_PW_CHANGE: 'LOGIN_SUCCESS_FORCE_PW_CHANGE',
  BAD_USER_NAME_OR_PASSWORD: 'BAD_USER_NAME_OR_PASSWORD',
  VERIFICATION_SUCCESS: 'VERIFICATION_SUCCESS',
  VERIFICATION_FAILED_EXPIRED: 'VERIFICATION_FAILED_EXPIRED',
  TOKEN_REFRESHED: 'TOKEN_REFRESHED',
  TOKEN_CREATED: 'TOKEN_CREATED',
  TOKEN_VALID: 'TOKEN_VALID',
  TOKEN_INVALID: 'TOKEN_INVALID',
  LOGGED_OUT: 'LOGGED_OUT',
  USER_FOUND: 'USER_FOUND',
  SAVED_USER_ACTIVE: 'SAVED_USER_ACTIVE',
  USER_SAVE_FAILED: 'USER_SAVE_FAILED',
  PASSWORD_CHANGED: 'PASSWORD_CHANGED',
  USER_BAD_VALIDATION: 'USER_BAD_VALIDATION',
  RETRIEVED_FILTER_LIST: 'RETRIEVED_FILTER_LIST',
  RETRIEVED_USER_LIST: 'RETRIEVED_USER_LIST',
  SAVED_BEACH_ACTIVE: 'SAVED_BEACH_ACTIVE',
  BEACH_SAVE_FAILED: 'BEACH_SAVE_FAILED',
  ORGANIZATIONS_FOUND: 'ORGANIZATIONS_FOUND',
  LHA_FOUND: 'LHA_FOUND',
  RETRIEVE_PROGRAM_LIST: 'RETRIEVE_PROGRAM_LIST',
  RETRIEVED_RULE_FILTER_LIST: 'RETRIEVED_RULE_FILTER_LIST',
  VALIDATION_FAILED: 'VALIDATION_FAILED',
  UNAUTHENTICATED: 'UNAUTHENTICATED',
  FORBIDDEN: 'FORBIDDEN',
  NOT_FOUND: 'NOT_FOUND',
  CONFLICT: 'CONFLICT',
  TOO_MANY_ATTEMPTS: 'TOO_MANY_ATTEMPTS',
  PAYLOAD_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  UNSUPPORTED_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  SERVER_ERROR: 'SERVER_ERROR',
  OK: 'OK',
} as const;
export type ResponseCode = (typeof CODES)[keyof typeof CODES];

export const MESSAGES = {
  emailRequired: 'Email address is required',
  emailInvalid: 'Email Address is invalid',
  passwordRequired: 'Password is required',
  passwordTooShort: 'Password must be more than 8 characters',
  passwordTooLong: 'Password must be less than 32 characters',
  passwordsDiffer: 'Passwords do not match',
  tokenCreateFailed: 'Failed to create token',
  userStatusFailed: 'Failed to update user status.',
  passwordChangeFailed: 'Failed to change password',
  currentPasswordRequired: 'Current password is required',
  currentPasswordWrong: 'The current password is incorrect.',
  passwordTooCommon: 'This password is one of the most common passwords. Please choose another.',
  passwordIsEmail: 'The password must not be your e-mail address.',
  passwordBlank: 'The password must not be only spaces.',
  filterListFailed: 'Could not retrieve filter list.',
  userListFailed: 'Could not retrieve user list.',
  organizationsFailed: 'Could not retrieve organizations list.',
  lhaListFailed: 'Could not retrieve lha list.',
  loginNoPayload: 'Expected user profile, received nothing.',
  badCredentials: 'The email address or password is incorrect.',
  tooManyAttempts: 'Too many attempts. Please wait 15 minutes and try again.',
  multiplePrograms:
    'You are associated with multiple beach programs, please select a program to access program specific pages.',
  // Spelling kept exactly as the specification gives it.
  missingProgramPermissions: 'Missing program permissions. This is an error, please contact an adminsitrator.',
  filtersLoadFailed: 'There was a problem loading the data filters snapshot data from the server.',
  loadingFilters: 'Loading Filters...',
  municipalityHint: 'To filter by municipality, select a county above.',
  countError: 'Error...',
  unknownCount: 'Unknown Count',
  selectProgram: 'Select a program',
  noProgram: '-No Program-',
} as const;

export const LIMITS = {
  passwordMin: 8,
  passwordMax: 32,
  currentUserPollMs: 30_000,
  welcomeCheckMs: 60_000,
  backToTopPx: 100,
  licenseMs: 14_400_000,
  rehydrateTimeoutMs: 5_000,
  storageVersion: 1,
  cacheSeconds: 60,
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
