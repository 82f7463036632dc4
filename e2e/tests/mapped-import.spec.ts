import { mkdirSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot, skipWelcome } from '../support/page-checks';

/**
 * Import Mapped Results (issue 29), clicked through as the demo admin: a file in a city health department's
 * layout (three locations per beach, MM/DD/YYYY dates, below-detection rows with an empty result, beach
 * names in capitals) is mapped from its header, its two new beaches placed in a chosen county and
 * municipality, previewed, dry-run, imported as verified, seen on the public beach page, and imported
 * again: nothing is added.
 */

const SHOTS = process.env.E2E_SHOTS ?? '../test-results/screenshots';
const unique = Date.now().toString(36).slice(-5).toUpperCase().replace(/[0-9]/g, (d) => 'QRSTUVWXYZ'[Number(d)]!);

const HEADER = 'Sample ID,Sample Date,Beach Name,Sample Location,Enterococci Results,Units or Notes';
const BEACHES = [`GULL POINT ${unique} BEACH`, `TERN COVE ${unique} BEACH`];
const LOCATIONS = ['Left', 'Center', 'Right'];
const DATES = ['06/02/2026', '06/09/2026', '06/16/2026'];
const BELOW = 'Result below detection limit';
/** Every beach, location and day; one row in four below detection (an empty result, the note instead of the unit). */
const ROWS = BEACHES.flatMap((beach, b) =>
  DATES.flatMap((date, d) =>
    LOCATIONS.map((location, l) => {
      const i = b * 9 + d * 3 + l;
      const below = i % 4 === 1;
      return [`S${5000 + i}`, date, beach, location, below ? '' : String(20 + i * 7), below ? BELOW : 'MPN/100 ml'].join(',');
    }),
  ),
);
const FILE = [HEADER, ...ROWS].join('\r\n') + '\r\n';
const FILE_NAME = `city-beaches-${unique}.csv`;
const MAPPING_NAME = `City beaches ${unique}`;
/** The names as the mapping reads them: title case (station_matching.name_case). */
const title = (text: string) => text.toLowerCase().replace(/\b[a-z]/g, (c) => c.toUpperCase());
const beachName = (beach: string) => title(beach);

/** The page at 1280 px and on a phone (390 px), each as a full-page screenshot. */
async function shoot(page: Page, name: string) {
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(page, { path: `${SHOTS}/mapped-import-${name}-1280.png`, fullPage: true });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, { path: `${SHOTS}/mapped-import-${name}-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** The file chosen and the program, as the first step asks. */
async function chooseFile(page: Page) {
  await page.getByLabel('Program to import into', { exact: true }).selectOption({ label: '[OB] - Ocean Beaches' });
  await page.getByLabel('Results file (CSV)', { exact: true }).setInputFiles({ name: FILE_NAME, mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await expect(page.getByText(`Columns: ${HEADER.split(',').join(', ')}`)).toBeVisible();
}

test('an organization admin maps a city department’s file, places its new beaches, dry-runs, imports it, sees the history, and re-imports nothing', async ({ page, browser, baseURL }) => {
  test.setTimeout(420_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);

  // From the DEP IT area of Website Management, beside the legacy import.
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: 'DEP IT: Beaches Database Export' }).click();
  await page.getByRole('link', { name: 'Import mapped results' }).click();
  await expect(page).toHaveURL(/\/portal\/website-management\/dep-it\/import-mapped-results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Mapped Results' })).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '1-start');

  // 1. The file and a new mapping from its header.
  await chooseFile(page);
  await page.getByLabel('Mapping', { exact: true }).selectOption({ label: 'New mapping from the file’s header' });
  await expect(page.getByRole('heading', { name: '2. Map the file' })).toBeVisible();

  // 2. The mapping: station = Beach Name + Sample Location; the notes column is the remark.
  await page.getByLabel('Mapping name', { exact: true }).fill(MAPPING_NAME);
  await page.getByLabel('Station: read from', { exact: true }).selectOption('combination');
  await page.getByLabel('Station part 1', { exact: true }).selectOption({ label: 'Column: Beach Name' });
  await page.getByLabel('Station part 2', { exact: true }).selectOption({ label: 'Column: Sample Location' });
  await expect(page.getByText('Reads as: [Beach Name] “ ” [Sample Location]')).toBeVisible();
  await expect(page.getByLabel('Beach column', { exact: true })).toHaveValue('Beach Name');
  await expect(page.getByLabel('Date column', { exact: true })).toHaveValue('Sample Date');
  await expect(page.getByLabel('Value column', { exact: true })).toHaveValue('Enterococci Results');
  await page.getByLabel('Parameter: read from', { exact: true }).selectOption('constant');
  await page.getByLabel('Parameter constant', { exact: true }).fill('Enterococcus');
  await page.getByLabel('Unit: read from', { exact: true }).selectOption('constant');
  await page.getByLabel('Unit constant', { exact: true }).fill('MPN/100mL');
  await page.getByLabel('Remark: read from', { exact: true }).selectOption('column');
  await page.getByLabel('Remark column', { exact: true }).selectOption('Units or Notes');
  await page.getByLabel('Comments: read from', { exact: true }).selectOption('column');
  await page.getByLabel('Comments column', { exact: true }).selectOption('Sample ID');
  await expect(page.getByLabel('MM/DD/YYYY', { exact: true })).toBeChecked();

  const remarks = page.getByRole('group', { name: 'Remarks' });
  await remarks.getByRole('button', { name: 'Add a remark entry' }).click();
  await page.getByLabel('Remarks: text 1 in the file', { exact: true }).fill(BELOW);
  await page.getByLabel('Remarks: remark code 1', { exact: true }).fill('K');
  await remarks.getByRole('button', { name: 'Add a remark entry' }).click();
  await page.getByLabel('Remarks: text 2 in the file', { exact: true }).fill('MPN/100 ml');
  await page.getByLabel('Remarks: a text not listed', { exact: true }).selectOption({ label: 'Refuse the row' });
  await page.getByLabel('Value of a below-limit result with an empty value cell', { exact: true }).fill('10');
  await page.getByLabel('Names written in capitals', { exact: true }).selectOption('title_if_capitals');
  await shoot(page, '2-mapping');

  // 3. The preview: the rows as read, both beaches new; each placed in Monmouth County, Belmar.
  await page.getByRole('button', { name: 'Preview the first rows' }).click();
  const rows = page.getByRole('region', { name: 'Rows as read' });
  const line = (n: number) => rows.getByRole('row').filter({ has: page.getByRole('cell', { name: String(n), exact: true }) }).first();
  await expect(line(2)).toContainText(`${beachName(BEACHES[0]!)} Left`);
  await expect(line(2)).toContainText('2026-06-02');
  // The below-detection row (line 3): K with the reporting limit.
  await expect(line(3)).toContainText(`${beachName(BEACHES[0]!)} Center`);
  await expect(line(3)).toContainText(/Enterococcus\s*10\s*K\s*MPN\/100mL/);
  await expect(page.getByText('0 stations of the previewed rows matched, 0 ambiguous, 6 new stations at 2 beaches.', { exact: false })).toBeVisible();
  for (const beach of BEACHES) {
    const group = page.getByRole('region', { name: `New stations at ${beachName(beach)}` });
    await expect(group).toContainText(`${beachName(beach)} Left`);
    await group.getByLabel(`${beachName(beach)}: county`, { exact: true }).selectOption('Monmouth');
    await group.getByLabel(`${beachName(beach)}: municipality`, { exact: true }).selectOption('Belmar');
    await group.getByLabel(`${beachName(beach)}: location type`, { exact: true }).selectOption('Ocean');
  }
  await expect(page.getByLabel('Where new stations go', { exact: true })).toHaveValue('per_beach');
  await page.getByRole('button', { name: 'Preview again' }).click();
  for (const beach of BEACHES) {
    await expect(page.getByRole('region', { name: `New stations at ${beachName(beach)}` })).toContainText('A new beach in Belmar, Monmouth County (Ocean).');
  }
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '3-preview');

  // Saved under its name, for the next file of this source.
  await page.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(page.getByRole('status').filter({ hasText: `Saved the mapping “${MAPPING_NAME}”.` })).toBeVisible();
  await expect(page.getByLabel('Mapping', { exact: true })).toHaveValue(/^\d+$/);

  // 4. The dry run: every row would go in, six stations at two new beaches in Belmar.
  await page.getByRole('button', { name: 'Run the dry run' }).click();
  await expect(page.getByRole('heading', { name: 'What the import would do' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`18 rows read from ${FILE_NAME}`)).toBeVisible();
  await expect(page.getByText('18 results would be imported; 0 rows already present would be skipped')).toBeVisible();
  const newStations = page.getByRole('region', { name: 'New stations, by beach' });
  for (const beach of BEACHES) await expect(newStations.getByRole('row', { name: new RegExp(`${beachName(beach)} .*Belmar`) })).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '4-dry-run');

  // 5. The import, as a job.
  await page.getByRole('button', { name: 'Import 18 results' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 60_000 });
  await expect(page.getByText(`18 results imported from ${FILE_NAME}; 0 rows already present, 0 rows refused.`)).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent imports' });
  await expect(recent.getByRole('row', { name: new RegExp(`${FILE_NAME.replace(/\./g, '\\.')} OB Done 18 of 18 rows ${MAPPING_NAME}`) })).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '5-imported');

  // The public beach page shows the history (verified results).
  const center = `${beachName(BEACHES[0]!)} Center`;
  let stationId = 0;
  await expect
    .poll(
      async () => {
        const res = await page.request.get('/api/public/beaches/statuses/');
        const statuses = ((await res.json()) as { payload: { statuses: { beach_station_id: number; station_name: string }[] } }).payload.statuses;
        stationId = statuses.find((s) => s.station_name === center)?.beach_station_id ?? 0;
        return stationId;
      },
      { timeout: 40_000 },
    )
    .toBeGreaterThan(0);
  const visitor = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  await skipWelcome(visitor);
  const pub = await visitor.newPage();
  await pub.goto(`/beach/${stationId}`);
  await expect(pub.getByRole('heading', { level: 1, name: new RegExp(beachName(BEACHES[0]!)) })).toBeVisible();
  await pub.getByLabel('Season', { exact: true }).selectOption('2026');
  // The Center station's three days: the below-detection one as K with the reporting limit.
  const history = pub.getByRole('table', { name: /^The 3 latest results, 2026 season/ });
  await expect(history.getByRole('row')).toHaveCount(4);
  await expect(history).toContainText('Jun 16, 2026');
  await expect(history).toContainText('69 MPN/100mL');
  await keepScreenshot(pub, { path: `${SHOTS}/mapped-import-6-beach-page-1280.png`, fullPage: true });
  await pub.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(pub, { path: `${SHOTS}/mapped-import-6-beach-page-390.png`, fullPage: true });
  await visitor.close();

  // The same file again, with the saved mapping: nothing is added.
  await page.getByRole('button', { name: 'Import another file' }).click();
  await chooseFile(page);
  await page.getByLabel('Mapping', { exact: true }).selectOption({ label: MAPPING_NAME });
  await expect(page.getByLabel('Mapping name', { exact: true })).toHaveValue(MAPPING_NAME);
  await page.getByRole('button', { name: 'Preview the first rows' }).click();
  await expect(page.getByText('6 stations of the previewed rows matched, 0 ambiguous, 0 new stations at 0 beaches.', { exact: false })).toBeVisible();
  await page.getByRole('button', { name: 'Run the dry run' }).click();
  await expect(page.getByText('0 results would be imported; 18 rows already present would be skipped')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText('Nothing in this file would be imported.')).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '7-reimport');
});

test('a wrong mapping is refused at preview with the reason and the first lines; a name taken is said clearly', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await page.goto('/portal/website-management/dep-it/import-mapped-results');
  await chooseFile(page);
  await page.getByLabel('Mapping', { exact: true }).selectOption({ label: 'New mapping from the file’s header' });
  await page.getByLabel('Station: read from', { exact: true }).selectOption('column');
  await page.getByLabel('Station column', { exact: true }).selectOption('Sample Location');
  await page.getByLabel('Parameter: read from', { exact: true }).selectOption('constant');
  await page.getByLabel('Parameter constant', { exact: true }).fill('Enterococcus');
  // The date read from the beach's name: no row reads.
  await page.getByLabel('Date column', { exact: true }).selectOption('Beach Name');
  await page.getByRole('button', { name: 'Preview the first rows' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The mapping does not read this file' });
  await expect(refused).toContainText('date:');
  await expect(refused).toContainText('lines 2, 3, 4');
  await expect(page.getByRole('button', { name: 'Run the dry run' })).toHaveCount(0);
  await expectNoAxeViolations(page, { summarize: true });
  await shoot(page, '8-refused');

  // The built-in layout's name is taken.
  await page.getByLabel('Mapping name', { exact: true }).fill('State legacy layout');
  await page.getByLabel('Date column', { exact: true }).selectOption('Sample Date');
  await page.getByLabel('Unit: read from', { exact: true }).selectOption('constant');
  await page.getByLabel('Unit constant', { exact: true }).fill('MPN/100mL');
  await page.getByRole('button', { name: 'Save the mapping' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Choose another name.' })).toBeVisible();
});
