import { CODES, MESSAGES } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import type { Geography, Lha } from './api';
import { lhaBody } from './send';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./LhaManagementPage'), import('./LhaEditPage')]);
}, 60_000);

const GEOGRAPHY: Geography = {
  counties: [
    { county_id: 1, name: 'Monmouth' },
    { county_id: 2, name: 'Ocean' },
  ],
  municipalities: [
    { municipality_id: 10, county_id: 1, name: 'Asbury Park' },
    { municipality_id: 11, county_id: 1, name: 'Belmar' },
    { municipality_id: 20, county_id: 2, name: 'Seaside Heights' },
  ],
};

const MONMOUTH: Lha = {
  local_health_authority_id: 5,
  name: 'Monmouth County Health Department',
  desc: null,
  county_id: 1,
  county: { county_id: 1, name: 'Monmouth' },
  contact_person: 'Pat Lee',
  email: null,
  address: null,
  city: 'Freehold',
  zip_code: '07728',
  phone_number: '732-555-0100',
  url: null,
  municipalities: [10, 11],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/localHealthAuthority': ok(CODES.LHA_FOUND, { list: [MONMOUTH] }),
    'GET /api/localHealthAuthority/5': ok(CODES.LHA_FOUND, MONMOUTH),
    'GET /api/general/geography': ok('GEOGRAPHY_FOUND', GEOGRAPHY),
    ...extra,
  });
}

describe('LHA Management', () => {
  it('lists the authorities with their county and municipalities', async () => {
    routes();
    renderApp('/portal/lha-management', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Local health authorities' });
    const row = within(table).getByRole('row', { name: /Monmouth County Health Department/ });
    expect(within(row).getByText('Monmouth')).toBeInTheDocument();
    expect(within(row).getByText('2')).toBeInTheDocument();
  });

  it('shows the spec message when the list cannot be loaded', async () => {
    routes({ 'GET /api/localHealthAuthority': { status: 500, body: { code: 'SERVER_ERROR', payload: null } } });
    renderApp('/portal/lha-management', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.lhaListFailed);
  });

  it('deletes after a confirmation', async () => {
    const { calls } = routes({ 'DELETE /api/localHealthAuthority/5': ok('LHA_DELETED', null) });
    const { user } = renderApp('/portal/lha-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Delete Monmouth County Health Department' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Monmouth County Health Department?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Monmouth County Health Department was deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/localHealthAuthority/5']);
  });

  it('shows the server’s 409 message when the authority is still in use', async () => {
    const message = 'This local health authority is still linked to 1 organization and 12 beaches. Link them to another authority first.';
    routes({ 'DELETE /api/localHealthAuthority/5': { status: 409, body: { code: 'LHA_IN_USE', message, payload: null } } });
    const { user } = renderApp('/portal/lha-management', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Delete Monmouth County Health Department' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(message);
  });

  it('offers only the chosen county’s municipalities and omits empty optional fields', async () => {
    const { calls } = routes({ 'POST /api/localHealthAuthority': { status: 201, body: { code: 'LHA_CREATED', payload: { ...MONMOUTH, name: 'Seaside LHA' } } } });
    const { user, router } = renderApp('/portal/lha-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Seaside LHA');
    expect(screen.getByText('Choose a county above to pick its municipalities.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('County'), 'Monmouth');
    const group = screen.getByRole('group', { name: 'Municipalities served' });
    expect(within(group).getAllByRole('checkbox').map((c) => c.getAttribute('id'))).toEqual(['municipality-10', 'municipality-11']);
    await user.click(within(group).getByLabelText('Belmar'));

    // Another county: Belmar no longer applies.
    await user.selectOptions(screen.getByLabelText('County'), 'Ocean');
    await user.click(within(group).getByLabelText('Seaside Heights'));
    await user.type(screen.getByLabelText('Phone number'), '732-555-0199');
    await user.click(screen.getByRole('button', { name: 'Create local health authority' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/lha-management'));
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Seaside LHA',
      county_id: 2,
      phone_number: '732-555-0199',
      municipalities: [20],
    });
  });

  it('checks ZIP code and web address with the server’s schema', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/lha-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Seaside LHA');
    await user.type(screen.getByLabelText('ZIP code'), '8751');
    await user.type(screen.getByLabelText('Web address'), 'seaside.example');
    await user.click(screen.getByRole('button', { name: 'Create local health authority' }));
    expect(await screen.findByLabelText('ZIP code')).toHaveAccessibleDescription('Use a 5-digit ZIP code (or ZIP+4)');
    expect(screen.getByLabelText('Web address')).toHaveAccessibleDescription(
      expect.stringContaining('Use a web address starting with http:// or https://'),
    );
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits an authority with PUT, leaving out the fields that were emptied', async () => {
    const { calls } = routes({ 'PUT /api/localHealthAuthority/5': ok('LHA_SAVED', MONMOUTH) });
    const { user } = renderApp('/portal/lha-management/5', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByLabelText('Asbury Park')).toBeChecked();
    await user.clear(screen.getByLabelText('Contact person'));
    await user.click(screen.getByRole('button', { name: 'Save local health authority' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Monmouth County Health Department was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      name: 'Monmouth County Health Department',
      county_id: 1,
      city: 'Freehold',
      zip_code: '07728',
      phone_number: '732-555-0100',
      municipalities: [10, 11],
    });
  });
});

describe('lhaBody', () => {
  it('drops nulls, blanks and an empty municipality list', () => {
    expect(
      lhaBody({
        name: 'A',
        desc: null,
        county_id: null,
        contact_person: null,
        email: null,
        address: null,
        city: null,
        zip_code: null,
        phone_number: null,
        url: 'https://a.example',
        municipalities: [],
      }),
    ).toEqual({ name: 'A', url: 'https://a.example' });
  });
});
