import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoAxeViolations, skipWelcome } from '../support/page-checks';

/**
 * The public map, a beach page and Beach Actions against the real server and its demo data. The server
 * runs with a tile URL that answers 404 (playwright.config.ts), so these also prove the map works
 * without base-map tiles: state outline and markers only.
 */

interface Station {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  type: 'PRIMARY' | 'BRACKET';
  primary_station_id: number | null;
  category: string;
  last_sample_date: string | null;
  latitude: number;
  longitude: number;
}

/**
 * A public ocean primary station with samples, from the same read the map uses, with no other station
 * within about a kilometre (so a click on its marker cannot land on a neighbour's).
 */
async function sampledStation(page: Page): Promise<Station> {
  const response = await page.request.get('/api/public/beaches/statuses/');
  expect(response.ok()).toBe(true);
  const { payload } = (await response.json()) as { payload: { statuses: Station[] } };
  const all = payload.statuses;
  const alone = (s: Station) =>
    all.every((o) => o === s || Math.abs(o.latitude - s.latitude) > 0.01 || Math.abs(o.longitude - s.longitude) > 0.01);
  const station = all.find((s) => s.type === 'PRIMARY' && s.category === 'OCEAN' && s.last_sample_date && alone(s));
  expect(station, 'the demo data has a sampled ocean station on its own').toBeTruthy();
  return station!;
}

/** Reads that compute over whole seasons (beach actions, results) can take seconds on a busy machine. */
const SLOW_READ = { timeout: 30_000 };

/** Every marker is drawn on the map's canvas: true once it holds station-coloured pixels. */
async function canvasHasMarkers(page: Page): Promise<boolean> {
  return page.locator('.station-map canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return false;
    const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
    // Marker fills: the status colours (Not Monitored grey #565c65, Open green #1a7f37, ...).
    for (let i = 0; i < data.length; i += 16) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if ((r === 0x56 && g === 0x5c && b === 0x65) || (r === 0x1a && g === 0x7f && b === 0x37)) return true;
    }
    return false;
  });
}

test.describe('public map', () => {
  test.beforeEach(async ({ page }) => skipWelcome(page));

  test('the map shows every station with the legend, the as-of time and the panels, without tiles', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    await expect(page.getByText(/^Statuses as of /)).toBeVisible();
    await expect(page.getByRole('region', { name: /Map of beach stations/ })).toBeVisible();
    // The tile server answers 404 here: the map says so and still draws the outline and the markers.
    await expect(page.getByText('The base map could not be loaded.', { exact: false })).toBeVisible();
    await expect.poll(() => canvasHasMarkers(page)).toBe(true);

    const legend = page.getByRole('region', { name: 'Legend' });
    for (const name of ['Open', 'Advisory', 'Closed', 'Not Monitored']) {
      await expect(legend.getByText(name, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('region', { name: 'Closures and Advisories' }).getByRole('heading', { level: 3 }).first()).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Daily Flight' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Latest News' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
  });

  test('a past day from the status history, never later than tomorrow', async ({ page }) => {
    await page.goto('/');
    const date = page.getByLabel('Show statuses on a past day');
    await expect(date).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
    const max = await date.getAttribute('max');
    const year = Number(max!.slice(0, 4));
    // Mid-July of the latest season with data: this year's once its season has begun, else last year's.
    const day = `${max! >= `${year}-07-16` ? year : year - 1}-07-15`;
    await date.fill(day);
    await page.getByRole('button', { name: 'Show day' }).click();
    await expect(page).toHaveURL(new RegExp(`date=${day}`));
    await expect(page.getByText(/^Statuses on Jul 15, \d{4}, from the status history\.$/)).toBeVisible();
    await expect(page.getByRole('region', { name: 'Closures and Advisories' })).toContainText(/on Jul 15, \d{4}/);
    await expect.poll(() => canvasHasMarkers(page)).toBe(true);

    const afterMax = new Date(Date.parse(`${max}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    await date.fill(afterMax);
    await page.getByRole('button', { name: 'Show day' }).click();
    await expect(page.getByText(/Date cannot be later than tomorrow/)).toBeVisible();

    await page.getByRole('link', { name: 'Back to today' }).click();
    await expect(page.getByText(/^Statuses as of /)).toBeVisible();
  });

  test('opens a beach from its marker', async ({ page }) => {
    const station = await sampledStation(page);
    await page.goto('/?view=list');
    await page.getByLabel('Search by beach or town name').fill(station.station_name);
    await page.getByRole('button', { name: `Show on map: ${station.station_name}`, exact: true }).click();

    // The list's Show on map centres the station and opens its popup, with focus inside it.
    const popup = page.locator('.leaflet-popup');
    await expect(popup.getByRole('heading', { level: 2, name: station.beach_name })).toBeFocused();
    // Nothing moves the map after the measure: the base map's failure (no tile server here) has been noticed, with
    // its notice above the map, and the legend and the side panels are in (their chunk loads after the map).
    await expect(page.getByText('The base map could not be loaded.', { exact: false })).toBeVisible();
    await expect(page.locator('.map-page').getByText(/^Loading /)).toHaveCount(0);
    // Leaflet places the popup so its tip container ends 7 px (the popup offset) below the marker.
    const map = page.locator('.station-map');
    const tip = (await popup.locator('.leaflet-popup-tip-container').boundingBox())!;
    const before = (await map.boundingBox())!;
    const offset = { x: tip.x + tip.width / 2 - before.x, y: tip.y + tip.height - 7 - before.y };
    await popup.getByRole('button', { name: 'Close popup' }).click();
    await expect(popup).toHaveCount(0);

    // A click on the marker itself opens the same popup.
    // Markers are drawn on one canvas, so the click goes to the marker's place. Each try brings that place
    // 300 px below the top of the window and measures again: the panels that load after the map may still be
    // settling (a full run once clicked above the window).
    await expect(async () => {
      const placed = (await map.boundingBox())!;
      await page.evaluate((dy) => window.scrollBy(0, dy), placed.y + offset.y - 300);
      const after = (await map.boundingBox())!;
      await page.mouse.click(after.x + offset.x, after.y + offset.y);
      await expect(popup.getByRole('heading', { level: 2, name: station.beach_name })).toBeVisible({ timeout: 2000 });
    }).toPass({ timeout: 15_000 });
    await expect(popup).toContainText(/Last sample: /);
    await popup.getByRole('link', { name: `Beach page for ${station.station_name}`, exact: true }).click();

    await expect(page).toHaveURL(new RegExp(`/beach/${station.beach_station_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: station.beach_name })).toBeVisible();
  });

  test('opens a beach from the list view and reads its chart', async ({ page }) => {
    const station = await sampledStation(page);
    await page.goto('/');
    await page.getByRole('button', { name: 'List view', exact: true }).click();
    await page.getByLabel('Search by beach or town name').fill(station.station_name);
    // The primary and its brackets share the name's start.
    await expect(page.getByText(/^Showing \d of \d stations?\.$/)).toBeVisible();
    await page.getByRole('link', { name: `Beach page for ${station.station_name}`, exact: true }).click();

    await expect(page.getByRole('heading', { level: 1, name: station.beach_name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Current status' })).toContainText(/Last sample/);

    const chart = page.getByRole('img', { name: /results, \d{4} season/ });
    await expect(chart).toBeVisible(SLOW_READ);
    await expect(chart.getByText(/^Beach action value \d+/)).toBeVisible();
    await expect(chart.getByText(/^Geomean threshold \d+/)).toBeVisible();

    // The chart's accessible table holds the same values.
    await page.getByText('Chart data as a table').click();
    const table = page.getByRole('table', { name: /season/ }).first();
    await expect(table).toBeVisible();
    const rows = table.locator('tbody tr');
    expect(await rows.count()).toBeGreaterThan(0);
    const values = await rows.locator('td:first-of-type').allTextContents();
    expect(values.some((v) => /\d/.test(v))).toBe(true);

    // Back returns to the list with its search.
    await page.goBack();
    await expect(page.getByLabel('Search by beach or town name')).toHaveValue(station.station_name);
  });

  test('Beach Actions lists advisories and closures for a period', async ({ page }) => {
    await page.goto('/beach-actions');
    await expect(page.getByRole('heading', { level: 1, name: 'Beach Actions' })).toBeVisible();
    await expect(page.getByText(/in effect now and \d+ ended, from |No advisories or closures from /)).toBeVisible(SLOW_READ);
    await expect(page.getByRole('heading', { level: 2, name: 'In effect now' })).toBeVisible();
    const tables = page.getByRole('table');
    if ((await tables.count()) > 0) {
      await expect(tables.first().getByRole('columnheader')).toHaveText(['Beach', 'Status', 'Start', 'End', 'Days', 'Reason', 'Source']);
      await expect(tables.first().getByRole('link').first()).toHaveAttribute('href', /^\/beach\/\d+$/);
    }
    await expect(page.getByLabel(/^To/)).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
  });
});

test.describe('public map accessibility (axe, WCAG 2 A and AA)', () => {
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 375, height: 812 }],
  ] as const) {
    test(`/, /?view=list, /beach/:id and /beach-actions at ${label} width`, async ({ page }) => {
      // Four pages, each analysed in full.
      test.setTimeout(120_000);
      await skipWelcome(page);
      await page.setViewportSize(viewport);
      const station = await sampledStation(page);
      const pages: [string, () => Promise<void>][] = [
        ['/', () => expect.poll(() => canvasHasMarkers(page)).toBe(true)],
        ['/?view=list', () => expect(page.getByText(/^Showing \d+ of \d+ stations\.$/)).toBeVisible(SLOW_READ)],
        [`/beach/${station.beach_station_id}`, () => expect(page.getByRole('img', { name: /results, \d{4} season/ })).toBeVisible(SLOW_READ)],
        ['/beach-actions', () => expect(page.getByText(/in effect now and|No advisories or closures from/)).toBeVisible(SLOW_READ)],
      ];
      for (const [path, ready] of pages) {
        await page.goto(path);
        await ready();
        if (path.startsWith('/beach/')) await page.getByText('Chart data as a table').click();
        await expectNoAxeViolations(page, { label: `${path} at ${label} width`, summarize: true });
      }
    });
  }
});
