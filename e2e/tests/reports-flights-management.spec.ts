import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Reports and Publications, Daily Flights (issue 13, decision 0028): an administrator adds a report with a PDF
 * and the public Reports page offers it with a working download; an administrator adds a daily flight with a
 * photo and the public Daily Flights pages show it. Screenshots of both screens at 1280 and 390 wide go to the
 * test output.
 */

const PDF = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
/** A 48x32 PNG, sea over sand (the server re-encodes it for the web). */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAADAAAAAgCAIAAADbtmxLAAAAOklEQVR42u3OMQ0AMAgAMJRM4jRxI2cipgMXhKNJBTTOrVVCSEhISEhISGg49F+uIiQkJCQkJCQ0rAFy/qqXP3mfPgAAAABJRU5ErkJggg==', 'base64');

async function signedIn(page: Page) {
  await skipWelcome(page);
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
}

test('an administrator adds a report with a PDF; the public Reports page lists it and its download works', async ({ page }) => {
  test.setTimeout(120_000);
  const title = `Playwright water quality summary ${Date.now()}`;
  await signedIn(page);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: 'Reports and Publications' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Reports and Publications' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Reports and publications, in public order' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'reports-list');

  await page.getByRole('link', { name: 'Add a report or publication' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a report or publication' })).toBeVisible();
  await page.getByLabel('Title').fill(title);
  await page.getByLabel('Description (optional)').fill('Enterococcus results of the 2026 season, beach by beach.');
  await page.getByLabel('Date', { exact: true }).fill('2026-09-30');
  // Neither a file nor a web address: refused in the browser, nothing sent.
  await page.getByRole('button', { name: 'Add the report' }).click();
  await expect(page.getByText('Choose a file or give a web address: a report needs one of them').first()).toBeVisible();
  await page.getByLabel('County (optional)').selectOption({ label: 'Ocean' });
  await page.locator('input[type=file][name=file]').setInputFiles({ name: 'summary-2026.pdf', mimeType: 'application/pdf', buffer: PDF });
  await expect(page.getByText(/Chosen: summary-2026\.pdf/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'report-form');
  await page.getByRole('button', { name: 'Add the report' }).click();
  await expect(page.getByText(`${title} was added.`)).toBeVisible();
  await expect(page.getByRole('link', { name: `Edit ${title}` })).toBeVisible();

  await page.goto('/reports-and-publications');
  const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
  await expect(item).toContainText('Enterococcus results of the 2026 season');
  const download = item.getByRole('link', { name: new RegExp(`Download ${title}`) });
  await expect(download).toContainText('PDF file');
  const href = await download.getAttribute('href');
  expect(href).toMatch(/^\/api\/files\/\d+$/);
  const file = await page.request.get(href!);
  expect(file.status()).toBe(200);
  expect(file.headers()['content-type']).toBe('application/pdf');
  expect(Buffer.from(await file.body()).equals(PDF)).toBe(true);
  const [saved] = await Promise.all([page.waitForEvent('download'), download.click()]);
  expect(saved.suggestedFilename()).toBe('summary-2026.pdf');
});

test('an administrator adds a daily flight with a photo; the public Daily Flights pages show it', async ({ page }) => {
  test.setTimeout(120_000);
  // A day no flight has yet, this year, not later than today.
  const flights = ((await (await page.request.get('/api/public/dailyFlights/')).json()) as { payload: { flight_date: string }[] }).payload;
  const taken = new Set(flights.map((f) => f.flight_date));
  let day = new Date();
  while (taken.has(day.toISOString().slice(0, 10))) day = new Date(day.getTime() - 86_400_000);
  const date = day.toISOString().slice(0, 10);

  await signedIn(page);
  await page.goto('/portal/website-management/daily-flights');
  await expect(page.getByRole('heading', { level: 1, name: 'Daily Flights' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Daily flights, newest first' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'flights-list');

  await page.getByRole('link', { name: 'Add a daily flight' }).click();
  await page.getByLabel('Flight date').fill(date);
  await page.getByLabel('Status').selectOption({ label: 'Flown' });
  await page.getByLabel('Flight path (optional)').fill('Sandy Hook south to Cape May Point along the ocean shore.');
  await page.getByLabel('Floatables (optional)').fill('A wrack line of seaweed off Seaside Park.');
  await page.getByLabel('Wildlife (optional)').fill('Dolphins off Long Beach Island.');
  await page.getByRole('button', { name: 'Add the flight' }).click();
  await expect(page.getByText(`The flight of ${date} was added. Add its photos and files below.`)).toBeVisible();

  const photoForm = page.getByRole('form', { name: 'Add a photo' });
  await photoForm.locator('input[type=file][name=photo]').setInputFiles({ name: 'shore.png', mimeType: 'image/png', buffer: PNG });
  await photoForm.getByLabel('Caption (optional)').fill('Seaweed wrack line off Seaside Park');
  await photoForm.getByRole('button', { name: 'Add the photo' }).click();
  await expect(page.getByText('shore.png was added.')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Seaweed wrack line off Seaside Park' })).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'flight-form');

  // Taking the same day again is said on the date field.
  await page.goto('/portal/website-management/daily-flights/new');
  await page.getByLabel('Flight date').fill(date);
  await page.getByRole('button', { name: 'Add the flight' }).click();
  await expect(page.getByText(`There is already a daily flight for ${date}`).first()).toBeVisible();

  await page.goto(`/daily-flight-reports?year=${date.slice(0, 4)}&month=${date.slice(5, 7)}`);
  const table = page.getByRole('table', { name: 'Flight reports' });
  const row = table.getByRole('row').filter({ hasText: 'Sandy Hook south to Cape May Point' });
  await expect(row).toBeVisible();
  await row.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: /^Flight report for / })).toBeVisible();
  await expect(page.getByText('Dolphins off Long Beach Island.')).toBeVisible();
  const photo = page.getByRole('img', { name: 'Seaweed wrack line off Seaside Park' });
  await expect(photo).toBeVisible();
  expect(await photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
