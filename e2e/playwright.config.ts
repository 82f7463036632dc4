import { defineConfig, devices } from '@playwright/test';
import { findChromium } from './support/chromium.mjs';

const port = Number(process.env.E2E_PORT ?? 3100);
const chromium = findChromium() ?? '/usr/bin/chromium';
/** The server sends mail here; tests that read mail run a local SMTP stand-in on this port (support/mail.ts). */
export const smtpPort = Number(process.env.E2E_SMTP_PORT ?? 2526);
/** The university's aircraft endpoints, stood in for on this machine (support/aircraft-standin.mjs). */
const aircraftPort = Number(process.env.E2E_AIRCRAFT_PORT ?? 3102);
const aircraft = `http://127.0.0.1:${aircraftPort}`;
/** Where the server keeps its embedded database and uploads, and where results go: two runs side by side each set their own. */
const dataDir = process.env.E2E_DATA_DIR ?? '.data';
/**
 * Browser tests run in E2E_WORKERS workers (2 unless set; decisions 0055, 0069). Each worker has a server
 * of its own, with its own embedded database and mail port, so no test sees another's data: worker n (its
 * parallelIndex) uses serverOf(n). Three workers kept CI's 2 cores at a load of 13-15 once the suite had grown
 * to 103 tests, and journeys ran past their timeouts.
 */
export const workers = Number(process.env.E2E_WORKERS ?? 2);
export function serverOf(index: number) {
  return {
    base: `http://127.0.0.1:${index === 0 ? port : port + 40 + index}`,
    port: index === 0 ? port : port + 40 + index,
    smtpPort: smtpPort + index,
    dataDir: index === 0 ? dataDir : `${dataDir}-${index}`,
  };
}
const results = process.env.E2E_RESULTS_DIR ?? '../test-results';
const DESKTOP = { ...devices['Desktop Chrome'], channel: undefined };
/** The files that took a minute or more in a run of the whole suite (start to end on their worker, CI's 2 cores). */
const LONGEST_FILES = ['**/water-quality.spec.ts', '**/portal-admin.spec.ts', '**/portal-width.spec.ts', '**/public-pages.spec.ts', '**/html-first.spec.ts', '**/public-map.spec.ts', '**/beach-admin.spec.ts'];

/**
 * Browser tests against the real server on a fresh embedded database with demo data.
 * Uses Debian's Chromium; never downloads a browser.
 */
export default defineConfig({
  testDir: './tests',
  outputDir: `${results}/playwright-artifacts`,
  fullyParallel: false,
  workers,
  // No retries anywhere (decision 0055): a test that fails once under load is a bug to fix, not to hide.
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: `${results}/playwright.json` }]],
  use: {
    // baseURL: the worker's own server (support/test.ts).
    // A failed test's trace keeps its actions, DOM snapshots and network, without the screencast (decision 0078): the
    // screencast was recorded for every test and thrown away for each one that passed, about 4 % of the step's CPU.
    // The failure's own screenshot is still taken (below).
    trace: { mode: 'retain-on-failure', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: chromium,
      args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-quic', '--no-first-run', '--disable-component-update', '--disable-sync'],
    },
  },
  // The longest files first (decision 0078): Playwright hands files out in the order of its projects, then
  // alphabetically, so a long file late in the alphabet ran alone at the end (water-quality, 120 s, while the other
  // worker had been idle for 57 s). Both projects are the same browser and settings under one name.
  projects: [
    { name: 'desktop', use: DESKTOP, testMatch: LONGEST_FILES },
    { name: 'desktop', use: DESKTOP, testIgnore: LONGEST_FILES },
  ],
  webServer: [
    {
      command: `node support/aircraft-standin.mjs ${aircraftPort}`,
      cwd: '.',
      url: `${aircraft}/health`,
      reuseExistingServer: false,
    },
    // The api as production runs it: the bundle `npm start` builds (decision 0047), built once, then a server per
    // worker, started side by side (support/api-servers.mjs answers on its ready port once all of them answer).
    {
      command: 'node support/api-servers.mjs',
      cwd: '.',
      env: { E2E_SERVERS: JSON.stringify(Array.from({ length: workers }, (_, index) => apiServer(index))), READY_PORT: String(port + 39) },
      url: `http://127.0.0.1:${port + 39}/`,
      timeout: 240_000,
      reuseExistingServer: false,
      stdout: 'pipe',
      stderr: 'pipe',
    },
  ],
});

function apiServer(index: number) {
  const { port: serverPort, smtpPort: mailPort, dataDir: dir } = serverOf(index);
  return {
    dataDir: dir,
    env: {
      PORT: String(serverPort),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${mailPort}`,
      TILE_URL: `http://127.0.0.1:${serverPort}/__no_tiles__/{z}/{x}/{y}.png`,
      AIRCRAFT_CHLOROPHYLL_URL: `${aircraft}/chlorophyll/latest`,
      AIRCRAFT_PHYCOCYANIN_URL: `${aircraft}/phycocyanin/latest`,
      RAINFALL_URL: `${aircraft}/rainfall/latest`,
      // The ArcGIS stand-in (support/arcgis-standin.ts) listens on 127.0.0.1, which a GIS service may reach only by a
      // pinned name (decision 0056).
      GIS_ALLOW_HOSTS: 'arcgis.e2e.test=127.0.0.1',
      // A public page's served render (decision 0067) is what several journeys read (no-JS pages, the takeover in place).
      // A cold render slower than the production wait of 1 s, as on a loaded CI host (the CI run of a loaded pass sent
      // Beach Actions without its table), would send the page without it: here the page waits for its render.
      PAGE_RENDER_WAIT_MS: '20000',
    },
  };
}
