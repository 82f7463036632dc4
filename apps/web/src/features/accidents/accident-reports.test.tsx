import { CODES, type AccidentReport, type StaffBeachListItem, type UserProfile } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, OCEAN, OPEN_RULES, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./AccidentReportsPage')]);
}, 60_000);

const report = (id: number, over: Partial<AccidentReport> = {}): AccidentReport => ({
  serious_accident_report_id: id,
  program_id: 1,
  beach_station_id: 3,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  occurred_date: '2026-07-17',
  occurred_time: '16:20',
  accident_type: 'NEAR_DROWNING',
  is_fatal: false,
  age_group: 'TEEN',
  lifeguard_on_duty: true,
  description: 'Pulled from a rip current.',
  reporter_name: '',
  reporter_contact: '',
  is_read: false,
  entered_by: 'Alex Morgan',
  created_at: '2026-07-17T20:30:00Z',
  ...over,
});

const LIST = [report(1), report(2, { occurred_date: '2026-06-22', occurred_time: '15:20', is_read: true, accident_type: 'OTHER' })];

const station = (id: number, beach: string, over: Partial<StaffBeachListItem> = {}): StaffBeachListItem => ({
  beach_station_id: id,
  station_name: `Station ${id}`,
  beach_id: id,
  beach_name: beach,
  program: { program_id: 1, abbv: 'OB' },
  municipality: { county_id: 2, municipality_id: 20, name: 'Seaside Heights', county_name: 'Ocean' },
  local_health_authority: { local_health_authority_id: 5, name: 'Ocean County Health Department' },
  type: { code: 'PRIMARY' },
  category: { code: 'OCEAN' },
  primary: null,
  status: null,
  active: true,
  public_visible: true,
  needs_resample: false,
  requires_sanitary_survey: false,
  open_surveys: 0,
  ...over,
});

/** The program's staff station list: a hidden station is offered, an inactive one is not. */
const PROGRAM_STATIONS = [
  station(3, 'Seaside Heights'),
  station(4, 'Island Beach', { public_visible: false }),
  station(5, 'Lavallette', { active: false }),
];

/** An incident administrator without the beach permission: the screen is theirs, the Beach Stations list is not. */
const incidentAdmin = (): UserProfile =>
  makeAdmin({
    user_id: 30,
    organization_id: 5,
    organization: { organization_id: 5, name: 'Ocean County Health Department', abbv: 'OCHD', is_admin_organization: false, programs: [{ ...OCEAN, rules: { ...OPEN_RULES, category_beaches: 0 } }] },
    program_permissions: [{ program: OCEAN, permission: { code: 'INCIDENTS' }, access_level: { code: 'ADMIN' } }],
  });

function routes(extra: Record<string, Reply> = {}, who: UserProfile = makeAdmin()) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, who),
    'GET /api/program/administrative/accident/program/1': ok('ACCIDENT_REPORTS_FOUND', { list: LIST }),
    'GET /api/beach/list/program/1': ok('BEACH_LIST_FOUND', { beachList: PROGRAM_STATIONS }),
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
        {
          beach_station_id: 9,
          station_name: 'Station 9',
          beach_name: 'Bay Beach',
          program: { program_id: 2 },
          municipality: { county_id: 2, municipality_id: 20 },
          local_health_authority: { local_health_authority_id: 5 },
          type: { code: 'PRIMARY' },
          category: { code: 'BAY' },
        },
      ],
    }),
    ...extra,
  });
}

function open(who: UserProfile = makeAdmin()) {
  const store = signedInStore({ user: who });
  store.dispatch({ type: 'user/setSelectedProgram', payload: 1 });
  return renderApp('/portal/program/administration/accident', store);
}

const stationOptions = (form: HTMLElement) =>
  within(within(form).getByRole('combobox', { name: /^Beach station/ }))
    .getAllByRole('option')
    .map((o) => o.textContent)
    .filter((t) => t && !t.startsWith('-'));

describe('Serious / Fatal Accident Report', () => {
  it('lists reports with labelled cells for the stacked narrow layout; an unread one in bold and in words', async () => {
    routes();
    open();
    const table = await screen.findByRole('table', { name: '2 accident reports' });
    expect(table).toHaveClass('usa-table--stacked-header');
    const unread = within(table).getByRole('row', { name: /2026-07-17/ });
    const read = within(unread).getByRole('cell', { name: 'Unread' });
    expect(read).toHaveAttribute('data-label', 'Read');
    expect(read).toHaveClass('text-bold');
    expect(within(unread).getByRole('cell', { name: /Seaside Heights/ })).toHaveAttribute('data-label', 'Station');
    const done = within(table).getByRole('row', { name: /2026-06-22/ });
    expect(within(done).getByRole('cell', { name: 'Read' })).not.toHaveClass('text-bold');
  });

  it('opens a report without marking it read, moves focus to it and shows empty fields as a dash', async () => {
    const { calls } = routes();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Open the report of 2026-07-17 16:20' }));
    const heading = await screen.findByRole('heading', { level: 2, name: 'Accident report of 2026-07-17' });
    await waitFor(() => expect(heading).toHaveFocus());
    const details = screen.getByRole('region', { name: 'Accident report of 2026-07-17' });
    expect(within(details).getByText('Reporter').nextElementSibling).toHaveTextContent('—');
    expect(within(details).getByText('Contact').nextElementSibling).toHaveTextContent('—');
    expect(within(details).getByRole('button', { name: 'Mark read' })).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
  });

  it('says what to do for a station, date and time left empty', async () => {
    const { calls } = routes();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'File an accident report' }));
    await user.click(await screen.findByRole('button', { name: 'File report' }));
    expect(await screen.findByText('Choose the beach station')).toBeInTheDocument();
    expect(screen.getByText('Enter the date')).toBeInTheDocument();
    expect(screen.getByText('Enter the time')).toBeInTheDocument();
    expect(screen.getByText('Say whether the accident was fatal')).toBeInTheDocument();
    expect(screen.getByText('Say whether the accident was fatal').closest('fieldset')).toHaveAccessibleName(/^Fatal/);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('takes the time as its hint says: 24-hour HH:MM typed, and a 12-hour time refused (issue 28)', async () => {
    const { calls } = routes();
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'File an accident report' }));
    const form = await screen.findByRole('form', { name: 'File an accident report' });
    const time = within(form).getByRole('textbox', { name: /^Time/ });
    expect(time).toHaveAccessibleDescription('24-hour clock, HH:MM (for example 14:20)');
    await user.type(time, '2:20 PM');
    await user.click(within(form).getByRole('button', { name: 'File report' }));
    expect(await within(form).findByText('Time must be HH:MM (24-hour)')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('files a report: the radios are read as yes and no (react-hook-form gives radios their text)', async () => {
    const { calls } = routes({ 'POST /api/program/administrative/accident': ok('ACCIDENT_REPORT_CREATED', report(7, { occurred_date: '2026-07-18', occurred_time: '14:05' })) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'File an accident report' }));
    const form = await screen.findByRole('form', { name: 'File an accident report' });
    // The program's active stations from beach/list/program/{id}, a hidden one included (decision 0022's stop-gap resolved).
    expect(stationOptions(form)).toEqual(['Island Beach - Station 4', 'Seaside Heights - Station 3']);
    expect(calls.some((c) => c.path === '/api/public/data/filters')).toBe(false);
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Beach station/ }), 'Seaside Heights - Station 3');
    fireEvent.change(within(form).getByLabelText(/^Date/), { target: { value: '2026-07-18' } });
    await user.type(within(form).getByLabelText(/^Time/), '14:05');
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Type/ }), 'DROWNING');
    await user.click(within(within(form).getByRole('group', { name: /^Fatal/ })).getByLabelText('No'));
    await user.selectOptions(within(form).getByRole('combobox', { name: /^Age group/ }), 'ADULT');
    await user.click(within(within(form).getByRole('group', { name: /^Lifeguard on duty/ })).getByLabelText('Yes'));
    await user.type(within(form).getByRole('textbox', { name: /^Description/ }), 'Rescued from a rip current.');
    await user.type(within(form).getByRole('textbox', { name: /^Reporter/ }), 'Jordan Lee');
    await user.type(within(form).getByRole('textbox', { name: /^Contact/ }), '732-555-0142');
    await user.click(within(form).getByRole('button', { name: 'File report' }));
    expect(await screen.findByText('The report was filed.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      beach_station_id: 3,
      occurred_date: '2026-07-18',
      occurred_time: '14:05',
      accident_type: 'DROWNING',
      is_fatal: false,
      age_group: 'ADULT',
      lifeguard_on_duty: true,
      description: 'Rescued from a rip current.',
      reporter_name: 'Jordan Lee',
      reporter_contact: '732-555-0142',
    });
  });

  it("offers an incident administrator without the beach permission the program's public stations (decision 0032)", async () => {
    const { calls } = routes({}, incidentAdmin());
    const { user } = open(incidentAdmin());
    await user.click(await screen.findByRole('button', { name: 'File an accident report' }));
    const form = await screen.findByRole('form', { name: 'File an accident report' });
    expect(stationOptions(form)).toEqual(['Seaside Heights - Station 3']);
    expect(calls.some((c) => c.path === '/api/beach/list/program/1')).toBe(false);
  });

  it('edits a report with its yes and no answers already chosen (a demo report without a reporter needs one)', async () => {
    const { calls } = routes({ 'PUT /api/program/administrative/accident/1': ok('ACCIDENT_REPORT_SAVED', report(1)) });
    const { user } = open();
    await user.click(await screen.findByRole('button', { name: 'Edit the report of 2026-07-17 16:20' }));
    const form = await screen.findByRole('form', { name: 'Edit accident report' });
    expect(within(within(form).getByRole('group', { name: /^Fatal/ })).getByLabelText('No')).toBeChecked();
    expect(within(within(form).getByRole('group', { name: /^Lifeguard on duty/ })).getByLabelText('Yes')).toBeChecked();
    await user.click(within(form).getByRole('button', { name: 'Save report' }));
    expect(await within(form).findByText('Reporter is required')).toBeInTheDocument();
    await user.type(within(form).getByRole('textbox', { name: /^Reporter/ }), 'Jordan Lee');
    await user.type(within(form).getByRole('textbox', { name: /^Contact/ }), 'patrol@example.org');
    await user.click(within(form).getByRole('button', { name: 'Save report' }));
    expect(await screen.findByText('The report was saved.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({ is_fatal: false, lifeguard_on_duty: true, reporter_name: 'Jordan Lee' });
  });
});
