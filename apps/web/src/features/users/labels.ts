import type { AccessLevel, PermissionArea } from '@beach/domain';

/** Permission areas in plain words, in the domain's order. */
export const AREA_LABELS: Record<PermissionArea, string> = {
  DATA_EDITING: 'Data editing',
  DATA_VERIFICATION: 'Data verification',
  SANITARY_SURVEYS: 'Sanitary surveys',
  INCIDENTS: 'Incidents',
  BEACH_STATUSES: 'Beach statuses',
  REPORTS: 'Reports',
};

export const LEVEL_LABELS: Record<AccessLevel, string> = { NONE: 'None', USER: 'User', ADMIN: 'Admin' };

export const USER_SAVED_NOTICE = 'The user was saved.';
export const USER_CREATED_NOTICE = 'The user was created.';
