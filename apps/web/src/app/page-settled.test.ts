import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_DRAWN, pageSettled, QUIET_MS } from './page-settled';

/** The page's performance observers: `mark(name)` and `resource(url)` hand each of them an entry, as the browser would. */
let observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
let marks: string[] = [];

function deliver(entry: { name: string; entryType: string }): void {
  const entries = [entry] as PerformanceEntry[];
  const list = {
    getEntriesByName: (wanted: string) => entries.filter((e) => e.name === wanted),
    getEntriesByType: (wanted: string) => entries.filter((e) => e.entryType === wanted),
  } as PerformanceObserverEntryList;
  for (const observer of observers.filter((o) => o.connected)) observer.callback(list, { disconnect: () => void (observer.connected = false) } as unknown as PerformanceObserver);
}

function mark(name: string): void {
  marks.push(name);
  deliver({ name, entryType: 'mark' });
}

/** A file or a read that has arrived. */
function resource(url: string): void {
  deliver({ name: url, entryType: 'resource' });
}

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

/** `promise` is still pending `ms` - 1 ms from now, and settled at `ms`. */
async function expectSettledIn(promise: Promise<unknown>, ms: number): Promise<void> {
  vi.advanceTimersByTime(ms - 1);
  expect(await isSettled(promise)).toBe(false);
  vi.advanceTimersByTime(1);
  expect(await isSettled(promise)).toBe(true);
}

const MAP_PAGE = '<div class="map-frame__map map-frame__reserved"><p role="status">Loading the map…</p></div>';

beforeEach(() => {
  observers = [];
  marks = [];
  vi.useFakeTimers();
  vi.stubGlobal(
    'PerformanceObserver',
    class {
      private readonly entry: { callback: PerformanceObserverCallback; connected: boolean };
      constructor(callback: PerformanceObserverCallback) {
        this.entry = { callback, connected: false };
        observers.push(this.entry);
      }
      observe(options: PerformanceObserverInit) {
        expect(options).toEqual({ entryTypes: ['mark', 'resource'] });
        this.entry.connected = true;
      }
      disconnect() {
        this.entry.connected = false;
      }
    },
  );
  vi.spyOn(performance, 'getEntriesByName').mockImplementation((name: string) => marks.filter((m) => m === name).map((m) => ({ name: m }) as PerformanceEntry));
});

afterEach(() => {
  document.body.innerHTML = '';
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('pageSettled', () => {
  it('settles on a page without a map once nothing has arrived for QUIET_MS, and stops listening', async () => {
    document.body.innerHTML = '<main><table></table></main>';
    const settled = pageSettled();
    await expectSettledIn(settled, QUIET_MS);
    expect(observers.every((o) => !o.connected)).toBe(true);
  });

  it('waits again after each file or read that arrives', async () => {
    document.body.innerHTML = '<main><table></table></main>';
    const settled = pageSettled();
    vi.advanceTimersByTime(QUIET_MS - 100);
    resource('/api/public/news/latest');
    vi.advanceTimersByTime(QUIET_MS - 100);
    resource('/assets/panels.js');
    await expectSettledIn(settled, QUIET_MS);
  });

  it('waits on the map page for its map to be drawn however quiet the network is, then for the quiet after it', async () => {
    document.body.innerHTML = MAP_PAGE;
    const settled = pageSettled();
    vi.advanceTimersByTime(QUIET_MS * 3);
    mark('another mark');
    vi.advanceTimersByTime(QUIET_MS * 3);
    expect(await isSettled(settled)).toBe(false);

    mark(MAP_DRAWN);
    vi.advanceTimersByTime(QUIET_MS - 100);
    // The tiles and the panels' reads that the drawn map asked for.
    resource('/8/74/96.png');
    await expectSettledIn(settled, QUIET_MS);
    expect(observers.every((o) => !o.connected)).toBe(true);
  });

  it('counts a map drawn before it was asked', async () => {
    document.body.innerHTML = MAP_PAGE;
    mark(MAP_DRAWN);
    const settled = pageSettled();
    vi.advanceTimersByTime(QUIET_MS);
    expect(await isSettled(settled)).toBe(true);
  });

  it('waits no more than its cap for a map that never draws', async () => {
    document.body.innerHTML = MAP_PAGE;
    const settled = pageSettled(10_000);
    await expectSettledIn(settled, 10_000);
    expect(observers.every((o) => !o.connected)).toBe(true);
  });

  it('waits no more than its cap for a network that never goes quiet', async () => {
    document.body.innerHTML = '<main></main>';
    const settled = pageSettled(10_000);
    for (let elapsed = 0; elapsed < 9_800; elapsed += QUIET_MS / 2) {
      resource(`/api/public/read?${elapsed}`);
      vi.advanceTimersByTime(QUIET_MS / 2);
    }
    expect(await isSettled(settled)).toBe(false);
    vi.advanceTimersByTime(200);
    expect(await isSettled(settled)).toBe(true);
  });
});
