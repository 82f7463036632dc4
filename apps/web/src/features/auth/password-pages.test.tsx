import { CODES, MESSAGES } from '@beach/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';

const currentUser = { 'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser() } } };

async function typeNewPassword(user: ReturnType<typeof renderApp>['user'], password: string, retype = password) {
  const fresh = await screen.findByLabelText('New password');
  const current = screen.queryByLabelText('Current password');
  if (current) await user.type(current, 'demo-pass-2026');
  await user.type(fresh, password);
  await user.type(screen.getByLabelText('Retype new password'), retype);
  await user.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('Change Password', () => {
  it('validates both fields with the spec’s messages', async () => {
    mockFetch(currentUser);
    const { user } = renderApp('/portal/profile/changePassword', signedInStore());
    await screen.findByLabelText('New password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.passwordRequired));
    expect(screen.getByLabelText('Retype new password')).toHaveAccessibleDescription(MESSAGES.passwordRequired);
  });

  it('after a forced change clears the flag and goes on to the portal', async () => {
    const { calls } = mockFetch({ ...currentUser, 'PUT /api/user/password/': { body: { code: CODES.PASSWORD_CHANGED, payload: null } } });
    const { user, store, router } = renderApp('/portal', signedInStore({ forcePasswordChange: true }));
    expect(await screen.findByText('You must change your password before you can use the portal.')).toBeInTheDocument();
    await typeNewPassword(user, 'new password 1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal');
    expect(screen.getByText('Your password was changed.')).toBeInTheDocument();
    expect(store.getState().auth.forcePasswordChange).toBe(false);
    expect(calls.find((c) => c.path === '/api/user/password/')?.body).toEqual({
      currentPassword: 'demo-pass-2026',
      newPassword: 'new password 1',
      newPasswordRetype: 'new password 1',
    });
  });

  it('confirms a voluntary change and stays on the page', async () => {
    mockFetch({ ...currentUser, 'PUT /api/user/password/': { body: { code: CODES.PASSWORD_CHANGED, payload: null } } });
    const { user, router } = renderApp('/portal/profile/changePassword', signedInStore());
    await typeNewPassword(user, 'new password 1');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.');
    expect(router.state.location.pathname).toBe('/portal/profile/changePassword');
  });

  it('asks for the current password', async () => {
    mockFetch(currentUser);
    const { user } = renderApp('/portal/profile/changePassword', signedInStore());
    await screen.findByLabelText('Current password');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(screen.getByLabelText('Current password')).toHaveAccessibleDescription(MESSAGES.currentPasswordRequired);
  });

  it("adds the server's reason to the spec's message", async () => {
    mockFetch({
      ...currentUser,
      'PUT /api/user/password/': {
        status: 400,
        body: { code: CODES.USER_BAD_VALIDATION, message: MESSAGES.passwordChangeFailed, payload: [{ field: 'currentPassword', message: MESSAGES.currentPasswordWrong }] },
      },
    });
    const { user } = renderApp('/portal/profile/changePassword', signedInStore());
    await typeNewPassword(user, 'new password 1');
    expect(await screen.findByRole('alert')).toHaveTextContent(`${MESSAGES.passwordChangeFailed}: ${MESSAGES.currentPasswordWrong}`);
  });

  it('reports USER_BAD_VALIDATION as "Failed to change password"', async () => {
    mockFetch({ ...currentUser, 'PUT /api/user/password/': { status: 400, body: { code: CODES.USER_BAD_VALIDATION, payload: null } } });
    const { user, store } = renderApp('/portal/profile/changePassword', signedInStore({ forcePasswordChange: true }));
    await typeNewPassword(user, 'new password 1');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordChangeFailed);
    expect(store.getState().auth.forcePasswordChange).toBe(true);
  });
});

describe('Forgot Password', () => {
  async function submit(reply: Reply) {
    const { calls } = mockFetch({ 'POST /api/login/recover/': reply });
    const { user } = renderApp('/forgotten-password');
    await user.type(await screen.findByLabelText('Email address'), 'Jane.Doe@Example.gov');
    await user.click(screen.getByRole('button', { name: 'Send reset link' }));
    return calls;
  }

  it('confirms TOKEN_CREATED without saying whether the account exists', async () => {
    const calls = await submit({ body: { code: CODES.TOKEN_CREATED, payload: null } });
    expect(await screen.findByRole('status')).toHaveTextContent(
      'If an account exists for that address, we sent a link to reset the password.',
    );
    expect(calls[0]?.body).toEqual({ email: 'jane.doe@example.gov' });
  });

  it('shows "Failed to create token" for any other answer', async () => {
    await submit({ status: 500, body: { code: CODES.SERVER_ERROR, payload: null } });
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.tokenCreateFailed);
  });
});

describe('Reset password from a link', () => {
  it('refuses an invalid or expired link', async () => {
    mockFetch({ 'GET /api/login/recover/bad-token': { status: 404, body: { code: CODES.TOKEN_INVALID, payload: null } } });
    renderApp('/reset-password/bad-token');
    expect(await screen.findByRole('alert')).toHaveTextContent('This password reset link is invalid or has expired.');
    expect(screen.getByRole('link', { name: 'Request a new link' })).toHaveAttribute('href', '/forgotten-password');
  });

  it('sets the new password and links to Login', async () => {
    const { calls } = mockFetch({
      'GET /api/login/recover/good-token': { body: { code: CODES.TOKEN_VALID, payload: null } },
      'PUT /api/login/recover/good-token': { body: { code: CODES.PASSWORD_CHANGED, payload: null } },
    });
    const { user } = renderApp('/reset-password/good-token');
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset Password' })).toBeInTheDocument();
    await typeNewPassword(user, 'brand new pass');
    expect(await screen.findByRole('status')).toHaveTextContent('Your password was changed.');
    expect(screen.getByRole('link', { name: 'Go to Login' })).toHaveAttribute('href', '/login');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ newPassword: 'brand new pass', newPasswordRetype: 'brand new pass' });
  });

  it('explains a rejected new password', async () => {
    mockFetch({
      'GET /api/login/recover/good-token': { body: { code: CODES.TOKEN_VALID, payload: null } },
      'PUT /api/login/recover/good-token': { status: 400, body: { code: CODES.USER_BAD_VALIDATION, payload: null } },
    });
    const { user } = renderApp('/reset-password/good-token');
    await typeNewPassword(user, 'brand new pass');
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordChangeFailed);
  });
});
