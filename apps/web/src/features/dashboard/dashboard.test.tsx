import { CODES, MESSAGES } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import type { ProgramDashboard } from './api';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./DashboardPage')]);
}, 60_000);

const DASHBOARD: ProgramDashboard = {
  program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2', desc: '', censored_rule: 'AT_LIMIT', geomean_counted_remarks: [] },
  stations_by_status: [
    { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#00a91c', count: 180 },
    { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', count: 4 },
    { beach_status_id: 3, code: 'CLOSED', name: 'Closed', color: '#d83933', count: 1 },
  ],
  primary_station_count: 185,
  results_awaiting_verification: 12,
  results_awaiting_secondary_validation: 3,
  secondary_verification_in_use: true,
  open_incidents: 2,
  // Unlike the flagged-station count (1), so the card cannot show the wrong one.
  open_sanitary_surveys: 5,
  stations_flagged: {
    resample: 4,
    sanitary_survey: 1,
    list: [{ beach_station_id: 7, station_name: 'OB-07', beach_name: 'Asbury Park - 5th Ave', needs_resample: true, requires_sanitary_survey: true }],
  },
  unread_accident_reports: 1,
  permissions: { DATA_EDITING: 'ADMIN', DATA_VERIFICATION: 'ADMIN', SANITARY_SURVEYS: 'ADMIN', INCIDENTS: 'ADMIN', BEACH_STATUSES: 'ADMIN', REPORTS: 'ADMIN' },
};

function routes(me = makeAdmin(), extra: Record<string, Reply> = {}) {
  return mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, me), 'GET /api/program/1/dashboard': ok('PROGRAM_DASHBOARD', DASHBOARD), ...extra });
}

// The first render loads the lazy portal layout: give it longer than the usual 5 s under a parallel run.
const main = () => screen.findByRole('main', {});
/** The program selector's action (features do not import each other, so by its type). */
const selectProgram = (programId: number) => ({ type: 'user/setSelectedProgram', payload: programId });

describe('Dashboard', () => {
  it('asks a user of several programs to choose one, and loads nothing', async () => {
    const { calls } = routes();
    renderApp('/portal', signedInStore({ user: makeAdmin() }));
    expect(await within(await main()).findByText(MESSAGES.multiplePrograms)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/dashboard'))).toBe(false);
  });

  it('shows the selected program’s work with links into the matching screens', async () => {
    routes();
    const store = signedInStore({ user: makeAdmin() });
    store.dispatch(selectProgram(1));
    renderApp('/portal', store);
    expect(await screen.findByRole('heading', { level: 2, name: 'OB - Ocean Beaches' })).toBeInTheDocument();

    const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
    expect(within(card('Results waiting for verification')).getByText('12')).toBeInTheDocument();
    expect(within(card('Results waiting for verification')).getByRole('link', { name: 'Verify results' })).toHaveAttribute(
      'href',
      '/portal/results/verification',
    );
    expect(within(card('Results waiting for secondary validation')).getByText('3')).toBeInTheDocument();
    expect(within(card('Open incidents')).getByRole('link', { name: 'Incidents' })).toHaveAttribute('href', '/portal/beaches/incidents');
    expect(within(card('Stations to resample')).getByText('4')).toBeInTheDocument();
    expect(within(card('Stations needing a sanitary survey')).getByText('1')).toBeInTheDocument();
    expect(within(card('Open sanitary surveys')).getByText('5')).toBeInTheDocument();
    expect(within(card('Open sanitary surveys')).getByRole('link', { name: 'Complete a survey' })).toHaveAttribute('href', '/portal/beaches/sanitary-surveys');
    expect(within(card('Unread accident reports')).getByRole('link', { name: 'Accident reports' })).toBeInTheDocument();

    const statuses = screen.getByRole('table', { name: '185 active primary stations' });
    expect(within(statuses).getByRole('row', { name: 'Advisory 4' })).toBeInTheDocument();
    expect(screen.getByRole('table', { name: 'Flagged stations' })).toHaveTextContent('Asbury Park - 5th Ave');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    // The admin's organization reads the audit log (category_logs): the dashboard leads there.
    expect(screen.getByRole('link', { name: 'Audit log: who changed what' })).toHaveAttribute('href', '/portal/audit-log');
  });

  it('links only to the screens the user may open', async () => {
    // makeUser: DATA_EDITING USER in its one program (auto-selected), nothing else.
    routes(makeUser(), { 'GET /api/program/1/dashboard': ok('PROGRAM_DASHBOARD', { ...DASHBOARD, secondary_verification_in_use: false }) });
    renderApp('/portal', signedInStore());
    expect(await screen.findByRole('heading', { level: 3, name: 'Open incidents' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Incidents' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Verify results' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enter results' })).toHaveAttribute('href', '/portal/results');
    expect(screen.queryByText('Results waiting for secondary validation')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Audit log: who changed what' })).not.toBeInTheDocument();
  });

  it('says so when the dashboard cannot be loaded, with a retry', async () => {
    routes(makeUser(), { 'GET /api/program/1/dashboard': { status: 500, body: { code: 'SERVER_ERROR', message: 'Something went wrong on our side.', payload: null } } });
    const { user, router } = renderApp('/portal', signedInStore());
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('The program dashboard could not be loaded.');
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(router.state.location.pathname).toBe('/portal');
  });

  it('shows the missing-permissions message for a program that is not the user’s', async () => {
    const { calls } = routes(makeUser());
    const store = signedInStore();
    store.dispatch(selectProgram(99));
    renderApp('/portal', store);
    expect(await within(await main()).findByText(MESSAGES.missingProgramPermissions)).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/dashboard'))).toBe(false);
  });
});
