import { CODES, FLIGHT_CODES, type DailyFlightRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./DailyFlightsManagementPage'), import('./DailyFlightEditPage')]);
}, 60_000);

const observations = { floatables: '', debris: '', algal_blooms: '', wildlife: '', notes: '' };
const FLIGHTS: DailyFlightRecord[] = [
  {
    daily_flight_id: 7,
    flight_date: '2026-07-02',
    status: 'FLOWN',
    flight_path: 'Sandy Hook to Cape May',
    ...observations,
    floatables: 'Slick off Seaside Heights',
    photos: [{ daily_flight_photo_id: 1, file_id: 41, file: '/api/files/41', caption: 'Slick from the air' }],
    files: [{ daily_flight_file_id: 1, file_id: 42, file: '/api/files/42', name: 'log.pdf', type: 'application/pdf', size_bytes: 2048, description: 'Observer log' }],
  },
  { daily_flight_id: 6, flight_date: '2026-07-01', status: 'CANCELLED_WEATHER', flight_path: '', ...observations, photos: [], files: [] },
];

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/dailyFlights/': ok(FLIGHT_CODES.FLIGHTS_FOUND, FLIGHTS),
    'GET /api/dailyFlights/7': ok(FLIGHT_CODES.FLIGHT_FOUND, FLIGHTS[0]),
    ...extra,
  });
}

describe('Daily Flights', () => {
  it('lists the flights newest first and deletes one after a confirmation', async () => {
    const { calls } = routes({ 'DELETE /api/dailyFlights/6': ok(FLIGHT_CODES.FLIGHT_DELETED, null) });
    const { user } = renderApp('/portal/website-management/daily-flights', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Daily flights, newest first' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['2026-07-02', '2026-07-01']);
    expect(within(table).getByText('Cancelled (weather)')).toBeInTheDocument();
    await user.click(within(table).getByRole('button', { name: 'Delete the flight of 2026-07-01' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete the flight of 2026-07-01?' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('The flight of 2026-07-01 was deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/dailyFlights/6']);
  });

  it('adds a flight as JSON; a day already taken is said on the date field', async () => {
    const created = { ...FLIGHTS[1]!, daily_flight_id: 8, flight_date: '2026-07-03', status: 'FLOWN' };
    let first = true;
    const { calls } = routes({
      'POST /api/dailyFlights/': () => {
        if (!first) return { status: 201, body: { code: FLIGHT_CODES.FLIGHT_CREATED, payload: created } };
        first = false;
        const message = 'There is already a daily flight for 2026-07-01: open that one to change it.';
        return { status: 409, body: { code: FLIGHT_CODES.FLIGHT_DATE_TAKEN, message, payload: [{ field: 'flight_date', message }] } };
      },
      'GET /api/dailyFlights/8': ok(FLIGHT_CODES.FLIGHT_FOUND, created),
    });
    const { user, router } = renderApp('/portal/website-management/daily-flights/new', signedInStore({ user: makeAdmin() }));
    const date = await screen.findByLabelText('Flight date');
    await user.type(date, '2026-07-01');
    await user.type(screen.getByLabelText('Flight path (optional)'), 'Sandy Hook to Cape May');
    await user.type(screen.getByLabelText('Algal blooms (optional)'), 'None seen');
    expect(screen.getByText('Photos and files are added once the flight is saved.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add the flight' }));
    expect(await screen.findByLabelText('Flight date')).toHaveAccessibleDescription(expect.stringContaining('There is already a daily flight for 2026-07-01'));
    await user.clear(screen.getByLabelText('Flight date'));
    await user.type(screen.getByLabelText('Flight date'), '2026-07-03');
    await user.click(screen.getByRole('button', { name: 'Add the flight' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/daily-flights/8'));
    expect(calls.filter((c) => c.method === 'POST').at(-1)?.body).toEqual({
      flight_date: '2026-07-03',
      status: 'FLOWN',
      flight_path: 'Sandy Hook to Cape May',
      floatables: '',
      debris: '',
      algal_blooms: 'None seen',
      wildlife: '',
      notes: '',
    });
    expect(await screen.findByText('The flight of 2026-07-03 was added. Add its photos and files below.')).toBeInTheDocument();
  });

  it('shows a flight’s photos and files and adds a photo as multipart', async () => {
    const { calls } = routes({
      'POST /api/dailyFlights/7/files': { status: 201, body: { code: FLIGHT_CODES.FLIGHT_FILE_ADDED, payload: FLIGHTS[0] } },
    });
    const { user } = renderApp('/portal/website-management/daily-flights/7', signedInStore({ user: makeAdmin() }));
    expect(await screen.findByRole('img', { name: 'Slick from the air' })).toHaveAttribute('src', '/api/files/41?size=thumb');
    expect(screen.getByRole('link', { name: 'log.pdf' })).toHaveAttribute('href', '/api/files/42');
    const photoForm = screen.getByRole('form', { name: 'Add a photo' });
    await user.click(within(photoForm).getByRole('button', { name: 'Add the photo' }));
    expect(await within(photoForm).findByText('Choose a photo to add.')).toBeInTheDocument();
    await user.upload(within(photoForm).getByLabelText('Photo'), new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'shore.jpg', { type: 'image/jpeg' }));
    await user.type(within(photoForm).getByLabelText('Caption (optional)'), 'Shore at noon');
    await user.click(within(photoForm).getByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByText('shore.jpg was added.')).toBeInTheDocument();
    const body = String(calls.find((c) => c.method === 'POST')?.body);
    expect(body).toContain('name="caption"\r\n\r\nShore at noon\r\n');
    // jsdom's File reaches the fetch layer's FormData without its name; the browser sends it (e2e checks the upload).
    expect(body).toMatch(/name="photo"; filename="[^"]+"\r\nContent-Type: image\/jpeg/);
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/daily-flights', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
