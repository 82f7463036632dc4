import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { describe, expect, it } from 'vitest';
import { SOURCE_TRACKDOWN_MESSAGES, type SourceTrackdown } from '@beach/domain';
import { mockFetch, type RecordedCall } from '../../test/fetch-mock';
import { signedInStore } from '../../test/render-app';
import { ok } from '../../test/staff-fixtures';
import { StationTrackdowns } from './StationTrackdowns';

const TRACKDOWN: SourceTrackdown = {
  source_trackdown_id: 7,
  beach_station_id: 3,
  program_id: 1,
  station_name: 'Station 3',
  beach_name: 'Seaside Heights',
  identified_problems: 'Illicit connection at outfall 3',
  suggested_solutions: 'Disconnect the roof drain',
  description: '',
  is_applying_for_loan_or_grant: true,
  has_received_loan_or_grant: false,
  water_quality_filename: 'outfall-3.csv',
  water_quality_file: 41,
  water_quality_file_type: 'text/csv',
  attempted_fixes: [{ source_attempted_fix_id: 11, attempted_on: '2026-07-02', comments: 'Lateral capped', was_improved: true }],
  trackdown_files: [{ source_trackdown_file_id: 21, file: 42, name: 'dye-test.pdf', type: 'application/pdf', size_bytes: 20480, description: 'Dye test report' }],
  created_at: '2026-07-01T14:00:00Z',
  created_by_name: 'Helen Rossi',
  updated_at: '2026-07-01T14:00:00Z',
};

/** The text entries of a multipart body, by name. */
function entries(call: RecordedCall): Record<string, string> {
  const text = String(call.body);
  const found: Record<string, string> = {};
  for (const m of text.matchAll(/name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^]*?)\r\n--/g)) {
    found[m[1]!] = m[2] !== undefined ? `file:${m[2]}` : m[3]!;
  }
  return found;
}

function renderTrackdowns(canDelete = false) {
  const user = userEvent.setup();
  render(
    <Provider store={signedInStore()}>
      <StationTrackdowns stationId={3} canDelete={canDelete} />
    </Provider>,
  );
  return user;
}

describe('StationTrackdowns', () => {
  it("lists the station's trackdowns with their fixes, files and downloads", async () => {
    mockFetch({ 'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [TRACKDOWN] }) });
    renderTrackdowns();
    const article = await screen.findByRole('article', { name: 'Trackdown #7 of 2026-07-01 by Helen Rossi' });
    expect(within(article).getByText('Illicit connection at outfall 3')).toBeInTheDocument();
    expect(within(article).getByText('Applying for a loan or grant')).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Download outfall-3.csv' })).toBeInTheDocument();
    const fixes = within(article).getByRole('table', { name: 'Attempted fixes' });
    expect(within(fixes).getByRole('row', { name: /2026-07-02 Lateral capped Yes/ })).toBeInTheDocument();
    expect(within(article).getByRole('button', { name: 'Download dye-test.pdf' })).toBeInTheDocument();
    expect(within(article).getByText(/PDF, 20 KB/)).toBeInTheDocument();
    // Deleting is a surveys administrator's: no Delete button without it.
    expect(within(article).queryByRole('button', { name: /Delete/ })).toBeNull();
  });

  it("names a trackdown added in the agency's evening by the agency's day (GET public/config's zone), not the UTC day", async () => {
    mockFetch({
      'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [{ ...TRACKDOWN, created_at: '2026-11-28T01:10:00Z' }] }),
      'GET /api/public/config': ok('CONFIG_FOUND', { tile_url: '', time_zone: 'America/Chicago', today: '2026-11-27' }),
    });
    renderTrackdowns();
    expect(await screen.findByRole('article', { name: 'Trackdown #7 of 2026-11-27 by Helen Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit trackdown #7 of 2026-11-27' })).toBeInTheDocument();
  });

  it('says so when the station has none, and offers a retry when the list fails', async () => {
    let fail = true;
    mockFetch({
      'GET /api/beach/3/sourceTrackdown': () => (fail ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : ok('SOURCE_TRACKDOWNS_FOUND', { list: [] })),
    });
    const user = renderTrackdowns();
    expect(await screen.findByText(/The station's source trackdowns could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No source trackdowns at this station yet.')).toBeInTheDocument();
  });

  it('adds a trackdown with an attempted fix and a file as one multipart form', async () => {
    const { calls } = mockFetch({
      'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [] }),
      'POST /api/beach/3/sourceTrackdown': { status: 201, body: { code: 'SOURCE_TRACKDOWN_CREATED', payload: TRACKDOWN } },
    });
    const user = renderTrackdowns();
    await user.click(await screen.findByRole('button', { name: 'Add a source trackdown' }));
    await user.type(screen.getByLabelText('Identified problems (optional)'), 'Illicit connection');
    await user.click(screen.getByLabelText('Applying for a loan or grant'));
    await user.click(screen.getByRole('button', { name: 'Add an attempted fix' }));
    const fix = screen.getByRole('group', { name: 'Attempted fix 1' });
    await user.type(within(fix).getByLabelText(/^Date/), '2026-07-02');
    await user.type(within(fix).getByLabelText('Comments (optional)'), 'Lateral capped');
    await user.click(within(fix).getByLabelText('Water quality improved'));
    await user.click(screen.getByRole('button', { name: 'Add a file' }));
    const file = screen.getByRole('group', { name: 'File 1' });
    await user.upload(within(file).getByLabelText(/^File/), new File(['%PDF-1.4'], 'dye-test.pdf', { type: 'application/pdf' }));
    await user.type(within(file).getByLabelText('Description (optional)'), 'Dye test report');
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));

    expect(await screen.findByText('The source trackdown was added.')).toBeInTheDocument();
    const post = calls.find((c) => c.method === 'POST')!;
    expect(entries(post)).toEqual({
      identified_problems: 'Illicit connection',
      suggested_solutions: '',
      description: '',
      is_applying_for_loan_or_grant: '1',
      has_received_loan_or_grant: '0',
      'attempted_fixes[0][attempted_on]': '2026-07-02',
      'attempted_fixes[0][comments]': 'Lateral capped',
      'attempted_fixes[0][was_improved]': '1',
      'trackdown_files[0][description]': 'Dye test report',
      // jsdom's Request drops the file's name; a browser sends it (the e2e test checks the stored name).
      'trackdown_files[0][file]': expect.stringMatching(/^file:/),
    });
  });

  it('asks for a new entry’s file and an attempted fix’s date before sending, and shows the server’s field messages', async () => {
    const { calls } = mockFetch({
      'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [] }),
      'POST /api/beach/3/sourceTrackdown': {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'x', payload: [{ field: 'trackdown_files.0.file', message: 'File “a.pdf” carries web page code and was refused.' }] },
      },
    });
    const user = renderTrackdowns();
    await user.click(await screen.findByRole('button', { name: 'Add a source trackdown' }));
    await user.click(screen.getByRole('button', { name: 'Add an attempted fix' }));
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));
    expect(await screen.findByRole('link', { name: `Attempted fix 1: ${SOURCE_TRACKDOWN_MESSAGES.dateRequired}` })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove attempted fix 1' }));
    await user.click(screen.getByRole('button', { name: 'Add a file' }));
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));
    expect(await screen.findByRole('link', { name: `File 1: ${SOURCE_TRACKDOWN_MESSAGES.fileRequired}` })).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.upload(within(screen.getByRole('group', { name: 'File 1' })).getByLabelText(/^File/), new File(['<html>'], 'a.pdf'));
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));
    expect(await screen.findByRole('link', { name: 'File 1: File “a.pdf” carries web page code and was refused.' })).toBeInTheDocument();
  });

  it('edits with _method=PUT, sending a removed fix as a delete entry; a surveys administrator deletes after a confirmation', async () => {
    const { calls } = mockFetch({
      'GET /api/beach/3/sourceTrackdown': ok('SOURCE_TRACKDOWNS_FOUND', { list: [TRACKDOWN] }),
      'POST /api/beach/3/sourceTrackdown/7': ok('SOURCE_TRACKDOWN_SAVED', TRACKDOWN),
      'DELETE /api/beach/3/sourceTrackdown/7': ok('SOURCE_TRACKDOWN_DELETED', null),
    });
    const user = renderTrackdowns(true);
    await user.click(await screen.findByRole('button', { name: 'Edit trackdown #7 of 2026-07-01' }));
    expect(screen.getByLabelText('Identified problems (optional)')).toHaveValue('Illicit connection at outfall 3');
    await user.click(screen.getByRole('button', { name: 'Remove attempted fix 1' }));
    await user.click(screen.getByRole('button', { name: 'Save the trackdown' }));
    expect(await screen.findByText('The source trackdown was saved.')).toBeInTheDocument();
    const sent = entries(calls.find((c) => c.method === 'POST')!);
    expect(sent).toMatchObject({
      _method: 'PUT',
      'attempted_fixes[0][id]': '11',
      'attempted_fixes[0][delete]': '1',
      'trackdown_files[0][id]': '21',
      'trackdown_files[0][description]': 'Dye test report',
    });
    expect(sent['attempted_fixes[0][attempted_on]']).toBeUndefined();

    await user.click(screen.getByRole('button', { name: 'Delete Trackdown #7 of 2026-07-01' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.path === '/api/beach/3/sourceTrackdown/7')).toBe(true));
    expect(await screen.findByText('Trackdown #7 of 2026-07-01 was deleted.')).toBeInTheDocument();
  });
});
