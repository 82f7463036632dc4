import { mkdirSync } from 'node:fs';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot } from '../support/page-checks';

/**
 * DEP IT: Import Legacy Results (issue 9, decision 0021), clicked through as the demo admin: upload a small
 * file in an agency's own shape, read the dry-run report, import it, see it finish.
 */

const SHOTS = process.env.E2E_SHOTS ?? '../test-results/screenshots';
const unique = Date.now().toString(36).slice(-5).toUpperCase();

const AGENCY = 'Cooperative Coastal Monitoring Program';
const HEADER =
  'Program_Name,Station_Name,Beach_Name,Lat_DD,Lon_DD,Municipality,County_Name,Station_Type_Name,Location_Type_Name,Result_Date,Result_Time,Result_Measure,Result_Comments,Units_Name,Result_Type_Name,Remark_Code_Name';
const row = (station: string, beach: string, type: string, date: string, measure: string, remark: string, comments = '') =>
  [AGENCY, station, beach, '39.0900', '-74.7200', 'Avalon Borough', 'Cape May County', type, 'Ocean', date, '09:30', measure, comments, 'CFU/100mL', 'Enterococcus', remark].join(',');
const primary = `E2E${unique}`;
const FILE = [
  HEADER,
  row(primary, `E2E Bath ${unique}`, 'Primary', '06/02/2025', '20', '--', 'Resampled after rain'),
  row(primary, `E2E Bath ${unique}`, 'Primary', '06/09/2025', '10', 'K'),
  row(primary, `E2E Bath ${unique}`, 'Primary', '06/16/2025', 'N/A', 'NS'),
  row(primary, `E2E Bath ${unique}`, 'Primary', '06/23/2025', '500', 'FA'),
  row(`${primary}N1`, `E2E Bath ${unique} N1`, 'Bracket', '06/02/2025', '35', '--'),
  row(`${primary}N1`, `E2E Bath ${unique} N1`, 'Bracket', '06/09/2025', '2420', 'L'),
  row(primary, `E2E Bath ${unique}`, 'Primary', '06/30/2025', '30', 'QQ'),
].join('\n');

test('an organization admin checks a legacy file, reads the dry-run report, imports it and sees it finish', async ({ page }) => {
  test.setTimeout(120_000);
  mkdirSync(SHOTS, { recursive: true });
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);

  // From the DEP IT area of Website Management.
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: 'DEP IT: Beaches Database Export' }).click();
  await page.getByRole('link', { name: 'Import legacy results' }).click();
  await expect(page).toHaveURL(/\/portal\/website-management\/dep-it\/import-results$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Import Legacy Results' })).toBeVisible();

  await page.getByLabel('Results file (CSV)').setInputFiles({ name: `agency-${unique}.csv`, mimeType: 'text/csv', buffer: Buffer.from(FILE) });
  await page.getByLabel('Program to import into').selectOption({ label: '[OB] - Ocean Beaches' });
  await page.getByLabel('Program names in the file').fill(`${AGENCY}=OB`);
  await page.getByRole('button', { name: 'Check the file' }).click();

  // The dry run: what would be imported and created, and the refused row by reason.
  await expect(page.getByRole('heading', { name: '2. What the import would do' })).toBeVisible();
  await expect(page.getByText(`7 rows read from agency-${unique}.csv`)).toBeVisible();
  await expect(page.getByText('6 results would be imported; 0 rows already present would be skipped')).toBeVisible();
  await expect(page.getByText('2 stations would be created (1 new beach)')).toBeVisible();
  const refused = page.getByRole('region', { name: 'Refused rows, by reason' });
  await expect(refused.getByRole('row', { name: /Unknown remark code 'QQ'.*1.*8/ })).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await keepScreenshot(page, { path: `${SHOTS}/legacy-import-check.png`, fullPage: true });

  await page.getByRole('button', { name: 'Import 6 results' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText(`6 results imported from agency-${unique}.csv; 0 rows already present, 1 row refused.`)).toBeVisible();
  await expect(page.getByText('6 results were imported; 0 rows already present were skipped')).toBeVisible();
  const recent = page.getByRole('region', { name: 'Recent imports' });
  await expect(recent.getByRole('row', { name: new RegExp(`agency-${unique}\\.csv OB Done 6 of 7 rows`) })).toBeVisible();
  await expectNoAxeViolations(page, { summarize: true });
  await keepScreenshot(page, { path: `${SHOTS}/legacy-import-done.png`, fullPage: true });

  // The imported station is on the public map.
  const map = await page.request.get('/api/layers/beachStatus/');
  expect(await map.text()).toContain(`E2E Bath ${unique}`);
});

test('a file naming a town the place list lacks is imported after the town is added from the report', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1400, height: 1000 });
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const town = `Gull Harbor ${unique}`;
  const beach = `E2E Gull ${unique}`;
  const line = (date: string, measure: string) =>
    [AGENCY, `${primary}G`, beach, '39.9100', '-74.0700', town, 'Ocean County', 'Primary', 'Ocean', date, '09:30', measure, '', 'CFU/100mL', 'Enterococcus', '--'].join(',');
  const file = [HEADER, line('07/01/2025', '12'), line('07/08/2025', '40')].join('\n');

  await page.goto('/portal/website-management/dep-it/import-results');
  await page.getByLabel('Results file (CSV)').setInputFiles({ name: `towns-${unique}.csv`, mimeType: 'text/csv', buffer: Buffer.from(file) });
  await page.getByLabel('Program to import into').selectOption({ label: '[OB] - Ocean Beaches' });
  await page.getByLabel('Program names in the file').fill(`${AGENCY}=OB`);
  await page.getByRole('button', { name: 'Check the file' }).click();

  // Both rows refused; the report names the town, by county, with one explicit remedy.
  await expect(page.getByText('0 results would be imported; 0 rows already present would be skipped')).toBeVisible();
  const places = page.getByRole('region', { name: 'Municipalities the place list lacks' });
  await expect(places).toContainText(`Ocean County: ${town}`);
  await expectNoAxeViolations(page, { summarize: true });
  await places.getByRole('button', { name: 'Add this municipality to Ocean County' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add 1 municipality to Ocean County?' });
  await expect(dialog.getByRole('list').filter({ hasText: town }).getByRole('listitem')).toHaveText([town]);
  await dialog.getByRole('button', { name: 'Add municipalities' }).click();

  // The file is checked again: now both rows go in, into a new beach in the new town.
  await expect(page.getByRole('status').filter({ hasText: `Added ${town} to Ocean County.` })).toBeVisible();
  await expect(page.getByText('2 results would be imported; 0 rows already present would be skipped')).toBeVisible();
  await page.getByRole('button', { name: 'Import 2 results' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Import finished' })).toBeVisible({ timeout: 30_000 });

  // The town is in Places Management, in use by the new beach.
  await page.goto('/portal/places-management');
  await page.getByRole('button', { name: /^Municipalities/ }).click();
  // The municipalities' own search, once their table is in (filled before, the counties' field could take it).
  await expect(page.getByRole('table', { name: 'Municipalities' })).toBeVisible();
  await page.getByLabel('Find a municipality by name, county or code').fill(town);
  await expect(page.getByRole('row', { name: new RegExp(town) })).toContainText('Ocean');
});
