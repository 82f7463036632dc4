import { CODES, MESSAGES } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp, signedInStore } from '../../test/render-app';
import { OCEAN, makeAdmin, ok } from '../../test/staff-fixtures';
import type { OrganizationDetail, OrganizationFilters, OrganizationListItem } from './api';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./OrganizationManagementPage'), import('./OrganizationEditPage')]);
}, 60_000);

const ZERO = {
  beach_access_level: 0,
  has_secondary_verification: 0,
  data_interaction_level: 0,
  category_manage_users: 0,
  category_results: 0,
  category_beaches: 0,
  category_incidents: 0,
  category_surveys: 0,
  category_logs: 0,
};

const FILTERS: OrganizationFilters = {
  groups: [{ organization_group_id: 1, name: 'County Government' }],
  categories: [{ organization_category_id: 2, name: 'County Health Department' }],
  lhas: [{ local_health_authority_id: 3, name: 'Ocean County Health Department', county_id: 15 }],
  counties: [{ county_id: 15, name: 'Ocean' }],
  programs: [
    { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
    { program_id: 2, name: 'Bay Beaches', abbv: 'BB', color: '#00687d' },
  ],
};

function listItem(id: number, name: string, abbv: string): OrganizationListItem {
  return {
    organization_id: id,
    name,
    abbv,
    desc: null,
    email: null,
    phone: null,
    organization_group_id: null,
    organization_category_id: null,
    local_health_authority_id: null,
    county_id: null,
    is_admin_organization: false,
    user_count: id,
    programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' }],
  };
}

const LIST = Array.from({ length: 30 }, (_, i) => listItem(i + 1, `Organization ${String(i + 1).padStart(2, '0')}`, `O${i + 1}`));

const DETAIL: OrganizationDetail = {
  ...listItem(4, 'Ocean County Health Department', 'OCHD'),
  email: 'beaches@ocean.example',
  county_id: 15,
  organization_group: null,
  organization_category: null,
  local_health_authority: null,
  county: { county_id: 15, name: 'Ocean' },
  programs: [{ ...OCEAN, rules: { ...ZERO, category_incidents: 2, category_manage_users: 1 } }],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/organization/': ok(CODES.ORGANIZATIONS_FOUND, { list: LIST }),
    'GET /api/organization/filters/': ok(CODES.RETRIEVED_FILTER_LIST, FILTERS),
    'GET /api/organization/4': ok('ORGANIZATION_FOUND', DETAIL),
    ...extra,
  });
}

describe('Organization Management list', () => {
  it('lists organizations 25 to a page and finds them by name', async () => {
    routes();
    const { user } = renderApp('/portal/organization-management', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Organizations' });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
    expect(screen.getByText('Showing 1–25 of 30')).toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Next page' }));
    expect(await screen.findByText('Showing 26–30 of 30')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Find by name or abbreviation'), '07');
    expect(within(screen.getByRole('table', { name: 'Organizations' })).getAllByRole('row')).toHaveLength(2);
  });

  it('shows the spec message when the list cannot be loaded', async () => {
    routes({ 'GET /api/organization/': { status: 500, body: { code: 'SERVER_ERROR', payload: null } } });
    renderApp('/portal/organization-management', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('alert')).toHaveTextContent(MESSAGES.organizationsFailed);
  });

  it('is for organization admins only', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeUser()) });
    renderApp('/portal/organization-management', signedInStore());
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeInTheDocument();
  });
});

describe('Add and edit an organization', () => {
  it('creates an organization with a program whose rules all start at 0', async () => {
    const { calls } = routes({ 'POST /api/organization': { status: 201, body: { code: 'ORGANIZATION_CREATED', payload: { ...DETAIL, name: 'Shore Lab' } } } });
    const { user, router } = renderApp('/portal/organization-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Shore Lab');
    await user.type(screen.getByLabelText('Abbreviation'), 'SL');
    await user.click(screen.getByLabelText('BB - Bay Beaches'));

    const results = await screen.findByRole('combobox', { name: 'Results BB' });
    expect(results).toHaveValue('0');
    expect(within(results).getAllByRole('option').map((o) => o.textContent)).toEqual(['None', 'User', 'Admin']);
    await user.selectOptions(results, 'Admin');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Manage users BB' }), 'Own organization');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Audit log BB' }), 'Yes');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/organization-management'));
    expect(await screen.findByRole('status')).toHaveTextContent('Shore Lab was created.');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      name: 'Shore Lab',
      abbv: 'SL',
      desc: null,
      email: null,
      phone: null,
      organization_group_id: null,
      organization_category_id: null,
      local_health_authority_id: null,
      county_id: null,
      is_admin_organization: false,
      programs: [{ program_id: 2, rules: { ...ZERO, category_results: 2, category_manage_users: 1, category_logs: 1 } }],
    });
  });

  it('checks the fields with the server’s schema', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/organization-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('E-mail (optional)'), 'not-an-address');
    await user.click(screen.getByRole('button', { name: 'Create organization' }));
    expect(await screen.findByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(screen.getByLabelText('E-mail (optional)')).toHaveAccessibleDescription(MESSAGES.emailInvalid);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('edits an organization: its links, programs and rules are loaded and sent back', async () => {
    const { calls } = routes({ 'PUT /api/organization/4': ok('ORGANIZATION_SAVED', DETAIL) });
    const { user } = renderApp('/portal/organization-management/4', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Edit organization: Ocean County Health Department' })).toBeInTheDocument();
    expect(screen.getByLabelText('County (optional)')).toHaveValue('15');
    expect(screen.getByLabelText('OB - Ocean Beaches')).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Incidents OB' })).toHaveValue('2');

    await user.selectOptions(screen.getByLabelText('Local health authority (optional)'), 'Ocean County Health Department');
    await user.click(screen.getByLabelText('BB - Bay Beaches'));
    await user.click(screen.getByRole('button', { name: 'Save organization' }));

    expect(await screen.findByRole('status')).toHaveTextContent('Ocean County Health Department was saved.');
    const body = calls.find((c) => c.method === 'PUT')?.body as { local_health_authority_id: number; programs: unknown[] };
    expect(body.local_health_authority_id).toBe(3);
    expect(body.programs).toEqual([
      { program_id: 1, rules: { ...ZERO, category_incidents: 2, category_manage_users: 1 } },
      { program_id: 2, rules: ZERO },
    ]);
  });

  it('shows a taken name (409) on the name field and a server rule error in its cell', async () => {
    routes({
      'PUT /api/organization/4': {
        status: 400,
        body: { code: CODES.VALIDATION_FAILED, message: 'Must be at most 1', payload: [{ field: 'programs.0.rules.category_logs', message: 'Must be at most 1' }] },
      },
    });
    const { user } = renderApp('/portal/organization-management/4', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Save organization' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Audit log OB' })).toHaveAccessibleDescription('Must be at most 1'));
    expect(screen.getByRole('link', { name: 'Audit log: Must be at most 1' })).toBeInTheDocument();
  });

  it('puts a 409 about the name on the name field', async () => {
    routes({
      'PUT /api/organization/4': { status: 409, body: { code: 'ORGANIZATION_NAME_TAKEN', message: 'Another organization already has this name.', payload: null } },
    });
    const { user } = renderApp('/portal/organization-management/4', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Save organization' }));
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Another organization already has this name.'));
  });
});
