import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the boot script of a rendered page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.querySelectorAll('script[data-entry], link[rel="modulepreload"]').forEach((element) => element.remove());
  });

  it('preloads the modules and starts the entry, then the ICU warm-up worker in a task of its own', async () => {
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
    expect([...document.querySelectorAll('link[rel="modulepreload"]')]).toHaveLength(2);
    expect(workers).toHaveLength(0);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(workers).toHaveLength(1);
    expect(workers[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(workers[0]!.options).toMatchObject({ type: 'module', name: 'icu-warmup' });
    expect([...document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'))).toEqual([
      '/assets/app-a.js',
      '/assets/BeachPage-b.js',
    ]);
  });
});
