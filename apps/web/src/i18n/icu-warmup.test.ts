import { afterEach, describe, expect, it, vi } from 'vitest';
import { warmUpIntl } from './icu-warmup';

describe('warmUpIntl', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('starts the warm-up worker as a module worker from its own file', () => {
    const made: { url: string; options: WorkerOptions | undefined }[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string, options?: WorkerOptions) {
          made.push({ url: String(url), options });
        }
      },
    );
    warmUpIntl();
    expect(made).toHaveLength(1);
    expect(made[0]!.url).toMatch(/icu-warmup\.worker\.ts/);
    expect(made[0]!.options).toMatchObject({ type: 'module' });
  });

  it("starts none where a rendered page's boot script started the app (and the worker before it, boot.ts)", () => {
    const made: string[] = [];
    vi.stubGlobal(
      'Worker',
      class {
        constructor(url: URL | string) {
          made.push(String(url));
        }
      },
    );
    const script = document.createElement('script');
    script.dataset.entry = '/assets/index.js';
    document.body.append(script);
    warmUpIntl();
    expect(made).toHaveLength(0);
    script.remove();
    warmUpIntl();
    expect(made).toHaveLength(1);
  });

  it('does nothing where there are no workers, and survives a refused one', () => {
    vi.stubGlobal('Worker', undefined);
    expect(() => warmUpIntl()).not.toThrow();
    vi.stubGlobal(
      'Worker',
      class {
        constructor() {
          throw new DOMException('refused', 'SecurityError');
        }
      },
    );
    expect(() => warmUpIntl()).not.toThrow();
  });
});
