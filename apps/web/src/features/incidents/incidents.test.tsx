import { CODES, type Incident } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./IncidentsPage')]);
}, 60_000);

const incident = (id: number, over: Partial<Incident> = {}): Incident => ({
  incident_id: id,
  program_id: 1,
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  start_date: '2026-07-14',
  end_date: null,
  state: 'OPEN',
  is_manual: true,
  incident_type_id: 1,
  incident_type_name: 'Swimming advisory',
  reason_code: 'ELEV_BACT',
  reason_name: 'Elevated bacteria',
  source_code: 'STORM',
  source_name: 'Storm water',
  additional_overall_comments: 'Outfalls flowing after the storm.',
  final_comments: null,
  current_status_name: 'Advisory',
  daily_count: 1,
  created_by: 'Helen Rossi',
  created_at: '2026-07-14T12:00:00Z',
  daily_incidents: [{ daily_incident_id: 5, entry_date: '2026-07-14', beach_status_id: 2, beach_status_name: 'Advisory', actions: 'Signs posted.', comments: '' }],
  ...over,
});

const OPTIONS = {
  types: [{ incident_type_id: 1, code: 'ADVISORY', name: 'Swimming advisory' }],
  reasons: [{ code: 'ELEV_BACT', name: 'Elevated bacteria' }],
  sources: [{ code: 'STORM', name: 'Storm water' }],
  statuses: [
    { beach_status_id: 1, code: 'OPEN', name: 'Open' },
    { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory' },
  ],
  states: [
    { code: 'OPEN', name: 'Open' },
    { code: 'CLOSED', name: 'Closed' },
    { code: 'AUTO_CLOSED', name: 'Auto-closed' },
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  const { daily_incidents: _d, ...summary } = incident(11);
  void _d;
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/incidents/program/1': ok('INCIDENTS_FOUND', { list: [summary] }),
    'GET /api/incidents/options': ok('INCIDENT_OPTIONS_FOUND', OPTIONS),
    'GET /api/beach/3/incidents/11': ok('INCIDENT_FOUND', incident(11)),
    'GET /api/public/data/filters': ok('FILTERS_FOUND', {
      filters: {},
      beachList: [
        {
          beach_station_id: 3,
          station_name: 'Station 3',
          beach_name: 'Seaside Heights',
          program: { program_id: 1 },
          municipality: { county_id: 2, municipality_id: 20 },
          local_health_authority: { local_health_authority_id: 5 },
          type: { code: 'PRIMARY' },
          category: { code: 'OCEAN' },
        },
      ],
    }),
    ...extra,
  });
}

function open() {
  const store = signedInStore({ user: makeAdmin() });
  store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
  return renderApp('/portal/beaches/incidents', store);
}

describe('Incident', () => {
  it('lists the open incidents of the program and sends the filters', async () => {
    const { calls } = routes();
    const { user } = open();
    const table = await screen.findByRole('table', { name: '1 incident' });
    const row = within(table).getByRole('row', { name: /Seaside Heights/ });
    expect(within(row).getByRole('cell', { name: 'Elevated bacteria' })).toHaveAttribute('data-label', 'Reason');
    expect(calls.find((c) => c.path === '/api/incidents/program/1')!.query).toEqual({ state: 'open' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Station' }), 'Seaside Heights - Station 3');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Incidents' }), 'closed');
    fireEvent.change(screen.getByLabelText('Open on or after'), { target: { value: '2026-07-01' } });
    await waitFor(() =>
      expect(calls.filter((c) => c.path === '/api/incidents/program/1').at(-1)!.query).toEqual({ state: 'closed', beach_station_id: '3', from: '2026-07-01' }),
    );
  });

  it('opens an incident with its daily log and saves a day (status required first)', async () => {
    const { calls } = routes({ 'PUT /api/incidents/11/daily': ok('INCIDENT_DAILY_SAVED', incident(11)) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Open the incident at Seaside Heights - Station 3 of 2026-07-14' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Incident at Seaside Heights - Station 3' });
    await waitFor(() => expect(heading).toHaveFocus());
    const log = screen.getByRole('table', { name: 'Daily log' });
    expect(within(log).getByRole('row', { name: /2026-07-14/ })).toHaveTextContent('Signs posted.');
    const form = screen.getByRole('form', { name: 'Daily entry' });
    fireEvent.change(within(form).getByLabelText(/^Day/), { target: { value: '2026-07-15' } });
    await user.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect((await within(form).findAllByText('Choose the beach status that day')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Beach status that day/ }), 'Advisory');
    await user.type(within(form).getByRole('textbox', { name: /^Actions taken/ }), 'Resampled.');
    await user.click(within(form).getByRole('button', { name: 'Save entry' }));
    expect(await screen.findByText('The entry of 2026-07-15 was saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({
      additional_overall_comments: 'Outfalls flowing after the storm.',
      daily_incidents: [{ entry_date: '2026-07-15', beach_status_id: 2, actions: 'Resampled.', comments: '' }],
    });
  });

  it('closes an incident with final comments only after the confirmation', async () => {
    const { calls } = routes({ 'PUT /api/incidents/11/close': ok('INCIDENT_CLOSED', incident(11, { state: 'CLOSED', end_date: '2026-07-16', final_comments: 'Clean.' })) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Open the incident at Seaside Heights - Station 3 of 2026-07-14' }));
    const form = await screen.findByRole('form', { name: 'Close the incident' });
    await user.click(within(form).getByRole('button', { name: 'Close incident' }));
    expect((await within(form).findAllByText('Final comments are required')).length).toBeGreaterThan(0);
    await user.type(within(form).getByRole('textbox', { name: /^Final comments/ }), 'Resample met the standard.');
    await user.click(within(form).getByRole('button', { name: 'Close incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Close this incident?' });
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Close incident' }));
    expect(await screen.findByText('The incident at Seaside Heights - Station 3 was closed.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!).toMatchObject({ path: '/api/incidents/11/close', body: { final_comments: 'Resample met the standard.' } });
  });

  it('opens an incident by hand at a station with its BEACON reason and source', async () => {
    const { calls } = routes({ 'POST /api/beach/3/incidents': ok('INCIDENT_CREATED', incident(11, { daily_incidents: [] })) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Open an incident' }));
    const form = await screen.findByRole('form', { name: 'Open an incident' });
    await user.click(within(form).getByRole('button', { name: 'Open incident' }));
    expect((await within(form).findAllByText('Choose a BEACON reason')).length).toBeGreaterThan(0);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Beach station/ }), 'Seaside Heights - Station 3');
    fireEvent.change(within(form).getByLabelText(/^Started on/), { target: { value: '2026-07-14' } });
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Type/ }), 'Swimming advisory');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^BEACON reason/ }), 'Elevated bacteria');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^BEACON source/ }), 'Storm water');
    await user.click(within(form).getByRole('button', { name: 'Open incident' }));
    expect(await screen.findByText('An incident at Seaside Heights - Station 3 was opened.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      start_date: '2026-07-14',
      incident_type_id: 1,
      reason_code: 'ELEV_BACT',
      source_code: 'STORM',
      additional_overall_comments: '',
    });
    expect(await screen.findByRole('heading', { level: 2, name: 'Incident at Seaside Heights - Station 3' })).toBeInTheDocument();
  });

  it('deletes an incident for an incidents admin after the confirmation', async () => {
    const { calls } = routes({ 'DELETE /api/incidents/11': ok('INCIDENT_DELETED', null) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Open the incident at Seaside Heights - Station 3 of 2026-07-14' }));
    await user.click(await screen.findByRole('button', { name: 'Delete incident' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this incident?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('The incident at Seaside Heights - Station 3 of 2026-07-14 was deleted.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.path).toBe('/api/incidents/11');
    // The opened incident is in the address; leaving it is a navigation.
    await waitFor(() => expect(screen.queryByRole('heading', { level: 2, name: 'Incident at Seaside Heights - Station 3' })).not.toBeInTheDocument());
  });

  it('opens the incident named in the address, lists the trackdowns that follow it up and starts one prefilled (issue 28)', async () => {
    const trackdown = {
      source_trackdown_id: 7,
      beach_station_id: 3,
      program_id: 1,
      station_name: 'Station 3',
      beach_name: 'Seaside Heights',
      incident: { incident_id: 11, beach_station_id: 3, start_date: '2026-07-14', end_date: null, state: 'OPEN', reason_name: 'Elevated bacteria' },
      identified_problems: 'Illicit connection at outfall 3',
      suggested_solutions: '',
      description: '',
      is_applying_for_loan_or_grant: false,
      has_received_loan_or_grant: false,
      water_quality_filename: null,
      water_quality_file: null,
      water_quality_file_type: null,
      attempted_fixes: [],
      trackdown_files: [],
      created_at: '2026-07-15T14:00:00Z',
      created_by_name: 'Helen Rossi',
      updated_at: '2026-07-15T14:00:00Z',
    };
    const { calls } = routes({ 'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [trackdown], incidents: [trackdown.incident] }) });
    const store = signedInStore({ user: makeAdmin() });
    store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
    const { router, user } = renderApp('/portal/beaches/incidents?station=3&incident=11', store);
    const section = await screen.findByRole('region', { name: 'Source trackdowns' });
    const link = await within(section).findByRole('link', { name: 'Trackdown #7 of 2026-07-15' });
    expect(link).toHaveAttribute('href', '/portal/beaches/station/3#trackdown-7');
    expect(link.closest('li')).toHaveTextContent('by Helen Rossi');
    expect(calls.find((c) => c.path === '/api/beach/3/sourceTrackdown')!.query).toEqual({ incident_id: '11' });
    const start = within(section).getByRole('link', { name: 'Start a source trackdown' });
    expect(start).toHaveAttribute('href', '/portal/beaches/station/3?trackdownFor=11#source-trackdowns');
    await user.click(start);
    expect(router.state.location.pathname).toBe('/portal/beaches/station/3');
  });

  it('says that no incident matches the filters rather than that there are none', async () => {
    routes({ 'GET /api/incidents/program/1': ok('INCIDENTS_FOUND', { list: [] }) });
    open();
    expect(await screen.findByText('No incidents match these filters.')).toBeInTheDocument();
  });
});
