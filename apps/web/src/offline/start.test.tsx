import { act, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

/** The browser's service worker container, as far as startOffline uses it (jsdom has none). */
function fakeWorkerContainer() {
  const container = Object.assign(new EventTarget(), {
    controller: null,
    startMessages: vi.fn(),
    register: vi.fn(() => new Promise<never>(() => undefined)),
  });
  Object.defineProperty(navigator, 'serviceWorker', { value: container, configurable: true });
}

describe('startOffline', () => {
  it('makes no banner root online, and makes it once the network goes (decision 0066)', async () => {
    fakeWorkerContainer();
    const root = document.createElement('div');
    root.id = 'root';
    document.body.append(root);
    const { startOffline } = await import('./start');
    startOffline();
    // Online with nothing kept there is nothing to show: no root was rendered to show nothing.
    expect(document.getElementById('offline-banner')).toBeNull();

    await act(async () => {
      dispatchEvent(new Event('offline'));
    });
    const banner = document.getElementById('offline-banner');
    expect(banner?.nextElementSibling).toBe(root);
    expect(await screen.findByRole('status')).toHaveTextContent('Offline');
  });
});
