import { expect, test } from '../support/test';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';
import { parseCsv } from '../support/fixtures';

/**
 * A researcher finds the open data API (issue 16, decision 0045): from the Download Data dialog to "For
 * developers and researchers", copies an example with the keyboard, and the copied address answers what
 * the page says - GeoJSON stations, a CSV page of results with the Download Data columns - with CORS and
 * RateLimit headers. axe clean in English and Spanish; screenshots at 1280 and 390.
 */

test.beforeEach(async ({ page }) => {
  await skipWelcome(page);
});

/** The URL inside a copied `curl '...'` line. */
const urlOf = (command: string) => /^curl '([^']+)'$/.exec(command)?.[1] ?? '';

test('a researcher opens the developers page from the site, copies an example and fetches it', async ({ page, context, baseURL }, testInfo) => {
  test.setTimeout(150_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  await page.goto('/faqs');
  await page.getByRole('button', { name: 'Beach Data' }).click();
  const dialog = page.getByRole('dialog', { name: 'Download Data' });
  await dialog.getByRole('link', { name: /For developers and researchers/ }).click();
  await expect(page).toHaveURL(/\/developers$/);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'For developers and researchers' })).toBeVisible();
  await expect(page).toHaveTitle(/^For developers and researchers \| /);
  // The limit in force, read from the API's own RateLimit-Policy header.
  await expect(page.getByText(/Each address may make \d+ requests per \d+ seconds/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'OpenAPI document (JSON)' })).toHaveAttribute('href', '/api/openapi.json');
  await expect(page.getByRole('link', { name: 'Interactive API documentation' })).toHaveAttribute('href', '/api/docs');
  const columns = page.getByRole('table', { name: 'Columns of the results' });
  await expect(columns.getByRole('row')).toHaveCount(17);
  await expect(columns.getByRole('rowheader', { name: 'Result_Measure' })).toBeVisible();

  // The stations example, copied by keyboard: focus the button, press Enter; "Copied" is announced.
  const stations = page.getByRole('region', { name: 'Stations and their statuses (GeoJSON)' });
  const copyStations = stations.getByRole('button', { name: /^Copy the example/ }).first();
  await copyStations.focus();
  await page.keyboard.press('Enter');
  await expect(stations.getByRole('status').first()).toHaveText('Copied');
  await expect(copyStations).toBeFocused();
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  expect(copied).toBe(`curl '${baseURL}/api/public/v1/stations'`);

  const geo = await page.request.get(urlOf(copied), { headers: { origin: 'https://research.example.edu' } });
  expect(geo.status()).toBe(200);
  expect(geo.headers()['content-type']).toMatch(/^application\/json/);
  expect(geo.headers()['access-control-allow-origin']).toBe('*');
  expect(Number(geo.headers()['ratelimit-remaining'])).toBeGreaterThanOrEqual(0);
  expect(geo.headers()['etag']).toBeTruthy();
  const collection = (await geo.json()) as {
    type: string;
    features: { type: string; geometry: { type: string; coordinates: number[] }; properties: { beach: string; status: string } }[];
  };
  expect(collection.type).toBe('FeatureCollection');
  expect(collection.features.length).toBeGreaterThan(0);
  expect(collection.features[0]!.geometry.type).toBe('Point');
  expect(collection.features[0]!.geometry.coordinates[0]).toBeLessThan(0); // longitude first
  expect(['OPEN', 'ADVISORY', 'CLOSED', 'NOT_MONITORED']).toContain(collection.features[0]!.properties.status);

  // The CSV example: a page of results with the Download Data columns and a Link to the next page.
  const results = page.getByRole('region', { name: 'Water quality results (JSON or CSV)' });
  const csvButton = results.getByRole('button', { name: /results\.csv/ });
  await csvButton.click();
  await expect(results.getByRole('status').nth(1)).toHaveText('Copied');
  const csvCommand = await page.evaluate(() => navigator.clipboard.readText());
  expect(csvCommand).toMatch(/^curl '.*\/api\/public\/v1\/results\.csv\?/);
  const csv = await page.request.get(urlOf(csvCommand));
  expect(csv.status()).toBe(200);
  expect(csv.headers()['content-type']).toMatch(/^text\/csv/);
  const download = await page.request.get('/api/public/data/download/waterQuality?startDate=2026-01-01');
  const header = parseCsv(await download.text())[0];
  const rows = parseCsv(await csv.text());
  expect(rows[0]).toEqual(header);
  expect(rows.length).toBeGreaterThan(1);

  // Every example on the page answers as shown (dates in a begun season, a station that exists).
  const examples = await page.locator('.developers-example code').allTextContents();
  const commands = examples.filter((example) => example.startsWith('curl '));
  expect(commands).toHaveLength(6);
  for (const command of commands) {
    const res = await page.request.get(urlOf(command));
    expect(res.status(), command).toBe(200);
  }
  // The rest are the embeddable status's two snippets (decision 0062): each frame's page answers too.
  const frames = examples.filter((example) => !example.startsWith('curl '));
  expect(frames).toHaveLength(2);
  for (const snippet of frames) {
    const src = /<iframe src="([^"]+)"/.exec(snippet)?.[1] ?? '';
    const res = await page.request.get(src);
    expect(res.status(), snippet).toBe(200);
    expect(res.headers()['content-type'], snippet).toMatch(/^text\/html/);
  }

  await expectNoAxeViolations(page, { label: 'developers page, English', summarize: true });
  await shoot(page, testInfo, 'developers');

  await page.getByRole('button', { name: 'Español' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Para desarrolladores e investigadores' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Columnas de los resultados' })).toBeVisible();
  await expectNoAxeViolations(page, { label: 'developers page, Spanish', summarize: true });
  await shoot(page, testInfo, 'developers-es', { widths: [390] });
});

test('opened directly, the served developers page is taken over without an error, and its examples gain the site origin', async ({ page, baseURL }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  // The server's render shows the examples as paths (it has no window); the hydrated page names the origin.
  const served = await (await page.request.get('/developers')).text();
  expect(served).toContain('curl &#x27;/api/public/v1/stations&#x27;');
  await page.goto('/developers');
  await expect(page.getByText(`curl '${baseURL}/api/public/v1/stations'`, { exact: true }).first()).toBeVisible();
  expect(errors).toEqual([]);
});
