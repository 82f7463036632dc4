import { CODES, EPA_REPORT_CODES, epaReportCsv, parseCsv, type EpaReport, type EpaReportBeach, type PublicDataFilters } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';
import { sortRows } from './EpaReportPage';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./EpaReportPage')]);
}, 60_000);

const PATH = '/portal/website-management/dep-it/epa-report-statistics';

const FILTERS: PublicDataFilters = {
  filters: {
    programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB' }],
    counties: [
      { county_id: 5, name: 'Monmouth' },
      { county_id: 6, name: 'Ocean' },
    ],
    municipalities: [
      { municipality_id: 50, county_id: 5, name: 'Sea Bright' },
      { municipality_id: 51, county_id: 5, name: 'Long Branch' },
      { municipality_id: 60, county_id: 6, name: 'Seaside Park' },
    ],
    lhas: [],
  },
  beachList: [],
};

const beach = (id: number, name: string, overrides: Partial<EpaReportBeach>): EpaReportBeach => ({
  beach_station_id: id,
  station_name: `${name} station`,
  beach_name: name,
  epa_beach_id: `NJ${id}`,
  program_abbv: 'OB',
  county: 'Monmouth',
  municipality: 'Sea Bright',
  location_type: 'OCEAN',
  beach_action_value: 104,
  monitored: true,
  samples: 10,
  exceedances: 1,
  advisories: 1,
  advisory_days: 2,
  closures: 0,
  closure_days: 0,
  action_days: 2,
  season_days: 100,
  percent_under_action: 2,
  preseason_action_days: 0,
  ...overrides,
});

const REPORT: EpaReport = {
  period: { from: '2025-05-01', to: '2025-09-30', through: '2025-09-30' },
  beaches: [
    beach(1, 'Anchor Beach', { samples: 12, exceedances: 3, percent_under_action: 5 }),
    beach(2, '=HYPERLINK("x")', { samples: 8, exceedances: 0, advisories: 0, advisory_days: 0, action_days: 0, percent_under_action: 0 }),
    beach(3, 'Bay Head', { samples: 20, exceedances: 1, monitored: true, percent_under_action: null, season_days: 0, preseason_action_days: 3 }),
  ],
  totals: {
    beaches: 3,
    beaches_monitored: 3,
    samples: 1876,
    exceedances: 4,
    advisories: 2,
    advisory_days: 4,
    closures: 0,
    closure_days: 0,
    action_days: 4,
    season_days: 2000,
    percent_under_action: 2,
    preseason_action_days: 3,
  },
};

function routes(extra: Record<string, Reply | ((call: { query: Record<string, string> }) => Reply)> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/public/data/filters': ok('RETRIEVED_FILTER_LIST', FILTERS),
    'GET /api/depit/epa/webReport': ok(EPA_REPORT_CODES.EPA_REPORT_FOUND, REPORT),
    ...extra,
  });
}

describe('DEP IT: EPA report statistics', () => {
  it('sends every filter the form holds and shows the table with its totals', async () => {
    const { calls } = routes();
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.selectOptions(await screen.findByLabelText('Beach program'), 'OB');
    expect(screen.getByText('To filter by municipality, select a county above.')).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('County'), '5');
    await user.click(screen.getByLabelText('Sea Bright'));
    await user.click(screen.getByLabelText('Long Branch'));
    const from = screen.getByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-05-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2025-09-30');
    for (const label of [/Exclude CCMP beaches/, /Only BEACH Act beaches/, /Include bracket stations/, /Exclude NA results/]) await user.click(screen.getByLabelText(label));
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    const table = await screen.findByRole('table', { name: /3 beaches, 2025-05-01 to 2025-09-30/ });
    expect(calls.find((c) => c.path === '/api/depit/epa/webReport')?.query).toEqual({
      programCode: 'OB',
      county: '5',
      munis: '50,51',
      from: '2025-05-01',
      to: '2025-09-30',
      excludCCMP: 'true',
      onlyBeachAct: 'true',
      includeBrackets: 'true',
      excludeNaResults: 'true',
    });
    const totals = within(table).getByRole('row', { name: /Total \(3 beaches\)/ });
    expect(within(totals).getAllByRole('cell').map((c) => c.textContent)).toEqual(['', '', '', '3', '1,876', '4', '2', '4', '0', '0', '4', '2,000', '2.0%', '3']);
    // The columns say what their days count, and the page says how.
    expect(within(table).getByRole('columnheader', { name: /^Action days in season/ })).toBeInTheDocument();
    expect(within(table).getByRole('columnheader', { name: /^Pre-season action days/ })).toBeInTheDocument();
    expect(screen.getByText(/at the latest through the season’s last day/)).toBeInTheDocument();
    expect(within(table).getByRole('row', { name: /Bay Head/ })).toHaveTextContent('N/A');
    // Thousands separators in the summary as in the table's totals.
    expect(screen.getAllByText('1,876')).toHaveLength(2);
  });

  it('sorts by each column with buttons in the headers, saying so with aria-sort', async () => {
    routes();
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Run report' }));
    const table = await screen.findByRole('table');
    const names = () => within(table).getAllByRole('rowheader').slice(0, 3).map((h) => h.querySelector('.text-bold')?.textContent);
    const samples = within(table).getByRole('button', { name: /^Samples/ });
    await user.click(samples);
    expect(samples.closest('th')).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['=HYPERLINK("x")', 'Anchor Beach', 'Bay Head']);
    await user.click(samples);
    expect(samples.closest('th')).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['Bay Head', 'Anchor Beach', '=HYPERLINK("x")']);
    await user.click(within(table).getByRole('button', { name: /^Beach/ }));
    expect(samples.closest('th')).not.toHaveAttribute('aria-sort');
    expect(names()).toEqual(['=HYPERLINK("x")', 'Anchor Beach', 'Bay Head']);
    // No percentage sorts first.
    expect(sortRows(REPORT.beaches, { key: 'percent_under_action', ascending: true }).map((b) => b.beach_station_id)).toEqual([3, 2, 1]);
  });

  it('on a phone (one card per beach): each figure carries its label, and the sort is a choice of column and order', async () => {
    routes();
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Run report' }));
    const table = await screen.findByRole('table');
    const anchor = within(table).getByRole('row', { name: /Anchor Beach/ });
    // Each cell carries its column's name (the header's accessible name, less its sort hint), Program to Pre-season.
    const columns = within(table)
      .getAllByRole('columnheader')
      .slice(1)
      .map((h) => {
        const hidden = h.querySelectorAll('.usa-sr-only');
        return hidden.length > 1 ? hidden[0]!.textContent : h.querySelector('button')!.firstChild!.textContent;
      });
    expect(columns).toHaveLength(14);
    expect(within(anchor).getAllByRole('cell').map((c) => c.getAttribute('data-label'))).toEqual(columns);
    // The totals card: the same labels over the figures; the blank cells have none (hidden there).
    const totals = within(table).getByRole('row', { name: /Total \(3 beaches\)/ });
    const labelled = within(totals).getAllByRole('cell').filter((c) => c.hasAttribute('data-label'));
    expect(labelled.map((c) => `${c.getAttribute('data-label')}: ${c.textContent}`).slice(0, 3)).toEqual(['Monitored: 3', 'Samples: 1,876', 'Exceedances: 4']);
    const names = () => within(table).getAllByRole('rowheader').slice(0, 3).map((h) => h.querySelector('.text-bold')?.textContent);
    const order = screen.getByLabelText('Order');
    expect(order).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Sort by'), 'samples');
    expect(names()).toEqual(['=HYPERLINK("x")', 'Anchor Beach', 'Bay Head']);
    await user.selectOptions(order, 'descending');
    expect(names()).toEqual(['Bay Head', 'Anchor Beach', '=HYPERLINK("x")']);
    // The same sort as the headers': the Samples header says so.
    expect(within(table).getByRole('button', { name: /^Samples/ }).closest('th')).toHaveAttribute('aria-sort', 'descending');
    await user.selectOptions(screen.getByLabelText('Sort by'), '');
    expect(order).toBeDisabled();
  });

  it('the CSV holds the same numbers as the table, text guarded against formulas', () => {
    const rows = parseCsv(epaReportCsv(REPORT)).map((r) => r.fields);
    expect(rows[0]).toEqual([
      'Beach',
      'Station',
      'EPA Beach ID',
      'Program',
      'County',
      'Municipality',
      'Monitored',
      'Samples',
      'Exceedances',
      'Advisories',
      'Advisory Days In Season',
      'Closures',
      'Closure Days In Season',
      'Action Days In Season',
      'Season Days',
      '% Beach-Days Under Action',
      'Pre-Season Action Days',
    ]);
    expect(rows[2]![0]).toBe(`'=HYPERLINK("x")`);
    expect(rows[1]).toEqual(['Anchor Beach', 'Anchor Beach station', 'NJ1', 'OB', 'Monmouth', 'Sea Bright', 'Yes', '12', '3', '1', '2', '0', '0', '2', '100', '5', '0']);
    expect(rows[3]![15]).toBe('');
    expect(rows[3]![16]).toBe('3');
    expect(rows[4]).toEqual(['Total (3 beaches)', '', '', '', '', '', '3', '1876', '4', '2', '4', '0', '0', '4', '2000', '2', '3']);
  });

  it('refuses a To before the From before asking the server, and shows the empty answer', async () => {
    const { calls } = routes({ 'GET /api/depit/epa/webReport': ok(EPA_REPORT_CODES.EPA_REPORT_FOUND, { ...REPORT, beaches: [], totals: { ...REPORT.totals, beaches: 0 } }) });
    const { user } = renderApp(PATH, signedInStore({ user: makeAdmin() }));
    const from = await screen.findByLabelText('From');
    await user.clear(from);
    await user.type(from, '2025-09-01');
    const to = screen.getByLabelText('To');
    await user.clear(to);
    await user.type(to, '2025-08-01');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    expect(await screen.findByLabelText('To')).toHaveAccessibleDescription(expect.stringContaining('The To date is before the From date'));
    expect(calls.some((c) => c.path === '/api/depit/epa/webReport')).toBe(false);
    await user.clear(to);
    await user.type(to, '2025-09-30');
    await user.click(screen.getByRole('button', { name: 'Run report' }));
    expect(await screen.findByText(/No beaches match these filters/)).toBeInTheDocument();
    await waitFor(() => expect(calls.filter((c) => c.path === '/api/depit/epa/webReport')).toHaveLength(1));
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp(PATH, signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Run report' })).not.toBeInTheDocument();
  });
});
