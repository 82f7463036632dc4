import { addDays, CODES, GEOMEAN_CODES, latestSampleDate, type GeomeanDefaultDay } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeUser } from '../../test/fixtures';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok, OPEN_RULES } from '../../test/staff-fixtures';
import { asOfSentence } from './AsOfDay';
import { chartSummary } from './GeomeanChart';
import type { GeomeanHeader, GeomeanWindow, ProgramGeomeans, RollingGeomeans } from '@beach/domain';

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
  geomean_counted_remarks: [],
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

/** Out of season: the default day is the 2026 season's last sampled day (issue 28). */
const DEFAULT_DAY: GeomeanDefaultDay = {
  program_id: 1,
  today: '2026-11-20',
  date: '2026-09-04',
  reason: 'LAST_SAMPLED',
  last_sampled_day: '2026-09-04',
  monitoring: false,
  season: { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07' },
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, surveyor),
    'GET /api/geomean/program/1/defaultDay': ok(GEOMEAN_CODES.GEOMEANS_FOUND, DEFAULT_DAY),
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
    // Saved for the day shown: the default day.
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({ beach_id: 10, date: '2026-09-04' });
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
    expect(screen.getByLabelText('As of', { selector: 'input' })).toHaveAccessibleDescription('Windows end on this day, not later than tomorrow. Empty: the program’s default day.');
    expect(screen.getByText(`Showing windows ending ${tomorrow}, the day you chose (clear the date to go back to 2026-09-04).`)).toBeInTheDocument();
  });

  it('opens out of season on the program’s last sampled day, says which day and why, and goes back to it when the date is cleared', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/beaches/geomeans', signedInStore({ user: surveyor }));
    await screen.findByRole('table', { name: /30-day geomean of each station/ }, { timeout: 15_000 });
    // The windows are asked for on the default day, not today.
    expect(calls.filter((c) => c.path === '/api/geomean/program/1').map((c) => c.query?.date)).toEqual(['2026-09-04']);
    expect(screen.getByLabelText('As of', { selector: 'input' })).toHaveValue('2026-09-04');
    expect(
      screen.getByText('Showing windows ending 2026-09-04, the program’s last sampled day: the program is out of season today (2026-11-20); the 2026 season ran 2026-05-23 to 2026-09-07.'),
    ).toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('As of', { selector: 'input' }), { target: { value: '2026-08-01' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.some((c) => c.path === '/api/geomean/program/1' && c.query?.date === '2026-08-01')).toBe(true));
    fireEvent.change(screen.getByLabelText('As of', { selector: 'input' }), { target: { value: '' } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Showing windows ending 2026-09-04, the program’s last sampled day/)).toBeInTheDocument();
    expect(screen.getByLabelText('As of', { selector: 'input' })).toHaveValue('2026-09-04');
  });

  it('the Rolling Geomeans page says the same and asks for the same day', async () => {
    const { calls } = routes();
    renderApp('/portal/beaches/geomeans/rolling', signedInStore({ user: surveyor }));
    await screen.findByRole('img', { name: /Rolling geomean of Asbury Park - 1st Avenue/ }, { timeout: 15_000 });
    expect(calls.find((c) => c.path === '/api/geomean/rolling')?.query).toMatchObject({ program_id: '1', date: '2026-09-04' });
    expect(screen.getByText(/^Showing windows ending 2026-09-04, the program’s last sampled day/)).toBeInTheDocument();
  });

  it('says why for every kind of default day', () => {
    const base = { chosen: null };
    expect(asOfSentence({ ...base, defaultDay: { ...DEFAULT_DAY, today: '2026-08-15', date: '2026-08-13', monitoring: true } })).toBe(
      'Showing windows ending 2026-08-13, the program’s last sampled day (today is 2026-08-15; results are verified a day or more after sampling).',
    );
    expect(asOfSentence({ ...base, defaultDay: { ...DEFAULT_DAY, date: '2026-09-07', reason: 'SEASON_END' } })).toBe(
      'Showing windows ending 2026-09-07, the last day of the 2026 season: the program is out of season today (2026-11-20) and has no sample in that season to end on.',
    );
    expect(asOfSentence({ ...base, defaultDay: { ...DEFAULT_DAY, date: '2026-11-20', reason: 'TODAY', last_sampled_day: null, season: null } })).toBe(
      'Showing windows ending today, 2026-11-20: the program has no verified samples yet.',
    );
    expect(asOfSentence({ ...base, defaultDay: undefined })).toBe('Showing windows ending today: the program’s last sampled day could not be loaded.');
  });

  it('summarises a season without values', () => {
    expect(chartSummary('X', [], 35, '2026-05-11', '2026-07-15')).toBe('X: no rolling geomean from May 11 to Jul 15.');
  });
});
