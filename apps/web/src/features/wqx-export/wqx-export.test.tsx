import { CODES, type PublicDataFilters } from '@beach/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./WqxExportPage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/wqde';

const FILTERS: PublicDataFilters = {
  filters: {
    programs: [
      { program_id: 1, name: 'Ocean Beaches', abbv: 'OB' },
      { program_id: 3, name: 'Lakes', abbv: 'LK' },
    ],
    counties: [],
    municipalities: [],
    lhas: [],
  },
  beachList: [],
};

function routes(wqx: Reply | (() => Reply | Promise<Reply>) = { status: 200, body: '<WQX/>' }) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/public/data/filters': ok('RETRIEVED_FILTER_LIST', FILTERS),
    'GET /api/depit/wqx': wqx,
  });
}

let downloads: string[];
beforeEach(() => {
  downloads = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
  URL.createObjectURL = vi.fn(() => 'blob:wqx');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.restoreAllMocks());

async function fill(user: ReturnType<typeof renderApp>['user'], program: string, from: string, to: string) {
  await user.selectOptions(await screen.findByLabelText(/Beach program/), program);
  const fromInput = screen.getByLabelText(/^From/);
  await user.clear(fromInput);
  await user.type(fromInput, from);
  const toInput = screen.getByLabelText(/^To/);
  await user.clear(toInput);
  await user.type(toInput, to);
}

describe('DEP IT: WQX', () => {
  it('downloads the file for the program and period, named wqx_{program}_{from}_{to}.xml', async () => {
    const { calls } = routes();
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await fill(user, '3', '2025-05-01', '2025-09-30');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText('Downloaded wqx_LK_2025-05-01_2025-09-30.xml.')).toBeInTheDocument();
    const call = calls.find((c) => c.path === '/api/depit/wqx')!;
    expect(call.query).toEqual({ program_id: '3', from: '2025-05-01', to: '2025-09-30' });
    expect(call.authorization).toMatch(/^Bearer /);
    expect(downloads).toEqual(['wqx_LK_2025-05-01_2025-09-30.xml']);
  });

  it('shows that the file is being written while it is, and the button cannot be pressed twice', async () => {
    let release: (r: Reply) => void = () => {};
    const { calls } = routes(() => new Promise<Reply>((resolve) => (release = resolve)));
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await fill(user, '1', '2025-07-01', '2025-07-31');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByText(/Writing the WQX file/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Download' })).toBeDisabled();
    release({ status: 200, body: '<WQX/>' });
    expect(await screen.findByText('Downloaded wqx_OB_2025-07-01_2025-07-31.xml.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/depit/wqx')).toHaveLength(1);
  });

  it('checks the form before asking: a program is required, To not before From', async () => {
    const { calls } = routes();
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await screen.findByLabelText(/Beach program/);
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(await screen.findByLabelText(/Beach program/)).toHaveAccessibleDescription(expect.stringContaining('Choose a program'));
    await fill(user, '1', '2025-09-01', '2025-08-01');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    expect(screen.getByLabelText(/^To/)).toHaveAccessibleDescription(expect.stringContaining('The To date is before the From date'));
    expect(calls.some((c) => c.path === '/api/depit/wqx')).toBe(false);
  });

  it("shows the server's refusal, on its field when it names one", async () => {
    routes({ status: 400, body: { code: CODES.VALIDATION_FAILED, message: 'No program has the id 1', payload: [{ field: 'program_id', message: 'No program has the id 1' }] } });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await fill(user, '1', '2025-07-01', '2025-07-31');
    await user.click(screen.getByRole('button', { name: 'Download' }));
    await waitFor(() => expect(screen.getAllByRole('alert').some((a) => a.classList.contains('usa-alert') && a.textContent?.includes('No program has the id 1'))).toBe(true));
    expect(screen.getByLabelText(/Beach program/)).toHaveAccessibleDescription(expect.stringContaining('No program has the id 1'));
    await waitFor(() => expect(downloads).toEqual([]));
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download' })).not.toBeInTheDocument();
  });
});
