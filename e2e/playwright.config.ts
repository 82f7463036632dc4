import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** The server sends mail here; tests that read mail run a local SMTP stand-in on this port (support/mail.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The university's aircraft endpoints, stood in for on this machine (support/aircraft-standin.mjs). */
const aircraftPort = Number(process.env.E2E_AIRCRAFT_PORT ?? 3102);
const aircraft = `http://127.0.0.1:${aircraftPort}`;
/** Where the server keeps its embedded database and uploads, and where results go: two runs side by side each set their own. */
const dataDir = process.env.E2E_DATA_DIR ?? '.data';
const results = process.env.E2E_RESULTS_DIR ?? '../test-results';

/**
 * Browser tests against the real server on a fresh embedded database with demo data.
 * Uses Debian's Chromium; never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `${results}/playwright-artifacts`,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${results}/playwright.json` }]],
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  projects: [
    { name: 'desktop', use: { ...devices['Desktop Chrome'], channel: undefined } },
  ],
  webServer: [
    {
      command: `node support/aircraft-standin.mjs ${aircraftPort}`,
      cwd: '.',
      url: `${aircraft}/health`,
      reuseExistingServer: false,
    },
    {
      // The api as production runs it: the bundle `npm start` builds (decision 0047).
      command: `rm -rf ${dataDir} && node ../apps/api/scripts/build.mjs && DATA_DIR=${dataDir} PORT=${port} HOST=127.0.0.1 LOG_LEVEL=warn SMTP_URL=smtp://127.0.0.1:${smtpPort} TILE_URL=http://127.0.0.1:${port}/__no_tiles__/{z}/{x}/{y}.png AIRCRAFT_CHLOROPHYLL_URL=${aircraft}/chlorophyll/latest AIRCRAFT_PHYCOCYANIN_URL=${aircraft}/phycocyanin/latest RAINFALL_URL=${aircraft}/rainfall/latest node --max-semi-space-size=4 ../apps/api/dist/server.js`,
      cwd: '.',
      url: `http://127.0.0.1:${port}/api/openapi.json`,
      timeout: 180_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});
