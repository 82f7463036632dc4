import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { queueAsTaskAndDownload } from '../support/export-tasks';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * DEP IT: XML File (decision 0033): an administrator downloads last year's Ocean Beaches BEACH
 * notification 2.4 file from the screen; the file is named for the program and year and validates
 * against the XSD. Then queues the same file as an export task (decision 0036), sees it finish and downloads it.
 */

const ADMIN = 'admin@example.org';
const XSD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/epa/beaches-2.4/xml_schema/index.xsd');

/** The page at 1280 and 390 wide, in the test's output (and XML_SHOTS when set), each after the layout settles. */
const SHOTS = { restore: 'original', alsoTo: process.env.XML_SHOTS } as const;

test('an administrator downloads a year of beach notifications as an XML file that validates against the XSD', async ({ page }, testInfo) => {
  test.setTimeout(240_000);
  const year = new Date().getFullYear() - 1;
  await skipWelcome(page);
  await loginAs(page, ADMIN);
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByRole('button', { name: /^Website Management/ }).click();
  await menu.getByRole('link', { name: 'DEP IT: XML File' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'DEP IT: XML File' })).toBeVisible();

  // Without a program the form says so, on the field, before asking the server.
  await page.getByRole('button', { name: 'Download XML file' }).click();
  await expect(page.getByLabel(/^Beach program/)).toHaveAccessibleDescription(/Choose a program/);
  await expectNoAxeViolations(page);

  await page.getByLabel(/^Beach program/).selectOption({ label: '[OB] - Ocean Beaches' });
  await page.getByLabel(/^Year/).selectOption(String(year));
  const download = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Download XML file' }).click();
  const file = await download;
  const name = `beach-notification_OB_${year}.xml`;
  expect(file.suggestedFilename()).toBe(name);
  await expect(page.getByText(`Downloaded ${name}.`)).toBeVisible();

  const saved = testInfo.outputPath(name);
  await file.saveAs(saved);
  const xml = await readFile(saved, 'utf8');
  expect(xml).toContain('<BeachDataSubmission xmlns="http://www.exchangenetwork.net/schema/BEACHES/2">');
  expect(xml).toContain('<OrganizationIdentifier>OB</OrganizationIdentifier>');
  expect(xml).toContain(`<AttributeEffectiveYear>${year}</AttributeEffectiveYear>`);
  expect(xml.split('<BeachDetail>').length - 1).toBeGreaterThan(5);
  expect(xml.split('<BeachActivityDetail>').length - 1).toBeGreaterThan(0);
  // xmllint validates the file against the BEACH notification 2.4 schema (it exits non-zero, with its messages, when not).
  execFileSync('xmllint', ['--noout', '--schema', XSD, saved], { stdio: 'pipe' });

  // A large file goes through the export job queue (decision 0036): the same request queued as a task, followed
  // while it runs, downloaded when done - the same file.
  await queueAsTaskAndDownload(page, testInfo, name, xml);

  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'dep-it-xml', SHOTS);
});
