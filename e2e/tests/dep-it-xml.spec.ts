import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { loginAs } from '../support/auth';

/**
 * DEP IT: XML File (decision 0033): an administrator downloads last year's Ocean Beaches BEACH
 * notification 2.4 file from the screen; the file is named for the program and year and validates
 * against the XSD.
 */

const ADMIN = 'admin@example.org';
const XSD = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../schemas/epa/beaches-2.4/xml_schema/index.xsd');

async function expectNoAxeViolations(page: Page) {
  const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
  expect(axe.violations).toEqual([]);
}

/** The page at 1280 and 390 wide, in the test's output (and XML_SHOTS when set). */
async function shots(page: Page, testInfo: TestInfo, name: string) {
  const original = page.viewportSize();
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.waitForTimeout(300);
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: testInfo.outputPath(file), fullPage: true });
    if (process.env.XML_SHOTS) await page.screenshot({ path: `${process.env.XML_SHOTS}/${file}`, fullPage: true });
  }
  if (original) await page.setViewportSize(original);
}

test('an administrator downloads a year of beach notifications as an XML file that validates against the XSD', async ({ page }, testInfo) => {
  test.setTimeout(120_000);
  const year = new Date().getFullYear() - 1;
  await page.addInitScript((key) => window.localStorage.setItem(key, new Date().toISOString()), 'beach-portal:welcome-dismissed');
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

  await expectNoAxeViolations(page);
  await shots(page, testInfo, 'dep-it-xml');
});
