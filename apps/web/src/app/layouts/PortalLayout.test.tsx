import { CODES, LIMITS, PORTAL_ROUTES } from '@beach/domain';
import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { makeProgram, makeToken, makeUser } from '../../test/fixtures';
import { startSession } from '../../features/auth/start-session';
import { makeStore } from '../store';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';

function currentUserApi(user = makeUser()) {
  return mockFetch({
    'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: user } },
    'GET /api/logout': { body: { code: CODES.LOGGED_OUT, payload: null } },
  });
}

describe('Portal layout', () => {
  it('shows Public Page, Login and Forgot Password when logged out', async () => {
    currentUserApi();
    renderApp('/login');
    const nav = await screen.findByRole('navigation', { name: 'Portal navigation' });
    const header = within(nav).getAllByRole('list')[0]!;
    expect(within(header).getAllByRole('link').map((a) => a.textContent)).toEqual(['Public Page', 'Login', 'Forgot Password']);
    expect(within(header).getByRole('link', { name: 'Public Page' })).toHaveAttribute('href', '/');
    expect(screen.queryByRole('button', { name: 'Logout' })).not.toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Portal menu' })).not.toBeInTheDocument();
  });

  it('shows Your Portal, the welcome name, initials and Logout when logged in', async () => {
    currentUserApi();
    renderApp('/portal', signedInStore());
    const nav = await screen.findByRole('navigation', { name: 'Portal navigation' });
    const header = within(nav).getAllByRole('list')[0]!;
    expect(within(header).getAllByRole('link').map((a) => a.textContent)).toEqual(['Your Portal', 'Public Page']);
    expect(within(header).getByRole('link', { name: 'Your Portal' })).toHaveAttribute('href', '/portal');
    expect(within(nav).getByText('Welcome, Jane')).toBeInTheDocument();
    expect(within(nav).getByText('JD')).toBeInTheDocument();
    expect(within(nav).getByRole('button', { name: 'Logout' })).toBeInTheDocument();
  });

  it('takes the selected program’s colour in the header', async () => {
    const user = makeUser();
    user.organization.programs = [{ ...makeProgram(1, 'CCMP', 'Coastal'), color: '#c05600' }];
    user.program_permissions = user.program_permissions.map((p) => ({ ...p, program: user.organization.programs[0]! }));
    currentUserApi(user);
    renderApp('/portal', signedInStore({ user }));
    const banner = (await screen.findByRole('navigation', { name: 'Portal navigation' })).closest<HTMLElement>('.portal')!;
    expect(banner).toHaveAttribute('data-program-color', '#c05600');
    expect(banner.style.getPropertyValue('--program-color')).toBe('#c05600');
  });

  it('has a mobile menu with a close button and Website Links and Portal Links sections', async () => {
    currentUserApi();
    const { user } = renderApp('/portal', signedInStore());
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    const nav = screen.getByRole('navigation', { name: 'Portal navigation' });
    expect(nav).not.toHaveClass('is-visible');
    await user.click(toggle);
    expect(nav).toHaveClass('is-visible');
    expect(within(nav).getByRole('heading', { name: 'Website Links' })).toBeInTheDocument();
    expect(within(nav).getByRole('heading', { name: 'Portal Links' })).toBeInTheDocument();
    await user.click(within(nav).getByRole('button', { name: 'Close Navigation Menu' }));
    expect(nav).not.toHaveClass('is-visible');
  });

  it('hides and shows the desktop menu with a button, and remembers the choice', async () => {
    window.localStorage.removeItem('beach-portal:menu-collapsed');
    currentUserApi();
    const { user } = renderApp('/portal', signedInStore());
    const hide = await screen.findByRole('button', { name: 'Hide menu' });
    expect(hide).toHaveAttribute('aria-expanded', 'true');
    expect(hide).toHaveAttribute('aria-controls', 'portal-sidebar');
    await user.click(hide);
    expect(screen.queryByRole('navigation', { name: 'Portal menu' })).not.toBeInTheDocument();
    const show = screen.getByRole('button', { name: 'Show menu' });
    expect(show).toHaveAttribute('aria-expanded', 'false');
    expect(window.localStorage.getItem('beach-portal:menu-collapsed')).toBe('true');
    show.focus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('navigation', { name: 'Portal menu' })).toBeInTheDocument();
    expect(window.localStorage.getItem('beach-portal:menu-collapsed')).toBeNull();
  });

  it('logs out: calls GET logout, empties auth and user, and goes to Login', async () => {
    const { calls } = currentUserApi();
    const { user, store, router } = renderApp('/portal', signedInStore());
    await user.click(await screen.findByRole('button', { name: 'Logout' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'GET' && c.path === '/api/logout')).toBe(true);
    expect(router.state.location.pathname).toBe('/login');
    expect(store.getState().auth).toEqual({ jwt: null, expiry: null, forcePasswordChange: false });
    expect(store.getState().user).toEqual({ user: null, selectedProgramId: null });
  });

  it('opens the sidebar section that holds the current path and marks the current link', async () => {
    currentUserApi();
    renderApp('/portal/results', signedInStore());
    const menu = await screen.findByRole('navigation', { name: 'Portal menu' });
    const results = within(menu).getByRole('button', { name: 'Results' });
    expect(results).toHaveAttribute('aria-expanded', 'true');
    expect(within(menu).getByRole('link', { name: 'Results Entry' })).toHaveAttribute('aria-current', 'page');
    expect(within(menu).getByRole('button', { name: 'My Settings' })).toHaveAttribute('aria-expanded', 'false');
    expect(within(menu).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/portal');
  });

  it('lists several programs in the selector and asks for a choice', async () => {
    const user = makeUser();
    const lakes = makeProgram(2, 'LAKE', 'Lakes');
    user.organization.programs = [...user.organization.programs, lakes];
    user.program_permissions = [
      ...user.program_permissions,
      { program: lakes, permission: { code: 'DATA_EDITING' }, access_level: { code: 'USER' } },
    ];
    currentUserApi(user);
    const view = renderApp('/portal', signedInStore({ user }));
    const menu = await screen.findByRole('navigation', { name: 'Portal menu' });
    // The prompt once, on the page; the menu's selector carries none (issue 28).
    expect(within(screen.getByRole('main')).getByText(/associated with multiple beach programs/)).toBeInTheDocument();
    expect(screen.getAllByText(/associated with multiple beach programs/)).toHaveLength(1);
    const select = within(menu).getByLabelText('Program');
    expect(select).toHaveDisplayValue('Select a program');
    expect([...select.querySelectorAll('option')].map((o) => o.textContent)).toEqual([
      'Select a program',
      '-No Program-',
      'CCMP - Cooperative Coastal Monitoring Program',
      'LAKE - Lakes',
    ]);
    await view.user.selectOptions(select, '2');
    expect(view.store.getState().user.selectedProgramId).toBe(2);
  });

  it('puts the program selector above the page, where the sidebar is not in view, and no prompt on a page without a program', async () => {
    window.localStorage.removeItem('beach-portal:menu-collapsed');
    const user = makeUser();
    const lakes = makeProgram(2, 'LAKE', 'Lakes');
    user.organization.programs = [...user.organization.programs, lakes];
    user.program_permissions = [
      ...user.program_permissions,
      { program: lakes, permission: { code: 'DATA_EDITING' }, access_level: { code: 'USER' } },
    ];
    currentUserApi(user);
    const view = renderApp('/portal/profile/changePassword', signedInStore({ user }));
    const bar = await screen.findByRole('region', { name: 'Program choice' });
    // Beside the open desktop menu the bar gives way to the sidebar's selector (hidden by CSS at 64em and wider).
    expect(bar).toHaveClass('portal-program-bar--beside-menu');
    expect(within(bar).getByLabelText('Program')).toHaveDisplayValue('Select a program');
    // A page that needs no program: no prompt anywhere.
    expect(screen.queryByText(/associated with multiple beach programs/)).not.toBeInTheDocument();

    await view.user.click(screen.getByRole('button', { name: 'Hide menu' }));
    expect(bar).not.toHaveClass('portal-program-bar--beside-menu');
    await view.user.selectOptions(within(bar).getByLabelText('Program'), '2');
    expect(view.store.getState().user.selectedProgramId).toBe(2);
    window.localStorage.removeItem('beach-portal:menu-collapsed');
  });

  it('shows no program selector to a user of one program', async () => {
    currentUserApi();
    renderApp('/portal', signedInStore());
    await screen.findByRole('navigation', { name: 'Portal menu' });
    expect(screen.queryByRole('region', { name: 'Program choice' })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Program')).not.toBeInTheDocument();
  });

  it('refetches the current user on mount, polls it every 30 s and keeps the header in step', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let firstName = 'Jane';
    const { calls } = mockFetch({
      'GET /api/user/current/': () => ({ body: { code: CODES.USER_FOUND, payload: makeUser({ first_name: firstName }) } }),
    });
    renderApp('/portal', signedInStore());
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/current/')).toHaveLength(1));

    firstName = 'Janet';
    await act(() => vi.advanceTimersByTimeAsync(LIMITS.currentUserPollMs));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/user/current/')).toHaveLength(2));
    expect(await screen.findByText('Welcome, Janet', { selector: '.portal-user__welcome' })).toBeInTheDocument();
  });

  it('renews the token shortly before it expires while the user is working, and ends an idle session', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const now = () => Math.floor(Date.now() / 1000);
    const { calls } = mockFetch({
      'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser() } },
      'GET /api/login/verify/refresh/': () => ({ body: { code: CODES.TOKEN_REFRESHED, payload: { token: makeToken(now() + 45 * 60) } } }),
    });
    const store = makeStore();
    store.dispatch(startSession({ token: makeToken(now() + 15 * 60), user: makeUser(), forcePasswordChange: false }));
    renderApp('/portal', store);
    await screen.findByRole('navigation', { name: 'Portal menu' });
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab' }));
    const before = store.getState().auth.expiry!;
    await act(() => vi.advanceTimersByTimeAsync(5 * 60_000 + 1_000));
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/login/verify/refresh/')).toHaveLength(1));
    await waitFor(() => expect(store.getState().auth.expiry).toBeGreaterThan(before + 30 * 60_000));

    // Nobody touches the page again: at the next renewal point the user has been idle over 30 minutes,
    // so no renewal, and the session ends at expiry.
    await act(() => vi.advanceTimersByTimeAsync(45 * 60_000 + 1_000));
    expect(calls.filter((c) => c.path === '/api/login/verify/refresh/')).toHaveLength(1);
    expect(store.getState().auth.jwt).toBeNull();
    vi.useRealTimers();
  });

  it('does not ask for the current user when logged out', async () => {
    const { calls } = currentUserApi();
    renderApp('/login');
    await screen.findByRole('heading', { level: 1, name: 'Login' });
    expect(calls.filter((c) => c.path === '/api/user/current/')).toHaveLength(0);
  });

  it('serves every portal route of SPEC 2 with its label as the only h1', async () => {
    currentUserApi();
    const store = signedInStore();
    for (const { route, label } of PORTAL_ROUTES) {
      const view = renderApp(route, store);
      expect(await screen.findByRole('heading', { level: 1, name: label })).toBeInTheDocument();
      expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
      expect(screen.getByRole('main')).toHaveAttribute('id', 'main-content');
      view.unmount();
    }
  });
});
