import { CODES } from '@beach/domain';
import { describe, expect, it } from 'vitest';
import { authApi } from '../features/auth/api';
import { freshToken, makeUser } from '../test/fixtures';
import { mockFetch } from '../test/fetch-mock';
import { startSession } from '../features/auth/start-session';
import { makeStore } from './store';

function signedIn() {
  const store = makeStore();
  const token = freshToken();
  store.dispatch(startSession({ token, user: makeUser(), forcePasswordChange: false }));
  return { store, token };
}

describe('api base query', () => {
  it('calls /api/ with the Bearer token and reads the payload', async () => {
    const { store, token } = signedIn();
    const { calls } = mockFetch({ 'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser({ first_name: 'Janet' }) } } });
    const result = await store.dispatch(authApi.endpoints.getCurrentUser.initiate());
    expect(calls[0]).toMatchObject({ method: 'GET', path: '/api/user/current/', authorization: `Bearer ${token}` });
    expect(result.data?.first_name).toBe('Janet');
    // The user slice follows the current-user call.
    expect(store.getState().user.user?.first_name).toBe('Janet');
  });

  it('flattens errors to status and code', async () => {
    const store = makeStore();
    mockFetch({ 'POST /api/login': { status: 429, body: { code: CODES.TOO_MANY_ATTEMPTS, payload: null, message: 'slow down' } } });
    const result = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.gov', password: 'password1' }));
    expect(result.error).toEqual({ status: 429, code: CODES.TOO_MANY_ATTEMPTS, message: 'slow down', payload: null });
  });

  it('reports a network failure as FETCH_ERROR', async () => {
    const store = makeStore();
    const { fetchMock } = mockFetch({});
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const result = await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.gov', password: 'password1' }));
    expect(result.error).toMatchObject({ status: 'FETCH_ERROR', code: 'FETCH_ERROR' });
  });

  it('clears the session and the cache when the server says the token expired', async () => {
    const { store } = signedIn();
    mockFetch({ 'GET /api/login/verify/': { status: 401, body: { code: CODES.VERIFICATION_FAILED_EXPIRED, payload: null } } });
    await store.dispatch(authApi.endpoints.verifyToken.initiate());
    const state = store.getState();
    expect(state.auth).toEqual({ jwt: null, expiry: null, forcePasswordChange: false });
    expect(state.user).toEqual({ user: null, selectedProgramId: null });
    expect(Object.keys(state.api.queries)).toHaveLength(0);
  });

  it('keeps the session on other 401s (a wrong password is not an expired session)', async () => {
    const { store, token } = signedIn();
    mockFetch({ 'POST /api/login': { status: 401, body: { code: CODES.BAD_USER_NAME_OR_PASSWORD, payload: null } } });
    await store.dispatch(authApi.endpoints.login.initiate({ email: 'a@b.gov', password: 'password1' }));
    expect(store.getState().auth.jwt).toBe(token);
  });

  it('logout calls GET logout and resets auth, user and the cache even if the call fails', async () => {
    const { store } = signedIn();
    const { calls } = mockFetch({ 'GET /api/logout': { status: 500, body: { code: CODES.SERVER_ERROR, payload: null } } });
    await store.dispatch(authApi.endpoints.logout.initiate());
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/logout']);
    expect(store.getState().auth.jwt).toBeNull();
    expect(store.getState().user.user).toBeNull();
  });

  it('a refreshed token replaces the stored one', async () => {
    const { store } = signedIn();
    const newToken = freshToken().replace('signature', 'other');
    mockFetch({ 'GET /api/login/verify/refresh/': { body: { code: CODES.TOKEN_REFRESHED, payload: { token: newToken } } } });
    await store.dispatch(authApi.endpoints.refreshToken.initiate());
    expect(store.getState().auth.jwt).toBe(newToken);
  });
});
