import { test as base } from '@playwright/test';
import { serverOf } from '../playwright.config';
import { trackRequests } from './page-checks';

export { expect } from '@playwright/test';

/**
 * Playwright's test, as every spec uses it (decision 0055):
 * - baseURL is the worker's own api server (playwright.config.ts: one per worker, each its own database);
 *   a spec with a server of its own sets its own with test.use({ baseURL }).
 * - mailPort is where that server sends mail: a test that reads mail runs its SMTP stand-in there.
 * - each test's context counts its requests in flight from its start, so that atRest
 *   (support/page-checks.ts) knows when the page has none left.
 */
export const test = base.extend<{ mailPort: number; requestsTracked: void }>({
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
