import { CODES, NEWS_CODES, RANK_CODES, type NewsRecord } from '@beach/domain';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import { mockFetch, type Reply } from '../../test/fetch-mock';
import { renderApp, signedInStore } from '../../test/render-app';
import { makeAdmin, makeCountyManager, ok } from '../../test/staff-fixtures';
import { localToday, newsState } from './NewsManagementPage';

beforeAll(async () => {
  await Promise.all([
    import('../../app/layouts/PortalLayout'),
    import('./NewsManagementPage'),
    import('./NewsEditPage'),
    import('./RichTextEditor'),
  ]);
}, 60_000);

const NEWS: NewsRecord[] = [
  {
    news_id: 1,
    title: 'Monitoring is under way',
    summary: 'Check the map before you go.',
    body: '<h2>Sampling</h2><p>Weekly samples.</p>',
    published_on: '2026-05-15',
    expires_on: null,
    is_banner: true,
    active: true,
    rank: 1,
  },
  {
    news_id: 2,
    title: 'Heavy rain prompts advisories',
    summary: '',
    body: '<p>Rain fell.</p>',
    published_on: '2026-07-16',
    expires_on: '2026-07-20',
    is_banner: false,
    active: true,
    rank: 2,
  },
];

function routes(extra: Record<string, Reply> = {}) {
  return mockFetch({
    'GET /api/user/current/': ok(CODES.USER_FOUND, makeAdmin()),
    'GET /api/news/': ok(NEWS_CODES.NEWS_LIST_FOUND, NEWS),
    'GET /api/news/2': ok(NEWS_CODES.NEWS_ITEM_FOUND, NEWS[1]),
    ...extra,
  });
}

describe('News management', () => {
  it('says whether the public site shows an item today', () => {
    const item = NEWS[1]!;
    expect(newsState(item, '2026-07-15')).toBe('Scheduled for 2026-07-16');
    expect(newsState(item, '2026-07-18')).toBe('Shown until 2026-07-20');
    expect(newsState(item, '2026-07-21')).toBe('Expired 2026-07-20');
    expect(newsState({ ...item, active: false }, '2026-07-18')).toBe('Hidden (inactive)');
    expect(newsState(NEWS[0]!, '2026-07-18')).toBe('Shown');
    expect(localToday(new Date(2026, 0, 5))).toBe('2026-01-05');
  });

  it('lists the items in public order, moves one up and deletes one after a confirmation', async () => {
    const { calls } = routes({
      'PUT /api/news/2/rank/up': ok(RANK_CODES.RANK_MOVED, { id: 2, rank: 1, moved: true }),
      'DELETE /api/news/1': ok(NEWS_CODES.NEWS_DELETED, null),
    });
    const { user } = renderApp('/portal/website-management/news', signedInStore({ user: makeAdmin() }));
    const table = await screen.findByRole('table', { name: 'News items, in public order' });
    expect(within(table).getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Monitoring is under way', 'Heavy rain prompts advisories']);
    expect(within(table).getByRole('button', { name: 'Move Monitoring is under way up' })).toBeDisabled();
    expect(within(table).getByRole('button', { name: 'Move Heavy rain prompts advisories down' })).toBeDisabled();
    await user.click(within(table).getByRole('button', { name: 'Move Heavy rain prompts advisories up' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Heavy rain prompts advisories moved up to place 1 of 2.');
    expect(calls.filter((c) => c.method === 'PUT').map((c) => c.path)).toEqual(['/api/news/2/rank/up']);

    await user.click(within(table).getByRole('button', { name: 'Delete Monitoring is under way' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete Monitoring is under way?' });
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Monitoring is under way was deleted.');
    expect(calls.filter((c) => c.method === 'DELETE').map((c) => c.path)).toEqual(['/api/news/1']);
  });

  it('offers the rich-text editor with its named toolbar, and refuses an empty body before sending', async () => {
    const { calls } = routes();
    const { user } = renderApp('/portal/website-management/news/new', signedInStore({ user: makeAdmin() }));
    await user.type(await screen.findByLabelText('Title'), 'Beach cleanup Saturday');
    const body = await screen.findByRole('textbox', { name: 'Body' });
    expect(body).toHaveAttribute('aria-multiline', 'true');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    for (const name of ['Heading 2', 'Heading 3', 'Heading 4', 'Bold', 'Italic', 'Bulleted list', 'Numbered list', 'Quote', 'Link', 'Image']) {
      expect(within(toolbar).getByRole('button', { name })).toBeInTheDocument();
    }
    expect(within(toolbar).getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    await user.click(screen.getByRole('button', { name: 'Add the news item' }));
    expect(await screen.findByRole('link', { name: 'Body is required' })).toBeInTheDocument();
    await waitFor(() => expect(body).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    // The image form asks for a file and a description before anything is uploaded.
    await user.click(within(toolbar).getByRole('button', { name: 'Image' }));
    await user.click(screen.getByRole('button', { name: 'Insert image' }));
    expect(await screen.findByText('Choose an image file.')).toHaveAttribute('role', 'alert');
    expect(calls.some((c) => c.path === '/api/news/images')).toBe(false);
  });

  it('edits an item with PUT, keeping its body, and sends an emptied expiry as null', async () => {
    const { calls } = routes({ 'PUT /api/news/2': ok(NEWS_CODES.NEWS_SAVED, { ...NEWS[1], title: 'Advisories lifted', expires_on: null }) });
    const { user } = renderApp('/portal/website-management/news/2', signedInStore({ user: makeAdmin() }));
    const title = await screen.findByLabelText('Title');
    await waitFor(() => expect(title).toHaveValue('Heavy rain prompts advisories'));
    expect(await screen.findByRole('textbox', { name: 'Body' })).toHaveTextContent('Rain fell.');
    await user.clear(title);
    await user.type(title, 'Advisories lifted');
    await user.clear(screen.getByLabelText('Expiry date (optional)'));
    await user.click(screen.getByRole('button', { name: 'Save the news item' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Advisories lifted was saved.');
    expect(calls.find((c) => c.method === 'PUT')?.body).toEqual({
      title: 'Advisories lifted',
      summary: '',
      body: '<p>Rain fell.</p>',
      published_on: '2026-07-16',
      expires_on: null,
      is_banner: false,
      active: true,
    });
  });

  it('is not offered to staff of an organization that is not an admin organization', async () => {
    mockFetch({ 'GET /api/user/current/': ok(CODES.USER_FOUND, makeCountyManager()) });
    renderApp('/portal/website-management/news', signedInStore({ user: makeCountyManager() }));
    expect(await screen.findByText(/You do not have permission|not permitted/i)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
