import { CODES, RESULT_CODES, RESULT_INTEGRITY_CODES, RESULT_INTEGRITY_MESSAGES } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok } from '../../test/staff-fixtures';
import { FILTERS, makeGrid, makeSampler, REMARKS, storedResult } from './results-fixtures';
import type { ResultsGrid, ResultsGridSave } from '@beach/domain';

const GRID_PATH = '/api/results/program/1/organization/3/2026-07-15';

function routes(options: { grid?: ResultsGrid; admin?: boolean; extra?: Record<string, Reply | ((call: { body: unknown }) => Reply)> } = {}) {
  const user = makeSampler(options.admin ? 'ADMIN' : 'USER');
  const fetch = mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, user),
    'GET /api/results/filters': ok(RESULT_CODES.RETRIEVED_FILTER_LIST, FILTERS),
    'GET /api/results/filters/remarks': ok(RESULT_CODES.RETRIEVED_FILTER_LIST, { remark_codes: REMARKS }),
    [`GET ${GRID_PATH}`]: ok(RESULT_CODES.RESULTS_FOUND, options.grid ?? makeGrid()),
    ...options.extra,
  });
  return { ...fetch, user };
}

async function openGrid(admin = false) {
  const view = renderApp('/portal/results', signedInStore({ user: makeSampler(admin ? 'ADMIN' : 'USER') }));
  // The first test also waits for the lazy page chunk to compile.
  await screen.findByRole('table', { name: /Results of Coastal Environmental Laboratory/ }, { timeout: 15_000 });
  return view;
}

const cell = (label: string) => screen.getByLabelText(label) as HTMLInputElement;

describe('Results Entry grid', () => {
  it('shows the selected program, the organization, today and a line per station; a verified result is read-only', async () => {
    routes();
    await openGrid();
    expect(screen.getByRole('heading', { level: 1, name: 'Results Entry' })).toBeInTheDocument();
    expect(screen.getByText('Ocean Beaches (OB)')).toBeInTheDocument();
    expect(screen.getByLabelText('Organization')).toHaveValue('3');
    expect(screen.getByLabelText(/Sample date/)).toHaveValue('2026-07-15');
    expect(screen.getByLabelText(/Sample date/)).toHaveAttribute('max', '2026-07-16');
    expect(cell('Value, Asbury Park - 1st Avenue')).toBeInTheDocument();
    const belmar = screen.getByRole('row', { name: /Belmar - 5th Avenue/ });
    expect(within(belmar).queryByRole('textbox')).toBeNull();
    expect(within(belmar).getByText('Read-only')).toBeInTheDocument();
  });

  it('moves down the column with Enter (skipping read-only rows), up with Shift+Enter, and across with Tab', async () => {
    routes();
    const { user } = await openGrid();
    await user.click(cell('Value, Asbury Park - 1st Avenue'));
    await user.keyboard('500{Enter}');
    expect(cell('Value, Asbury Park - 1st Avenue N1')).toHaveFocus();
    await user.keyboard('12{Enter}');
    // Belmar's verified result is read-only: Enter goes on to the next editable row.
    expect(cell('Value, Sea Girt - Beacon Boulevard')).toHaveFocus();
    await user.keyboard('{Shift>}{Enter}{/Shift}');
    expect(cell('Value, Asbury Park - 1st Avenue N1')).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('Remark code, Asbury Park - 1st Avenue')).toHaveFocus();
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveValue('500');
    expect(cell('Value, Asbury Park - 1st Avenue N1')).toHaveValue('12');

    await user.click(cell('Hour, Asbury Park - 1st Avenue'));
    await user.tab();
    expect(cell('Minute, Asbury Park - 1st Avenue')).toHaveFocus();
  });

  it('pastes a column from a lab sheet downwards from the focused cell and says what it did', async () => {
    routes();
    const { user } = await openGrid();
    await user.click(cell('Value, Asbury Park - 1st Avenue'));
    await user.paste('500\n1,200\n\n<10\n77\n');
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveValue('500');
    expect(cell('Value, Asbury Park - 1st Avenue N1')).toHaveValue('1200');
    // The third line falls on Belmar's verified result: it is left as it was.
    expect(screen.getByRole('row', { name: /Belmar - 5th Avenue/ })).toHaveTextContent('35');
    expect(cell('Value, Sea Girt - Beacon Boulevard')).toHaveValue('10');
    expect(screen.getByLabelText('Remark code, Sea Girt - Beacon Boulevard')).toHaveValue('2');
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Pasted 3 lines into Value, from Asbury Park - 1st Avenue to Sea Girt - Beacon Boulevard. 1 line fell on read-only rows and was not pasted. 1 line went past the last row and was left out.',
    );
  });

  it('pastes times and several columns at once', async () => {
    routes();
    const { user } = await openGrid();
    await user.click(cell('Hour, Asbury Park - 1st Avenue'));
    await user.paste('8:05\n');
    expect(cell('Hour, Asbury Park - 1st Avenue')).toHaveValue('08');
    expect(cell('Minute, Asbury Park - 1st Avenue')).toHaveValue('05');
    await user.click(cell('Value, Asbury Park - 1st Avenue N1'));
    await user.paste('20\tK\tMPN/100mL\tyes\tfoggy');
    expect(cell('Value, Asbury Park - 1st Avenue N1')).toHaveValue('20');
    expect(screen.getByLabelText('Remark code, Asbury Park - 1st Avenue N1')).toHaveValue('1');
    expect(screen.getByLabelText('Unit, Asbury Park - 1st Avenue N1')).toHaveValue('2');
    expect(screen.getByLabelText('Resample, Asbury Park - 1st Avenue N1')).toBeChecked();
    expect(cell('Comments, Asbury Park - 1st Avenue N1')).toHaveValue('foggy');
  });

  it('checks the changed rows with the shared schema, then saves them at once', async () => {
    const { calls } = routes({
      extra: {
        'POST /api/results/bulk': (call) => {
          const body = call.body as ResultsGridSave;
          return ok(RESULT_CODES.RESULTS_SAVED, {
            created: body.results.length,
            updated: 0,
            returned_to_unverified: 0,
            results: body.results.map((r, i) =>
              storedResult(900 + i, r.beach_station_id, r.beach_station_id === 10 ? 'Asbury Park - 1st Avenue' : 'Sea Girt - Beacon Boulevard', {
                sample_time_hh: r.sample_time_hh,
                sample_time_mm: r.sample_time_mm,
                value: r.value,
              }),
            ),
          });
        },
      },
    });
    const { user } = await openGrid();
    await user.type(cell('Hour, Asbury Park - 1st Avenue'), '9');
    await user.type(cell('Value, Asbury Park - 1st Avenue'), 'abc');
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    expect(await screen.findByText('Some results need correcting')).toBeInTheDocument();
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveAccessibleDescription('Value must be a number');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(cell('Value, Asbury Park - 1st Avenue'));
    await user.type(cell('Value, Asbury Park - 1st Avenue'), '500');
    expect(cell('Value, Asbury Park - 1st Avenue')).not.toHaveAccessibleDescription('Value must be a number');
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    await waitFor(() => expect(cell('Minute, Asbury Park - 1st Avenue')).toHaveAccessibleDescription('Enter both hour and minute, or neither'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.type(cell('Minute, Asbury Park - 1st Avenue'), '5');
    await user.selectOptions(screen.getByLabelText('Remark code, Sea Girt - Beacon Boulevard'), 'NS');
    await user.click(screen.getByRole('button', { name: 'Save 2 results' }));
    expect(await screen.findByText('Saved 2 results: 2 added, 0 changed.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(post.body).toEqual({
      program_id: 1,
      organization_id: 3,
      sample_date: '2026-07-15',
      results: [
        expect.objectContaining({ result_id: null, beach_station_id: 10, sample_time_hh: '09', sample_time_mm: '05', value: 500, remark_code_id: null, parameter_id: 1, result_unit_id: 1 }),
        expect.objectContaining({ result_id: null, beach_station_id: 30, sample_time_hh: '', sample_time_mm: '', value: null, remark_code_id: 6 }),
      ],
    });
    // The saved rows are stored results now: nothing left to save.
    expect(screen.getByRole('button', { name: 'Save results' })).toBeInTheDocument();
  });

  it('warns an ADMIN that editing a verified result returns it to unverified, and asks before saving', async () => {
    const { calls } = routes({
      admin: true,
      grid: makeGrid({ verifiedEditable: true }),
      extra: {
        'POST /api/results/bulk': ok(RESULT_CODES.RESULTS_SAVED, {
          created: 0,
          updated: 1,
          returned_to_unverified: 1,
          results: [storedResult(500, 20, 'Belmar - 5th Avenue', { value: 40 })],
        }),
      },
    });
    const { user } = await openGrid(true);
    const belmar = screen.getByRole('row', { name: /Belmar - 5th Avenue/ });
    expect(within(belmar).getByText('Admin: editing returns it to unverified')).toBeInTheDocument();
    await user.clear(cell('Value, Belmar - 5th Avenue'));
    await user.type(cell('Value, Belmar - 5th Avenue'), '40');
    expect(screen.getByText(/You changed 1 verified result\. Saving returns it to unverified/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    const dialog = await screen.findByRole('dialog', { name: 'Return 1 verified result to unverified?' });
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Save and unverify' }));
    expect(await screen.findByText(/Saved 1 result: 0 added, 1 changed\. 1 verified result is unverified again/)).toBeInTheDocument();
    expect((calls.find((c) => c.method === 'POST')!.body as ResultsGridSave).results).toEqual([expect.objectContaining({ result_id: 500, value: 40 })]);
  });

  it('sends the version it loaded with an Idempotency-Key, and a retry of the same changes reuses the key', async () => {
    const grid = makeGrid();
    grid.stations[0]!.results = [storedResult(700, 10, 'Asbury Park - 1st Avenue', { value: 18, version: 3 })];
    let attempts = 0;
    const { calls } = routes({
      grid,
      extra: {
        'POST /api/results/bulk': () => {
          attempts += 1;
          // The first answer is lost on the way back.
          if (attempts === 1) throw new TypeError('Failed to fetch');
          return ok(RESULT_CODES.RESULTS_SAVED, { created: 0, updated: 1, returned_to_unverified: 0, results: [storedResult(700, 10, 'Asbury Park - 1st Avenue', { value: 19, version: 4 })] });
        },
      },
    });
    const { user } = await openGrid();
    await user.clear(cell('Value, Asbury Park - 1st Avenue'));
    await user.type(cell('Value, Asbury Park - 1st Avenue'), '19');
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    expect(await screen.findByText(/The server could not be reached/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    expect(await screen.findByText('Saved 1 result: 0 added, 1 changed.')).toBeInTheDocument();
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toHaveLength(2);
    expect((posts[0]!.body as ResultsGridSave).results).toEqual([expect.objectContaining({ result_id: 700, version: 3, value: 19 })]);
    expect(posts[0]!.idempotencyKey).toMatch(/^[0-9a-f]{32}$/);
    expect(posts[1]!.idempotencyKey).toBe(posts[0]!.idempotencyKey);
  });

  it('shows a 409 for a result someone else changed since the grid was loaded, beside that line', async () => {
    const grid = makeGrid();
    grid.stations[0]!.results = [storedResult(700, 10, 'Asbury Park - 1st Avenue', { value: 18 })];
    const message =
      'Result 700 (Asbury Park - 1st Avenue, 2026-07-15 08:30, Enterococcus) was changed by someone else after you loaded it. Reload the results, check the change and enter yours again.';
    routes({
      grid,
      extra: {
        'POST /api/results/bulk': {
          status: 409,
          body: { code: RESULT_INTEGRITY_CODES.RESULT_CHANGED_SINCE_LOADED, message, payload: { results: [{ result_id: 700, version: 2, loaded_version: 1 }] } },
        },
      },
    });
    const { user } = await openGrid();
    await user.clear(cell('Value, Asbury Park - 1st Avenue'));
    await user.type(cell('Value, Asbury Park - 1st Avenue'), '25');
    await user.click(screen.getByRole('button', { name: 'Save 1 result' }));
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveAccessibleDescription('Changed by someone else since you loaded it: reload to see their change');
  });

  it('marks two lines holding the same sample before sending anything', async () => {
    const { calls } = routes();
    const { user } = await openGrid();
    await user.click(screen.getByRole('button', { name: 'Add a sample, Asbury Park - 1st Avenue' }));
    await user.click(screen.getByLabelText('Resample, Asbury Park - 1st Avenue, sample 2'));
    for (const label of ['Asbury Park - 1st Avenue, sample 1', 'Asbury Park - 1st Avenue, sample 2']) {
      await user.type(cell(`Hour, ${label}`), '09');
      await user.type(cell(`Minute, ${label}`), '15');
      await user.type(cell(`Value, ${label}`), '30');
    }
    await user.click(screen.getByRole('button', { name: 'Save 2 results' }));
    expect(await screen.findByText('Some results need correcting')).toBeInTheDocument();
    expect(cell('Hour, Asbury Park - 1st Avenue, sample 2')).toHaveAccessibleDescription(RESULT_INTEGRITY_MESSAGES.repeatedInGrid);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('deletes the chosen results after a confirmation', async () => {
    const grid = makeGrid();
    grid.stations[0]!.results = [storedResult(700, 10, 'Asbury Park - 1st Avenue', { value: 18 })];
    const { calls } = routes({ grid, extra: { 'DELETE /api/results/bulk': ok(RESULT_CODES.RESULTS_DELETED, { deleted: 1, result_ids: [700] }) } });
    const { user } = await openGrid();
    await user.click(screen.getByRole('checkbox', { name: /Select Asbury Park - 1st Avenue for deletion/ }));
    await user.click(screen.getByRole('button', { name: 'Delete selected (1)' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete 1 result?' });
    expect(within(dialog).getByText(/Asbury Park - 1st Avenue: 18 at 08:30/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Deleted 1 result.')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'DELETE')!.body).toEqual({ result_ids: [700] });
    // The station keeps an empty line for a new result.
    expect(cell('Value, Asbury Park - 1st Avenue')).toHaveValue('');
  });

  it('adds a line for another sample of a station, focused and marked as a resample', async () => {
    routes();
    const { user } = await openGrid();
    await user.click(screen.getByRole('button', { name: 'Add a sample, Asbury Park - 1st Avenue' }));
    await waitFor(() => expect(cell('Hour, Asbury Park - 1st Avenue, sample 2')).toHaveFocus());
    expect(screen.getByLabelText('Resample, Asbury Park - 1st Avenue, sample 2')).toBeChecked();
  });

  it('refuses a date after tomorrow with the shared message, and shows the grid of another day', async () => {
    const { calls } = routes({ extra: { 'GET /api/results/program/1/organization/3/2026-07-14': ok(RESULT_CODES.RESULTS_FOUND, { ...makeGrid(), sample_date: '2026-07-14' }) } });
    const { user } = await openGrid();
    const date = screen.getByLabelText(/Sample date/);
    await user.clear(date);
    await user.type(date, '2026-07-17');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByText('Date cannot be later than tomorrow')).toBeInTheDocument();
    await user.clear(date);
    await user.type(date, '2026-07-14');
    await user.click(screen.getByRole('button', { name: 'Show results' }));
    expect(await screen.findByRole('heading', { name: /on 2026-07-14/ })).toBeInTheDocument();
    expect(calls.some((c) => c.path.endsWith('/2026-07-14'))).toBe(true);
  });

  it('shows a failed load with a retry', async () => {
    routes({ extra: { [`GET ${GRID_PATH}`]: { status: 500, body: { code: 'SERVER_ERROR', payload: null, message: 'Something broke.' } } } });
    renderApp('/portal/results', signedInStore({ user: makeSampler() }));
    expect(await screen.findByText(/The results could not be loaded\. Something broke\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
