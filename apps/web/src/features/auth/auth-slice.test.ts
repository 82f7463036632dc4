import { describe, expect, it } from 'vitest';
import { sessionCleared } from '../../app/session-actions';
import { startSession } from './start-session';
import { makeToken, makeUser } from '../../test/fixtures';
import { authReducer, isSessionValid, passwordChanged, selectIsLoggedIn, tokenRefreshed, type AuthState } from './auth-slice';

const empty: AuthState = { jwt: null, expiry: null, forcePasswordChange: false };

describe('auth slice', () => {
  it('stores the token at sign-in with its expiry read from exp (seconds -> ms)', () => {
    const token = makeToken(2_000_000_000);
    const state = authReducer(empty, startSession({ token, user: makeUser(), forcePasswordChange: true }));
    expect(state).toEqual({ jwt: token, expiry: 2_000_000_000_000, forcePasswordChange: true });
  });

  it('replaces token and expiry on refresh', () => {
    const signedIn = authReducer(empty, startSession({ token: makeToken(100), user: makeUser(), forcePasswordChange: false }));
    const refreshed = authReducer(signedIn, tokenRefreshed(makeToken(200)));
    expect(refreshed.expiry).toBe(200_000);
  });

  it('clears the forced change once the password is changed', () => {
    const forced = authReducer(empty, startSession({ token: makeToken(100), user: makeUser(), forcePasswordChange: true }));
    expect(authReducer(forced, passwordChanged()).forcePasswordChange).toBe(false);
  });

  it('goes back to empty when the session is cleared', () => {
    const signedIn = authReducer(empty, startSession({ token: makeToken(100), user: makeUser(), forcePasswordChange: true }));
    expect(authReducer(signedIn, sessionCleared())).toEqual(empty);
  });
});

describe('session validity', () => {
  const now = 1_000_000;
  it('is valid only with an expiry that has not passed', () => {
    expect(isSessionValid({ jwt: 't', expiry: now + 1, forcePasswordChange: false }, now)).toBe(true);
    expect(isSessionValid({ jwt: 't', expiry: now, forcePasswordChange: false }, now)).toBe(false);
    expect(isSessionValid({ jwt: 't', expiry: now - 1, forcePasswordChange: false }, now)).toBe(false);
    expect(isSessionValid({ jwt: 't', expiry: null, forcePasswordChange: false }, now)).toBe(false);
    expect(isSessionValid({ jwt: null, expiry: now + 1, forcePasswordChange: false }, now)).toBe(false);
  });

  it('selectIsLoggedIn reads the auth slice', () => {
    expect(selectIsLoggedIn({ auth: { jwt: 't', expiry: now + 5, forcePasswordChange: false } }, now)).toBe(true);
    expect(selectIsLoggedIn({ auth: empty }, now)).toBe(false);
  });
});
