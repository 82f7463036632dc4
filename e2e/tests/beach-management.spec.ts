import { leanIds, mapFirstView } from '../support/map-statuses';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Beach Management (decision 0024): an administrator adds a beach with a primary station placed on the map,
 * then a bracket beside it; the primary is on the public map at once (Not Monitored), and a sampler finds
 * both in the results entry grid.
 */

const PRIMARY = 'E2EBM1';
const BRACKET = 'E2EBM1N1';
const BEACH = 'Playwright Point';

async function signedIn(page: Page, email: string) {
  await loginAs(page, email);
  await expect(page).toHaveURL(/\/portal$/);
}

test('an administrator creates a beach with a primary and a bracket on the map; both reach results entry and the primary the public map', async ({ page, browser }) => {
  test.setTimeout(90_000);
  await skipWelcome(page);
  await signedIn(page, 'admin@example.org');
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });
  await menu.getByRole('button', { name: /^Management/ }).click();
  await menu.getByRole('link', { name: 'Beach Management' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Management' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Beaches and their stations' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'beach-management-list');

  // The primary, on a new beach, placed by clicking the map.
  await page.getByRole('link', { name: 'Add a beach' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a beach station' })).toBeVisible();
  await page.getByLabel(/^Station name/).fill(PRIMARY);
  const map = page.getByTestId('location-picker');
  await expect(map.locator('canvas').first()).toBeVisible();
  await map.click();
  await expect(page.getByLabel('Latitude', { exact: true })).not.toHaveValue('');
  await expect(page.getByLabel(/^Longitude/)).toHaveValue(/^-7[45]\.\d+$/);
  await page.getByLabel('Beach name').fill(BEACH);
  await page.getByLabel('County', { exact: true }).selectOption({ label: 'Ocean' });
  await page.getByLabel(/^Municipality/).selectOption({ index: 1 });
  await page.getByRole('group', { name: 'Swim season starts (optional)' }).getByLabel('Month').selectOption('May');
  await page.getByRole('group', { name: 'Swim season starts (optional)' }).getByLabel('Day').selectOption('23');
  await page.getByRole('group', { name: 'Swim season ends' }).getByLabel('Month').selectOption('September');
  await page.getByRole('group', { name: 'Swim season ends' }).getByLabel('Day').selectOption('7');
  await page.getByText('Lifeguards on duty in season').click();
  await expect(page.getByLabel('Lifeguards on duty in season')).toBeChecked();
  await page.getByText('Storm-related runoff').click();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'beach-management-form');
  await page.getByRole('button', { name: 'Create station' }).click();
  await expect(page.getByRole('status')).toContainText(`${PRIMARY} (${BEACH}) was created.`);

  // The bracket: the beach's row offers a station of that beach, a bracket of its primary by default.
  await page.getByLabel('Find by beach, station or municipality').fill(BEACH);
  await page.getByRole('link', { name: `Add a station to ${BEACH}` }).click();
  await expect(page.getByRole('radio', { name: /^Bracket/ })).toBeChecked();
  await expect(page.getByLabel('Primary station')).toHaveValue(/\d+/);
  await expect(page.getByLabel('Beach', { exact: true })).not.toHaveValue('');
  await page.getByLabel(/^Station name/).fill(BRACKET);
  await page.getByRole('button', { name: 'Create station' }).click();
  await expect(page.getByRole('status')).toContainText(`${BRACKET} (${BEACH}) was created.`);
  await page.getByLabel('Find by beach, station or municipality').fill(BEACH);
  const row = page.getByRole('row', { name: new RegExp(BEACH) });
  await expect(row).toContainText(`Bracket of ${PRIMARY}`);

  // The public map has the primary, Not Monitored until a sample or a person sets its status.
  const statuses = await page.request.get('/api/public/beaches/statuses/');
  const all = ((await statuses.json()) as { payload: { statuses: { beach_station_id: number; station_name: string; status_code: string }[] } }).payload.statuses;
  const primary = all.find((s) => s.station_name === PRIMARY);
  expect(primary, 'the new primary is public').toBeTruthy();
  expect(primary!.status_code).toBe('NOT_MONITORED');
  expect(leanIds(await mapFirstView(page))).toContain(primary!.beach_station_id);
  await page.goto(`/beach/${primary!.beach_station_id}`);
  await expect(page.getByRole('heading', { level: 1, name: new RegExp(BEACH) })).toBeVisible();

  // A sampler of the program finds both stations in the results entry grid.
  const context = await browser.newContext();
  const sampler = await context.newPage();
  await signedIn(sampler, 'sampler@example.org');
  await sampler.goto('/portal/results');
  await expect(sampler.getByRole('heading', { level: 2, name: /^Results of .* on / })).toBeVisible();
  await sampler.getByLabel('Find a station').fill('E2EBM1');
  await expect(sampler.getByLabel(`Hour, ${PRIMARY}`, { exact: true })).toBeVisible();
  await expect(sampler.getByLabel(`Hour, ${BRACKET}`, { exact: true })).toBeVisible();
  await context.close();
});

test('Beach Management refuses a station name already used in the program, next to the field', async ({ page }) => {
  await signedIn(page, 'admin@example.org');
  await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });
  await page.goto('/portal/beach-management');
  const first = page.getByRole('link', { name: /^Edit station / }).first();
  const taken = (await first.textContent())!.trim();
  await page.getByRole('link', { name: 'Add a beach' }).click();
  await page.getByLabel(/^Station name/).fill(taken);
  await page.getByLabel('Latitude', { exact: true }).fill('39.3');
  await page.getByLabel(/^Longitude/).fill('-74.5');
  await page.getByLabel('Beach name').fill('Duplicate Test Beach');
  await page.getByLabel('County', { exact: true }).selectOption({ label: 'Ocean' });
  await page.getByLabel(/^Municipality/).selectOption({ index: 1 });
  await page.getByRole('button', { name: 'Create station' }).click();
  await expect(page.getByLabel(/^Station name/)).toHaveAccessibleDescription(new RegExp(`A station named ${taken} already exists in this program`));
  await expect(page).toHaveURL(/\/portal\/beach-management\/new$/);
});
