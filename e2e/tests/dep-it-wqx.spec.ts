import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { queueAsTaskAndDownload } from '../support/export-tasks';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * DEP IT: WQX (decision 0034): an administrator downloads last season's Ocean Beaches results as a WQX
 * 3.0 file from the screen; the file is named for the program and period and validates against the XSD.
 * Then queues the same file as an export task (decision 0036), sees it finish and downloads it.
 */

const ADMIN = 'admin@example.org';
const XSD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/epa/wqx-3.0/xml_schema/index.xsd');

/** The page at 1280 and 390 wide, in the test's output (and WQX_SHOTS when set), each after the layout settles. */
const SHOTS = { restore: 'original', alsoTo: process.env.WQX_SHOTS } as const;

test('an administrator downloads a season of results as a WQX file that validates against the XSD', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const year = new Date().getFullYear() - 1;
  await skipWelcome(page);
  await loginAs(page, ADMIN);
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: 'DEP IT: WQX' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DEP IT: WQX' })).toBeVisible();

  // Without a program the form says so, on the field, before asking the server.
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  await expect(page.getByLabel(/^Beach program/)).toHaveAccessibleDescription(/Choose a program/);
  await expectNoAxeViolations(page);

  await page.getByLabel(/^Beach program/).selectOption({ label: '[OB] - Ocean Beaches' });
  await page.getByLabel(/^From/).fill(`${year}-05-01`);
  await page.getByLabel(/^To/).fill(`${year}-09-30`);
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download', exact: true }).click();
  const file = await download;
  const name = `wqx_OB_${year}-05-01_${year}-09-30.xml`;
  expect(file.suggestedFilename()).toBe(name);
  await expect(page.getByText(`Downloaded ${name}.`)).toBeVisible();

  const saved = testInfo.outputPath(name);
  await file.saveAs(saved);
  const xml = await readFile(saved, 'utf8');
  expect(xml).toContain('<WQX xmlns="http://www.exchangenetwork.net/schema/wqx/3">');
  expect(xml).toContain('<OrganizationIdentifier>NJDEP</OrganizationIdentifier>');
  expect(xml).toContain('<MonitoringLocationTypeName>BEACH Program Site-Ocean</MonitoringLocationTypeName>');
  expect(xml.split('<Activity>').length - 1).toBeGreaterThan(100);
  // xmllint validates the file against the WQX 3.0 schema (it exits non-zero, with its messages, when not).
  execFileSync('xmllint', ['--noout', '--schema', XSD, saved], { stdio: 'pipe' });

  // A large file goes through the export job queue (decision 0036): the same request queued as a task, followed
  // while it runs, downloaded when done - the same file.
  await queueAsTaskAndDownload(page, testInfo, name, xml);

  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'dep-it-wqx', SHOTS);
});
