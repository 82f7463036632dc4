import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot } from '../support/page-checks';
import { pdf } from '../support/fixtures';

/**
 * Source trackdowns (issue 12): the county health officer (a sanitary surveys USER) opens a station's
 * dashboard, records a trackdown with a PDF and an attempted fix, sees it listed and downloads the PDF;
 * screenshots of the form and the list at 1280 and 390 wide in the test output.
 */

const yesterday = () => new Date(Date.now() - 86_400_000).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

test('a county health officer records a source trackdown with a PDF and an attempted fix, sees it listed and downloads the PDF', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const report = pdf('Dye test at outfall 3');
  await loginAs(page, 'health@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });

  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await page.getByLabel('County', { exact: true }).selectOption({ label: 'Monmouth' });
  await page.getByLabel('Station type').selectOption('PRIMARY');
  await expect(page.getByRole('table')).toBeVisible();
  await page.getByRole('link', { name: /^Open the dashboard of / }).first().click();
  await expect(page).toHaveURL(/\/portal\/beaches\/station\/\d+$/);
  const dashboard = page.getByRole('region', { name: /.+ - .+/ }).filter({ has: page.getByRole('heading', { name: 'Source trackdowns' }) });
  await expect(dashboard.getByRole('heading', { name: 'Source trackdowns' })).toBeVisible();
  await expect(dashboard.getByRole('button', { name: 'Add a source trackdown' })).toBeVisible();

  await dashboard.getByRole('button', { name: 'Add a source trackdown' }).click();
  await expect(dashboard.getByRole('heading', { name: 'Add a source trackdown' })).toBeVisible();
  await dashboard.getByLabel('Identified problems (optional)').fill('Illicit connection: a roof drain tied into the sanitary lateral at 12 Ocean Ave.');
  await dashboard.getByLabel('Suggested solutions (optional)').fill('Disconnect the roof drain; dye test again after the repair.');
  await dashboard.getByText('Applying for a loan or grant').click();
  await dashboard.getByRole('button', { name: 'Add an attempted fix' }).click();
  const fix = dashboard.getByRole('group', { name: 'Attempted fix 1' });
  await fix.getByLabel(/^Date/).fill(yesterday());
  await fix.getByLabel('Comments (optional)').fill('Lateral capped by the property owner');
  await fix.getByText('Water quality improved').click();
  await dashboard.getByRole('button', { name: 'Add a file' }).click();
  const file = dashboard.getByRole('group', { name: 'File 1' });
  await file.locator('input[type=file]').setInputFiles({ name: 'dye-test.pdf', mimeType: 'application/pdf', buffer: report });
  await expect(file.getByText(/Chosen: dye-test\.pdf/)).toBeVisible();
  await file.getByLabel('Description (optional)').fill('Dye test report');
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await keepScreenshot(dashboard, { path: testInfo.outputPath('trackdown-form-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(dashboard, { path: testInfo.outputPath('trackdown-form-390.png') });
  await page.setViewportSize({ width: 1280, height: 900 });

  await dashboard.getByRole('button', { name: 'Add the trackdown' }).click();
  await expect(dashboard.getByRole('status')).toContainText('The source trackdown was added.');
  const trackdown = dashboard.getByRole('article', { name: /^Trackdown #\d+ of \d{4}-\d{2}-\d{2} by Helen Rossi$/ });
  await expect(trackdown).toContainText('Illicit connection: a roof drain tied into the sanitary lateral');
  await expect(trackdown).toContainText('Applying for a loan or grant');
  await expect(trackdown.getByRole('table', { name: 'Attempted fixes' }).getByRole('row', { name: new RegExp(`${yesterday()} Lateral capped by the property owner Yes`) })).toBeVisible();
  await expect(trackdown).toContainText('Dye test report');
  // A surveys USER records and edits; deleting is an administrator's.
  await expect(trackdown.getByRole('button', { name: /^Delete/ })).toHaveCount(0);
  await expectNoAxeViolations(page);

  const downloading = page.waitForEvent('download');
  await trackdown.getByRole('button', { name: 'Download dye-test.pdf' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe('dye-test.pdf');
  expect(readFileSync((await download.path())!).equals(report)).toBe(true);

  await keepScreenshot(dashboard, { path: testInfo.outputPath('trackdown-list-1280.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(dashboard, { path: testInfo.outputPath('trackdown-list-390.png') });
});
