import { createAction } from '@reduxjs/toolkit';
import type { UserProfile } from '@beach/domain';

/**
 * Actions that more than one slice answers. They live here, not in a feature, so the API layer can
 * end a session without importing a feature.
 */
/** A session starts: made by startSession (features/auth/start-session.ts), which chooses the program. */
export const sessionStarted = createAction<{ token: string; user: UserProfile; forcePasswordChange: boolean; programId: number | null }>(
  'session/started',
);

/** Logout, an expired token or a rejected token: auth and user go back to empty. */
export const sessionCleared = createAction('session/cleared');
