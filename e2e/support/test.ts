import { test as base } from '@playwright/test';
import { serverOf } from '../playwright.config';
import { appTookOver, trackRequests } from './page-checks';

export { expect } from '@playwright/test';

/**
 * Playwright's test, as every spec uses it (decision 0055):
 * - baseURL is the worker's own api server (playwright.config.ts: one per worker, each its own database);
 *   a spec with a server of its own sets its own with test.use({ baseURL }).
 * - mailPort is where that server sends mail: a test that reads mail runs its SMTP stand-in there.
 * - each test's context counts its requests in flight from its start, so that atRest
 *   (support/page-checks.ts) knows when the page has none left.
 * - with scripts on, `page.goto` and `page.reload` return once the app has taken a server-rendered page over
 *   (decision 0067): until then its buttons and fields are the server's markup, which a click or a keystroke
 *   reaches without effect. A call that names its own `waitUntil` gets just that.
 */
export const test = base.extend<{ mailPort: number; requestsTracked: void }>({
  page: async ({ page, javaScriptEnabled }, use) => {
    if (javaScriptEnabled !== false) {
      const goto = page.goto.bind(page);
      const reload = page.reload.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (!options?.waitUntil) await appTookOver(page);
        return response;
      };
      page.reload = async (options) => {
        const response = await reload(options);
        if (!options?.waitUntil) await appTookOver(page);
        return response;
      };
    }
    await use(page);
  },
  // (Playwright reads a fixture's needs from its first parameter's pattern: these two need none.)
  // eslint-disable-next-line no-empty-pattern
  baseURL: async ({}, use, testInfo) => use(serverOf(testInfo.parallelIndex).base),
  // eslint-disable-next-line no-empty-pattern
  mailPort: async ({}, use, testInfo) => use(serverOf(testInfo.parallelIndex).smtpPort),
  requestsTracked: [
    async ({ context }, use) => {
      trackRequests(context);
      await use();
    },
    { auto: true },
  ],
});
