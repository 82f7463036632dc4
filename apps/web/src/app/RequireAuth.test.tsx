import { CODES } from '@beach/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freshToken, makeToken, makeUser } from '../test/fixtures';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, signedInStore } from '../test/render-app';
import { startSession } from '../features/auth/start-session';
import { makeStore } from './store';

function api(user = makeUser()) {
  return mockFetch({
    'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: user } },
    'POST /api/login': { body: { code: CODES.LOGIN_SUCCESS, payload: { token: freshToken(), user } } },
  });
}

describe('RequireAuth', () => {
  it('sends a signed-out visitor to /login and back to the page after login', async () => {
    api();
    const { user, router } = renderApp('/portal/beaches/incidents');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');

    await user.type(screen.getByLabelText('Email address'), 'jane.doe@example.gov');
    await user.type(screen.getByLabelText('Password'), 'password123');
    await user.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Incident' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/beaches/incidents');
  });

  it('treats an expired session as signed out', async () => {
    api();
    const store = makeStore();
    store.dispatch(startSession({ token: makeToken(Math.floor(Date.now() / 1000) - 60), user: makeUser(), forcePasswordChange: false }));
    renderApp('/portal', store);
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
  });

  it('lets a signed-in user through', async () => {
    api();
    renderApp('/portal/results', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Results Entry' })).toBeInTheDocument();
  });

  it('replaces every page with Change Password while a change is forced', async () => {
    api();
    const { router } = renderApp('/portal/beaches', signedInStore({ forcePasswordChange: true }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/profile/changePassword');
  });

  it('also forces the change when the user record is flagged', async () => {
    const flagged = makeUser({ force_password_reset: true });
    api(flagged);
    renderApp('/portal', signedInStore({ user: flagged }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
  });
});
