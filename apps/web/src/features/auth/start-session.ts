import { autoSelectedProgram, type UserProfile } from '@beach/domain';
import { sessionStarted } from '../../app/session-actions';
import { userRefreshed } from './user-slice';

/**
 * The program chosen for the user at sign-in (SPEC 2 and 4): the organization's only program, or else the
 * user's only accessible program (an organization with two programs whose user may use just one of them).
 * Otherwise none: the selector asks.
 * Worked out where a session starts or the user is read again (the sign-in page, the portal's current-user poll),
 * never in the store's slices: the permission rules it needs then stay out of the public pages' first view.
 */
export function initialProgram(user: UserProfile): number | null {
  const programs = user.organization?.programs ?? [];
  if (programs.length === 1) return programs[0]?.program_id ?? null;
  return autoSelectedProgram(user)?.program_id ?? null;
}

/** A session starts, with the program chosen for the user. */
export function startSession(session: { token: string; user: UserProfile; forcePasswordChange: boolean }) {
  return sessionStarted({ ...session, programId: initialProgram(session.user) });
}

/** A fresher copy of the signed-in user, with the program to choose if none is chosen yet. */
export function refreshUser(user: UserProfile) {
  return userRefreshed({ user, programId: initialProgram(user) });
}
