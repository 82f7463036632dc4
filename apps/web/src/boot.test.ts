import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the boot script of a rendered page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.querySelectorAll('script[data-entry], link[rel="modulepreload"]').forEach((element) => element.remove());
  });

  it('starts the ICU warm-up worker before the entry, and preloads the modules', async () => {
    const workers: { url: string; options?: WorkerOptions }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          workers.push({ url: String(url), options });
        }
      },
    );
    const script = document.createElement('script');
    script.type = 'module';
    // An entry that loads anywhere (jsdom reports no paint, so the boot script starts the app at once).
    script.dataset.entry = 'data:text/javascript,export {}';
    script.dataset.preload = '/assets/app-a.js /assets/BeachPage-b.js';
    document.body.append(script);
    await import('./boot');
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(workers[0]!.options).toMatchObject({ type: 'module', name: 'icu-warmup' });
    expect([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/app-a.js',
      '/assets/BeachPage-b.js',
    ]);
  });
});
