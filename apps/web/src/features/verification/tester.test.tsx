import { CODES, RESULT_CODES, VERIFICATION_CODES } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok } from '../../test/staff-fixtures';
import type { TesterOptions, TestRun } from '@beach/domain';
import { ADVISORY, CLOSED, makeVerifier, OPEN } from './verification-fixtures';

const OPTIONS: TesterOptions = {
  program: { program_id: 1, name: 'Ocean Beaches', abbv: 'OB', color: '#005ea2' },
  stations: [
    { beach_station_id: 10, station_name: 'Asbury Park - 1st Avenue', station_type: 'PRIMARY', primary_station_id: 10, beach_name: '1st Avenue', current_status: OPEN },
    { beach_station_id: 11, station_name: 'Asbury Park - 1st Avenue N1', station_type: 'BRACKET', primary_station_id: 10, beach_name: '1st Avenue', current_status: OPEN },
  ],
  statuses: [OPEN, ADVISORY, CLOSED],
  parameters: [{ parameter_id: 1, code: 'ENTEROCOCCUS', name: 'Enterococcus' }],
  units: [{ result_unit_id: 1, code: 'CFU_100ML', name: 'CFU/100mL' }],
  remark_codes: [{ remark_code_id: 1, code: 'K', name: 'Less than reporting limit', is_no_value: false }],
  default_parameter_id: 1,
  default_result_unit_id: 1,
  today: '2026-07-15',
  max_date: '2026-07-16',
};

const RULES = [
  { program_beach_logic_id: 1, position: 1, title: 'Open to Advisory', description: 'When an Open beach gets a result above 104 CFU/100mL: set Advisory, resample primary and brackets, e-mail' },
  { program_beach_logic_id: 2, position: 2, title: 'Advisory to Closed', description: 'When an Advisory beach gets a result above 104 CFU/100mL: set Closed, e-mail' },
];

const RUN: TestRun = {
  program: OPTIONS.program,
  files: [],
  rules: RULES,
  steps: [
    {
      order: 1,
      result: {
        result_id: null,
        source: 'typed',
        beach_station_id: 10,
        station_name: 'Asbury Park - 1st Avenue',
        beach_name: '1st Avenue',
        primary_station_id: 10,
        sample_date: '2026-07-15',
        sample_time_hh: '09',
        sample_time_mm: '00',
        value: 500,
        remark_code: null,
        unit_name: 'CFU/100mL',
        parameter: 'ENTEROCOCCUS',
      },
      status_before: OPEN,
      status_after: ADVISORY,
      status_changes: true,
      rule: RULES[0]!,
      actions: ['resample the primary and its brackets'],
      would_email: true,
      checks: [
        {
          program_beach_logic_id: 1,
          position: 1,
          title: 'Open to Advisory',
          outcome: 'FIRED',
          conditions: [
            { kind: 'STATUS', holds: true, text: 'the rule needs Open; the beach is Open' },
            { kind: 'COMPARISON', holds: true, text: '500 is above 104' },
          ],
        },
        { program_beach_logic_id: 2, position: 2, title: 'Advisory to Closed', outcome: 'NOT_REACHED', conditions: [] },
      ],
    },
  ],
  outcome: [
    {
      beach_station_id: 10,
      station_name: 'Asbury Park - 1st Avenue',
      beach_name: '1st Avenue',
      status_before: OPEN,
      status_after: ADVISORY,
      status_changes: 1,
      needs_resample: true,
      brackets_to_resample: [11],
      requires_sanitary_survey: false,
      emails: 1,
    },
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeVerifier()),
    'GET /api/verify/test/options': ok(RESULT_CODES.RETRIEVED_FILTER_LIST, OPTIONS),
    ...extra,
  });
}

async function open() {
  const view = renderApp('/portal/data-verification-tester', signedInStore({ user: makeVerifier() }));
  await screen.findByLabelText('Station, result 1', undefined, { timeout: 15_000 });
  return view;
}

describe('Verification Tester', () => {
  it('is labelled as a dry run that writes nothing', async () => {
    const { calls } = routes();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Verification Tester' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'A dry run: the tester writes nothing' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/verify/test/options')!.query).toEqual({ program_id: '1' });
    expect(screen.getByRole('option', { name: 'Asbury Park - 1st Avenue – now Open' })).toBeInTheDocument();
  });

  it('checks typed results with the shared schema before running them', async () => {
    const { calls } = routes();
    const { user } = await open();
    await user.type(screen.getByLabelText('Hour, result 1'), '25');
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some results need correcting');
    expect(screen.getByLabelText('Station, result 1')).toHaveAccessibleDescription('Choose a station');
    expect(screen.getByLabelText('Hour, result 1')).toHaveAccessibleDescription('Hour must be two digits, 00 to 23');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('stops its date pickers at tomorrow and says so when a later date is typed', async () => {
    const { calls } = routes();
    const { user } = await open();
    const typedDate = screen.getByLabelText('Sample date, result 1');
    expect(typedDate).toHaveAttribute('max', '2026-07-16');
    await user.selectOptions(screen.getByLabelText('Station, result 1'), '10');
    await user.type(screen.getByLabelText('Value, result 1'), '500');
    fireEvent.change(typedDate, { target: { value: '2026-07-17' } });
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Some results need correcting');
    expect(typedDate).toHaveAccessibleDescription('Date cannot be later than tomorrow');
    // Tomorrow itself is fine.
    fireEvent.change(typedDate, { target: { value: '2026-07-16' } });
    await user.click(screen.getByRole('radio', { name: 'The unverified results of a date' }));
    const chosen = screen.getByLabelText('Sample date');
    expect(chosen).toHaveAttribute('max', '2026-07-16');
    fireEvent.change(chosen, { target: { value: '2026-08-01' } });
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));
    await waitFor(() => expect(chosen).toHaveAccessibleDescription(expect.stringContaining('Date cannot be later than tomorrow')));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('shows rule by rule what verification would do, in plain words, as a dry run', async () => {
    const { calls } = routes({ 'POST /api/verify/test': ok(VERIFICATION_CODES.VERIFICATION_TEST, RUN) });
    const { user } = await open();
    await user.selectOptions(screen.getByLabelText('Station, result 1'), '10');
    await user.type(screen.getByLabelText('Hour, result 1'), '9');
    await user.type(screen.getByLabelText('Minute, result 1'), '0');
    await user.type(screen.getByLabelText('Value, result 1'), '500');
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));

    const outcome = await screen.findByRole('region', { name: 'What verification would do (dry run)' });
    expect(calls.find((c) => c.method === 'POST')!.body).toEqual({
      program_id: 1,
      results: [
        { beach_station_id: 10, sample_date: '2026-07-15', sample_time_hh: '09', sample_time_mm: '00', value: 500, remark_code_id: null, result_unit_id: 1, parameter_id: 1 },
      ],
      starting_statuses: [],
    });
    expect(outcome).toHaveTextContent('Dry run: nothing below was saved. No result was verified, no beach status changed and no e-mail was sent.');
    // The program's rules in plain words (describeRule on the server).
    const rules = within(outcome).getByRole('heading', { name: 'The program’s rules, in the order they are tried' }).nextElementSibling!;
    expect(rules).toHaveTextContent('Open to Advisory: When an Open beach gets a result above 104 CFU/100mL: set Advisory');
    // Where the beach would end.
    const ends = within(outcome).getByRole('table', { name: /before and after/ });
    expect(within(ends).getByRole('row', { name: /1st Avenue/ })).toHaveTextContent('OpenAdvisory1Primary and 1 bracketNo1');
    // The step, and each rule's outcome with its conditions.
    const step = within(outcome).getByRole('listitem', { name: /1\. Asbury Park - 1st Avenue: 500 CFU\/100mL on 2026-07-15 at 09:00/ });
    expect(step).toHaveTextContent('Open→ would become Advisory by rule 1, Open to Advisory: When an Open beach gets a result above 104');
    expect(step).toHaveTextContent('It would also: resample the primary and its brackets; send the status e-mail.');
    expect(step).toHaveTextContent('Rule 1, Open to Advisory: fired');
    expect(step).toHaveTextContent('Holds: 500 is above 104');
    expect(step).toHaveTextContent('Rule 2, Advisory to Closed: not reached: an earlier rule fired');
  });

  it('runs lab files and lists the lines it left out', async () => {
    const { calls } = routes({
      'POST /api/verify/test/folder': ok(VERIFICATION_CODES.VERIFICATION_TEST, {
        ...RUN,
        files: [
          { file_name: 'monday.csv', rows: 3, used: 2, errors: [{ line: 4, column: 'Result_Measure', message: 'Result_Measure must be a number' }] },
          { file_name: 'tuesday.csv', rows: 1, used: 1, errors: [] },
        ],
      }),
    });
    const { user } = await open();
    await user.click(screen.getByLabelText('Lab files (CSV, the download layout)'));
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));
    expect(screen.getByText('Choose one or more CSV files')).toBeInTheDocument();
    await user.upload(screen.getByLabelText('Lab files (CSV)'), [new File(['a'], 'monday.csv', { type: 'text/csv' }), new File(['b'], 'tuesday.csv', { type: 'text/csv' })]);
    await user.click(screen.getByRole('button', { name: 'Run the dry run' }));
    const outcome = await screen.findByRole('region', { name: 'What verification would do (dry run)' });
    expect(within(outcome).getByRole('row', { name: /monday\.csv/ })).toHaveTextContent('Line 4, Result_Measure: Result_Measure must be a number');
    expect(within(outcome).getByRole('row', { name: /tuesday\.csv/ })).toHaveTextContent('None');
    expect(calls.find((c) => c.path === '/api/verify/test/folder')!.query).toEqual({ program_id: '1' });
  });
});
