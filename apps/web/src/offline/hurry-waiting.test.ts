import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { hurryWaiting, NUDGE_EVERY_MS, NUDGE_FOR_MS } from './start';

/** A registration as the page sees it: its waiting and installing workers, and its updatefound event. */
function fakeRegistration() {
  const target = new EventTarget();
  const registration = Object.assign(target, { waiting: null as ServiceWorker | null, installing: null as ServiceWorker | null });
  return registration;
}

function fakeWorker() {
  const worker = Object.assign(new EventTarget(), { state: 'installing', postMessage: vi.fn() });
  return worker;
}

const TAKE_OVER = { type: 'beach-take-over' };

describe('a version that waits is asked to take over until it does (hurryWaiting)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks a version found waiting at once, then again every interval while it waits, and stops once it has taken over', () => {
    const registration = fakeRegistration();
    const waiting = fakeWorker();
    registration.waiting = waiting as unknown as ServiceWorker;
    hurryWaiting(registration as unknown as ServiceWorkerRegistration);
    expect(waiting.postMessage).toHaveBeenCalledTimes(1);
    expect(waiting.postMessage).toHaveBeenLastCalledWith(TAKE_OVER);

    vi.advanceTimersByTime(NUDGE_EVERY_MS * 3);
    expect(waiting.postMessage).toHaveBeenCalledTimes(4);

    // It activated: the registration has none waiting, and no one is asked any more.
    registration.waiting = null;
    vi.advanceTimersByTime(NUDGE_EVERY_MS * 5);
    expect(waiting.postMessage).toHaveBeenCalledTimes(4);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('asks a version that installs while the page is open, and gives up after NUDGE_FOR_MS', () => {
    const registration = fakeRegistration();
    hurryWaiting(registration as unknown as ServiceWorkerRegistration);
    expect(vi.getTimerCount()).toBe(0);

    const next = fakeWorker();
    registration.installing = next as unknown as ServiceWorker;
    registration.dispatchEvent(new Event('updatefound'));
    expect(next.postMessage).not.toHaveBeenCalled();
    next.state = 'installed';
    registration.installing = null;
    registration.waiting = next as unknown as ServiceWorker;
    next.dispatchEvent(new Event('statechange'));
    expect(next.postMessage).toHaveBeenCalledTimes(1);

    vi.advanceTimersByTime(NUDGE_FOR_MS + NUDGE_EVERY_MS * 5);
    const asked = next.postMessage.mock.calls.length;
    expect(asked).toBe(1 + NUDGE_FOR_MS / NUDGE_EVERY_MS - 1);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('asks a version that was already installing when the page got its registration (its updatefound came before)', () => {
    const registration = fakeRegistration();
    const next = fakeWorker();
    registration.installing = next as unknown as ServiceWorker;
    hurryWaiting(registration as unknown as ServiceWorkerRegistration);
    expect(next.postMessage).not.toHaveBeenCalled();
    next.state = 'installed';
    registration.installing = null;
    registration.waiting = next as unknown as ServiceWorker;
    next.dispatchEvent(new Event('statechange'));
    expect(next.postMessage).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(NUDGE_EVERY_MS * 2);
    expect(next.postMessage).toHaveBeenCalledTimes(3);
  });

  it('asks nothing when no version waits', () => {
    const registration = fakeRegistration();
    hurryWaiting(registration as unknown as ServiceWorkerRegistration);
    vi.advanceTimersByTime(NUDGE_EVERY_MS * 10);
    expect(vi.getTimerCount()).toBe(0);
  });
});
