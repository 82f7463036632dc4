import { CODES, PHOTO_CODES, RANK_CODES, type BeachPhotoRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./PhotosManagementPage'), import('./PhotoEditPage')]);
}, 60_000);

const photo = (id: number, title: string, rank: number, extra: Partial<BeachPhotoRecord> = {}): BeachPhotoRecord => ({
  beach_photo_id: id,
  title,
  desc: 'N/A',
  county_id: null,
  county: null,
  municipality_id: null,
  municipality: null,
  beach_station_id: null,
  station_name: null,
  beach_name: null,
  file_id: 100 + id,
  file: `/api/files/${100 + id}`,
  thumbnail: `/api/files/${100 + id}?size=thumb`,
  width: 1600,
  height: 1200,
  name: `${id}.jpg`,
  type: 'image/webp',
  rank,
  ...extra,
});
const PHOTOS = [
  photo(1, 'Horseshoe crab', 1, { county_id: 5, county: 'Cape May', municipality_id: 50, municipality: 'Wildwood', desc: 'On the tide line' }),
  photo(2, 'Moon snail', 2),
];
const GEOGRAPHY = {
  counties: [
    { county_id: 5, name: 'Cape May' },
    { county_id: 6, name: 'Ocean' },
  ],
  municipalities: [
    { municipality_id: 50, county_id: 5, name: 'Wildwood' },
    { municipality_id: 60, county_id: 6, name: 'Seaside Park' },
  ],
};
const STATION = {
  beach_station_id: 9,
  station_name: 'Cresse Avenue',
  beach_name: 'Wildwood Beach',
  municipality: { county_id: 5, municipality_id: 50, name: 'Wildwood', county_name: 'Cape May' },
};

function routes(extra: Parameters<typeof mockFetch>[0] = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/photos': ok(PHOTO_CODES.PHOTOS_FOUND, PHOTOS),
    'GET /api/photos/1': ok(PHOTO_CODES.PHOTO_FOUND, PHOTOS[0]),
    'GET /api/general/geography': ok('GEOGRAPHY_FOUND', GEOGRAPHY),
    'GET /api/beach/list/': ok('BEACH_LIST_FOUND', { beachList: [STATION] }),
    ...extra,
  });
}

/** A multipart field's value in a recorded body (the form as text). */
const fieldOf = (body: unknown, name: string) => new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([^\\r]*)`).exec(String(body))?.[1];

describe('Found on the Beach management', () => {
  it('lists the photos in public order with thumbnails, moves one up and deletes one after a confirmation', async () => {
    const { calls } = routes({
      'PUT /api/photos/2/rank/up': ok(RANK_CODES.RANK_MOVED, { id: 2, rank: 1, moved: true }),
      'DELETE /api/photos/1': ok(PHOTO_CODES.PHOTO_DELETED, null),
    });
    const { user } = renderApp('/portal/website-management/photos', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'Found on the Beach photos, in public order' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.querySelector('a')?.textContent)).toEqual(['Horseshoe crab', 'Moon snail']);
    const thumb = table.querySelector('img')!;
    expect(thumb).toHaveAttribute('src', '/api/files/101?size=thumb');
    expect(thumb).toHaveAttribute('width', '1600');
    expect(within(table).getByText('Wildwood, Cape May')).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Move Horseshoe crab up' })).toBeDisabled();

    await user.click(within(table).getByRole('button', { name: 'Move Moon snail up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Moon snail moved up to place 1 of 2.');
    expect(calls.some((c) => c.method === 'PUT' && c.path === '/api/photos/2/rank/up')).toBe(true);

    await user.click(within(table).getByRole('button', { name: 'Delete Horseshoe crab' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Horseshoe crab?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/photos/1']));
  });

  it('adds a photo: county, then municipality, then station; sent as multipart with missing text as N/A', async () => {
    const created = photo(3, 'Skate egg case', 3);
    const { calls } = routes({ 'POST /api/photos/': { status: 201, body: { code: PHOTO_CODES.PHOTO_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/website-management/photos/new', signedInStore({ user: makeAdmin() }));
    await user.click(await screen.findByRole('button', { name: 'Add the photo' }));
    expect(await screen.findByLabelText(/^Title/)).toHaveAccessibleDescription(expect.stringContaining('Title is required'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.type(screen.getByLabelText(/^Title/), 'Skate egg case');
    expect(screen.getByLabelText('Municipality (optional)')).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('County (optional)'), 'Cape May');
    await user.selectOptions(screen.getByLabelText('Municipality (optional)'), 'Wildwood');
    await user.selectOptions(screen.getByLabelText('Station (optional)'), 'Cresse Avenue (Wildwood Beach)');
    const file = new File([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], 'skate.jpg', { type: 'image/jpeg' });
    await user.upload(screen.getByLabelText(/^Photo/), file);
    await user.click(screen.getByRole('button', { name: 'Add the photo' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/photos'));
    const sent = calls.find((c) => c.method === 'POST')!;
    expect(fieldOf(sent.body, 'title')).toBe('Skate egg case');
    expect(fieldOf(sent.body, 'desc')).toBe('N/A');
    expect(fieldOf(sent.body, 'county_id')).toBe('5');
    expect(fieldOf(sent.body, 'municipality_id')).toBe('50');
    expect(fieldOf(sent.body, 'beach_station_id')).toBe('9');
    // The chosen file goes as the `file` part (jsdom's File reaches undici's FormData without its name or bytes).
    expect(String(sent.body)).toMatch(/name="file"; filename="[^"]*"\r\nContent-Type: image\/jpeg/);
    expect(fieldOf(sent.body, '_method')).toBeUndefined();
    expect(await screen.findByRole('status')).toHaveTextContent('Skate egg case was added.');
  });

  it('saves an edit as a POST with _method=PUT and shows the server’s field message', async () => {
    let tries = 0;
    const { calls } = routes({
      'POST /api/photos/1': () =>
        ++tries === 1
          ? { status: 400, body: { code: 'VALIDATION_FAILED', message: 'The municipality is not in the chosen county', payload: [{ field: 'municipality_id', message: 'The municipality is not in the chosen county' }] } }
          : ok(PHOTO_CODES.PHOTO_SAVED, { ...PHOTOS[0], title: 'Horseshoe crab (molt)' }),
    });
    const { user } = renderApp('/portal/website-management/photos/1', signedInStore({ user: makeAdmin() }));
    const title = await screen.findByLabelText(/^Title/);
    await waitFor(() => expect(title).toHaveValue('Horseshoe crab'));
    expect(screen.getByText(/Current file:/)).toHaveTextContent('1.jpg');
    await user.clear(title);
    await user.type(title, 'Horseshoe crab (molt)');
    await user.click(screen.getByRole('button', { name: 'Save the photo' }));
    expect(await screen.findByLabelText('Municipality (optional)')).toHaveAccessibleDescription(expect.stringContaining('The municipality is not in the chosen county'));
    await user.click(screen.getByRole('button', { name: 'Save the photo' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Horseshoe crab (molt) was saved.');
    const sent = calls.filter((c) => c.method === 'POST');
    expect(fieldOf(sent[1]!.body, '_method')).toBe('PUT');
    expect(fieldOf(sent[1]!.body, 'desc')).toBe('On the tide line');
    expect(String(sent[1]!.body)).not.toContain('filename=');
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/photos', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
