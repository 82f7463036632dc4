import { CODES, RANK_CODES, REPORT_CODES, REPORT_MESSAGES, type PublicDataFilters, type ReportRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./ReportsManagementPage'), import('./ReportEditPage')]);
}, 60_000);

const base = {
  description: 'N/A',
  url: null,
  is_publication: false,
  county_id: null,
  county: null,
  municipality_id: null,
  municipality: null,
  beach_station_id: null,
  station_name: null,
  program_id: null,
  program: null,
  file_id: null,
  upload_file: null,
  type: null,
  name: null,
};
const REPORTS: ReportRecord[] = [
  { ...base, report_and_publication_id: 1, title: 'Annual report 2025', date: '2026-03-01', file_id: 9, upload_file: '/api/files/9', type: 'application/pdf', name: 'annual-2025.pdf', rank: 1, county_id: 3, county: 'Ocean' },
  { ...base, report_and_publication_id: 2, title: 'EPA guidance', date: '2026-01-15', url: 'https://www.epa.gov/beaches', is_publication: true, rank: 2 },
];
const FILTERS: PublicDataFilters = {
  filters: {
    programs: [{ program_id: 1, name: 'Ocean Beaches', abbv: 'OB' }],
    counties: [{ county_id: 3, name: 'Ocean' }, { county_id: 4, name: 'Monmouth' }],
    municipalities: [{ municipality_id: 30, county_id: 3, name: 'Seaside Heights' }],
    lhas: [],
  },
  beachList: [],
};

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/reportAndPublication': ok(REPORT_CODES.REPORTS_FOUND, REPORTS),
    'GET /api/reportAndPublication/1': ok(REPORT_CODES.REPORT_FOUND, REPORTS[0]),
    'GET /api/public/data/filters': ok('FILTERS_FOUND', FILTERS),
    ...extra,
  });
}

describe('Reports and Publications', () => {
  it('lists the reports in public order, moves one and deletes one after a confirmation', async () => {
    const { calls } = routes({
      'PUT /api/reportAndPublication/1/rank/down': ok(RANK_CODES.RANK_MOVED, { id: 1, rank: 2, moved: true }),
      'DELETE /api/reportAndPublication/2': ok(REPORT_CODES.REPORT_DELETED, null),
    });
    const { user } = renderApp('/portal/website-management/reports-and-publications', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Reports and publications, in public order' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Annual report 2025', 'EPA guidance']);
    expect(within(table).getByRole('link', { name: 'annual-2025.pdf' })).toHaveAttribute('href', '/api/files/9');
    expect(within(table).getByRole('button', { name: 'Move Annual report 2025 up' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Move Annual report 2025 down' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Annual report 2025 moved down to place 2 of 2.');
    await user.click(within(table).getByRole('button', { name: 'Delete EPA guidance' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete EPA guidance?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('EPA guidance was deleted.'));
    expect(calls.filter((c) => c.method !== 'GET').map((c) => `${c.method} ${c.path}`)).toEqual([
      'PUT /api/reportAndPublication/1/rank/down',
      'DELETE /api/reportAndPublication/2',
    ]);
  });

  it('adds a report: a file or a web address is required, the form goes as multipart with 1/0 and N/A', async () => {
    const created = { ...REPORTS[0]!, report_and_publication_id: 3, title: 'Bloom summary', rank: 3 };
    const { calls } = routes({ 'POST /api/reportAndPublication': { status: 201, body: { code: REPORT_CODES.REPORT_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/website-management/reports-and-publications/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Title'), 'Bloom summary');
    await user.type(screen.getByLabelText('Date'), '2026-07-01');
    await user.click(screen.getByRole('button', { name: 'Add the report' }));
    expect(await screen.findByLabelText(/Web address/)).toHaveAccessibleDescription(expect.stringContaining(REPORT_MESSAGES.fileOrUrl));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.selectOptions(await screen.findByLabelText('County (optional)'), 'Ocean');
    await user.selectOptions(screen.getByLabelText('Municipality (optional)'), 'Seaside Heights');
    await user.click(screen.getByText('This is a publication (not a report)'));
    await user.upload(screen.getByLabelText('File'), new File(['%PDF-1.7\n%%EOF\n'], 'bloom.pdf', { type: 'application/pdf' }));
    await user.click(screen.getByRole('button', { name: 'Add the report' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/reports-and-publications'));
    const body = String(calls.find((c) => c.method === 'POST')?.body);
    const field = (name: string, value: string) => expect(body).toContain(`name="${name}"\r\n\r\n${value}\r\n`);
    field('title', 'Bloom summary');
    field('description', 'N/A');
    field('date', '2026-07-01');
    field('url', 'N/A');
    field('is_publication', '1');
    field('county_id', '3');
    field('municipality_id', '30');
    expect(body).not.toContain('name="_method"');
    // jsdom's File reaches the fetch layer's FormData without its name; the browser sends it (e2e checks the upload).
    expect(body).toMatch(/name="file"; filename="[^"]+"\r\nContent-Type: application\/pdf/);
    expect(await screen.findByRole('status')).toHaveTextContent('Bloom summary was added.');
  });

  it('saves an edit as POST with _method=PUT, keeping the stored file; the server’s field message lands on its field', async () => {
    const { calls } = routes({
      'POST /api/reportAndPublication/1': {
        status: 400,
        body: { code: CODES.VALIDATION_FAILED, message: 'There is no such county', payload: [{ field: 'county_id', message: 'There is no such county' }] },
      },
    });
    const { user } = renderApp('/portal/website-management/reports-and-publications/1', signedInStore({ user: makeAdmin() }));
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Annual report 2025'));
    expect(screen.getByLabelText('Description (optional)')).toHaveValue('');
    expect(screen.getByRole('link', { name: 'annual-2025.pdf' })).toHaveAttribute('href', '/api/files/9');
    await user.click(screen.getByRole('button', { name: 'Save the report' }));
    expect(await screen.findByLabelText('County (optional)')).toHaveAccessibleDescription(expect.stringContaining('There is no such county'));
    const body = String(calls.find((c) => c.method === 'POST')?.body);
    expect(body).toContain('name="_method"\r\n\r\nPUT\r\n');
    expect(body).toContain('name="delete_file"\r\n\r\n0\r\n');
    expect(body).not.toContain('filename=');
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/reports-and-publications', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
