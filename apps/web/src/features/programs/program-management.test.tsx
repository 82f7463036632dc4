import { CENSORED_RULE_MESSAGE, CODES, GEOMEAN_COUNTED_REMARK_MESSAGE } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { makeUser } from '../../test/fixtures';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, ok } from '../../test/staff-fixtures';
import type { ProgramDetail, RuleFilters, StoredLogicRule } from './api';

// The pages are lazy routes: load them once up front, so no test's first wait pays for compiling them.
beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./ProgramManagementPage'), import('./ProgramEditPage')]);
}, 60_000);

const FILTERS: RuleFilters = {
  statuses: [
    { beach_status_id: 1, code: 'OPEN', name: 'Open', color: '#00a91c', legend_order: 1 },
    { beach_status_id: 2, code: 'ADVISORY', name: 'Advisory', color: '#ffbe2e', legend_order: 2 },
    { beach_status_id: 3, code: 'CLOSED', name: 'Closed', color: '#d83933', legend_order: 3 },
  ],
  remark_codes: [{ remark_code_id: 1, code: 'K', name: 'Less than', description: 'Below the reporting limit' }],
  units: [{ result_unit_id: 1, code: 'CFU_100ML', name: 'CFU/100mL' }],
};

const rule = (id: number, position: number, title: string, overrides: Partial<StoredLogicRule> = {}): StoredLogicRule => ({
  program_beach_logic_id: id,
  position,
  title,
  desc: '',
  previous_beach_status_id: 1,
  set_to_beach_status_id: 2,
  remark_code_id: null,
  use_compare_value_as_bav: false,
  is_less_than_value: false,
  compare_value: 104,
  result_unit_id: 1,
  set_to_resample_primary: true,
  set_to_resample_brackets: true,
  set_require_sanitary_survey: true,
  triggers_beach_status_email: true,
  ...overrides,
});

const PROGRAM: ProgramDetail = {
  program_id: 1,
  name: 'Ocean Beaches',
  abbv: 'OB',
  color: '#005ea2',
  desc: 'Guarded ocean bathing beaches.',
  censored_rule: 'AT_LIMIT',
  geomean_counted_remarks: [],
  logic_rules: [
    rule(11, 1, 'Exceedance at an open beach'),
    rule(12, 2, 'Second exceedance', { previous_beach_status_id: 2, set_to_beach_status_id: 3, set_require_sanitary_survey: false }),
    rule(13, 3, 'Back to normal', {
      previous_beach_status_id: 2,
      set_to_beach_status_id: 1,
      is_less_than_value: true,
      set_to_resample_primary: false,
      set_to_resample_brackets: false,
      set_require_sanitary_survey: false,
      triggers_beach_status_email: false,
    }),
  ],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/program/': ok(CODES.RETRIEVE_PROGRAM_LIST, { list: [{ ...PROGRAM, rule_count: 3 }] }),
    'GET /api/program/rule/filters': ok(CODES.RETRIEVED_RULE_FILTER_LIST, FILTERS),
    'GET /api/program/1': ok('PROGRAM_FOUND', PROGRAM),
    ...extra,
  });
}

const ruleHeadings = () => screen.getAllByRole('heading', { level: 3 }).map((h) => h.textContent);

describe('Program Management', () => {
  it('lists the programs with their number of rules', async () => {
    routes();
    renderApp('/portal/program-management', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Programs' });
    expect(within(table).getByRole('link', { name: 'Ocean Beaches' })).toHaveAttribute('href', '/portal/program-management/1');
    expect(within(table).getByText('3')).toBeInTheDocument();
  });

  it('is for organization admins only', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeUser()) });
    renderApp('/portal/program-management/1', signedInStore());
    expect(await screen.findByText(/You do not have permission to use this page/)).toBeInTheDocument();
  });

  it('shows each rule in plain words with the domain’s describeRule', async () => {
    routes();
    renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    expect(
      await screen.findByText(
        'When an Open beach gets a result above 104 CFU/100mL: set Advisory, resample primary and brackets, require a sanitary survey, e-mail',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText('When an Advisory beach gets a result at or below 104 CFU/100mL: set Open')).toBeInTheDocument();
  });

  it('the preview follows the fields as they change', async () => {
    routes();
    const { user } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    const first = await screen.findByRole('article', { name: /Rule 1: Exceedance at an open beach/ });
    await user.click(within(first).getByLabelText('Send the status e-mail'));
    await user.selectOptions(within(first).getByLabelText('Remark code'), 'K - Less than');
    expect(
      within(first).getByText(
        'When an Open beach gets a result with remark code K above 104 CFU/100mL: set Advisory, resample primary and brackets, require a sanitary survey',
      ),
    ).toBeInTheDocument();
  });

  it('reorders with keyboard-reachable buttons, keeps focus on the moved rule and saves the new order', async () => {
    const { calls } = routes({ 'PUT /api/program/1': ok('PROGRAM_SAVED', PROGRAM) });
    const { user, router } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    const up = await screen.findByRole('button', { name: 'Move rule 3, Back to normal, up' });
    expect(screen.getByRole('button', { name: 'Move rule 1, Exceedance at an open beach, up' })).toBeDisabled();

    up.focus();
    await user.keyboard('{Enter}');
    expect(ruleHeadings()).toEqual(['Rule 1: Exceedance at an open beach', 'Rule 2: Back to normal', 'Rule 3: Second exceedance']);
    expect(screen.getByText('Back to normal is now rule 2 of 3.')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move rule 2, Back to normal, up'));

    // Up again reaches the top: that button is now disabled, so focus goes to Move down.
    await user.keyboard('{Enter}');
    await waitFor(() => expect(document.activeElement).toHaveAccessibleName('Move rule 1, Back to normal, down'));

    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/program-management'));
    const body = calls.find((c) => c.method === 'PUT')?.body as { logic_rules: { program_beach_logic_id: number | null; title: string }[] };
    expect(body.logic_rules.map((r) => [r.program_beach_logic_id, r.title])).toEqual([
      [13, 'Back to normal'],
      [11, 'Exceedance at an open beach'],
      [12, 'Second exceedance'],
    ]);
  });

  it('adds a rule with a null id, checks it with the server’s schema and removes a saved rule only after a confirmation', async () => {
    const { calls } = routes({ 'PUT /api/program/1': ok('PROGRAM_SAVED', PROGRAM) });
    const { user } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Add rule' }));
    const added = screen.getByRole('article', { name: 'Rule 4: New rule (new)' });
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    expect(await within(added).findByLabelText('Title')).toHaveAccessibleDescription('Title is required');
    expect(within(added).getByLabelText('When the beach is')).toHaveAccessibleDescription('Choose a status');
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);

    await user.type(within(added).getByLabelText('Title'), 'Closed stays closed');
    await user.selectOptions(within(added).getByLabelText('When the beach is'), 'Closed');
    await user.selectOptions(within(added).getByLabelText('Set the status to'), 'Closed');
    // The schema's cross-field rule speaks once the fields themselves are valid.
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() =>
      expect(within(added).getByLabelText('Compare value')).toHaveAccessibleDescription('Enter a compare value or use the beach action value'),
    );
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(added).getByLabelText('Without a compare value, use the program’s beach action value'));
    expect(within(added).getByText('When a Closed beach gets a result above the beach action value: keep Closed')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Remove rule 2, Second exceedance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove “Second exceedance”?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove rule' }));
    await waitFor(() => expect(ruleHeadings()).toHaveLength(3));

    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'PUT')).toBe(true));
    const body = calls.find((c) => c.method === 'PUT')?.body as { logic_rules: Record<string, unknown>[] };
    expect(body.logic_rules.map((r) => r.program_beach_logic_id)).toEqual([11, 13, null]);
    expect(body.logic_rules[2]).toEqual({
      program_beach_logic_id: null,
      title: 'Closed stays closed',
      desc: '',
      previous_beach_status_id: 3,
      set_to_beach_status_id: 3,
      remark_code_id: null,
      use_compare_value_as_bav: true,
      is_less_than_value: false,
      compare_value: null,
      result_unit_id: null,
      set_to_resample_primary: false,
      set_to_resample_brackets: false,
      set_require_sanitary_survey: false,
      triggers_beach_status_email: false,
    });
  });

  it('shows the censored-value rule as a labelled choice and saves it with the program', async () => {
    const { calls } = routes({ 'PUT /api/program/1': ok('PROGRAM_SAVED', { ...PROGRAM, censored_rule: 'HALF_LIMIT' }) });
    const { user, router } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    const group = await screen.findByRole('group', { name: 'Censored results (below the reporting limit) count in geomeans at' });
    expect(group).toHaveAccessibleDescription(expect.stringContaining('reporting limit'));
    expect(within(group).getByLabelText('The reported limit (default)')).toBeChecked();
    await user.click(within(group).getByLabelText('Half the reported limit'));
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/program-management'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ censored_rule: 'HALF_LIMIT' });
  });

  it('shows the server’s refusal of a censored-value rule on the choice', async () => {
    routes({
      'PUT /api/program/1': {
        status: 400,
        body: { code: CODES.VALIDATION_FAILED, message: 'Validation failed', payload: [{ field: 'censored_rule', message: CENSORED_RULE_MESSAGE }] },
      },
    });
    const { user } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Save program' }));
    const group = await screen.findByRole('group', { name: 'Censored results (below the reporting limit) count in geomeans at' });
    await waitFor(() => expect(group).toHaveAccessibleDescription(expect.stringContaining(CENSORED_RULE_MESSAGE)));
  });

  it('shows the FA and CG results counted in geomeans as a labelled checkbox group and saves them with the program', async () => {
    const { calls } = routes({
      'GET /api/program/1': ok('PROGRAM_FOUND', { ...PROGRAM, geomean_counted_remarks: ['CG'] }),
      'PUT /api/program/1': ok('PROGRAM_SAVED', { ...PROGRAM, geomean_counted_remarks: ['FA'] }),
    });
    const { user, router } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    const group = await screen.findByRole('group', { name: 'Count in geomeans' });
    expect(group).toHaveAccessibleDescription(expect.stringContaining('FA or CG'));
    const fa = within(group).getByRole('checkbox', { name: 'FA (failed analysis)' });
    const cg = within(group).getByRole('checkbox', { name: 'CG (confluent growth)' });
    expect(fa).not.toBeChecked();
    expect(cg).toBeChecked();
    await user.click(fa);
    await user.click(cg);
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/program-management'));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ geomean_counted_remarks: ['FA'] });
  });

  it('saves no counted remarks when both boxes are cleared, and shows the server’s refusal on the group', async () => {
    const { calls } = routes({
      'GET /api/program/1': ok('PROGRAM_FOUND', { ...PROGRAM, geomean_counted_remarks: ['FA'] }),
      'PUT /api/program/1': {
        status: 400,
        body: { code: CODES.VALIDATION_FAILED, message: 'Validation failed', payload: [{ field: 'geomean_counted_remarks.0', message: GEOMEAN_COUNTED_REMARK_MESSAGE }] },
      },
    });
    const { user } = renderApp('/portal/program-management/1', signedInStore({ user: makeAdmin() }));
    const group = await screen.findByRole('group', { name: 'Count in geomeans' });
    await user.click(within(group).getByRole('checkbox', { name: 'FA (failed analysis)' }));
    await user.click(screen.getByRole('button', { name: 'Save program' }));
    await waitFor(() => expect(group).toHaveAccessibleDescription(expect.stringContaining(GEOMEAN_COUNTED_REMARK_MESSAGE)));
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({ geomean_counted_remarks: [] });
  });

  it('creates a program with censored results at the reported limit unless told otherwise', async () => {
    const { calls } = routes({ 'POST /api/program': { status: 201, body: { code: 'PROGRAM_CREATED', message: '', payload: { ...PROGRAM, program_id: 2, name: 'Ocean Two' } } } });
    const { user, router } = renderApp('/portal/program-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Ocean Two');
    await user.type(screen.getByLabelText('Abbreviation'), 'O2');
    expect(screen.getByLabelText('The reported limit (default)')).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/program-management'));
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({ name: 'Ocean Two', censored_rule: 'AT_LIMIT', geomean_counted_remarks: [] });
  });

  it('creates a program and shows a taken abbreviation on its field', async () => {
    routes({ 'POST /api/program': { status: 409, body: { code: 'PROGRAM_ABBV_TAKEN', message: 'Another program already has this abbreviation.', payload: null } } });
    const { user } = renderApp('/portal/program-management/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Name'), 'Ocean Two');
    await user.type(screen.getByLabelText('Abbreviation'), 'OB');
    await user.clear(screen.getByLabelText('Colour'));
    await user.type(screen.getByLabelText('Colour'), 'blue');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    expect(await screen.findByLabelText('Colour')).toHaveAccessibleDescription(expect.stringContaining('Use a colour like #0055aa'));

    await user.clear(screen.getByLabelText('Colour'));
    await user.type(screen.getByLabelText('Colour'), '#123456');
    await user.click(screen.getByRole('button', { name: 'Create program' }));
    await waitFor(() => expect(screen.getByLabelText('Abbreviation')).toHaveAccessibleDescription('Another program already has this abbreviation.'));
  });
});
