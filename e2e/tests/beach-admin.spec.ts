import { leanIds, mapFirstView } from '../support/map-statuses';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { startSeasonServer, type SeasonServer } from '../support/season-server';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Issue 11 in the browser: an organization administrator (admin@example.org, of the admin organization)
 * closes a station by hand from Beach Stations and the public map, its list view and Beach Actions follow;
 * then files a serious accident report, which waits unread on the Dashboard until the read toggle (not
 * opening it) marks it read.
 *
 * Out of season the public site shows every beach Not Monitored, so the closure runs on a server of its
 * own on a mid-season day (support/season-server.ts), on port E2E_BEACH_ADMIN_PORT (default E2E_PORT + 3);
 * the accident reports need no season and use the suite's server.
 */

/** The browser may keep the map's statuses for their max-age (30 s); the server drops its memo at once. */
const PUBLIC_CACHE = { timeout: 45_000, intervals: [1_000, 2_000, 5_000] };

async function signInToOceanBeaches(page: Page) {
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });
  // The session and the program are kept in storage before the next page load reads them.
  await page.waitForFunction(() => /selectedProgramId\\?":\d/.test(window.localStorage.getItem('persist:beach-portal') ?? ''));
}

interface PublicStation {
  beach_station_id: number;
  beach_name: string;
  station_name: string;
  status_code: string;
}

async function publicStations(page: Page): Promise<PublicStation[]> {
  const response = await page.request.get('/api/public/beaches/statuses/');
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { payload: { statuses: PublicStation[] } }).payload.statuses;
}

/** The status code the map's first view gives a station (lean columns, decision 0020: ids as differences, one status digit each). */
async function mapStatusOf(page: Page, stationId: number): Promise<string | undefined> {
  const statuses = await mapFirstView(page);
  const at = leanIds(statuses).indexOf(stationId);
  return at < 0 ? undefined : statuses.styles[Number(statuses.stations.status[at])]?.code;
}

/** A visitor's browser of its own on the server's clock: nothing cached from the staff pages. */
async function visitor(browser: Browser, server: SeasonServer) {
  const context = await browser.newContext({ baseURL: server.base });
  await context.clock.install({ time: new Date(Date.now() + server.clockOffset) });
  await skipWelcome(context);
  return { context, page: await context.newPage() };
}

async function openStations(page: Page, county: string) {
  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await page.getByLabel('County', { exact: true }).selectOption({ label: county });
  await page.getByLabel('Station type').selectOption('PRIMARY');
  return page.getByRole('table', { name: /stations? match the filters$/ });
}

async function setStatus(page: Page, name: string, status: string, fill?: { reason: string; source: string; comment: string }) {
  await page.getByRole('checkbox', { name: `Select ${name}`, exact: true }).check();
  await page.getByRole('button', { name: 'Set status of selected' }).click();
  const form = page.locator('form').filter({ has: page.getByRole('group', { name: 'Set the status of 1 selected station' }) });
  await form.getByRole('combobox', { name: /^Status/ }).selectOption({ label: status });
  if (fill) {
    await form.getByRole('combobox', { name: 'Reason (EPA BEACON code)' }).selectOption({ label: fill.reason });
    await form.getByRole('combobox', { name: 'Source (EPA BEACON code)' }).selectOption({ label: fill.source });
  }
  await form.getByRole('textbox', { name: /^Comment/ }).fill(fill?.comment ?? 'Restored after the browser test');
  // No e-mail: the status e-mails are the mail tests' matter.
  // USWDS draws the box on the label and moves the input off screen: a person clicks the label.
  await form.getByText(/^E-mail the status change/).click();
  await expect(form.getByRole('checkbox', { name: /^E-mail the status change/ })).not.toBeChecked();
  return form;
}

test.describe('on a mid-season day', () => {
  const port = Number(process.env.E2E_BEACH_ADMIN_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 3);
  let server: SeasonServer | null = null;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startSeasonServer({ port, day: process.env.E2E_BEACH_ADMIN_TODAY ?? '2026-07-15', name: 'beach-admin' });
  });
  test.afterAll(() => {
    server?.stop();
    server = null;
  });

  test('a bulk status of Closed with a reason and a source shows on the public map, its list and Beach Actions', async ({ page, browser }) => {
    test.setTimeout(180_000);
    await page.clock.install({ time: new Date(Date.now() + server!.clockOffset) });
    await signInToOceanBeaches(page);
    const table = await openStations(page, 'Monmouth');
    // The first primary on the page that is public and not already closed.
    const row = table
      .getByRole('row')
      .filter({ has: page.getByRole('checkbox', { name: /^Select / }) })
      .filter({ hasNot: page.getByText('Closed', { exact: true }) })
      .filter({ has: page.getByText('Public', { exact: true }) })
      .first();
    const name = (await row.getByRole('checkbox').getAttribute('aria-label'))!.replace(/^Select /, '');
    const station = (await publicStations(page)).find((s) => `${s.beach_name} - ${s.station_name}` === name);
    expect(station, `${name} is on the public site`).toBeTruthy();
    // Its status now (the first line of its Status cell), to put back at the end; a station without one gets Not Monitored.
    const shown = (await row.locator('td[data-label="Status"]').innerText()).split('\n')[0]!.trim();
    const previous = shown === 'No status' ? 'Not Monitored' : shown;
    const comment = `Sewer main break behind ${station!.beach_name}: closed until repaired`;

    const form = await setStatus(page, name, 'Closed', { reason: 'Sewage', source: 'Sewer line problem', comment });
    await expectNoAxeViolations(page);
    await shoot(page, test.info(), 'bulk-status-form');
    await form.getByRole('button', { name: 'Set status', exact: true }).click();
    await expect(page.getByText('The status of 1 station was saved.')).toBeVisible();
    const changed = table.getByRole('row').filter({ has: page.getByRole('checkbox', { name: `Select ${name}`, exact: true }) });
    await expect(changed.locator('td[data-label="Status"]')).toContainText('Closed');

    const { context, page: publicPage } = await visitor(browser, server!);
    try {
      // The map's first view: the station's marker status, and the closures panel names its beach.
      await expect.poll(() => mapStatusOf(publicPage, station!.beach_station_id), PUBLIC_CACHE).toBe('CLOSED');
      await expect(publicPage.getByRole('region', { name: 'Closures and Advisories' })).toContainText(station!.beach_name);

      // The map's list view.
      await publicPage.goto(`/?view=list&name=${encodeURIComponent(station!.station_name)}`);
      const item = publicPage.getByRole('listitem').filter({ has: publicPage.getByRole('heading', { name: station!.beach_name }) }).first();
      await expect(item).toContainText('Closed');
      await expect(item).toContainText(comment);

      // Beach Actions: in effect now, with the BEACON reason and source in words.
      await publicPage.goto('/beach-actions');
      const now = publicPage.getByRole('region', { name: 'In effect now' });
      const action = now.getByRole('row').filter({ has: publicPage.getByRole('link', { name: station!.beach_name }) }).first();
      await expect(action).toContainText('Closed', { timeout: 30_000 });
      await expect(action).toContainText('Sewage spill or overflow');
      await expect(action).toContainText('Sewer line problem');
    } finally {
      await context.close();
      // Back to the status it had, so later tests meet the demo data as seeded.
      await openStations(page, 'Monmouth');
      const restore = await setStatus(page, name, previous);
      await restore.getByRole('button', { name: 'Set status', exact: true }).click();
      await expect(page.getByText('The status of 1 station was saved.')).toBeVisible();
    }
  });
});

test('an accident report is filed, waits unread on the Dashboard when opened, and leaves it once marked read', async ({ page }) => {
  test.setTimeout(120_000);
  await signInToOceanBeaches(page);
  await page.goto('/portal/program/administration/accident');
  await expect(page.getByRole('heading', { level: 1, name: 'Serious / Fatal Accident Report' })).toBeVisible();
  await page.getByRole('button', { name: 'File an accident report' }).click();
  const form = page.getByRole('form', { name: 'File an accident report' });
  const station = form.getByLabel(/^Beach station/);
  await expect(station.locator('option').nth(1)).toBeAttached();
  const stationLabel = (await station.locator('option').nth(1).textContent())!;
  await station.selectOption({ index: 1 });
  // Yesterday (UTC): never later than tomorrow in the program's time zone.
  const day = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
  await form.getByLabel(/^Date/).fill(day);
  await form.getByLabel(/^Time/).fill('06:42');
  await form.getByLabel(/^Type/).selectOption({ label: 'Near drowning' });
  await form.getByRole('group', { name: /^Fatal/ }).getByText('No', { exact: true }).click();
  await form.getByLabel(/^Age group/).selectOption({ index: 1 });
  await form.getByRole('group', { name: /^Lifeguard on duty/ }).getByText('Yes', { exact: true }).click();
  await form.getByLabel(/^Description/).fill('Swimmer pulled from a rip current by the lifeguards; taken to hospital.');
  await form.getByLabel(/^Reporter/).fill('Jordan Lee, beach patrol captain');
  await form.getByLabel(/^Contact/).fill('732-555-0142');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'accident-form');
  await form.getByRole('button', { name: 'File report' }).click();
  await expect(page.getByText('The report was filed.')).toBeVisible();
  const when = `${day} 06:42`;
  const row = page.getByRole('row', { name: new RegExp(when) });
  await expect(row).toContainText('Unread');
  await shoot(page, test.info(), 'accident-list');

  // Unread on the Dashboard.
  const unreadOnDashboard = async () => {
    await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'Dashboard' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 3, name: 'Unread accident reports' }).first()).toBeVisible();
    return page.getByRole('link', { name: new RegExp(`^${when}: Near drowning at `) });
  };
  const link = await unreadOnDashboard();
  await expect(link).toBeVisible();
  await expect(link).toContainText(stationLabel.split(' - ')[0]!);

  // Opened from the Dashboard: the report shows, still unread.
  await link.click();
  await expect(page).toHaveURL(/\/portal\/program\/administration\/accident$/);
  await page.getByRole('button', { name: `Open the report of ${when}` }).click();
  const details = page.getByRole('region', { name: `Accident report of ${day}` });
  await expect(details.getByRole('heading', { level: 2 })).toBeFocused();
  await expect(details).toContainText('Jordan Lee, beach patrol captain');
  await expect(details.locator('dt', { hasText: /^Read$/ }).locator('xpath=following-sibling::dd[1]')).toHaveText('Unread');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'accident-details');
  await expect(await unreadOnDashboard()).toBeVisible();

  // The toggle marks it read; the Dashboard's unread list no longer has it.
  await page.goto('/portal/program/administration/accident');
  await page.getByRole('button', { name: `Open the report of ${when}` }).click();
  await page.getByRole('region', { name: `Accident report of ${day}` }).getByRole('button', { name: 'Mark read' }).click();
  await expect(page.getByText(`The report of ${day} is marked read.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(when) }).locator('td[data-label="Read"]')).toHaveText('Read');
  await page.getByRole('navigation', { name: 'Portal menu' }).getByRole('link', { name: 'Dashboard' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  // The list has loaded (the demo data's own unread report is in it) and no longer has this one.
  await expect(page.getByRole('link', { name: /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}: / }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`^${when}: `) })).toHaveCount(0);
});
