import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';
import type { NewsItem } from './api';

const NEWS: NewsItem[] = [
  {
    news_id: 1,
    title: 'Monitoring is under way',
    summary: 'Check the map before you go.',
    body: '<h2>Sampling</h2><p>Routine sampling runs through <strong>Labor Day</strong>.</p><p>Samples are collected weekly. <a href="https://www.example.org/season" rel="noopener noreferrer nofollow">Season dates</a></p><img src="/api/files/7" alt="Lifeguard stand" />',
    published_on: '2026-05-15',
    is_banner: true,
    rank: 1,
  },
  { news_id: 2, title: 'Heavy rain prompts advisories', summary: 'Most beaches reopened.', body: '<p>Rain fell.</p>', published_on: '2026-07-16', is_banner: false, rank: 2 },
];

function open(path: string, routes: Parameters<typeof mockFetch>[0]) {
  storeWelcomeDismissed();
  const fetch = mockFetch(routes);
  return { ...renderApp(path), ...fetch };
}

describe('Important Information', () => {
  it('lists the news with dates, each linking to its page', async () => {
    open('/news', { 'GET /api/public/news/': ok(NEWS) });
    // The first test loads the page's chunk: on a busy machine that takes longer than a second.
    expect(await screen.findByRole('heading', { level: 1, name: 'Important Information' }, { timeout: 10_000 })).toBeInTheDocument();
    const first = await screen.findByRole('link', { name: 'Monitoring is under way' });
    expect(first).toHaveAttribute('href', '/news/1');
    expect(screen.getByText('Published May 15, 2026')).toBeInTheDocument();
    expect(screen.getByText('Most beaches reopened.')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });

  it('says when there is no news, and offers Retry when the list fails', async () => {
    let fail = true;
    const { user } = open('/news', { 'GET /api/public/news/': () => (fail ? { status: 500, body: { code: 'SERVER_ERROR', payload: null } } : ok([])) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This information could not be loaded.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByText('There is no news at this time.')).toBeInTheDocument();
  });

  it('lists the items in the order given, each with its body', async () => {
    open('/news', { 'GET /api/public/news/': ok(NEWS) });
    const headings = await screen.findAllByRole('heading', { level: 2 });
    expect(headings.map((h) => h.textContent)).toEqual(['Monitoring is under way', 'Sampling', 'Heavy rain prompts advisories']);
    expect(screen.getByText('Rain fell.')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Lifeguard stand' })).toHaveAttribute('src', '/api/files/7');
  });

  it('shows one item with its rich-text body (headings, emphasis, links, images), and a missing one as not found', async () => {
    const view = open('/news/1', { 'GET /api/public/news/1': ok(NEWS[0]) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Monitoring is under way' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Sampling' })).toBeInTheDocument();
    expect(screen.getByText('Labor Day').tagName).toBe('STRONG');
    expect(screen.getByText(/Samples are collected weekly\./)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Season dates' })).toHaveAttribute('href', 'https://www.example.org/season');
    expect(screen.getByRole('img', { name: 'Lifeguard stand' })).toHaveAttribute('src', '/api/files/7');
    expect(screen.getByRole('link', { name: 'Back to Important Information' })).toHaveAttribute('href', '/news');
    await waitFor(() => expect(document.title).toBe('Monitoring is under way | Beach Portal'));
    view.unmount();

    open('/news/99', {});
    expect(await screen.findByText('This news item was not found. It may have been removed.')).toBeInTheDocument();
  });
});
