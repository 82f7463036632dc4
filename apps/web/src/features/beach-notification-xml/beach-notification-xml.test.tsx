import { CODES, localDate, type PublicDataFilters } from '@beach/domain';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./BeachNotificationXmlPage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/xml';
const THIS_YEAR = localDate(new Date(), 'America/New_York').slice(0, 4);

const FILTERS: PublicDataFilters = {
  filters: {
    programs: [
      { program_id: 1, name: 'Ocean Beaches', abbv: 'OB' },
      { program_id: 2, name: 'Bay Beaches', abbv: 'BB' },
    ],
    counties: [],
    municipalities: [],
    lhas: [],
  },
  beachList: [],
};

function routes(xml: Reply | ((call: { query: Record<string, string> }) => Reply | Promise<Reply>)) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/public/data/filters': ok('RETRIEVED_FILTER_LIST', FILTERS),
    'GET /api/depit/xml/beachNotification': xml,
  });
}

let clicked: string[];
beforeEach(() => {
  clicked = [];
  URL.createObjectURL = vi.fn(() => 'blob:xml');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    clicked.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('DEP IT: XML File', () => {
  it('downloads the file of the chosen program and year, showing that it is being prepared', async () => {
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const { calls } = routes(async () => {
      await held;
      return { body: '<BeachDataSubmission/>' };
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('heading', { name: 'DEP IT: XML File' })).toBeInTheDocument();
    await user.selectOptions(await screen.findByLabelText('Beach program'), '2');
    expect(screen.getByLabelText('Year')).toHaveValue(THIS_YEAR);
    await user.selectOptions(screen.getByLabelText('Year'), '2024');
    await user.click(screen.getByRole('button', { name: 'Download XML file' }));
    expect(await screen.findByRole('button', { name: 'Preparing the XML file…' })).toBeDisabled();
    expect(screen.getByRole('status')).toHaveTextContent('Preparing the XML file…');
    release();
    expect(await screen.findByText('Downloaded beach-notification_BB_2024.xml.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/depit/xml/beachNotification')?.query).toEqual({ program_id: '2', year: '2024' });
    expect(calls.find((c) => c.path === '/api/depit/xml/beachNotification')?.authorization).toMatch(/^Bearer /);
    expect(clicked).toEqual(['beach-notification_BB_2024.xml']);
    expect(screen.getByRole('button', { name: 'Download XML file' })).toBeEnabled();
  });

  it('asks for a program before calling the server', async () => {
    const { calls } = routes({ body: '<x/>' });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Download XML file' }));
    const program = screen.getByLabelText('Beach program');
    expect(program).toHaveAttribute('aria-invalid', 'true');
    expect(program).toHaveAccessibleDescription('Choose a program');
    expect(program).toHaveFocus();
    expect(calls.some((c) => c.path === '/api/depit/xml/beachNotification')).toBe(false);
    // Choosing one clears the error on the next try.
    await user.selectOptions(program, '1');
    await user.click(screen.getByRole('button', { name: 'Download XML file' }));
    await waitFor(() => expect(screen.getByLabelText('Beach program')).not.toHaveAttribute('aria-invalid'));
    expect(await screen.findByText(`Downloaded beach-notification_OB_${THIS_YEAR}.xml.`)).toBeInTheDocument();
  });

  it('shows the server’s refusal on its field and in an alert', async () => {
    routes({
      status: 400,
      body: { code: CODES.VALIDATION_FAILED, message: 'No program has the id 2', payload: [{ field: 'program_id', message: 'No program has the id 2' }] },
    });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.selectOptions(await screen.findByLabelText('Beach program'), '2');
    await user.click(screen.getByRole('button', { name: 'Download XML file' }));
    expect(await screen.findByLabelText('Beach program')).toHaveAccessibleDescription('No program has the id 2');
    expect(screen.getAllByRole('alert').some((a) => a.textContent === 'No program has the id 2')).toBe(true);
    expect(clicked).toEqual([]);
  });

  it('says so when the server cannot be reached', async () => {
    routes({ body: '' });
    vi.stubGlobal('fetch', vi.fn(async (input: RequestInfo | URL) => {
      if (String(input instanceof Request ? input.url : input).includes('/depit/xml/')) throw new TypeError('offline');
      return new Response(JSON.stringify(String(input instanceof Request ? input.url : input).includes('filters') ? { code: 'OK', payload: FILTERS } : { code: CODES.USER_FOUND, payload: makeAdmin() }), { headers: { 'Content-Type': 'application/json' } });
    }));
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.selectOptions(await screen.findByLabelText('Beach program'), '1');
    await user.click(screen.getByRole('button', { name: 'Download XML file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(/server could not be reached/i);
  });

  it('is for organization admins only', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Download XML file' })).not.toBeInTheDocument();
  });
});
