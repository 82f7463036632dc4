import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { SOURCE_TRACKDOWN_MESSAGES, type SourceTrackdown, type TrackdownIncident } from '@beach/domain';
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
  incident: null,
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

const INCIDENT: TrackdownIncident = { incident_id: 12, beach_station_id: 3, start_date: '2026-07-01', end_date: null, state: 'OPEN', reason_name: 'Elevated bacteria' };
/** GET beach/3/sourceTrackdown's answer: the trackdowns and the station's incidents. */
const listed = (list: SourceTrackdown[], incidents: TrackdownIncident[] = []) => ok('SOURCE_TRACKDOWNS_FOUND', { list, incidents });

/** The text entries of a multipart body, by name. */
function entries(call: RecordedCall): Record<string, string> {
  const text = String(call.body);
  const found: Record<string, string> = {};
  for (const m of text.matchAll(/name="([^"]+)"(?:; filename="([^"]*)")?\r\n(?:Content-Type: [^\r]*\r\n)?\r\n([^]*?)\r\n--/g)) {
    found[m[1]!] = m[2] !== undefined ? `file:${m[2]}` : m[3]!;
  }
  return found;
}

function renderTrackdowns(canDelete = false, followUp: { incidentId: number; onDone: () => void } | null = null) {
  const user = userEvent.setup();
  render(
    <Provider store={signedInStore()}>
      <MemoryRouter initialEntries={['/portal/beaches/station/3']}>
        <StationTrackdowns
          stationId={3}
          canDelete={canDelete}
          followUpIncidentId={followUp?.incidentId ?? null}
          place="Seaside Heights - Station 3"
          onFollowUpDone={followUp?.onDone}
        />
      </MemoryRouter>
    </Provider>,
  );
  return user;
}

describe('StationTrackdowns', () => {
  it("lists the station's trackdowns with their fixes, files and downloads", async () => {
    mockFetch({ 'GET /api/beach/3/sourceTrackdown': listed([TRACKDOWN]) });
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
      'GET /api/beach/3/sourceTrackdown': listed([{ ...TRACKDOWN, created_at: '2026-11-28T01:10:00Z' }]),
      'GET /api/public/config': ok('CONFIG_FOUND', { tile_url: '', time_zone: 'America/Chicago', today: '2026-11-27' }),
    });
    renderTrackdowns();
    expect(await screen.findByRole('article', { name: 'Trackdown #7 of 2026-11-27 by Helen Rossi' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit trackdown #7 of 2026-11-27' })).toBeInTheDocument();
  });

  it('says so when the station has none, and offers a retry when the list fails', async () => {
    let fail = true;
    mockFetch({
      'GET /api/beach/3/sourceTrackdown': () => (fail ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : listed([])),
    });
    const user = renderTrackdowns();
    expect(await screen.findByText(/The station's source trackdowns could not be loaded/)).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('No source trackdowns at this station yet.')).toBeInTheDocument();
  });

  it('adds a trackdown with an attempted fix and a file as one multipart form', async () => {
    const { calls } = mockFetch({
      'GET /api/beach/3/sourceTrackdown': listed([]),
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
      incident_id: '',
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
      'GET /api/beach/3/sourceTrackdown': listed([]),
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
      'GET /api/beach/3/sourceTrackdown': listed([TRACKDOWN]),
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

  it('shows the incident a trackdown follows up, linking to it on the Incident screen', async () => {
    mockFetch({ 'GET /api/beach/3/sourceTrackdown': listed([{ ...TRACKDOWN, incident: INCIDENT }], [INCIDENT]) });
    renderTrackdowns();
    const article = await screen.findByRole('article', { name: 'Trackdown #7 of 2026-07-01 by Helen Rossi' });
    expect(within(article).getByRole('link', { name: 'Incident of 2026-07-01 (Open): Elevated bacteria' })).toHaveAttribute('href', '/portal/beaches/incidents?station=3&incident=12');
  });

  it('starts a trackdown from an incident: the form opens with the incident chosen and its station and dates in the description', async () => {
    const onDone = vi.fn();
    const { calls } = mockFetch({
      'GET /api/beach/3/sourceTrackdown': listed([], [INCIDENT, { ...INCIDENT, incident_id: 9, start_date: '2026-06-01', end_date: '2026-06-04', state: 'CLOSED' }]),
      'POST /api/beach/3/sourceTrackdown': { status: 201, body: { code: 'SOURCE_TRACKDOWN_CREATED', payload: { ...TRACKDOWN, incident: INCIDENT } } },
    });
    const user = renderTrackdowns(false, { incidentId: 12, onDone });
    expect(await screen.findByRole('heading', { name: 'Start a source trackdown for the incident' })).toHaveFocus();
    const incident = screen.getByRole('combobox', { name: 'Incident it follows up (optional)' });
    expect(incident).toHaveValue('12');
    expect(within(incident).getByRole('option', { name: 'Incident of 2026-06-01 to 2026-06-04 (Closed): Elevated bacteria' })).toBeInTheDocument();
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('Follow-up of the incident at Seaside Heights - Station 3 that started on 2026-07-01 (still open).');
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));
    const notice = await screen.findByText(/The source trackdown was added\./);
    expect(within(notice.closest('[role="status"]') as HTMLElement).getByRole('link', { name: 'Back to the incident of 2026-07-01' })).toHaveAttribute(
      'href',
      '/portal/beaches/incidents?station=3&incident=12',
    );
    expect(entries(calls.find((c) => c.method === 'POST')!)).toMatchObject({ incident_id: '12', description: expect.stringContaining('started on 2026-07-01') });
    expect(onDone).toHaveBeenCalled();
  });

  it('shows the server’s message about the incident on the incident field', async () => {
    mockFetch({
      'GET /api/beach/3/sourceTrackdown': listed([], [INCIDENT]),
      'POST /api/beach/3/sourceTrackdown': { status: 400, body: { code: 'VALIDATION_FAILED', message: 'x', payload: [{ field: 'incident_id', message: SOURCE_TRACKDOWN_MESSAGES.incident }] } },
    });
    const user = renderTrackdowns();
    await user.click(await screen.findByRole('button', { name: 'Add a source trackdown' }));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Incident it follows up (optional)' }), '12');
    await user.click(screen.getByRole('button', { name: 'Add the trackdown' }));
    expect(await screen.findByRole('link', { name: SOURCE_TRACKDOWN_MESSAGES.incident })).toHaveAttribute('href', '#trackdown-incident_id');
  });
});
