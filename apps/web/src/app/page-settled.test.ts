import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MAP_DRAWN, pageSettled } from './page-settled';

/** The page's mark observers: `mark(name)` hands each of them a mark, as the browser would. */
let observers: { callback: PerformanceObserverCallback; connected: boolean }[] = [];
let marks: string[] = [];

function mark(name: string): void {
  marks.push(name);
  const entries = [{ name, entryType: 'mark' }] as PerformanceEntry[];
  const list = { getEntriesByName: (wanted: string) => entries.filter((entry) => entry.name === wanted) } as PerformanceObserverEntryList;
  for (const observer of observers.filter((o) => o.connected)) observer.callback(list, { disconnect: () => void (observer.connected = false) } as unknown as PerformanceObserver);
}

/** Whether `promise` has settled once the microtasks queued so far have run. */
async function isSettled(promise: Promise<unknown>): Promise<boolean> {
  let settled = false;
  void promise.then(() => (settled = true));
  await Promise.resolve();
  await Promise.resolve();
  return settled;
}

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
        expect(options).toEqual({ type: 'mark' });
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
  it('is settled at once on a page without a map (a beach page, Beach Actions, the list view)', async () => {
    document.body.innerHTML = '<main><table></table></main>';
    expect(await isSettled(pageSettled())).toBe(true);
    expect(observers).toHaveLength(0);
  });

  it('is settled at once when the map was drawn before it was asked', async () => {
    document.body.innerHTML = '<div class="map-frame__map"></div>';
    mark(MAP_DRAWN);
    expect(await isSettled(pageSettled())).toBe(true);
  });

  it('waits on the map page for its map to be drawn, then stops listening', async () => {
    document.body.innerHTML = '<div class="map-frame__map map-frame__reserved"><p role="status">Loading the map…</p></div>';
    const settled = pageSettled();
    mark('another mark');
    expect(await isSettled(settled)).toBe(false);
    mark(MAP_DRAWN);
    expect(await isSettled(settled)).toBe(true);
    expect(observers.every((o) => !o.connected)).toBe(true);
  });

  it('waits at most its cap for a map that never draws', async () => {
    document.body.innerHTML = '<div class="map-frame__map"></div>';
    const settled = pageSettled(10_000);
    vi.advanceTimersByTime(9_999);
    expect(await isSettled(settled)).toBe(false);
    vi.advanceTimersByTime(1);
    expect(await isSettled(settled)).toBe(true);
  });
});
