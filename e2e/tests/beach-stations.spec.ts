import { leanIds, mapFirstView } from '../support/map-statuses';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Beach Stations (decision 0022): an administrator filters the program's stations, hides one from the
 * public site after a confirmation, and the public map and beach page no longer have it; then shows it again.
 */

/** The map's lean statuses list ids as a first id and then differences (decision 0020). */
async function publicMapIds(page: Page): Promise<number[]> {
  return leanIds(await mapFirstView(page));
}

async function openBeachStations(page: Page, county = 'Ocean') {
  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await expect(page.getByText('Choose a county, municipality, LHA, station type or location type to list stations.')).toBeVisible();
  await page.getByLabel('County', { exact: true }).selectOption({ label: county });
  await page.getByLabel('Station type').selectOption('PRIMARY');
  await expect(page.getByRole('table')).toBeVisible();
}

test('an administrator hides a station and it leaves the public map and beach page', async ({ page }) => {
  test.setTimeout(120_000);
  // The public pages open with the welcome pop-up until it is dismissed (public-map.spec.ts does the same).
  await skipWelcome(page);
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });

  await openBeachStations(page);
  const hide = page.getByRole('button', { name: /^Hide .* from the public site$/ }).first();
  const name = (await hide.getAttribute('aria-label'))!.replace(/^Hide /, '').replace(/ from the public site$/, '');
  const statuses = await page.request.get('/api/public/beaches/statuses/');
  const all = ((await statuses.json()) as { payload: { statuses: { beach_station_id: number; beach_name: string; station_name: string }[] } }).payload.statuses;
  const station = all.find((s) => `${s.beach_name} - ${s.station_name}` === name);
  expect(station, `${name} is public before`).toBeTruthy();
  const id = station!.beach_station_id;

  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'beach-stations-list');

  await hide.click();
  const dialog = page.getByRole('dialog', { name: 'Hide this station from the public site?' });
  // The USWDS wrapper itself has no box; its heading shows the dialog is up.
  await expect(dialog.getByRole('heading', { name: 'Hide this station from the public site?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Hide', exact: true }).click();
  await expect(page.getByText(`${name} is now hidden from the public site.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name.split(' - ')[0]!) }).first()).toContainText('Hidden');

  try {
    expect(await publicMapIds(page)).not.toContain(id);
    await page.goto(`/beach/${id}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Beach not found' })).toBeVisible();
  } finally {
    await openBeachStations(page);
    await page.getByRole('button', { name: `Show ${name} on the public site` }).click();
    await page.getByRole('dialog', { name: 'Show this station on the public site?' }).getByRole('button', { name: 'Show', exact: true }).click();
    await expect(page.getByText(`${name} is now shown on the public site.`)).toBeVisible();
  }
  // Shown again at once on the server (the browser itself may keep the map's answer for its 30-second max-age).
  const again = (await (await page.request.get('/api/public/beaches/statuses/')).json()) as { payload: { statuses: { beach_station_id: number }[] } };
  expect(again.payload.statuses.map((s) => s.beach_station_id)).toContain(id);
});

test("a station's dashboard shows its surveys and, to an organization admin, its Found on the Beach photos", async ({ page }) => {
  test.setTimeout(90_000);
  // A station with a demo photo (the public gallery names its station and county).
  const photos = (await (await page.request.get('/api/public/photos/')).json()) as {
    payload: { beach_station_id: number | null; station_name: string | null; beach_name: string | null; county: string | null; title: string }[];
  };
  const photo = photos.payload.find((p) => p.beach_station_id !== null && p.county);
  expect(photo, 'the demo data has a Found on the Beach photo placed at a station').toBeTruthy();
  // Its program, from the public filters' station list.
  const filters = (await (await page.request.get('/api/public/data/filters')).json()) as { payload: { beachList: { beach_station_id: number; program: { program_id: number } }[] } };
  const programId = filters.payload.beachList.find((s) => s.beach_station_id === photo!.beach_station_id)!.program.program_id;
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption(String(programId));
  await openBeachStations(page, photo!.county!);
  const name = `${photo!.beach_name} - ${photo!.station_name}`;
  await page.getByRole('link', { name: `Open the dashboard of ${name}`, exact: true }).click();
  await expect(page).toHaveURL(/\/portal\/beaches\/station\/\d+$/);
  await expect(page.getByRole('link', { name: 'Back to Beach Stations' })).toBeVisible();
  const dashboard = page.getByRole('region', { name });
  await expect(dashboard.getByRole('heading', { level: 3, name: 'Sanitary surveys' })).toBeVisible();
  await expect(dashboard.getByRole('link', { name: /^(All \d+ surveys on the Sanitary Surveys screen|The Sanitary Surveys screen)$/ })).toBeVisible();
  const thumb = dashboard.getByRole('link', { name: photo!.title, exact: true });
  // The thumbnails load lazily: brought into view, the photo's small copy loads.
  await thumb.scrollIntoViewIfNeeded();
  await expect.poll(() => thumb.locator('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(dashboard.getByRole('heading', { level: 3, name: 'Seasons' })).toBeVisible();
  await expect(dashboard.getByText(/^Loading/)).toHaveCount(0);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'station-dashboard');
  await thumb.click();
  await expect(page).toHaveURL(/\/portal\/website-management\/photos\/\d+$/);
});
