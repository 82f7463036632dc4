import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot } from '../support/page-checks';

/**
 * Incident (issue 12): an incidents administrator opens an incident at a station by hand, logs a day
 * (then the same day again, which updates it), closes it after a confirmation, and the incident is in
 * the public incident download. Screenshots of the screen at 1280 and 390 wide go to the test output.
 */

test('an incidents administrator opens an incident, logs a day twice, closes it, and the public download has it', async ({ page }) => {
  test.setTimeout(120_000);
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  await menu.getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });
  await menu.getByRole('button', { name: /^Beaches/ }).click();
  await menu.getByRole('link', { name: 'Incident', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Incident' })).toBeVisible();
  await expect(page.getByRole('table').or(page.getByText('No incidents match these filters.'))).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'incident-list');

  await page.getByRole('button', { name: 'Open an incident' }).click();
  const opening = page.getByRole('form', { name: 'Open an incident' });
  const station = opening.getByLabel(/^Beach station/);
  const stationName = (await station.locator('option').nth(1).textContent())!.trim();
  await station.selectOption({ index: 1 });
  await opening.getByLabel(/^BEACON reason/).selectOption({ label: 'Elevated bacteria' });
  await opening.getByLabel(/^BEACON source/).selectOption({ label: 'Storm-related runoff' });
  await opening.getByLabel(/^Overall comments/).fill('Browser test incident.');
  await expectNoAxeViolations(page);
  await opening.getByRole('button', { name: 'Open incident' }).click();
  await expect(page.getByText(`An incident at ${stationName} was opened.`)).toBeVisible();
  const details = page.getByRole('region', { name: `Incident at ${stationName}` });
  await expect(details).toBeVisible();

  const daily = details.getByRole('form', { name: 'Daily entry' });
  const day = await daily.getByLabel(/^Day/).inputValue();
  await daily.getByLabel(/^Beach status that day/).selectOption({ label: 'Advisory' });
  await daily.getByLabel(/^Actions taken/).fill('Signs posted.');
  await daily.getByRole('button', { name: 'Save entry' }).click();
  await expect(page.getByText(`The entry of ${day} was saved.`)).toBeVisible();
  await expect(details.getByRole('table', { name: 'Daily log' }).getByRole('row', { name: new RegExp(day) })).toContainText('Signs posted.');
  // The same day again updates its entry: still one row.
  await daily.getByLabel(/^Actions taken/).fill('Signs posted; resampled.');
  await daily.getByRole('button', { name: 'Save entry' }).click();
  const log = details.getByRole('table', { name: 'Daily log' });
  await expect(log.getByRole('row', { name: new RegExp(day) })).toContainText('Signs posted; resampled.');
  await expect(log.getByRole('row', { name: new RegExp(day) })).toHaveCount(1);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'incident-opened');

  const closing = details.getByRole('form', { name: 'Close the incident' });
  await closing.getByLabel(/^Final comments/).fill('Resample met the standard; signs removed.');
  await closing.getByRole('button', { name: 'Close incident' }).click();
  const dialog = page.getByRole('dialog', { name: 'Close this incident?' });
  await expect(dialog.getByRole('heading', { name: 'Close this incident?' })).toBeVisible();
  await dialog.getByRole('button', { name: 'Close incident' }).click();
  await expect(page.getByText(`The incident at ${stationName} was closed.`)).toBeVisible();
  await expect(details.getByText('Resample met the standard; signs removed.')).toBeVisible();

  const csv = await page.request.get(`/api/public/data/download/incident/?downloadType=incident&startDate=${day}&endDate=${day}`);
  expect(csv.status()).toBe(200);
  expect(await csv.text()).toContain('Browser test incident.');
});
