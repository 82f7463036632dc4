import { CODES, RESULT_CODES, WATER_QUALITY_COLUMNS } from '@beach/domain';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { ok } from '../../test/staff-fixtures';
import { FILTERS, makeGrid, makeSampler, REMARKS } from './results-fixtures';
import type { UploadPreview, UploadPreviewRow } from '@beach/domain';

const row = (line: number, overrides: Partial<UploadPreviewRow> = {}): UploadPreviewRow => ({
  line,
  status: 'OK',
  beach_name: '1st Avenue',
  station_name: 'Asbury Park - 1st Avenue',
  beach_station_id: 10,
  sample_date: '2026-07-14',
  sample_time_hh: '08',
  sample_time_mm: '15',
  value: 20,
  measure_text: '20',
  remark_code: null,
  remark_code_id: null,
  unit_name: 'CFU/100mL',
  result_unit_id: 1,
  parameter_name: 'Enterococcus',
  parameter_id: 1,
  comments: '',
  errors: [],
  ...overrides,
});

const WITH_ERRORS: UploadPreview = {
  program_id: 1,
  organization_id: 3,
  file_errors: [],
  counts: { rows: 3, ok: 1, duplicates: 1, errors: 1 },
  can_commit: false,
  rows: [
    row(2),
    row(3, { status: 'DUPLICATE' }),
    row(4, {
      status: 'ERROR',
      station_name: 'Nowhere - Beach',
      beach_station_id: null,
      sample_date: null,
      errors: [
        { column: 'Station_Name', message: 'No station of this program is called Nowhere - Beach' },
        { column: 'Result_Date', message: 'Date cannot be later than tomorrow' },
      ],
    }),
  ],
};

const CLEAN: UploadPreview = { ...WITH_ERRORS, counts: { rows: 2, ok: 2, duplicates: 0, errors: 0 }, can_commit: true, rows: [row(2), row(3)] };

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeSampler()),
    'GET /api/results/filters': ok(RESULT_CODES.RETRIEVED_FILTER_LIST, FILTERS),
    'GET /api/results/filters/remarks': ok(RESULT_CODES.RETRIEVED_FILTER_LIST, { remark_codes: REMARKS }),
    'GET /api/results/program/1/organization/3/2026-07-15': ok(RESULT_CODES.RESULTS_FOUND, makeGrid()),
    ...extra,
  });
}

const csv = (name: string) => new File([`${WATER_QUALITY_COLUMNS.join(',')}\n`], name, { type: 'text/csv' });

async function chooseAndCheck(name = 'lab-week-28.csv') {
  const view = renderApp('/portal/results', signedInStore({ user: makeSampler() }));
  const input = await screen.findByLabelText('Lab file (CSV)', undefined, { timeout: 15_000 });
  await view.user.upload(input, csv(name));
  await view.user.click(screen.getByRole('button', { name: 'Check the file' }));
  return view;
}

describe('Lab CSV upload', () => {
  it('describes the download layout and offers an empty file with its columns', async () => {
    routes();
    renderApp('/portal/results', signedInStore({ user: makeSampler() }));
    const section = await screen.findByRole('region', { name: 'Upload a lab file' }, { timeout: 15_000 });
    for (const column of ['Station_Name', 'Result_Date', 'Result_Measure', 'Remark_Code_Name']) {
      expect(within(section).getByText(column)).toBeInTheDocument();
    }
    const template = within(section).getByRole('link', { name: 'Download an empty file with these columns' });
    expect(decodeURIComponent(template.getAttribute('href')!)).toContain(WATER_QUALITY_COLUMNS.join(','));
  });

  it('previews every line with its problems and line numbers, and offers no save while a line is wrong', async () => {
    const { calls } = routes({ 'POST /api/results/upload/preview': ok(RESULT_CODES.UPLOAD_PREVIEW, WITH_ERRORS) });
    const { user } = await chooseAndCheck();
    expect(await screen.findByText('3 lines: 1 ready to save, 1 line already stored (skipped), 1 line with errors.')).toBeInTheDocument();
    const table = screen.getByRole('table', { name: 'Lines of lab-week-28.csv' });
    const bad = within(table).getByRole('row', { name: /^4 / });
    expect(bad).toHaveTextContent('Error');
    expect(bad).toHaveTextContent('Station_Name: No station of this program is called Nowhere - Beach');
    expect(bad).toHaveTextContent('Result_Date: Date cannot be later than tomorrow');
    expect(within(table).getByRole('row', { name: /^3 / })).toHaveTextContent('Already stored, skipped');
    expect(screen.getByText(/a file with errors is not saved at all/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /from the file/ })).toBeNull();
    const preview = calls.find((c) => c.path === '/api/results/upload/preview')!;
    expect(preview.method).toBe('POST');
    expect(preview.query).toEqual({ program_id: '1', organization_id: '3' });

    // Only the lines with errors, to fix them.
    await user.click(screen.getByLabelText('Lines with errors (1)'));
    expect(within(screen.getByRole('table', { name: 'Lines of lab-week-28.csv' })).getAllByRole('row').map((r) => r.textContent?.slice(0, 1))).toEqual(['L', '4']);
  });

  it('reads the file-wide problems', async () => {
    routes({
      'POST /api/results/upload/preview': ok(RESULT_CODES.UPLOAD_PREVIEW, {
        ...WITH_ERRORS,
        file_errors: [{ line: 1, message: 'Missing columns: Result_Date, Result_Measure' }],
        counts: { rows: 0, ok: 0, duplicates: 0, errors: 0 },
        rows: [],
      }),
    });
    await chooseAndCheck();
    const alert = await screen.findByRole('heading', { name: 'The file cannot be read' });
    expect(alert.parentElement).toHaveTextContent('Line 1: Missing columns: Result_Date, Result_Measure');
  });

  it('saves a clean file all at once and says what was saved', async () => {
    const { calls } = routes({
      'POST /api/results/upload/preview': ok(RESULT_CODES.UPLOAD_PREVIEW, CLEAN),
      'POST /api/results/upload/commit': ok(RESULT_CODES.UPLOAD_COMMITTED, { program_id: 1, organization_id: 3, inserted: 2, duplicates: 0, result_ids: [1, 2] }),
    });
    const { user } = await chooseAndCheck();
    await user.click(await screen.findByRole('button', { name: 'Save 2 results from the file' }));
    expect(await screen.findByText('Saved 2 results from lab-week-28.csv for Coastal Environmental Laboratory. They await verification.')).toBeInTheDocument();
    expect(calls.filter((c) => c.path === '/api/results/upload/commit')).toHaveLength(1);
  });

  it('shows the refused lines when the commit finds errors, and that nothing was saved', async () => {
    routes({
      'POST /api/results/upload/preview': ok(RESULT_CODES.UPLOAD_PREVIEW, CLEAN),
      'POST /api/results/upload/commit': {
        status: 400,
        body: { code: RESULT_CODES.UPLOAD_HAS_ERRORS, message: 'The file has errors: nothing was saved.', payload: WITH_ERRORS },
      },
    });
    const { user } = await chooseAndCheck();
    await user.click(await screen.findByRole('button', { name: 'Save 2 results from the file' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Nothing was saved. The file has errors: nothing was saved.');
    expect(screen.getByRole('row', { name: /^4 / })).toHaveTextContent('Station_Name: No station of this program is called Nowhere - Beach');
  });
});
