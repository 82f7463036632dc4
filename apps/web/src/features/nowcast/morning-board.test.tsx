import { CODES, type NowcastBoard, type StationNowcast } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./MorningBoardPage')]);
}, 60_000);

const COEFFICIENTS = { intercept: -4.2, rain_24h: 0.08, rain_48h: 0.03, rain_72h: 0.01, last_result: 1.2, threshold: 0.5 };
const row = (id: number, name: string, probability: number | null, status: 'OPEN' | 'ADVISORY'): StationNowcast => ({
  beach_station_id: id,
  station_name: `${name} - Station ${id}`,
  beach_id: id,
  beach_name: name,
  municipality: name,
  county: 'Ocean',
  current_status: { code: status, name: status === 'OPEN' ? 'Open' : 'Advisory' },
  rainfall: probability === null ? null : { h24: 40, h48: 45, h72: 50, matched_by: 'COUNTY', as_of: '2026-07-15T09:00:00Z' },
  last_result: null,
  probability,
  log_odds: probability === null ? null : Math.log(probability / (1 - probability)),
  flagged: probability !== null && probability >= 0.5,
  terms: probability === null ? [] : [{ term: 'rain_24h', coefficient: 0.08, input: 40, contribution: 3.2 }],
});
const BOARD: NowcastBoard = {
  program_id: 1,
  today: '2026-07-15',
  feed: { configured: true, as_of: '2026-07-15T09:00:00.000Z', fetched_at: '2026-07-15T09:30:00.000Z', last_attempt_at: '2026-07-15T09:30:00.000Z', last_error: null, state: 'OK', reading_count: 21 },
  coefficients: COEFFICIENTS,
  custom_coefficients: false,
  can_set_status: true,
  stations: [row(7, 'Ortley Beach', 0.93, 'OPEN'), row(8, 'Lavallette', 0.81, 'ADVISORY'), row(9, 'Sea Girt', 0.12, 'OPEN'), row(10, 'Spring Lake', null, 'OPEN')],
};
const STATUSES = [
  { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#0a0', legend_order: 1 },
  { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#fa0', legend_order: 2 },
];

function routes() {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/nowcast/programs/1/board': ok('NOWCAST_BOARD_FOUND', BOARD),
    'GET /api/nowcast/programs/1/coefficients': ok('NOWCAST_COEFFICIENTS_FOUND', { program_id: 1, coefficients: COEFFICIENTS, custom: false, defaults: COEFFICIENTS, updated_at: null, updated_by: null }),
    'GET /api/public/beaches/statuses/legend': ok('LEGEND_FOUND', STATUSES),
    'PUT /api/beach/bulkStatus': ok('BEACH_STATUS_SAVED', { status_changes: [], unchanged: [] }),
  });
}

describe('Morning Board', () => {
  it('lists stations by risk with words for the flag, and starts an advisory only after a confirmation, through beach/bulkStatus', async () => {
    const { calls } = routes();
    const store = signedInStore({ user: makeAdmin() });
    store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
    const { user } = renderApp('/portal/beaches/morning-board', store);
    const table = await screen.findByRole('table', { name: 'Primary stations, highest risk first' });
    const rows = within(table).getAllByRole('row').slice(1).filter((r) => r.hasAttribute('data-testid'));
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['board-row-7', 'board-row-8', 'board-row-9', 'board-row-10']);
    expect(rows[0]).toHaveTextContent('93%');
    expect(rows[0]).toHaveTextContent('Likely above');
    expect(rows[2]).not.toHaveTextContent('Likely above');
    expect(rows[3]).toHaveTextContent('No rainfall reading for this station: no estimate.');
    expect(screen.getByText(/of 4 beaches likely above the beach action value today/)).toHaveTextContent('2 of 4');
    // Only the flagged open beach offers the advisory (the flagged one already under advisory does not).
    const buttons = screen.getAllByRole('button', { name: /^Start a precautionary advisory/ });
    expect(buttons).toHaveLength(1);
    await user.click(buttons[0]!);
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Precautionary advisory: rainfall nowcast after 40.0 mm of rain in 24 hours.');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Start the advisory' }));
    expect(await screen.findByText(/Ortley Beach \(Ortley Beach - Station 7\) is now under an advisory\./)).toBeInTheDocument();
    const put = calls.find((c) => c.method === 'PUT');
    expect(put).toMatchObject({
      path: '/api/beach/bulkStatus',
      body: { beach_station_ids: [7], beach_status_id: 2, reason: 'Precautionary advisory: rainfall nowcast after 40.0 mm of rain in 24 hours.', reason_code: 'MODEL' },
    });
  });

  it('shows only the flagged beaches on request, and all again when unticked', async () => {
    routes();
    const store = signedInStore({ user: makeAdmin() });
    store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
    const { user } = renderApp('/portal/beaches/morning-board', store);
    await screen.findByRole('table', { name: 'Primary stations, highest risk first' });
    await user.click(screen.getByLabelText('Show only the beaches likely above the beach action value'));
    const table = screen.getByRole('table', { name: 'Primary stations likely above, highest risk first' });
    const rows = within(table).getAllByRole('row').filter((r) => r.hasAttribute('data-testid'));
    expect(rows.map((r) => r.getAttribute('data-testid'))).toEqual(['board-row-7', 'board-row-8']);
    await user.click(screen.getByLabelText('Show only the beaches likely above the beach action value'));
    expect(within(screen.getByRole('table', { name: 'Primary stations, highest risk first' })).getAllByRole('row').filter((r) => r.hasAttribute('data-testid'))).toHaveLength(4);
  });
  it('narrows a long board by county and name, and pages it 20 at a time, highest risk first (issue 28)', async () => {
    // 45 stations over two counties, risk falling with the id.
    const many = Array.from({ length: 45 }, (_, i) => ({
      ...row(100 + i, `${i + 1}th Street`, 0.99 - i * 0.02, 'OPEN'),
      county: i % 3 === 0 ? 'Monmouth' : 'Ocean',
    }));
    mockFetch({
      'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
      'GET /api/nowcast/programs/1/board': ok('NOWCAST_BOARD_FOUND', { ...BOARD, stations: many }),
      'GET /api/nowcast/programs/1/coefficients': ok('NOWCAST_COEFFICIENTS_FOUND', { program_id: 1, coefficients: COEFFICIENTS, custom: false, defaults: COEFFICIENTS, updated_at: null, updated_by: null }),
    });
    const store = signedInStore({ user: makeAdmin() });
    store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
    const { user } = renderApp('/portal/beaches/morning-board', store);
    const table = await screen.findByRole('table', { name: 'Primary stations, highest risk first' });
    const ids = () =>
      within(table)
        .getAllByRole('row')
        .filter((r) => r.hasAttribute('data-testid'))
        .map((r) => Number(r.getAttribute('data-testid')!.replace('board-row-', '')));
    expect(ids()).toEqual(Array.from({ length: 20 }, (_, i) => 100 + i));
    expect(screen.getByText('Showing 1–20 of 45')).toBeInTheDocument();
    const pages = screen.getByRole('navigation', { name: 'Morning Board pages' });

    // By keyboard: the last page holds the five lowest.
    within(pages).getByRole('link', { name: 'Last page, page 3' }).focus();
    await user.keyboard('{Enter}');
    expect(ids()).toEqual([140, 141, 142, 143, 144]);
    expect(screen.getByText('Showing 41–45 of 45')).toBeInTheDocument();

    // A county: back to its first page, still by risk.
    await user.selectOptions(screen.getByLabelText('County'), 'Monmouth');
    expect(ids()).toEqual(many.filter((s) => s.county === 'Monmouth').map((s) => s.beach_station_id));
    expect(screen.getByText('Showing 1–15 of 15')).toBeInTheDocument();
    expect(screen.queryByRole('navigation', { name: 'Morning Board pages' })).not.toBeInTheDocument();

    // A name (beach, station or municipality), within the county.
    await user.type(screen.getByLabelText(/^Find a beach/), '10th');
    expect(ids()).toEqual([109]);
    await user.type(screen.getByLabelText(/^Find a beach/), 'x');
    expect(screen.getByText('No beach matches these choices.')).toBeInTheDocument();
  });
});
