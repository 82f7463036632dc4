import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { newsApi, useLatestNewsQuery } from '../features/news/api';
import { mockFetch } from '../test/fetch-mock';
import { makeStore } from './store';

const LATEST = { code: 'NEWS_FOUND', payload: { news_id: 4, title: 'Season opens', summary: 'Lifeguards from Saturday.' } };

const rendered = vi.fn();

/** A banner on the public read's hook (publicRead), counting its renders. */
function Banner() {
  rendered();
  const { data } = useLatestNewsQuery();
  return <p>{data ? data.title : 'loading'}</p>;
}

/** The same endpoint's hook as RTK Query made it: the api-wide refetch on every mount. */
function RawBanner() {
  const { data } = newsApi.useLatestNewsQuery();
  return <p>{data ? `raw ${data.title}` : 'raw loading'}</p>;
}

const latestReads = (calls: { path: string }[]) => calls.filter((c) => c.path === '/api/public/news/latest').length;

describe('public reads refetch on mount once older than the public max-age (decision 0081)', () => {
  afterEach(() => {
    vi.useRealTimers();
    rendered.mockClear();
  });

  it('a component mounting on a read answered moments ago neither reads again nor renders again', async () => {
    const { calls } = mockFetch({ 'GET /api/public/news/latest': { body: LATEST } });
    const store = makeStore();
    // The page's first reads, as main.tsx starts them before the first render.
    await store.dispatch(newsApi.endpoints.latestNews.initiate(undefined, { subscribe: false }));
    expect(latestReads(calls)).toBe(1);
    render(
      <Provider store={store}>
        <Banner />
      </Provider>,
    );
    expect(screen.getByText('Season opens')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(latestReads(calls)).toBe(1);
    // One render: no pending and fulfilled of a refetch re-rendering it twice more.
    expect(rendered).toHaveBeenCalledTimes(1);
  });

  it('reads again on mount once the answer is older than 30 s, and RTK Query\'s own hook always does', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const { calls } = mockFetch({ 'GET /api/public/news/latest': { body: LATEST } });
    const store = makeStore();
    await store.dispatch(newsApi.endpoints.latestNews.initiate(undefined, { subscribe: false }));
    const first = render(
      <Provider store={store}>
        <RawBanner />
      </Provider>,
    );
    await screen.findByText('raw Season opens');
    await vi.waitFor(() => expect(latestReads(calls)).toBe(2));
    first.unmount();

    vi.setSystemTime(Date.now() + 31_000);
    render(
      <Provider store={store}>
        <Banner />
      </Provider>,
    );
    await vi.waitFor(() => expect(latestReads(calls)).toBe(3));
  });
});
