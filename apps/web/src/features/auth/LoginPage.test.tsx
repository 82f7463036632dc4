import { CODES, MESSAGES } from '@beach/domain';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { freshToken, makeUser } from '../../test/fixtures';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';

const currentUser = { 'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser() } } };

function loginReplies(login: Reply) {
  return mockFetch({ 'POST /api/login': login, ...currentUser });
}

async function fillAndSubmit(user: ReturnType<typeof renderApp>['user'], email: string, password: string) {
  await screen.findByRole('button', { name: 'Login' });
  if (email) await user.type(screen.getByLabelText('Email address'), email);
  if (password) await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Login' }));
}

describe('Login page', () => {
  it('shows the spec’s required-field messages, tied to their fields, and sends nothing', async () => {
    const { calls } = loginReplies({ body: {} });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, '', '');

    const email = screen.getByLabelText('Email address');
    expect(await screen.findAllByText(MESSAGES.emailRequired)).not.toHaveLength(0);
    expect(screen.getAllByText(MESSAGES.passwordRequired)).not.toHaveLength(0);
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(screen.getByRole('heading', { name: 'There is a problem' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/login')).toHaveLength(0);
  });

  it('rejects an invalid email and passwords outside 8 to 32 characters', async () => {
    loginReplies({ body: {} });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'not-an-email', 'short');
    expect(await screen.findByLabelText('Email address')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordTooShort);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'x'.repeat(33));
    await user.click(screen.getByRole('button', { name: 'Login' }));
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription(MESSAGES.passwordTooLong);
  });

  it('lowercases the email, stores the session and goes to the portal', async () => {
    const token = freshToken();
    const { calls } = loginReplies({ body: { code: CODES.LOGIN_SUCCESS, payload: { token, user: makeUser() } } });
    const { user, store, router } = renderApp('/login');
    await fillAndSubmit(user, 'Jane.Doe@Example.GOV', 'correct horse');

    expect(await screen.findByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/login')?.body).toEqual({ email: 'jane.doe@example.gov', password: 'correct horse' });
    expect(router.state.location.pathname).toBe('/portal');
    expect(store.getState().auth.jwt).toBe(token);
    expect(store.getState().user.user?.first_name).toBe('Jane');
    expect(screen.getByText('Welcome, Jane', { selector: 'p' })).toBeInTheDocument();
  });

  it('sends a forced password change to Change Password', async () => {
    loginReplies({ body: { code: CODES.LOGIN_SUCCESS_FORCE_PW_CHANGE, payload: { token: freshToken(), user: makeUser() } } });
    const { user, store, router } = renderApp('/login');
    await fillAndSubmit(user, 'jane.doe@example.gov', 'temporary1');

    expect(await screen.findByRole('heading', { level: 1, name: 'Change Password' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/profile/changePassword');
    expect(store.getState().auth.forcePasswordChange).toBe(true);
  });

  it.each([
    ['wrong credentials', { status: 401, body: { code: CODES.BAD_USER_NAME_OR_PASSWORD, payload: null } }, MESSAGES.badCredentials],
    ['too many attempts', { status: 429, body: { code: CODES.TOO_MANY_ATTEMPTS, payload: null } }, MESSAGES.tooManyAttempts],
    ['a success without a payload', { status: 200, body: { code: CODES.LOGIN_SUCCESS } }, MESSAGES.loginNoPayload],
  ])('explains %s', async (_name, reply, message) => {
    loginReplies(reply);
    const { user, store } = renderApp('/login');
    await fillAndSubmit(user, 'jane.doe@example.gov', 'password123');
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(store.getState().auth.jwt).toBeNull();
  });

  it('shows the server’s field messages on VALIDATION_FAILED', async () => {
    loginReplies({
      status: 400,
      body: { code: CODES.VALIDATION_FAILED, payload: [{ field: 'email', message: MESSAGES.emailInvalid }] },
    });
    const { user } = renderApp('/login');
    await fillAndSubmit(user, 'jane.doe@example.gov', 'password123');
    await waitFor(() => expect(screen.getByLabelText('Email address')).toHaveAccessibleDescription(MESSAGES.emailInvalid));
  });
});
