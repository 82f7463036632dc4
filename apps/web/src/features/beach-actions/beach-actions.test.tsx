import { act, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { i18n, setLanguage } from '../../i18n';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { renderApp } from '../../test/render-app';
import type { BeachAction } from '@beach/domain';
import { ActionsTable } from './ActionsTable';

const dismissWelcome = () => window.localStorage.setItem('beach-portal:welcome-dismissed', new Date().toISOString());

function action(overrides: Partial<BeachAction>): BeachAction {
  return {
    beach_station_id: 2,
    station_name: 'Long Branch - Brighton Avenue',
    beach_id: 2,
    beach_name: 'Brighton Avenue',
    municipality_id: 1,
    municipality: 'Long Branch',
    county_id: 1,
    county: 'Monmouth',
    program_id: 1,
    program_abbv: 'OB',
    status_code: 'CLOSED',
    status_name: 'Closed',
    status_color: '#b50909',
    start_date: '2026-07-12',
    end_date: null,
    ongoing: true,
    days: 4,
    reason_code: 'ELEV_BACT',
    reason: 'Elevated bacteria',
    source_code: 'STORM',
    source: 'Storm water',
    comments: null,
    ...overrides,
  };
}

const ACTIONS = [
  action({}),
  action({
    beach_station_id: 3,
    beach_name: 'Beach Avenue',
    municipality: 'Cape May',
    county: 'Cape May',
    status_code: 'ADVISORY',
    status_name: 'Advisory',
    status_color: '#ffbe2e',
    start_date: '2026-06-20',
    end_date: '2026-06-23',
    ongoing: false,
    days: 3,
    reason: 'Rainfall',
    source: null,
  }),
];

const ok = (code: string, payload: unknown) => ({ body: { code, payload } });

function routes(calls: RecordedCall[] = []) {
  return {
    'GET /api/public/beachActions': (call: RecordedCall) => {
      calls.push(call);
      return ok('BEACH_ACTIONS_FOUND', { from: '2026-05-11', to: '2026-07-15', actions: ACTIONS });
    },
    'GET /api/public/config': ok('CONFIG_FOUND', { tile_url: '', time_zone: 'America/New_York', today: '2026-07-15' }),
    'GET /api/public/switches/': ok('SWITCHES_FOUND', []),
  };
}

describe('Beach Actions page', () => {
  it('lists advisories and closures in effect and ended, with beach, status, start, end, days, reason and source', async () => {
    dismissWelcome();
    mockFetch(routes());
    renderApp('/beach-actions');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beach Actions' })).toBeInTheDocument();
    expect(await screen.findByText('1 in effect now and 1 ended, from May 11, 2026 to Jul 15, 2026.')).toBeInTheDocument();

    const current = screen.getByRole('table', { name: 'Advisories and closures in effect now' });
    const [header, row] = within(current).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Beach',
      'Status',
      'Start',
      'End',
      'Days',
      'Reason',
      'Source',
    ]);
    expect(within(row!).getByRole('link', { name: 'Brighton Avenue' })).toHaveAttribute('href', '/beach/2');
    expect(within(row!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      '■ Closed',
      'Jul 12, 2026',
      'In effect',
      '4',
      'Elevated bacteria',
      'Storm water',
    ]);

    const ended = screen.getByRole('table', { name: /Ended advisories and closures/ });
    const endedRow = within(ended).getAllByRole('row')[1]!;
    expect(within(endedRow).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      '▲ Advisory',
      'Jun 20, 2026',
      'Jun 23, 2026',
      '3',
      'Rainfall',
      '—',
    ]);
  });

  it('filters by dates no later than tomorrow', async () => {
    dismissWelcome();
    const calls: RecordedCall[] = [];
    mockFetch(routes(calls));
    const { user, router } = renderApp('/beach-actions');
    await screen.findByText(/1 in effect now/);

    const from = screen.getByLabelText(/^From/);
    const to = screen.getByLabelText(/^To/);
    expect(to).toHaveAttribute('max', '2026-07-16');

    await user.type(to, '2026-07-20');
    await user.click(screen.getByRole('button', { name: 'Show actions' }));
    expect(await screen.findByText('Date cannot be later than tomorrow')).toBeInTheDocument();
    expect(calls).toHaveLength(1);

    await user.clear(to);
    await user.type(from, '2026-06-01');
    await user.type(to, '2026-06-30');
    await user.click(screen.getByRole('button', { name: 'Show actions' }));
    expect(router.state.location.search).toBe('?from=2026-06-01&to=2026-06-30');
    await screen.findByText(/1 in effect now/);
    expect(calls.at(-1)?.path).toBe('/api/public/beachActions');
    expect(screen.queryByText('Date cannot be later than tomorrow')).not.toBeInTheDocument();
  });

  it('says so when there are none, and offers Retry on failure', async () => {
    dismissWelcome();
    let calls = 0;
    mockFetch({
      ...routes(),
      'GET /api/public/beachActions': () => {
        calls += 1;
        return calls === 1
          ? { status: 503, body: { code: 'SERVER_ERROR', payload: null } }
          : ok('BEACH_ACTIONS_FOUND', { from: '2026-05-11', to: '2026-07-15', actions: [] });
      },
    });
    const { user } = renderApp('/beach-actions');
    await user.click(await screen.findByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No advisories or closures from May 11, 2026 to Jul 15, 2026.')).toBeInTheDocument();
    expect(screen.getByText('No beach is under an advisory or closed now.')).toBeInTheDocument();
  });
});

describe('Beach Actions page in Spanish', () => {
  afterEach(async () => {
    await act(() => i18n.changeLanguage('en'));
    document.documentElement.lang = 'en';
  });

  it('shows the period form, the summary and the tables in Spanish; statuses and reasons as entered', async () => {
    dismissWelcome();
    await act(() => setLanguage('es'));
    mockFetch(routes());
    const { user } = renderApp('/beach-actions');

    expect(await screen.findByRole('heading', { level: 1, name: 'Avisos y cierres' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Avisos y cierres | Portal de Playas'));
    expect(await screen.findByText('En vigor ahora: 1. Ya terminados: 1. Período: del 11 may 2026 al 15 jul 2026.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'En vigor ahora' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Avisos y cierres recientes' })).toBeInTheDocument();

    const current = screen.getByRole('table', { name: 'Avisos y cierres en vigor ahora' });
    const [header, row] = within(current).getAllByRole('row');
    expect(within(header!).getAllByRole('columnheader').map((th) => th.textContent)).toEqual([
      'Playa',
      'Estado',
      'Inicio',
      'Fin',
      'Días',
      'Motivo',
      'Fuente',
    ]);
    expect(row).toHaveTextContent('Long Branch, condado de Monmouth');
    expect(within(row!).getAllByRole('cell').map((td) => td.textContent)).toEqual([
      '■ Closed',
      '12 jul 2026',
      'En vigor',
      '4',
      'Elevated bacteria',
      'Storm water',
    ]);
    expect(within(row!).getAllByRole('cell')[0]).toHaveAttribute('data-label', 'Estado');
    expect(screen.getByRole('table', { name: 'Avisos y cierres terminados, del 11 may 2026 al 15 jul 2026, del más reciente al más antiguo' })).toBeInTheDocument();

    const to = screen.getByLabelText(/^Hasta/);
    await user.type(to, '2026-07-20');
    await user.click(screen.getByRole('button', { name: 'Ver avisos y cierres' }));
    expect(await screen.findByText('La fecha no puede ser posterior a mañana')).toBeInTheDocument();
    // The message follows a switch back to English.
    await act(() => setLanguage('en'));
    expect(await screen.findByText('Date cannot be later than tomorrow')).toBeInTheDocument();
  });
});

describe('ActionsTable', () => {
  it('does not draw its rows again when the page above it renders with the same actions and caption', () => {
    // Counts the table's renders: each one maps the actions to rows.
    let rowRenders = 0;
    const actions = new Proxy(ACTIONS, {
      get(target, property, receiver) {
        if (property === 'map') rowRenders += 1;
        return Reflect.get(target, property, receiver) as unknown;
      },
    });
    let renderPageAgain = () => {};
    function Page() {
      const [count, setCount] = useState(0);
      renderPageAgain = () => setCount((c) => c + 1);
      return (
        <>
          <p>Page render {count}</p>
          <ActionsTable actions={actions} caption="Current advisories and closures" />
        </>
      );
    }
    render(
      <MemoryRouter>
        <Page />
      </MemoryRouter>,
    );
    expect(within(screen.getByRole('table', { name: 'Current advisories and closures' })).getAllByRole('row')).toHaveLength(3);
    act(() => renderPageAgain());
    act(() => renderPageAgain());
    expect(screen.getByText('Page render 2')).toBeInTheDocument();
    expect(rowRenders).toBe(1);
  });
});
