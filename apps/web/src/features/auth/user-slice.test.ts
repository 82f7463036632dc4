import { describe, expect, it } from 'vitest';
import { sessionCleared } from '../../app/session-actions';
import { refreshUser, startSession } from './start-session';
import { makeProgram, makeToken, makeUser } from '../../test/fixtures';
import { passwordChanged } from './auth-slice';
import {
  clearSelectedProgram,
  selectMustChangePassword,
  setSelectedProgram,
  userReducer,
  type UserState,
} from './user-slice';

const empty: UserState = { user: null, selectedProgramId: null };
const start = (user = makeUser()) => startSession({ token: makeToken(100), user, forcePasswordChange: false });

function twoProgramUser() {
  const user = makeUser();
  const coastal = makeProgram(1, 'CCMP', 'Coastal');
  const lakes = makeProgram(2, 'LAKE', 'Lakes');
  user.organization.programs = [coastal, lakes];
  user.program_permissions = [coastal, lakes].map((program) => ({
    program,
    permission: { code: 'DATA_EDITING' },
    access_level: { code: 'USER' },
  }));
  return user;
}

describe('user slice', () => {
  it('stores the user at sign-in and auto-selects the organization’s only program', () => {
    const state = userReducer(empty, start());
    expect(state.user?.user_id).toBe(7);
    expect(state.selectedProgramId).toBe(1);
  });

  it('auto-selects the user’s only program when the organization has several', () => {
    const user = twoProgramUser();
    user.program_permissions = user.program_permissions.filter((p) => p.program.program_id === 2);
    expect(userReducer(empty, start(user)).selectedProgramId).toBe(2);
  });

  it('selects nothing when the user has several programs (or none)', () => {
    expect(userReducer(empty, start(twoProgramUser())).selectedProgramId).toBeNull();
    const none = makeUser();
    none.organization.programs = [];
    expect(userReducer(empty, start(none)).selectedProgramId).toBeNull();
  });

  it('sets and clears the selected program', () => {
    let state = userReducer(empty, start(twoProgramUser()));
    state = userReducer(state, setSelectedProgram(2));
    expect(state.selectedProgramId).toBe(2);
    state = userReducer(state, clearSelectedProgram());
    expect(state.selectedProgramId).toBeNull();
    state = userReducer(state, setSelectedProgram(1));
    expect(userReducer(state, setSelectedProgram(null)).selectedProgramId).toBeNull();
  });

  it('keeps the stored user in step with the current-user call, but only for the signed-in user', () => {
    const signedIn = userReducer(empty, start());
    const renamed = userReducer(signedIn, refreshUser(makeUser({ first_name: 'Janet' })));
    expect(renamed.user?.first_name).toBe('Janet');
    expect(userReducer(signedIn, refreshUser(makeUser({ user_id: 99 }))).user?.user_id).toBe(7);
    // A late response after logout must not sign the user back in.
    expect(userReducer(empty, refreshUser(makeUser())).user).toBeNull();
  });

  it('chooses the program on a refresh when none is chosen yet, and keeps one that is', () => {
    const none = makeUser();
    none.organization.programs = [];
    const signedIn = userReducer(empty, start(none));
    expect(signedIn.selectedProgramId).toBeNull();
    expect(userReducer(signedIn, refreshUser(makeUser())).selectedProgramId).toBe(1);
    const chosen = userReducer(userReducer(empty, start(twoProgramUser())), setSelectedProgram(2));
    expect(userReducer(chosen, refreshUser(makeUser())).selectedProgramId).toBe(2);
  });

  it('clears the user record’s forced-reset flag when the password is changed', () => {
    const flagged = userReducer(empty, start(makeUser({ force_password_reset: true })));
    expect(userReducer(flagged, passwordChanged()).user?.force_password_reset).toBe(false);
  });

  it('empties on session clear', () => {
    expect(userReducer(userReducer(empty, start()), sessionCleared())).toEqual(empty);
  });
});

describe('selectMustChangePassword', () => {
  const auth = { jwt: 't', expiry: 1, forcePasswordChange: false };
  it('is true when the login said so or the user record is flagged', () => {
    expect(selectMustChangePassword({ auth: { ...auth, forcePasswordChange: true }, user: empty })).toBe(true);
    expect(
      selectMustChangePassword({ auth, user: { user: makeUser({ force_password_reset: true }), selectedProgramId: null } }),
    ).toBe(true);
    expect(selectMustChangePassword({ auth, user: { user: makeUser(), selectedProgramId: null } })).toBe(false);
  });
});
