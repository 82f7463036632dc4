import { addDays, CODES, GEOMEAN_CODES, latestSampleDate } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok, OPEN_RULES } from '../../test/staff-fixtures';
import { chartSummary } from './GeomeanChart';
import type { GeomeanHeader, GeomeanWindow, ProgramGeomeans, RollingGeomeans } from './types';

const OB = { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2', rules: OPEN_RULES };
const surveyor = makeUser({
  organization: { organization_id: 5, name: 'Monmouth County Health Department', abbv: 'MCHD', is_admin_organization: false, programs: [OB] },
  program_permissions: [{ program: OB, permission: { code: 'SANITARY_SURVEYS' }, access_level: { code: 'USER' } }],
});

const HEADER: GeomeanHeader = {
  program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
  parameter: { parameter_id: 1, code: 'ENTEROCOCCUS', name: 'Enterococcus' },
  as_of: '2026-07-15',
  threshold: 35,
  window_days: 30,
  min_samples: 5,
  censored_rule: 'AT_LIMIT',
};

const w = (end: string, geomean: number | null, count = 6): GeomeanWindow => ({
  start_date: end,
  end_date: end,
  count,
  geomean,
  pass: count < 5 || geomean === null ? null : geomean <= 35,
  exceeds: count < 5 || geomean === null ? null : geomean > 35,
});

const SERIES = [w('2026-06-01', 12, 3), w('2026-06-15', 20), w('2026-07-01', 48), w('2026-07-14', 30)];
const station = { beach_station_id: 10, station_name: 'Asbury Park - 1st Avenue', station_type: 'PRIMARY' as const, primary_station_id: 10, beach_name: '1st Avenue' };
const ROLLING: RollingGeomeans = {
  ...HEADER,
  season: { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' },
  from: '2026-05-11',
  to: '2026-07-15',
  stations: [{ ...station, current: w('2026-07-15', 30), series: SERIES }],
};
const PROGRAM: ProgramGeomeans = {
  ...HEADER,
  stations: [{ ...station, ...w('2026-07-15', 48) }, { ...station, beach_station_id: 11, station_name: 'Asbury Park - 1st Avenue N1', ...w('2026-07-15', 20, 2) }],
  saved: [],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, surveyor),
    'GET /api/geomean/rolling': ok(GEOMEAN_CODES.GEOMEANS_FOUND, ROLLING),
    'GET /api/geomean/program/1': ok(GEOMEAN_CODES.GEOMEANS_FOUND, PROGRAM),
    ...extra,
  });
}

describe('Geomeans', () => {
  it('draws each station over the season with the threshold, and says the same in words', async () => {
    routes();
    renderApp('/portal/beaches/geomeans/rolling', signedInStore({ user: surveyor }));
    const chart = await screen.findByRole('img', { name: /Rolling geomean of Asbury Park - 1st Avenue/ }, { timeout: 15_000 });
    expect(chart).toHaveAccessibleName(
      'Rolling geomean of Asbury Park - 1st Avenue Asbury Park - 1st Avenue: rolling 30-day geomean from May 11 to Jul 15, 4 windows, 1 above the threshold of 35. Highest 48.0 on Jul 1; latest 30.0 on Jul 14.',
    );
    expect(chart.querySelector('.geomean-chart__threshold')).not.toBeNull();
    expect(within(chart).getByText('35')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Rolling geomean windows of Asbury Park - 1st Avenue' });
    expect(within(table).getByRole('row', { name: /2026-07-01/ })).toHaveTextContent('Exceeds');
    expect(within(table).getByRole('row', { name: /2026-06-01/ })).toHaveTextContent('Too few samples');
  });

  it('saves a station’s rolling geomean survey on request', async () => {
    const { calls } = routes({
      'POST /api/geomean/rolling/create': {
        status: 201,
        body: {
          code: GEOMEAN_CODES.GEOMEAN_SAVED,
          payload: {
            ...HEADER,
            station,
            survey: {
              geomean_survey_id: 1,
              beach_station_id: 10,
              station_name: station.station_name,
              beach_name: station.beach_name,
              parameter_code: 'ENTEROCOCCUS',
              parameter_name: 'Enterococcus',
              end_date: '2026-07-15',
              window_days: 30,
              sample_count: 6,
              geomean: 30,
              threshold: 35,
              pass: true,
              is_rolling: true,
              created_by_name: 'Jane Doe',
              created_at: '2026-07-15T14:00:00.000Z',
            },
          },
        },
      },
    });
    const { user } = renderApp('/portal/beaches/geomeans/rolling', signedInStore({ user: surveyor }));
    await user.click(await screen.findByRole('button', { name: 'Save rolling geomean survey for Asbury Park - 1st Avenue' }, { timeout: 15_000 }));
    expect(await screen.findByText('Saved the rolling geomean survey of Asbury Park - 1st Avenue ending 2026-07-15: 30.0 from 6 samples, passes (threshold 35).')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ beach_id: 10 });
  });

  it('lists each station’s window against the threshold in words', async () => {
    routes();
    renderApp('/portal/beaches/geomeans', signedInStore({ user: surveyor }));
    const table = await screen.findByRole('table', { name: /30-day geomean of each station/ }, { timeout: 15_000 });
    expect(within(table).getByRole('row', { name: /Asbury Park - 1st Avenue Primary|^Asbury Park - 1st AvenuePrimary/ })).toHaveTextContent('Exceeds 35');
    expect(within(table).getByRole('row', { name: /N1/ })).toHaveTextContent('Too few samples (2 of 5)');
  });

  it('stops the as-of picker at tomorrow and refuses a later day typed in', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/beaches/geomeans', signedInStore({ user: surveyor }));
    await screen.findByRole('table', { name: /30-day geomean of each station/ }, { timeout: 15_000 });
    const asOf = screen.getByLabelText('As of', { selector: 'input' });
    const tomorrow = latestSampleDate();
    expect(asOf).toHaveAttribute('max', tomorrow);
    const requests = calls.length;
    fireEvent.change(asOf, { target: { value: addDays(tomorrow, 1) } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(asOf).toHaveAccessibleDescription(expect.stringContaining('Date cannot be later than tomorrow'));
    expect(asOf).toHaveFocus();
    expect(calls.length).toBe(requests);

    fireEvent.change(asOf, { target: { value: tomorrow } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.some((c) => c.query?.date === tomorrow)).toBe(true));
    expect(asOf).toHaveAccessibleDescription('Windows end on this day, not later than tomorrow. Empty: today.');
  });

  it('summarises a season without values', () => {
    expect(chartSummary('X', [], 35, '2026-05-11', '2026-07-15')).toBe('X: no rolling geomean from May 11 to Jul 15.');
  });
});
