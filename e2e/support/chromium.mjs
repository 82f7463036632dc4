import { existsSync } from 'node:fs';

/**
 * The Chromium the browser tests run in: CHROMIUM_PATH when set, else Debian's headless shell (decision 0079: the same
 * Blink and V8 as its chromium, without the browser around them, about a quarter less CPU for the same journeys), else
 * the full browser where it is the only one installed; undefined when there is none. `npm test` (scripts/test-all.mjs)
 * and the Playwright config both ask here.
 */
export function findChromium() {
  return process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium-headless-shell', '/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
}
