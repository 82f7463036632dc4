import { CODES, LINK_CODES, type ExternalLinkRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./ExternalLinksPage'), import('./ExternalLinkEditPage')]);
}, 60_000);

const LINKS: ExternalLinkRecord[] = [
  { link_id: 1, title: 'EPA BEACH Act', url: 'https://www.epa.gov/beaches', description: 'Federal program', category: 'Government', rank: 1 },
  { link_id: 2, title: 'Clean Ocean Action', url: 'https://www.cleanoceanaction.org', description: '', category: 'Partners', rank: 2 },
];

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/links/': ok(LINK_CODES.LINKS_FOUND, LINKS),
    'GET /api/links/2': ok(LINK_CODES.LINK_FOUND, LINKS[1]),
    ...extra,
  });
}

describe('External Links', () => {
  it('lists the links in public order and deletes one after a confirmation', async () => {
    const { calls } = routes({ 'DELETE /api/links/1': ok(LINK_CODES.LINK_DELETED, null) });
    const { user } = renderApp('/portal/website-management/external-links', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'External links, in public order' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['EPA BEACH Act', 'Clean Ocean Action']);
    // A long address breaks after its slashes and before its dots, not at any letter.
    const address = within(table).getByText('https://www.cleanoceanaction.org');
    expect(address).toHaveTextContent(/^https:\/\/www\.cleanoceanaction\.org$/);
    expect(address.innerHTML).toBe('https://<wbr>www<wbr>.cleanoceanaction<wbr>.org');
    await user.click(within(table).getByRole('button', { name: 'Delete EPA BEACH Act' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete EPA BEACH Act?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('EPA BEACH Act was deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/links/1']);
  });

  it('adds a link, checking the web address with the server’s schema first', async () => {
    const created = { link_id: 3, title: 'Surfrider', url: 'https://www.surfrider.org', description: '', category: 'Partners', rank: 3 };
    const { calls } = routes({ 'POST /api/links/': { status: 201, body: { code: LINK_CODES.LINK_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/website-management/external-links/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Title'), 'Surfrider');
    await user.type(screen.getByLabelText('Web address'), 'www.surfrider.org');
    await user.click(screen.getByRole('button', { name: 'Add the link' }));
    expect(await screen.findByLabelText('Web address')).toHaveAccessibleDescription(expect.stringContaining('Use a web address starting with http:// or https://'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.clear(screen.getByLabelText('Web address'));
    await user.type(screen.getByLabelText('Web address'), 'https://www.surfrider.org');
    await user.click(screen.getByRole('button', { name: 'Add the link' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/external-links'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ title: 'Surfrider', url: 'https://www.surfrider.org', category: 'Partners', description: '' });
    expect(await screen.findByRole('status')).toHaveTextContent('Surfrider was added.');
  });

  it('edits a link with PUT', async () => {
    const { calls } = routes({ 'PUT /api/links/2': ok(LINK_CODES.LINK_SAVED, { ...LINKS[1], title: 'Clean Ocean Action NJ' }) });
    const { user } = renderApp('/portal/website-management/external-links/2', signedInStore({ user: makeAdmin() }));
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Clean Ocean Action'));
    await user.clear(title);
    await user.type(title, 'Clean Ocean Action NJ');
    await user.click(screen.getByRole('button', { name: 'Save the link' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Clean Ocean Action NJ was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ title: 'Clean Ocean Action NJ', url: 'https://www.cleanoceanaction.org' });
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/external-links', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
