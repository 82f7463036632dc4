import { addDays, CODES, latestSampleDate, VERIFICATION_CODES } from '@beach/domain';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok } from '../../test/staff-fixtures';
import type { VerifyOutcome } from '@beach/domain';
import { ADVISORY, judged, makeVerifier, OPEN, reviewList } from './verification-fixtures';

const LIST = reviewList([
  judged(900, 500),
  judged(901, 120, { beach_station_id: 11, station_name: 'Asbury Park - 1st Avenue N1', station_type: 'BRACKET', primary_station_id: 10 }),
  judged(902, 10, { beach_station_id: 30, station_name: 'Sea Girt - Beacon Boulevard', primary_station_id: 30, beach_name: 'Beacon Boulevard', remark_code: 'K' }),
]);

const OUTCOME: VerifyOutcome = {
  verified: 1,
  result_ids: [900],
  status_changes: [
    {
      beach_station_id: 10,
      station_name: 'Asbury Park - 1st Avenue',
      beach_name: '1st Avenue',
      from_status: OPEN,
      to_status: ADVISORY,
      effective_date: '2026-07-15',
      result_id: 900,
      rule: { program_beach_logic_id: 1, title: 'Open to Advisory' },
      reason: 'Open to Advisory',
      emailed_to: ['verifier@example.org', 'health@example.org'],
    },
  ],
  station_flags: [{ beach_station_id: 10, needs_resample: true, requires_sanitary_survey: true }],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeVerifier()),
    'GET /api/results/1/verify': ok(VERIFICATION_CODES.RESULTS_FOR_VERIFICATION, LIST),
    ...extra,
  });
}

async function open() {
  const view = renderApp('/portal/results/verification', signedInStore({ user: makeVerifier() }));
  await screen.findByRole('heading', { level: 3, name: 'Wednesday, July 15, 2026' }, { timeout: 15_000 });
  return view;
}

describe('Result Verification', () => {
  it('judges each value against the thresholds in words and with an icon, not colour alone', async () => {
    routes();
    await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Result Verification' })).toBeInTheDocument();
    expect(screen.getByText(/Enterococcus: beach action value 104, statistical threshold 130, geomean 35/)).toBeInTheDocument();
    const row = (name: RegExp) => screen.getByRole('row', { name });
    expect(row(/Select Asbury Park - 1st Avenue, 500/)).toHaveTextContent('Above the statistical threshold (130)');
    expect(row(/Select Asbury Park - 1st Avenue N1, 120/)).toHaveTextContent('Above the beach action value (104)');
    expect(row(/Select Sea Girt - Beacon Boulevard, K 10/)).toHaveTextContent('At or below the beach action value (104)');
    expect(row(/Select Sea Girt - Beacon Boulevard, K 10/)).toHaveTextContent('K 10 CFU/100mL');
    expect(row(/Select Asbury Park - 1st Avenue, 500/).querySelector('svg.usa-icon')).not.toBeNull();
    expect(screen.getByText('3 unverified results; 0 chosen.')).toBeInTheDocument();
  });

  it('verifies the chosen results after a confirmation and shows each status change: beach, old -> new, rule', async () => {
    const { calls } = routes({ 'PUT /api/verify/': ok(VERIFICATION_CODES.RESULTS_VERIFIED, OUTCOME) });
    const { user } = await open();
    expect(screen.getByRole('button', { name: 'Verify chosen results' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Select Asbury Park - 1st Avenue, 500 CFU/100mL at 09:00' }));
    await user.click(screen.getByRole('button', { name: 'Verify 1 result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify 1 result?' });
    expect(dialog).toHaveTextContent(/may change beach statuses/);
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));

    const outcome = await screen.findByRole('region', { name: 'Verified 1 result' });
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ result_ids: [900] });
    const changes = within(outcome).getByRole('table', { name: /Beach status changes/ });
    const change = within(changes).getByRole('row', { name: /1st Avenue/ });
    expect(change).toHaveTextContent('Open→ to Advisory');
    expect(within(change).getByText('Rule: Open to Advisory')).toBeInTheDocument();
    expect(change).toHaveTextContent('2026-07-15');
    expect(change).toHaveTextContent('verifier@example.org, health@example.org');
    expect(within(outcome).getByText('Asbury Park - 1st Avenue: needs resampling and needs a sanitary survey')).toBeInTheDocument();
    await waitFor(() => expect(outcome).toHaveFocus());
  });

  it('says so when no rule changed a status', async () => {
    routes({ 'PUT /api/verify/': ok(VERIFICATION_CODES.RESULTS_VERIFIED, { verified: 1, result_ids: [902], status_changes: [], station_flags: [] }) });
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: /^Select Sea Girt/ }));
    await user.click(screen.getByRole('button', { name: 'Verify 1 result' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify' }));
    const outcome = await screen.findByRole('region', { name: 'Verified 1 result' });
    expect(outcome).toHaveTextContent('No beach status changed: no rule of the program fired for these results.');
  });

  it('chooses a whole date at once, and reports a result someone else verified first', async () => {
    const { calls } = routes({
      'PUT /api/verify/': {
        status: 409,
        body: { code: VERIFICATION_CODES.RESULT_STATE_CHANGED, message: 'A chosen result is no longer unverified.', payload: null },
      },
    });
    const { user } = await open();
    await user.click(screen.getByRole('checkbox', { name: 'All results of Wednesday, July 15, 2026 on this page' }));
    expect(screen.getByText('3 unverified results; 3 chosen.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Verify 3 results' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Verify' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('A chosen result is no longer unverified. Nothing was verified; the list is shown again as it is now.');
    expect(calls.filter((c) => c.path === '/api/results/1/verify').length).toBeGreaterThan(1);
  });

  it('stops the sample-date range at tomorrow and refuses a later day typed in', async () => {
    const { calls } = routes();
    const { user } = await open();
    const from = screen.getByLabelText('Sampled from');
    const to = screen.getByLabelText('Sampled to');
    const tomorrow = latestSampleDate();
    expect(from).toHaveAttribute('max', tomorrow);
    expect(to).toHaveAttribute('max', tomorrow);
    const requests = calls.length;
    fireEvent.change(from, { target: { value: '2026-07-01' } });
    fireEvent.change(to, { target: { value: addDays(tomorrow, 1) } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(to).toHaveAccessibleDescription('Date cannot be later than tomorrow');
    expect(to).toHaveFocus();
    expect(calls.length).toBe(requests);

    fireEvent.change(to, { target: { value: tomorrow } });
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(calls.some((c) => c.query?.from === '2026-07-01' && c.query?.to === tomorrow)).toBe(true));
    expect(to).not.toHaveAccessibleDescription('Date cannot be later than tomorrow');
  });

  it('shows an empty list and a failed one', async () => {
    routes({ 'GET /api/results/1/verify': ok(VERIFICATION_CODES.RESULTS_FOR_VERIFICATION, reviewList([])) });
    renderApp('/portal/results/verification', signedInStore({ user: makeVerifier() }));
    expect(await screen.findByText('Every result of the program is verified.', undefined, { timeout: 15_000 })).toBeInTheDocument();
  });
});

describe('Secondary Validation', () => {
  it('lets another person validate verified results, and not the verifier', async () => {
    const list = reviewList([
      judged(910, 40, { verification_state: 'VERIFIED', verified_by_name: 'Victoria Chen', can_validate: false }),
      judged(911, 60, { beach_station_id: 30, station_name: 'Sea Girt - Beacon Boulevard', verification_state: 'VERIFIED', verified_by_name: 'Dana Lee', can_validate: true }),
    ]);
    const { calls } = routes({
      'GET /api/verify/secondary': ok(VERIFICATION_CODES.RESULTS_FOR_SECONDARY_VALIDATION, list),
      'PUT /api/verify/secondary/': ok(VERIFICATION_CODES.RESULTS_SECONDARY_VERIFIED, { verified: 1, result_ids: [911] }),
    });
    const { user } = renderApp('/portal/secondary-validation', signedInStore({ user: makeVerifier() }));
    const mine = await screen.findByRole('row', { name: /Asbury Park - 1st Avenue/ }, { timeout: 15_000 });
    expect(mine).toHaveTextContent('You verified it: another person validates it');
    expect(within(mine).queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: /^Select Sea Girt/ }));
    await user.click(screen.getByRole('button', { name: 'Validate 1 result' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Validate' }));
    expect(await screen.findByText('Validated 1 result.')).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/verify/secondary')!.query).toEqual({ program_id: '1' });
    expect(calls.find((c) => c.method === 'PUT')!.body).toEqual({ result_ids: [911] });
  });
});
