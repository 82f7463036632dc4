import { mkdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD, loginAs } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot, skipWelcome } from '../support/page-checks';
import { startSeasonServer, type SeasonServer } from '../support/season-server';

/**
 * The water-quality workflow, end to end: a sampler enters a result above the beach action value, a
 * verifier verifies it, and the public site shows the beach in Advisory with the rule as the reason; a
 * second exceedance closes it and a clean result opens it again. Then every screen of the workflow is
 * checked with axe and photographed into /tmp/shots/wq-*.png.
 *
 * Why this file runs a server of its own: the demo data is dated from the server's today, and out of
 * season the public site shows every beach Not Monitored (decision 0006), so from Labor Day to mid-May
 * no status change can be seen there. The API tests pin their day the same way (TEST_SCALE_TODAY and
 * fake timers). Here a second server starts on a fresh embedded database with its clock moved to a
 * mid-season day (support/shifted-clock.mjs, E2E_TODAY); the demo is seeded as of that day, and each
 * browser context runs on the server's clock (page.clock), so tokens, "not later than tomorrow" and
 * the season agree. Its port is E2E_WQ_PORT, by default E2E_PORT + 1.
 */

const port = Number(process.env.E2E_WQ_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 1);
const base = `http://127.0.0.1:${port}`;
const DAY = process.env.E2E_WQ_TODAY ?? '2026-07-15';
const SHOTS = '/tmp/shots';

test.use({ baseURL: base });
test.describe.configure({ mode: 'serial' });

let server: SeasonServer | null = null;
/** Server clock minus this machine's clock, in ms (from a fresh token's iat). */
let clockOffset = 0;

async function apiToken(email: string): Promise<string> {
  const res = await fetch(`${base}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(res.ok, `API login of ${email}`).toBe(true);
  return ((await res.json()) as { payload: { token: string } }).payload.token;
}

test.beforeAll(async () => {
  test.setTimeout(240_000);
  server = await startSeasonServer({ port, day: DAY, name: 'wq' });
  clockOffset = server.clockOffset;
  mkdirSync(SHOTS, { recursive: true });
});

test.afterAll(() => {
  server?.stop();
  server = null;
});

/** A browser context on the server's clock, signed in as `email`, with the session saved before any reload. */
async function signedIn(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 1000 } });
  await context.clock.install({ time: new Date(Date.now() + clockOffset) });
  await skipWelcome(context);
  const page = await context.newPage();
  await loginAs(page, email);
  await expect(page).toHaveURL(/\/portal$/);
  // The session is saved when the login's answer is stored (decision 0070): wait for it before any reload.
  await page.waitForFunction(() => /"jwt\\?":\\?"ey/.test(window.localStorage.getItem('persist:beach-portal') ?? ''));
  return page;
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function chooseProgram(page: Page, label: string) {
  await page.locator('#sidebar-program').selectOption({ label });
}

async function shoot(page: Page, name: string) {
  await keepScreenshot(page, { path: `${SHOTS}/wq-${name}.png`, fullPage: true });
}

interface PublicStation {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  program_abbv: string;
  type: 'PRIMARY' | 'BRACKET';
  status_code: string;
  status_name: string;
  reason: string | null;
}

/** What the public statuses read says about one station. */
async function publicStatus(stationId: number): Promise<PublicStation> {
  const res = await fetch(`${base}/api/public/beaches/statuses/`);
  const { payload } = (await res.json()) as { payload: { statuses: PublicStation[] } };
  return payload.statuses.find((s) => s.beach_station_id === stationId)!;
}

/**
 * An Open ocean primary, in season, with nothing entered by the sampler's laboratory today: its line in
 * the sampler's grid is empty. A name that is no other station's prefix keeps the searches exact.
 */
async function pickStation(): Promise<PublicStation> {
  const res = await fetch(`${base}/api/public/beaches/statuses/`);
  const { payload } = (await res.json()) as { payload: { today: string; programs: { abbv: string; in_season: boolean }[]; statuses: PublicStation[] } };
  expect(payload.today, 'the water-quality server runs on its mid-season day').toBe(DAY);
  expect(payload.programs.find((p) => p.abbv === 'OB')?.in_season, 'Ocean Beaches is in season').toBe(true);
  const token = await apiToken('sampler@example.org');
  const filters = (await (await fetch(`${base}/api/results/filters`, { headers: { authorization: `Bearer ${token}` } })).json()) as {
    payload: { programs: { program_id: number; abbv: string; organizations: { organization_id: number }[] }[] };
  };
  const ob = filters.payload.programs.find((p) => p.abbv === 'OB')!;
  const grid = (await (
    await fetch(`${base}/api/results/program/${ob.program_id}/organization/${ob.organizations[0]!.organization_id}/${DAY}`, {
      headers: { authorization: `Bearer ${token}` },
    })
  ).json()) as { payload: { stations: { beach_station_id: number; results: unknown[] }[] } };
  const empty = new Set(grid.payload.stations.filter((s) => s.results.length === 0).map((s) => s.beach_station_id));
  const names = payload.statuses.map((s) => s.station_name);
  const station = payload.statuses.find(
    (s) =>
      s.program_abbv === 'OB' &&
      s.type === 'PRIMARY' &&
      s.status_code === 'OPEN' &&
      empty.has(s.beach_station_id) &&
      names.filter((n) => n.startsWith(s.station_name)).length === 1,
  );
  expect(station, 'an Open ocean primary with an empty line in the grid').toBeTruthy();
  return station!;
}

/** The sampler enters one result for the station (a further sample when it has one today) and saves it. */
async function enterResult(page: Page, station: PublicStation, time: [string, string], value: string, sample: number) {
  await page.goto('/portal/results');
  await expect(page.getByRole('heading', { level: 2, name: /^Results of .* on / })).toBeVisible();
  await page.getByLabel('Find a station').fill(station.station_name);
  const name = sample === 1 ? station.station_name : `${station.station_name}, sample ${sample}`;
  if (sample > 1) {
    await page.getByRole('button', { name: `Add a sample, ${station.station_name}` }).first().click();
    await expect(page.getByLabel(`Hour, ${name}`)).toBeFocused();
    await expect(page.getByLabel(`Resample, ${name}`)).toBeChecked();
  } else {
    await page.getByLabel(`Hour, ${name}`).click();
  }
  // As a person types it: Tab across the line.
  await page.keyboard.type(time[0]);
  await page.keyboard.press('Tab');
  await page.keyboard.type(time[1]);
  await page.keyboard.press('Tab');
  await page.keyboard.type(value);
  await expect(page.getByLabel(`Value, ${name}`)).toHaveValue(value);
  await page.getByRole('button', { name: 'Save 1 result' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved 1 result: 1 added, 0 changed.' })).toBeVisible();
}

/** The verifier verifies that one result and reads the status change it made. */
async function verifyResult(page: Page, station: PublicStation, value: string, time: string, change: { from: string; to: string; rule: string }) {
  await page.goto('/portal/results/verification');
  const checkbox = page.getByRole('checkbox', { name: `Select ${station.station_name}, ${value} CFU/100mL at ${time}` });
  await expect(checkbox).toBeVisible();
  const row = page.getByRole('row').filter({ has: checkbox });
  await expect(row).toContainText(Number(value) > 104 ? /Above the (beach action value|statistical threshold)/ : 'At or below the beach action value (104)');
  await expect(row).toContainText(change.from);
  await checkbox.check();
  await page.getByRole('button', { name: 'Verify 1 result' }).click();
  const dialog = page.getByRole('dialog', { name: 'Verify 1 result?' });
  await dialog.getByRole('button', { name: 'Verify' }).click();
  const outcome = page.getByRole('region', { name: 'Verified 1 result' });
  await expect(outcome).toBeFocused();
  const changeRow = outcome.getByRole('table', { name: /^Beach status changes/ }).getByRole('row', { name: new RegExp(escape(station.beach_name)) });
  await expect(changeRow).toContainText(`${change.from}→ to ${change.to}`);
  await expect(changeRow).toContainText(`Rule: ${change.rule}`);
  return outcome;
}

/**
 * The beach page and the map's list view both show the status and why. Public answers may be reused
 * by a browser for 30 s (decision 0005), so each look is a new visitor with an empty cache.
 */
async function expectPublic(browser: Browser, station: PublicStation, status: string, reason: string | null, shot?: string) {
  await expect.poll(async () => (await publicStatus(station.beach_station_id)).status_name).toBe(status);
  const context = await browser.newContext({ baseURL: base, viewport: { width: 1400, height: 1000 } });
  await context.clock.install({ time: new Date(Date.now() + clockOffset) });
  await skipWelcome(context);
  const page = await context.newPage();
  await page.goto(`/beach/${station.beach_station_id}`);
  const current = page.getByRole('region', { name: 'Current status' });
  await expect(current).toContainText(status);
  if (reason) await expect(current).toContainText(`Why: ${reason}`);
  if (shot) await shoot(page, shot);
  await page.goto(`/?view=list&name=${encodeURIComponent(station.station_name)}`);
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: station.beach_name }) }).first();
  await expect(item).toContainText(status);
  if (reason) await expect(item).toContainText(`Why: ${reason}`);
  await context.close();
}

test('a result above the action value puts an Open beach in Advisory, a second closes it, a clean one reopens it', async ({ browser }) => {
  test.setTimeout(180_000);
  const station = await pickStation();
  const sampler = await signedIn(browser, 'sampler@example.org');
  const verifier = await signedIn(browser, 'verifier@example.org');

  await expectPublic(browser, station, 'Open', (await publicStatus(station.beach_station_id)).reason);

  await enterResult(sampler, station, ['09', '00'], '500', 1);
  await shoot(sampler, 'results-entered');
  const outcome = await verifyResult(verifier, station, '500', '09:00', { from: 'Open', to: 'Advisory', rule: 'Open to Advisory' });
  await expect(outcome).toContainText(/needs resampling and needs a sanitary survey/);
  await shoot(verifier, 'verification-outcome');
  await expectNoAxeViolations(verifier, { label: 'Result Verification with its outcome', summarize: true });
  await expectPublic(browser, station, 'Advisory', 'Open to Advisory', 'public-advisory');

  await enterResult(sampler, station, ['13', '30'], '600', 2);
  await verifyResult(verifier, station, '600', '13:30', { from: 'Advisory', to: 'Closed', rule: 'Advisory to Closed' });
  await expectPublic(browser, station, 'Closed', 'Advisory to Closed');

  await enterResult(sampler, station, ['16', '15'], '10', 3);
  await verifyResult(verifier, station, '10', '16:15', { from: 'Closed', to: 'Open', rule: 'Closed to Open' });
  await expectPublic(browser, station, 'Open', 'Closed to Open', 'public-reopened');

  // The sampler's grid now holds the three results, verified and read-only for a USER.
  await sampler.goto('/portal/results');
  await sampler.getByLabel('Find a station').fill(station.station_name);
  for (const n of [1, 2, 3]) {
    await expect(sampler.getByRole('row', { name: new RegExp(escape(station.station_name)) }).nth(n - 1)).toContainText('Verified');
  }
});

test('the lab file preview reads the download layout and lists each wrong line by number', async ({ browser }) => {
  // A sign-in, an upload and its check: 12 s on a quiet machine, 34 s on a loaded one (past the 30 s default).
  test.setTimeout(90_000);
  const sampler = await signedIn(browser, 'sampler@example.org');
  await sampler.goto('/portal/results');
  const [month, day, year] = [DAY.slice(5, 7), DAY.slice(8, 10), DAY.slice(0, 4)];
  const station = await pickStation();
  const header =
    'Program_Name,Station_Name,Beach_Name,Lat_DD,Lon_DD,Municipality,County_Name,Station_Type_Name,Location_Type_Name,Result_Date,Result_Time,Result_Measure,Result_Comments,Units_Name,Result_Type_Name,Remark_Code_Name';
  const line = (name: string, beach: string, measure: string) =>
    `Ocean Beaches,${name},${beach},,,,,Primary,Ocean,${month}/${day}/${year},08:10,${measure},,CFU/100mL,Enterococcus,`;
  const csv = [header, line(station.station_name, station.beach_name, '24'), line('Nowhere - No Such Beach', 'No Such Beach', '30')].join('\r\n');
  await sampler.getByLabel('Lab file (CSV)').setInputFiles({ name: 'lab-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await sampler.getByRole('button', { name: 'Check the file' }).click();
  await expect(sampler.getByText(/^2 lines: 1 ready to save, 0 lines already stored \(skipped\), 1 line with errors\.$/)).toBeVisible();
  const bad = sampler.getByRole('table', { name: 'Lines of lab-e2e.csv' }).getByRole('row').filter({ hasText: 'Nowhere - No Such Beach' });
  await expect(bad.getByRole('rowheader')).toHaveText('3');
  await expect(bad).toContainText('Error');
  await expect(bad).toContainText('Station_Name');
  await expect(sampler.getByRole('button', { name: /from the file/ })).toHaveCount(0);
  await shoot(sampler, 'results-upload-preview');
  await expectNoAxeViolations(sampler, { label: 'Results Entry with a lab file preview', summarize: true });
});

test('every screen of the workflow passes axe (WCAG 2 A and AA) and has one h1', async ({ browser }) => {
  test.setTimeout(180_000);
  const sampler = await signedIn(browser, 'sampler@example.org');
  await sampler.goto('/portal/results');
  await expect(sampler.getByRole('table', { name: /^Results of / })).toBeVisible();
  await expect(sampler.getByRole('heading', { level: 1 })).toHaveText('Results Entry');
  await expectNoAxeViolations(sampler, { label: 'Results Entry', summarize: true });
  await shoot(sampler, 'results');

  const verifier = await signedIn(browser, 'verifier@example.org');
  const screens: [string, string, string, () => Promise<void>][] = [
    ['verification', '/portal/results/verification', 'Result Verification', () => expect(verifier.getByText(/unverified results?; \d+ chosen\.|Every result of the program is verified\./)).toBeVisible()],
    ['secondary', '/portal/secondary-validation', 'Secondary Validation', () => expect(verifier.getByText(/awaiting validation; \d+ chosen\.|No verified results await validation\./)).toBeVisible()],
    ['tester', '/portal/data-verification-tester', 'Verification Tester', () => expect(verifier.getByLabel('Station, result 1')).toBeVisible()],
  ];
  for (const [name, url, title, ready] of screens) {
    await verifier.goto(url);
    await ready();
    await expect(verifier.getByRole('heading', { level: 1 })).toHaveText(title);
    await expectNoAxeViolations(verifier, { label: title, summarize: true });
    await shoot(verifier, name);
  }

  // A dry run on yesterday's unverified results (the demo leaves a few), rule by rule.
  await verifier.getByText('The unverified results of a date', { exact: true }).click();
  const yesterday = new Date(Date.parse(`${DAY}T12:00:00Z`) - 86_400_000).toISOString().slice(0, 10);
  await verifier.getByLabel('Sample date').fill(yesterday);
  await verifier.getByRole('button', { name: 'Run the dry run' }).click();
  const run = verifier.getByRole('region', { name: 'What verification would do (dry run)' });
  await expect(run).toContainText('Dry run: nothing below was saved.');
  await expect(run).toContainText('When an Open beach gets a result above 104 CFU/100mL: set Advisory');
  const steps = run.locator('.tester-step');
  if ((await steps.count()) > 0) await steps.first().getByText('Rule by rule').click();
  await expectNoAxeViolations(verifier, { label: 'Verification Tester with a dry run', summarize: true });
  await shoot(verifier, 'tester-run');

  const admin = await signedIn(browser, 'admin@example.org');
  for (const [name, url, title, ready] of [
    ['geomeans', '/portal/beaches/geomeans', 'Geomean Surveys', () => expect(admin.getByRole('table', { name: /30-day geomean of each station/ })).toBeVisible()],
    ['rolling', '/portal/beaches/geomeans/rolling', 'Rolling Geomeans', () => expect(admin.getByRole('img', { name: /^Rolling geomean of / }).first()).toBeVisible()],
  ] as const) {
    await admin.goto(url);
    await chooseProgram(admin, 'OB - Ocean Beaches');
    await ready();
    await expect(admin.getByRole('heading', { level: 1 })).toHaveText(title);
    await expectNoAxeViolations(admin, { label: title, summarize: true });
    await shoot(admin, name);
  }
  // Save one station's rolling geomean survey; Geomean Surveys lists it.
  const first = admin.getByRole('button', { name: /^Save rolling geomean survey for / }).first();
  const stationName = ((await first.getAttribute('aria-label')) ?? '').replace('Save rolling geomean survey for ', '');
  // The screen opens on the program's last sampled day (issue 28), which it names in the As of field.
  const shownDay = await admin.locator('input#as-of').inputValue();
  expect(shownDay <= DAY, `the day shown (${shownDay}) is not after the server's today`).toBe(true);
  await first.click();
  await expect(admin.getByText(new RegExp(`^Saved the rolling geomean survey of ${escape(stationName)} ending ${shownDay}`))).toBeVisible();
  await admin.goto('/portal/beaches/geomeans');
  await expect(admin.getByRole('region', { name: 'Saved geomean surveys' }).getByRole('row', { name: new RegExp(escape(stationName)) })).toBeVisible();
});
