import { CODES, FAQ_CODES, type FaqRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';

beforeAll(async () => {
  await Promise.all([import('../../app/layouts/PortalLayout'), import('./FaqsManagementPage'), import('./FaqEditPage')]);
}, 60_000);

const PHOTO = {
  faq_photo_id: 7,
  file_id: 70,
  file: '/api/files/70',
  thumbnail: '/api/files/70?size=thumb',
  width: 800,
  height: 600,
  title: 'A bloom on a lake',
  desc: 'N/A',
  name: 'bloom.jpg',
  type: 'image/webp',
};
const FAQS: FaqRecord[] = [
  { faq_id: 1, question: 'What does a swimming advisory mean?', answer: 'A sample exceeded the standard.', rank: 1, photos: [] },
  { faq_id: 2, question: 'What about algal blooms?', answer: 'Keep pets out of the water.', rank: 2, photos: [PHOTO] },
];

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/faqs/': ok(FAQ_CODES.FAQS_FOUND, FAQS),
    'GET /api/faqs/2': ok(FAQ_CODES.FAQ_FOUND, FAQS[1]),
    ...extra,
  });
}

/** A multipart field's value in a recorded body (the form as text). */
const fieldOf = (body: unknown, name: string) => new RegExp(`name="${name.replace(/[[\]]/g, '\\$&')}"\\r\\n\\r\\n([^\\r]*)`).exec(String(body))?.[1];

describe('FAQ management', () => {
  it('lists the FAQs in public order with their photos, and deletes one after a confirmation', async () => {
    const { calls } = routes({ 'DELETE /api/faqs/2': ok(FAQ_CODES.FAQ_DELETED, null) });
    const { user } = renderApp('/portal/website-management/faqs', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'FAQs, in public order' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['What does a swimming advisory mean?', 'What about algal blooms?']);
    expect(within(table).getByRole('img', { name: 'A bloom on a lake' })).toHaveAttribute('src', '/api/files/70?size=thumb');
    expect(within(table).getByRole('button', { name: 'Move What about algal blooms? down' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Delete What about algal blooms?' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete What about algal blooms??' });
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/faqs/2']));
  });

  it('adds an FAQ with a photo; a photo added and removed again is not sent', async () => {
    const created: FaqRecord = { faq_id: 3, question: 'Can I swim after rain?', answer: 'Wait 48 hours.', rank: 3, photos: [] };
    const { calls } = routes({ 'POST /api/faqs/': { status: 201, body: { code: FAQ_CODES.FAQ_CREATED, payload: created } } });
    const { user, router } = renderApp('/portal/website-management/faqs/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText(/^Question/), 'Can I swim after rain?');
    await user.type(screen.getByLabelText(/^Answer/), 'Wait 48 hours.');
    await user.click(screen.getByRole('button', { name: 'Add a photo' }));
    await user.click(screen.getByRole('button', { name: 'Add a photo' }));
    await user.click(screen.getByRole('button', { name: 'Remove Photo 2' }));
    // A new photo needs its file before the form is sent.
    await user.click(screen.getByRole('button', { name: 'Add the FAQ' }));
    expect(await screen.findByRole('link', { name: 'Photo 1: choose a photo file' })).toHaveAttribute('href', '#faq-photo-0-file');
    expect(calls.some((c) => c.method === 'POST')).toBe(false);
    await user.upload(screen.getByLabelText(/^Photo 1 file/), new File([new Uint8Array([0x89, 0x50])], 'rain.png', { type: 'image/png' }));
    await user.type(screen.getByLabelText('Photo 1 title (optional)'), 'Storm drain outfall');
    await user.click(screen.getByRole('button', { name: 'Add the FAQ' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal/website-management/faqs'));
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(fieldOf(body, 'question')).toBe('Can I swim after rain?');
    expect(fieldOf(body, 'faqPhoto[0][title]')).toBe('Storm drain outfall');
    expect(fieldOf(body, 'faqPhoto[0][desc]')).toBe('N/A');
    expect(fieldOf(body, 'faqPhoto[0][delete]')).toBe('0');
    expect(fieldOf(body, 'faqPhoto[0][id]')).toBeUndefined();
    expect(String(body)).toMatch(/name="faqPhoto\[0\]\[file\]"; filename="[^"]*"\r\nContent-Type: image\/png/);
    expect(String(body)).not.toContain('faqPhoto[1]');
    expect(fieldOf(body, '_method')).toBeUndefined();
  });

  it('saves an edit as a POST with _method=PUT; removing a stored photo sends it with delete 1', async () => {
    const { calls } = routes({ 'POST /api/faqs/2': ok(FAQ_CODES.FAQ_SAVED, { ...FAQS[1], photos: [] }) });
    const { user } = renderApp('/portal/website-management/faqs/2', signedInStore({ user: makeAdmin() }));
    await waitFor(() => expect(screen.getByLabelText(/^Question/)).toHaveValue('What about algal blooms?'));
    expect(screen.getByLabelText('Photo 1 title (optional)')).toHaveValue('A bloom on a lake');
    await user.click(screen.getByRole('button', { name: 'Remove Photo 1' }));
    expect(screen.getByText(/A bloom on a lake will be removed when you save/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    expect(await screen.findByRole('status')).toHaveTextContent('What about algal blooms? was saved.');
    const body = calls.find((c) => c.method === 'POST')!.body;
    expect(fieldOf(body, '_method')).toBe('PUT');
    expect(fieldOf(body, 'faqPhoto[0][id]')).toBe('7');
    expect(fieldOf(body, 'faqPhoto[0][delete]')).toBe('1');
    expect(fieldOf(body, 'faqPhoto[0][name]')).toBe('bloom.jpg');
    expect(String(body)).not.toContain('filename=');
  });

  it('puts the server’s message on the photo field it names', async () => {
    routes({
      'POST /api/faqs/2': {
        status: 400,
        body: { code: 'VALIDATION_FAILED', message: 'Photo “x.svg” is not an accepted type.', payload: [{ field: 'faqPhoto[0][file]', message: 'Photo “x.svg” is not an accepted type.' }] },
      },
    });
    const { user } = renderApp('/portal/website-management/faqs/2', signedInStore({ user: makeAdmin() }));
    await waitFor(() => expect(screen.getByLabelText(/^Question/)).toHaveValue('What about algal blooms?'));
    await user.click(screen.getByRole('button', { name: 'Save the FAQ' }));
    expect(await screen.findByRole('link', { name: 'Photo “x.svg” is not an accepted type.' })).toHaveAttribute('href', '#faq-photo-0-file');
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/faqs', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
