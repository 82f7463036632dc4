import { act, screen, waitFor } from '@testing-library/react';
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

  it('registers the worker on the map page only once its map is drawn (decision 0087)', async () => {
    vi.resetModules();
    fakeWorkerContainer();
    const { register } = navigator.serviceWorker as unknown as { register: ReturnType<typeof vi.fn> };
    document.body.innerHTML = '<div id="root"><div class="map-frame__map"></div></div>';
    const { startOffline } = await import('./start');
    const { MAP_DRAWN } = await import('../app/page-settled');
    startOffline();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(register).not.toHaveBeenCalled();

    performance.mark(MAP_DRAWN);
    await waitFor(() => expect(register).toHaveBeenCalledWith('/sw.js', { scope: '/', updateViaCache: 'none' }));
  });
});
