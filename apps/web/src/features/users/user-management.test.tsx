import { CODES, MESSAGES, type UserProfile } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp, signedInStore } from '../../test/render-app';
import { BAY, OCEAN, makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';
import type { UserDetail, UserFilters, UserListItem } from './api';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./UserManagementPage'), import('./UserCreatePage'), import('./UserEditPage')]);
}, 60_000);

const ALL_ADMIN = { DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN', SANITARY_SURVEYS: 'ADMIN', INCIDENTS: 'ADMIN', BEACH_STATUSES: 'ADMIN', REPORTS: 'ADMIN' } as const;

const FILTERS: UserFilters = {
  scope: 'ALL',
  organizations: [
    {
      organization_id: 1,
      name: 'Department of Environmental Protection',
      abbv: 'NJDEP',
      is_admin_organization: true,
      programs: [
        { ...OCEAN, caps: ALL_ADMIN },
        { ...BAY, caps: ALL_ADMIN },
      ],
    },
    {
      organization_id: 7,
      name: 'Coastal Lab',
      abbv: 'LAB',
      is_admin_organization: false,
      // The lab may edit data as USER in Ocean Beaches, and nothing else.
      programs: [{ ...OCEAN, caps: { ...ALL_ADMIN, DATA_EDITING: 'USER', DATA_VERIFICATION: 'NONE', SANITARY_SURVEYS: 'NONE', INCIDENTS: 'NONE', BEACH_STATUSES: 'NONE', REPORTS: 'NONE' } }],
    },
  ],
  programs: [OCEAN, BAY],
  permission_codes: ['DATA_EDITING', 'DATA_VERIFICATION', 'SANITARY_SURVEYS', 'INCIDENTS', 'BEACH_STATUSES', 'REPORTS'],
  access_levels: ['NONE', 'USER', 'ADMIN'],
};

function listItem(id: number, first: string, last: string, overrides: Partial<UserListItem> = {}): UserListItem {
  return {
    user_id: id,
    first_name: first,
    last_name: last,
    email: `${first}.${last}@example.org`.toLowerCase(),
    primary_email: `${first}.${last}@example.org`.toLowerCase(),
    organization_id: 7,
    organization: { organization_id: 7, name: 'Coastal Lab', abbv: 'LAB' },
    active: true,
    force_password_reset: false,
    last_login_at: null,
    programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB' }],
    ...overrides,
  };
}

const SAM = listItem(5, 'Sam', 'Patel');
const SAM_DETAIL: UserDetail = {
  ...makeUser({ user_id: 5, first_name: 'Sam', last_name: 'Patel', email: 'sam.patel@example.org', primary_email: 'sam.patel@example.org', organization_id: 7 }),
  organization: { organization_id: 7, name: 'Coastal Lab', abbv: 'LAB', is_admin_organization: false, programs: [OCEAN] },
  programRules: { OB: { DATA_EDITING: 'USER' } },
  user_organization_rules: OCEAN.rules,
};

function routes(me: UserProfile, extra: Record<string, Reply | ((c: { body: unknown }) => Reply)> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, me),
    'GET /api/user/filters/': ok(CODES.RETRIEVED_FILTER_LIST, FILTERS),
    'GET /api/user/list/': ok(CODES.RETRIEVED_USER_LIST, { list: [SAM, listItem(6, 'Nina', 'Alvarez', { active: false })], total: 60, page: 1, page_size: 25 }),
    'GET /api/user/profile/5': ok(CODES.USER_FOUND, SAM_DETAIL),
    ...extra,
  });
}

function requestUrls(fetchMock: ReturnType<typeof mockFetch>['fetchMock']) {
  return fetchMock.mock.calls.map(([input]) => new URL(input instanceof Request ? input.url : String(input), 'http://localhost'));
}

describe('User Management list', () => {
  it('lists users with their organization, programs and status, paged 25 at a time', async () => {
    routes(makeAdmin());
    renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('link', { name: 'Patel, Sam' })).toHaveAttribute('href', '/portal/user-management/5');
    expect(within(table).getByText('Inactive')).toBeInTheDocument();
    expect(screen.getByText('Showing 1–25 of 60')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Next page' })).toHaveAttribute('href', '/portal/user-management?page=2');
    expect(screen.getByRole('link', { name: 'Audit log: who changed what' })).toHaveAttribute('href', '/portal/audit-log');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('sends the chosen filters and keeps them in the address', async () => {
    const { fetchMock } = routes(makeAdmin());
    const { user, router } = renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    await screen.findByRole('table', { name: 'Users' });
    await user.type(screen.getByLabelText('Name or e-mail'), 'patel');
    await user.selectOptions(screen.getByLabelText('Organization'), 'Coastal Lab');
    await user.selectOptions(screen.getByLabelText('Status'), 'Inactive');
    await user.click(screen.getByRole('button', { name: 'Apply filters' }));

    await waitFor(() => expect(router.state.location.search).toBe('?search=patel&organization=7&active=false'));
    await waitFor(() => {
      const last = requestUrls(fetchMock).filter((u) => u.pathname === '/api/user/list/').at(-1)!;
      expect(Object.fromEntries(last.searchParams)).toEqual({ page: '1', page_size: '25', search: 'patel', organization_id: '7', active: 'false' });
    });
  });

  it('deactivates a user after a confirmation', async () => {
    const { calls } = routes(makeAdmin(), { 'PUT /api/user/active/5/false': ok(CODES.SAVED_USER_ACTIVE, { user_id: 5, active: false }) });
    const { user } = renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate Sam Patel' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deactivate Sam Patel?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Sam Patel was deactivated.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/user/active/5/false']);
  });

  it('offers no deactivation of the signed-in user’s own account', async () => {
    const me = makeAdmin();
    mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, me),
      'GET /api/user/filters/': ok(CODES.RETRIEVED_FILTER_LIST, FILTERS),
      'GET /api/user/list/': ok(CODES.RETRIEVED_USER_LIST, { list: [SAM, listItem(me.user_id, me.first_name, me.last_name)], total: 2, page: 1, page_size: 25 }),
    });
    renderApp('/portal/user-management', signedInStore({ user: me }));
    const table = await screen.findByRole('table', { name: 'Users' });
    expect(within(table).getByRole('button', { name: 'Deactivate Sam Patel' })).toBeInTheDocument();
    expect(within(table).getAllByRole('button', { name: /^(De)?activate/ })).toHaveLength(1);
    expect(within(table).getByText('Your own account')).toBeInTheDocument();
  });

  it('cancelling the confirmation changes nothing', async () => {
    const { calls } = routes(makeAdmin());
    const { user } = renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Activate Nina Alvarez' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    // Focus goes back to the button that opened the dialog.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Activate Nina Alvarez' })).toHaveFocus());
  });

  it.each([
    ['USER_SAVE_FAILED', { status: 403, body: { code: CODES.USER_SAVE_FAILED, message: MESSAGES.userStatusFailed, payload: null } }],
    ['an unexpected code', { status: 200, body: { code: 'SOMETHING_ELSE', payload: null } }],
  ])('shows "Failed to update user status." on %s', async (_name, reply) => {
    routes(makeAdmin(), { 'PUT /api/user/active/5/false': reply });
    const { user } = renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate Sam Patel' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Deactivate' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(MESSAGES.userStatusFailed);
  });

  it('shows the spec message when the list cannot be loaded, with a retry', async () => {
    routes(makeAdmin(), { 'GET /api/user/list/': { status: 500, body: { code: 'SERVER_ERROR', payload: null } } });
    renderApp('/portal/user-management', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.userListFailed);
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });

  it('a manager of their own organization gets no organization filter', async () => {
    const manager = makeCountyManager();
    mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, manager),
      'GET /api/user/filters/': ok(CODES.RETRIEVED_FILTER_LIST, { ...FILTERS, scope: 'OWN_ORGANIZATION', organizations: [FILTERS.organizations[1]] }),
      'GET /api/user/list/': ok(CODES.RETRIEVED_USER_LIST, { list: [SAM], total: 1, page: 1, page_size: 25 }),
    });
    renderApp('/portal/user-management', signedInStore({ user: manager }));
    expect(await screen.findByText('You manage the users of your own organization.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Organization')).not.toBeInTheDocument();
    // category_logs 0: no audit log link.
    expect(screen.queryByRole('link', { name: /Audit log/ })).not.toBeInTheDocument();
  });

  it('is refused to a user without user management', async () => {
    const { calls } = mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeUser()) });
    renderApp('/portal/user-management', signedInStore());
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeInTheDocument();
    expect(calls.some((c) => c.path.startsWith('/api/user/list'))).toBe(false);
  });
});

describe('Add user', () => {
  it('checks the fields with the server’s schema before sending anything', async () => {
    const { calls } = routes(makeAdmin());
    const { user } = renderApp('/portal/user-management/new', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Create user' }));
    expect(await screen.findByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    expect(screen.getByLabelText('Email address (used to sign in)')).toHaveAccessibleDescription(MESSAGES.emailRequired);
    expect(screen.getByLabelText('Organization')).toHaveAccessibleDescription('Choose an organization');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('offers only the levels the organization allows and sends programRules keyed by abbreviation', async () => {
    const { calls } = routes(makeAdmin(), {
      'POST /api/user/': { status: 201, body: { code: 'USER_CREATED', payload: { ...SAM_DETAIL, user_id: 9 } } },
      'GET /api/user/profile/9': ok(CODES.USER_FOUND, { ...SAM_DETAIL, user_id: 9 }),
    });
    const { user, router } = renderApp('/portal/user-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Patel');
    await user.type(screen.getByLabelText('Email address (used to sign in)'), 'Sam.Patel@Example.org');
    await user.selectOptions(screen.getByLabelText('Organization'), 'Coastal Lab (LAB)');

    const editing = await screen.findByRole('combobox', { name: 'Data editing OB - Ocean Beaches' });
    expect(within(editing).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'User']);
    expect(screen.getByRole('combobox', { name: 'Incidents OB - Ocean Beaches' })).toBeDisabled();
    expect(screen.queryByRole('combobox', { name: /BB - Bay Beaches/ })).not.toBeInTheDocument();
    await user.selectOptions(editing, 'USER');

    await user.click(screen.getByLabelText('Set a first password now and give it to the user'));
    await user.type(screen.getByLabelText('First password'), 'first-pass-1');
    await user.click(screen.getByRole('button', { name: 'Create user' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/user-management/9'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      first_name: 'Sam',
      last_name: 'Patel',
      email: 'sam.patel@example.org',
      organization_id: 7,
      programRules: { OB: { DATA_EDITING: 'USER' } },
      password: 'first-pass-1',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('The user was created.');
  });

  it('shows the server’s field errors on their fields', async () => {
    routes(makeAdmin(), {
      'POST /api/user/': {
        status: 400,
        body: {
          code: CODES.VALIDATION_FAILED,
          message: 'Coastal Lab allows at most USER for DATA_EDITING in OB',
          payload: [{ field: 'programRules.OB.DATA_EDITING', message: 'Coastal Lab allows at most USER for DATA_EDITING in OB' }],
        },
      },
    });
    const { user } = renderApp('/portal/user-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Patel');
    await user.type(screen.getByLabelText('Email address (used to sign in)'), 'sam@example.org');
    await user.selectOptions(screen.getByLabelText('Organization'), 'Coastal Lab (LAB)');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    const cell = await screen.findByRole('combobox', { name: 'Data editing OB - Ocean Beaches' });
    await waitFor(() => expect(cell).toHaveAccessibleDescription('Coastal Lab allows at most USER for DATA_EDITING in OB'));
    expect(cell).toHaveAttribute('aria-invalid', 'true');
  });

  it('puts a taken e-mail address (409) on the e-mail field', async () => {
    routes(makeAdmin(), {
      'POST /api/user/': { status: 409, body: { code: 'USER_EMAIL_TAKEN', message: 'A user with this e-mail address already exists.', payload: null } },
    });
    const { user } = renderApp('/portal/user-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('First name'), 'Sam');
    await user.type(screen.getByLabelText('Last name'), 'Patel');
    await user.type(screen.getByLabelText('Email address (used to sign in)'), 'sam@example.org');
    await user.selectOptions(screen.getByLabelText('Organization'), 'Coastal Lab (LAB)');
    await user.click(screen.getByRole('button', { name: 'Create user' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Email address (used to sign in)')).toHaveAccessibleDescription('A user with this e-mail address already exists.'),
    );
  });
});

describe('Edit user', () => {
  it('loads the profile into the form and saves it with PUT user/{id}', async () => {
    const { calls } = routes(makeAdmin(), { 'PUT /api/user/5': ok('USER_SAVED', SAM_DETAIL) });
    const { user } = renderApp('/portal/user-management/5', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit user: Sam Patel' })).toBeInTheDocument();
    expect(screen.getByLabelText('Organization')).toHaveValue('7');
    expect(screen.getByRole('combobox', { name: 'Data editing OB - Ocean Beaches' })).toHaveValue('USER');
    await user.clear(screen.getByLabelText('Last name'));
    await user.type(screen.getByLabelText('Last name'), 'Patil');
    await user.click(screen.getByRole('button', { name: 'Save user' }));

    expect(await screen.findByRole('status')).toHaveTextContent('The user was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      first_name: 'Sam',
      last_name: 'Patil',
      email: 'sam.patel@example.org',
      organization_id: 7,
      programRules: { OB: { DATA_EDITING: 'USER' } },
    });
  });

  it('forces a password reset after a confirmation', async () => {
    const { calls } = routes(makeAdmin(), {
      'PUT /api/user/forcePasswordReset/5': ok('SAVED_USER_FORCE_PASSWORD_RESET', { user_id: 5, force_password_reset: true }),
    });
    const { user } = renderApp('/portal/user-management/5', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Force password reset' }));
    const dialog = await screen.findByRole('dialog', { name: 'Make Sam Patel change the password?' });
    await user.click(within(dialog).getByRole('button', { name: 'Force password reset' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Sam Patel must change the password at the next sign-in.');
    expect(calls.find((c) => c.path === '/api/user/forcePasswordReset/5')?.body).toEqual({ reset: true });
  });

  it('sets a password with the spec’s rules and messages', async () => {
    const { calls } = routes(makeAdmin(), { 'PUT /api/user/password/5': ok(CODES.PASSWORD_CHANGED, { token: null }) });
    const { user } = renderApp('/portal/user-management/5', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('New password'), 'short');
    await user.type(screen.getByLabelText('Retype new password'), 'x'.repeat(33));
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByLabelText('New password')).toHaveAccessibleDescription(expect.stringContaining(MESSAGES.passwordTooShort));
    expect(screen.getByLabelText('Retype new password')).toHaveAccessibleDescription(MESSAGES.passwordTooLong);
    expect(calls.some((c) => c.path === '/api/user/password/5')).toBe(false);

    await user.clear(screen.getByLabelText('New password'));
    await user.clear(screen.getByLabelText('Retype new password'));
    await user.type(screen.getByLabelText('New password'), 'given-pass-2026');
    await user.type(screen.getByLabelText('Retype new password'), 'given-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The password of Sam Patel was changed.');
    expect(calls.find((c) => c.path === '/api/user/password/5')?.body).toEqual({ newPassword: 'given-pass-2026', newPasswordRetype: 'given-pass-2026' });
  });

  it('reports USER_BAD_VALIDATION as "Failed to change password"', async () => {
    routes(makeAdmin(), { 'PUT /api/user/password/5': { status: 400, body: { code: CODES.USER_BAD_VALIDATION, message: MESSAGES.passwordChangeFailed, payload: [] } } });
    const { user } = renderApp('/portal/user-management/5', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('New password'), 'given-pass-2026');
    await user.type(screen.getByLabelText('Retype new password'), 'given-pass-2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.passwordChangeFailed);
  });
});
