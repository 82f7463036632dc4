import { CODES, type SeasonsPayload } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import { ChecklistView } from '../setup/SetupChecklist';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./SeasonsPage')]);
}, 60_000);

const PATH = '/portal/program/administration/seasons';
const selectProgram = (programId: number) => ({ type: 'user/setSelectedProgram', payload: programId });
const seasons = (list: SeasonsPayload['list'], today = '2026-11-28'): SeasonsPayload => ({ program_id: 1, list, today, can_edit: true });
const S2026 = { year: 2026, preseason_start: '2026-05-11', start_date: '2026-05-23', end_date: '2026-09-07', days: 108 };

function open(payload: SeasonsPayload, extra: Parameters<typeof mockFetch>[0] = {}) {
  const mocked = mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()), 'GET /api/program/1/seasons': ok('SEASONS_FOUND', payload), ...extra });
  const store = signedInStore({ user: makeAdmin() });
  store.dispatch(selectProgram(1));
  return { ...mocked, ...renderApp(PATH, store) };
}

describe('Seasons', () => {
  it('lists the seasons, says what today means, and copies a season to next year on the same weekdays', async () => {
    const { calls, user } = open(seasons([S2026]), {
      'POST /api/program/1/seasons/2026/copy-to-next-year': ok('SEASON_CREATED', { year: 2027, preseason_start: '2027-05-10', start_date: '2027-05-22', end_date: '2027-09-06', days: 108 }),
    });
    const table = await screen.findByRole('table', { name: /Seasons of Ocean Beaches/ });
    expect(within(table).getByRole('row', { name: /2026 This year Mon, May 11 Sat, May 23 to Mon, Sep 7 108/ })).toBeInTheDocument();
    expect(screen.getByText(/The 2026 season has ended and the 2027 dates are not set/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Copy to 2027' }));
    expect(await screen.findByText(/The 2027 season was added: Sat, May 22 to Mon, Sep 6/)).toBeVisible();
    expect(calls.some((c) => c.method === 'POST' && c.path === '/api/program/1/seasons/2026/copy-to-next-year')).toBe(true);
  });

  it('adds a season with the dates checked as the server checks them, before sending', async () => {
    const { calls, user } = open(seasons([S2026]), {
      'PUT /api/program/1/seasons/2027': ok('SEASON_CREATED', { year: 2027, preseason_start: '2027-05-10', start_date: '2027-05-22', end_date: '2027-09-06', days: 108 }),
    });
    await user.click(await screen.findByRole('button', { name: 'Add the 2027 season' }));
    // Prefilled from the latest season's weekdays.
    expect(screen.getByLabelText('Swimming season starts')).toHaveValue('2027-05-22');
    const end = screen.getByLabelText('Swimming season ends (last day)');
    await user.clear(end);
    await user.type(end, '2027-05-01');
    await user.click(screen.getByRole('button', { name: 'Save season' }));
    expect((await screen.findAllByText('The season must start on or before its last day')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.clear(end);
    await user.type(end, '2027-09-06');
    await user.click(screen.getByRole('button', { name: 'Save season' }));
    expect(await screen.findByText(/The 2027 season was saved/)).toBeVisible();
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({ preseason_start: '2027-05-10', start_date: '2027-05-22', end_date: '2027-09-06' });
  });

  it('warns when this year has no season, and deletes only after a confirm', async () => {
    const { calls, user } = open(seasons([S2026], '2027-03-02'), { 'DELETE /api/program/1/seasons/2026': ok('SEASON_DELETED', null) });
    expect(await screen.findByText(/The program has no 2027 season: every beach shows Not Monitored/)).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Delete the 2026 season' }));
    const dialog = await screen.findByRole('dialog');
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete season' }));
    expect(await screen.findByText('The 2026 season was deleted.')).toBeVisible();
  });
});

describe('the set-up checklist', () => {
  it('shows each item done or to do in words, with a link to its screen', () => {
    render(
      <MemoryRouter>
        <ChecklistView
          checklist={{
            complete: false,
            year: 2027,
            items: [
              { key: 'places', done: true, detail: '21 counties, 119 municipalities' },
              { key: 'lhas', done: false, detail: '0 local health authorities' },
              { key: 'organizations', done: false, detail: '0 organizations besides the administrators’' },
              { key: 'seasons', done: false, detail: 'No 2027 season: Ocean Beaches' },
              { key: 'rules', done: false, detail: 'No logic rules: Ocean Beaches' },
              { key: 'beaches', done: false, detail: '0 beach stations' },
              { key: 'users', done: false, detail: '1 user' },
            ],
          }}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { name: 'Set up your agency: 1 of 7 done' })).toBeVisible();
    expect(screen.getByRole('link', { name: 'Set each program’s 2027 swimming season' })).toHaveAttribute('href', '/portal/program/administration/seasons');
    expect(screen.queryByRole('link', { name: 'Load your counties and municipalities' })).toBeNull();
    expect(screen.getAllByText('Done:')).toHaveLength(1);
    expect(screen.getAllByText('To do:')).toHaveLength(6);
  });
});
