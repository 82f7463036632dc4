import { afterEach, describe, expect, it, vi } from 'vitest';

type IntlKind = 'DateTimeFormat' | 'NumberFormat' | 'Collator';
const KINDS: IntlKind[] = ['DateTimeFormat', 'NumberFormat', 'Collator'];

describe('the ICU warm-up worker', () => {
  const real = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat, Collator: Intl.Collator };
  afterEach(() => {
    Object.assign(Intl, real);
    vi.unstubAllGlobals();
  });

  it('makes the kinds of Intl object the first views use (dates, numbers, name order), then closes', async () => {
    const close = vi.fn();
    vi.stubGlobal('close', close);
    const made: string[] = [];
    for (const kind of KINDS) {
      Object.assign(Intl, {
        [kind]: new Proxy(real[kind] as unknown as new (...args: unknown[]) => object, {
          construct(target: new (...args: unknown[]) => object, args: unknown[]) {
            made.push(`${kind} ${JSON.stringify(args)}`);
            return new target(...args);
          },
        }),
      });
    }
    await import('./icu-warmup.worker');
    expect(made.filter((m) => m.startsWith('DateTimeFormat ["en-US"'))).toHaveLength(1);
    expect(made.filter((m) => m.startsWith('DateTimeFormat ["es-US"'))).toHaveLength(1);
    expect(made).toContain('NumberFormat ["en-US"]');
    expect(made).toContain('NumberFormat ["es-US"]');
    // The collator of packages/domain/src/names.ts, with its options.
    expect(made).toContain('Collator ["en-US",{"numeric":true}]');
    expect(close).toHaveBeenCalledTimes(1);
  });
});
