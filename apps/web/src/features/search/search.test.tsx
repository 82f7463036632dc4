import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { storeWelcomeDismissed } from '../welcome/welcome-storage';
import { mockFetch } from '../../test/fetch-mock';
import { ok } from '../../test/public-data';
import { renderApp } from '../../test/render-app';
import type { SearchResults } from './api';

const RESULTS: SearchResults = {
  q: 'sea',
  beaches: [{ beach_station_id: 1, station_name: 'Sea Bright - Anchorage Beach', beach_name: 'Anchorage Beach', municipality: 'Sea Bright', county: 'Monmouth' }],
  news: [{ news_id: 4, title: 'Sea nettles seen in the bay', published_on: '2026-07-20' }],
  faqs: [{ faq_id: 2, question: 'Is the sea tested daily?' }],
  reports: [{ report_and_publication_id: 6, title: 'Sea level and beaches', date: '2025-01-10' }],
};

describe('Site search', () => {
  it('shows beaches, news, FAQs and reports matching the words, each linking to its page', async () => {
    storeWelcomeDismissed();
    const { calls } = mockFetch({ 'GET /api/public/search': (call) => ok(call.query.q === 'sea' ? RESULTS : { ...RESULTS, beaches: [], news: [], faqs: [], reports: [] }) });
    const { user } = renderApp('/search?q=sea');
    expect(await screen.findByRole('heading', { level: 2, name: 'Results for “sea”' })).toBeInTheDocument();
    expect(calls.find((c) => c.path === '/api/public/search')?.query).toEqual({ q: 'sea' });
    const group = (name: string) => screen.getByRole('heading', { level: 3, name }).parentElement!;
    expect(within(group('Beaches (1)')).getByRole('link', { name: 'Sea Bright - Anchorage Beach' })).toHaveAttribute('href', '/beach/1');
    expect(within(group('Important Information (1)')).getByRole('link', { name: 'Sea nettles seen in the bay' })).toHaveAttribute('href', '/news/4');
    expect(within(group('FAQs (1)')).getByRole('link', { name: 'Is the sea tested daily?' })).toHaveAttribute('href', '/faqs#faq-2');
    expect(within(group('Reports (1)')).getByRole('link', { name: 'Sea level and beaches' })).toHaveAttribute('href', '/reports-and-publications#report-6');

    const box = screen.getByRole('searchbox', { name: 'Search for' });
    await user.clear(box);
    await user.type(box, 'zzz{Enter}');
    expect(await screen.findByText('Nothing matched “zzz”. Try a shorter word or a town name.')).toBeInTheDocument();
  });

  it('asks for at least 2 characters without calling the server', async () => {
    storeWelcomeDismissed();
    const { calls } = mockFetch({});
    renderApp('/search?q=a');
    expect(await screen.findByText('Type at least 2 characters.')).toBeInTheDocument();
    expect(calls.some((c) => c.path === '/api/public/search')).toBe(false);
  });
});
