import { CODES } from '@beach/domain';
import { describe, expect, it, vi } from 'vitest';
import { authApi } from '../features/auth/api';
import { extend } from '../features/license/license-slice';
import { mockFetch } from '../test/fetch-mock';
import { freshToken, makeUser } from '../test/fixtures';
import { STORAGE_KEY } from './persistence';
import { sessionCleared } from './session-actions';
import { startSession } from '../features/auth/start-session';
import { makeStore } from './store';

const stored = () => window.localStorage.getItem(STORAGE_KEY);

function signIn(store = makeStore()) {
  store.dispatch(startSession({ token: freshToken(), user: makeUser(), forcePasswordChange: false }));
  return store;
}

describe('the store keeps auth, user and license in localStorage (SPEC 4, Persistence)', () => {
  it('saves a login at once, and a new store (the next visit) starts from it', () => {
    const first = signIn();
    first.dispatch(extend());
    // Saved by the time dispatch returns: a reload right after it keeps the session.
    expect(stored()).toMatch(/"jwt\\?":\\?"ey/);

    const second = makeStore();
    expect(second.getState().auth).toEqual(first.getState().auth);
    expect(second.getState().user).toEqual(first.getState().user);
    expect(second.getState().license).toEqual(first.getState().license);
    expect(second.getState().auth.jwt).toMatch(/^ey/);
  });

  it('saves the sign-out too: no token is left in storage', () => {
    const store = signIn();
    const token = store.getState().auth.jwt ?? 'no token';
    expect(stored()).toContain(token);
    store.dispatch(sessionCleared());
    expect(stored()).not.toContain(token);
    expect(JSON.parse(JSON.parse(stored() ?? '{}').auth)).toEqual({ jwt: null, expiry: null, forcePasswordChange: false });
    expect(makeStore().getState().auth.jwt).toBeNull();
  });

  it('never saves the API cache, and writes nothing when only the API cache changes', async () => {
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const store = makeStore();
    mockFetch({ 'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser() } } });
    await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);
    expect(setItem).not.toHaveBeenCalled();

    signIn(store);
    expect(setItem).toHaveBeenCalledTimes(1);
    expect(Object.keys(JSON.parse(stored() ?? '{}'))).toEqual(['auth', 'user', 'license', '_persist']);
  });

  it('starts signed out when localStorage throws on read, and works on when it throws on write', () => {
    signIn();
    const getItem = vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    expect(makeStore().getState().auth.jwt).toBeNull();
    expect(getItem).toHaveBeenCalled();
    getItem.mockRestore();

    window.localStorage.clear();
    const setItem = vi.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('Quota exceeded', 'QuotaExceededError');
    });
    const store = signIn();
    expect(setItem).toHaveBeenCalled();
    expect(store.getState().auth.jwt).toMatch(/^ey/);
    expect(stored()).toBeNull();
  });

  it('on the server (no window) reads nothing, writes nothing and warns nothing', () => {
    signIn();
    const getItem = vi.spyOn(Storage.prototype, 'getItem');
    const setItem = vi.spyOn(Storage.prototype, 'setItem');
    const warn = vi.spyOn(console, 'warn');
    const error = vi.spyOn(console, 'error');
    vi.stubGlobal('window', undefined);

    const store = makeStore();
    expect(store.getState().auth.jwt).toBeNull();
    signIn(store);
    expect(store.getState().auth.jwt).toMatch(/^ey/);
    expect(getItem).not.toHaveBeenCalled();
    expect(setItem).not.toHaveBeenCalled();
    expect(warn).not.toHaveBeenCalled();
    expect(error).not.toHaveBeenCalled();
  });
});
