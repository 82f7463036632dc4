import { CODES } from '@beach/domain';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../test/fixtures';
import { mockFetch } from '../test/fetch-mock';
import { renderApp, signedInStore } from '../test/render-app';

// The app's table has one `/portal/*` route; the portal chunk matches the rest (decision 0048).
describe('portal routing', () => {
  function api() {
    return mockFetch({ 'GET /api/user/current/': { body: { code: CODES.USER_FOUND, payload: makeUser() } } });
  }

  it('matches a portal page by its path after /portal/, in the portal layout', async () => {
    api();
    const { router } = renderApp('/portal/results', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Results Entry' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Portal navigation' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/portal/results');
  });

  it('says a portal address with no page is not found, inside the portal', async () => {
    api();
    renderApp('/portal/no-such-screen', signedInStore());
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Portal navigation' })).toBeInTheDocument();
  });

  it('still asks a signed-out visitor to log in for any portal address', async () => {
    api();
    const { router } = renderApp('/portal/no-such-screen');
    expect(await screen.findByRole('heading', { level: 1, name: 'Login' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('keeps a public address with no page not found in the public layout', async () => {
    api();
    renderApp('/no-such-page');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Portal navigation' })).not.toBeInTheDocument();
  });
});
