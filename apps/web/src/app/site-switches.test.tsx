import { render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { afterEach, describe, expect, it } from 'vitest';
import { mockFetch } from '../test/fetch-mock';
import { inlineSwitches, useSiteSwitch, useSiteSwitches } from './site-switches';
import { makeStore } from './store';

function Banner() {
  return <p>{useSiteSwitch('NEWS_BANNER') ? 'banner on' : 'banner off'}</p>;
}

/** A layout obeying several switches through one read's hook. */
function Layout() {
  const switchOn = useSiteSwitches();
  return <p>{(['NEWS_BANNER', 'WELCOME_MODAL', 'DOWNLOADS'] as const).map((code) => `${code} ${switchOn(code) ? 'on' : 'off'}`).join(', ')}</p>;
}

/** The data block the api puts in a public page (apps/api/src/plugins/web.ts). */
function servedWith(answer: unknown) {
  const block = document.createElement('script');
  block.type = 'application/json';
  block.id = 'site-switches';
  block.textContent = JSON.stringify(answer).replace(/</g, '\\u003c');
  document.body.append(block);
}

describe('site switches carried by the served page (decision 0020)', () => {
  afterEach(() => document.getElementById('site-switches')?.remove());

  it('are in the cache before the first render, and a layout mounting does not read them again', async () => {
    servedWith({ code: 'SWITCHES_FOUND', payload: [{ website_toggle_id: 2, code: 'NEWS_BANNER', value: true }] });
    const { calls } = mockFetch({});
    const store = makeStore();
    await inlineSwitches(store.dispatch);
    render(
      <Provider store={store}>
        <Banner />
      </Provider>,
    );
    expect(screen.getByText('banner on')).toBeInTheDocument();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(calls.map((c) => c.path)).not.toContain('/api/public/switches/');
  });

  it('leave the page to read them when it has none, or a block it cannot read', async () => {
    const store = makeStore();
    expect(inlineSwitches(store.dispatch)).toBeNull();
    servedWith('not an answer');
    expect(inlineSwitches(store.dispatch)).toBeNull();
    document.getElementById('site-switches')!.textContent = '{"payload": [';
    expect(inlineSwitches(store.dispatch)).toBeNull();
  });

  it('answer several codes from one hook: as served, and off (or on, for a feature) when a switch is not listed', async () => {
    servedWith({ code: 'SWITCHES_FOUND', payload: [{ website_toggle_id: 2, code: 'NEWS_BANNER', value: true }, { website_toggle_id: 1, code: 'WELCOME_MODAL', value: false }] });
    mockFetch({});
    const store = makeStore();
    await inlineSwitches(store.dispatch);
    render(
      <Provider store={store}>
        <Layout />
      </Provider>,
    );
    expect(screen.getByText('NEWS_BANNER on, WELCOME_MODAL off, DOWNLOADS on')).toBeInTheDocument();
  });
});
