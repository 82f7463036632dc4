import { afterEach, describe, expect, it, vi } from 'vitest';

describe('the boot script of a rendered page', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    document.querySelectorAll('script[data-entry], link[rel="modulepreload"]').forEach((element) => element.remove());
  });

  it('starts the entry, then preloads each module and starts the ICU warm-up worker, each in a task of its own', async () => {
    const workers: { url: string; options?: WorkerOptions }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          workers.push({ url: String(url), options });
        }
      },
    );
    // A mutation observer's callback runs once after each task that changed the head, with that task's changes.
    const batches: string[][] = [];
    const observer = new MutationObserver((records) =>
      batches.push(records.flatMap((record) => [...record.addedNodes].map((node) => (node as HTMLLinkElement).getAttribute('href') ?? ''))),
    );
    observer.observe(document.head, { childList: true });
    const script = document.createElement('script');
    script.type = 'module';
    // An entry that loads anywhere (jsdom reports no paint, so the boot script starts the app at once).
    script.dataset.entry = 'data:text/javascript,export {}';
    script.dataset.preload = '/assets/app-a.js /assets/BeachPage-b.js';
    document.body.append(script);
    await import('./boot');
    expect(document.querySelectorAll('link[rel="modulepreload"]')).toHaveLength(0);
    await vi.waitFor(() => expect(workers).toHaveLength(1));
    observer.disconnect();
    expect(batches).toEqual([['/assets/app-a.js'], ['/assets/BeachPage-b.js']]);
    expect(workers[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(workers[0]!.options).toMatchObject({ type: 'module', name: 'icu-warmup' });
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="modulepreload"]')) expect(link.crossOrigin).toBe('');
  });
});
