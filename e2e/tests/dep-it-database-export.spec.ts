import { readFile } from 'node:fs/promises';
import { expect, test } from '../support/test';
import { strFromU8, unzipSync } from 'fflate';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * DEP IT: Beaches Database Export (decision 0035): an administrator queues an export of four tables, sees
 * it run on the job runner and finish, downloads the zip and finds one CSV per table and schema.json whose
 * row counts match the files; then deletes it after the confirmation dialog.
 */

const ADMIN = 'admin@example.org';
const SCREEN = 'DEP IT: Beaches Database Export';

/** Records in a CSV text (line ends inside quoted fields do not end a record), header included. */
function csvRecords(text: string): number {
  let records = 0;
  let quoted = false;
  for (const ch of text) {
    if (ch === '"') quoted = !quoted;
    else if (ch === '\n' && !quoted) records++;
  }
  return records;
}

/** The page at 1280 and 390 wide, in the test's output, each after the layout settles. */
const SHOTS = { restore: 'original' } as const;

test('an administrator exports tables of the database, downloads the zip and reads its CSV files and schema', async ({ page }, testInfo) => {
  test.setTimeout(180_000);
  await skipWelcome(page);
  await loginAs(page, ADMIN);
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: SCREEN }).click();
  await expect(page.getByRole('heading', { level: 1, name: SCREEN })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Import legacy results' })).toBeVisible();

  const form = page.getByRole('form', { name: 'New database export' });
  await form.getByRole('button', { name: 'Clear tables' }).click();
  // USWDS draws its own boxes: the labels are what people click.
  for (const table of ['Counties', 'Beaches', 'Beach stations', 'Results']) {
    await form.locator('label.usa-checkbox__label', { hasText: new RegExp(`^${table}$`) }).click();
    await expect(form.getByLabel(table, { exact: true })).toBeChecked();
  }
  await expectNoAxeViolations(page);
  await form.getByRole('button', { name: 'Export 4 tables' }).click();
  const notice = page.getByText(/^Export (\d+) is queued/);
  await expect(notice).toBeVisible();
  const id = Number((await notice.textContent())!.match(/Export (\d+)/)![1]);

  // The list follows the task by itself (queued, running, done) with no reload.
  const row = page.getByRole('row').filter({ has: page.getByText(`Export ${id}`, { exact: true }) });
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 120_000 });
  await expect(row.getByText(/(KB|MB), [\d,]+ rows/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'dep-it-database-export', SHOTS);

  const download = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download export ${id}` }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`beach-database-export-${id}.zip`);
  const saved = testInfo.outputPath(file.suggestedFilename());
  await file.saveAs(saved);
  const zip = unzipSync(new Uint8Array(await readFile(saved)));
  expect(Object.keys(zip).sort()).toEqual(['beach_stations.csv', 'beaches.csv', 'counties.csv', 'results.csv', 'schema.json']);
  const schema = JSON.parse(strFromU8(zip['schema.json']!)) as { tables: { name: string; rows: number; columns: { name: string; type: string; meaning: string }[] }[] };
  expect(schema.tables.map((t) => t.name)).toEqual(['counties', 'beaches', 'beach_stations', 'results']);
  for (const table of schema.tables) {
    const csv = strFromU8(zip[`${table.name}.csv`]!);
    expect(csv.split('\n')[0]).toBe(table.columns.map((c) => c.name).join(','));
    expect(csvRecords(csv) - 1, table.name).toBe(table.rows);
    expect(table.columns.every((c) => c.type && c.meaning)).toBe(true);
  }
  expect(schema.tables.find((t) => t.name === 'results')!.rows).toBeGreaterThan(100);
  const everything = Object.values(zip).map((bytes) => strFromU8(bytes)).join('\n');
  expect(everything).not.toContain(ADMIN);
  expect(everything).not.toMatch(/password_hash|\$argon2|\$scrypt|\$2[aby]\$/);

  // Deleting asks first, then the task and its file go.
  await row.getByRole('button', { name: `Delete export ${id}` }).click();
  const dialog = page.getByRole('dialog', { name: `Delete export ${id}?` });
  // The USWDS wrapper itself has no box; its heading shows the dialog is up.
  await expect(dialog.getByRole('heading', { name: `Delete export ${id}?` })).toBeVisible();
  await expectNoAxeViolations(page);
  await dialog.getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText(`Export ${id} and its file are deleted.`)).toBeVisible();
  await expect(page.getByText(`Export ${id}`, { exact: true })).toHaveCount(0);
});
