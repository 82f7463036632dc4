import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import sharp from 'sharp';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Found on the Beach and FAQs (issue 13): an organization admin uploads a photo placed at a county,
 * municipality and station, moves it to the top, and the public Found on the Beach page shows it first as a
 * thumbnail; the admin adds an FAQ with a photo and the public FAQ page shows both. axe on each screen;
 * screenshots of the lists, the forms and the public pages at 1280 and 390 wide in the test output.
 */

const PHOTO_TITLE = 'Playwright: horseshoe crab at low tide';
const QUESTION = 'Playwright: what is the green scum on the bay?';

const picture = (background: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background } })
    .composite([{ input: Buffer.from('<svg width="1200" height="800"><rect x="0" y="520" width="1200" height="280" fill="#e8d5a3"/></svg>'), top: 0, left: 0 }])
    .jpeg()
    .toBuffer();

async function openWebsiteManagement(page: Page, link: string) {
  const menu = page.getByRole('navigation', { name: 'Portal menu' });
  const section = menu.getByRole('button', { name: /^Website Management/ });
  if ((await section.getAttribute('aria-expanded')) !== 'true') await section.click();
  await menu.getByRole('link', { name: link, exact: true }).click();
}

test('an admin uploads a photo, moves it to the top, and the public Found on the Beach page shows it first', async ({ page }) => {
  test.setTimeout(150_000);
  await skipWelcome(page);
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await openWebsiteManagement(page, 'Found on the Beach');
  await expect(page.getByRole('heading', { level: 1, name: 'Found on the Beach' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Found on the Beach photos, in public order' });
  await expect(table).toBeVisible();
  // The demo gallery runs over more than one page of the list: count it from the pager's words.
  const showing = await page.getByText(/^Showing \d+–\d+ of \d+$/).textContent();
  const seeded = Number(/of (\d+)$/.exec(showing ?? '')?.[1]);
  expect(seeded).toBeGreaterThan(0);
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Add a photo' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add a photo' })).toBeVisible();
  await page.getByLabel(/^Title/).fill(PHOTO_TITLE);
  await page.getByLabel('Description (optional)').fill('Found on the tide line after the storm, upside down and alive.');
  await page.getByLabel('County (optional)').selectOption({ label: 'Ocean' });
  await page.getByLabel('Municipality (optional)').selectOption({ index: 1 });
  const station = page.getByLabel('Station (optional)');
  await expect(station).toBeEnabled();
  if ((await station.locator('option').count()) > 1) await station.selectOption({ index: 1 });
  await page.getByLabel(/^Photo \(required\)$/).setInputFiles({ name: 'crab.jpg', mimeType: 'image/jpeg', buffer: await picture('#2a7ab0') });
  await expect(page.getByText(/Chosen: crab\.jpg/)).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'photo-form');
  await page.getByRole('button', { name: 'Add the photo' }).click();

  // Added at the end, as a thumbnail; moved to the top one place at a time.
  await expect(page.getByRole('status').filter({ hasText: PHOTO_TITLE })).toContainText(`${PHOTO_TITLE} was added.`);
  await page.getByLabel('Find by title, description or place').fill('Playwright');
  const row = table.locator('tbody tr').filter({ hasText: PHOTO_TITLE });
  await expect(row.locator('img')).toHaveAttribute('src', /^\/api\/files\/\d+\?size=thumb$/);
  await expect(page.getByRole('button', { name: `Move ${PHOTO_TITLE} down` })).toBeDisabled();
  const up = page.getByRole('button', { name: `Move ${PHOTO_TITLE} up` });
  for (let place = seeded + 1; place > 1; place--) {
    // Each move waits for the list to read its new order before the next.
    const reread = page.waitForResponse((r) => r.request().method() === 'GET' && new URL(r.url()).pathname === '/api/photos');
    await up.click();
    await expect(page.getByRole('status').filter({ hasText: PHOTO_TITLE })).toContainText(`${PHOTO_TITLE} moved up to place ${place - 1} of ${seeded + 1}.`);
    await reread;
  }
  await expect(up).toBeDisabled();
  await page.getByLabel('Find by title, description or place').fill('');
  await expect(table.locator('tbody tr').first()).toContainText(PHOTO_TITLE);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'photos-list');

  // The public gallery: first, as a thumbnail with its size reserved.
  await page.goto('/found-on-the-beach');
  await expect(page.getByRole('heading', { level: 1, name: 'Found on the Beach' })).toBeVisible();
  const first = page.locator('.usa-card').first();
  await expect(first.getByRole('heading', { level: 2 })).toHaveText(PHOTO_TITLE);
  const image = first.getByRole('img');
  await expect(image).toHaveAttribute('src', /^\/api\/files\/\d+\?size=thumb$/);
  await expect(image).toHaveAttribute('width', '1200');
  await expect(image).toHaveAttribute('height', '800');
  await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'photos-public');
});

test('an admin adds an FAQ with a photo and the public FAQ page shows it', async ({ page }) => {
  test.setTimeout(120_000);
  await skipWelcome(page);
  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await openWebsiteManagement(page, 'FAQs');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  const table = page.getByRole('table', { name: 'FAQs, in public order' });
  await expect(table).toBeVisible();
  await expectNoAxeViolations(page);

  await page.getByRole('link', { name: 'Add an FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Add an FAQ' })).toBeVisible();
  await page.getByLabel(/^Question/).fill(QUESTION);
  await page.getByLabel(/^Answer/).fill('Most likely an algal bloom.\n\nKeep pets out of the water and report it to the county health department.');
  await page.getByRole('button', { name: 'Add a photo' }).click();
  await page.getByLabel(/^Photo 1 file/).setInputFiles({ name: 'bloom.jpg', mimeType: 'image/jpeg', buffer: await picture('#3f8f3a') });
  await page.getByLabel('Photo 1 title (optional)').fill('A bloom along the bay shore');
  await page.getByLabel('Photo 1 description (optional)').fill('Green scum at the water line, August.');
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'faq-form');
  await page.getByRole('button', { name: 'Add the FAQ' }).click();

  await expect(page.getByRole('status').filter({ hasText: QUESTION })).toContainText(`${QUESTION} was added.`);
  const row = table.locator('tbody tr').last();
  await expect(row).toContainText(QUESTION);
  await expect(row.getByRole('img', { name: 'A bloom along the bay shore' })).toHaveAttribute('src', /\?size=thumb$/);
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'faqs-list');

  // The public FAQ page: the question opens its answer and its photo.
  await page.goto('/faqs');
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  const question = page.getByRole('button', { name: QUESTION });
  await question.click();
  await expect(question).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByText('Keep pets out of the water and report it to the county health department.')).toBeVisible();
  const photo = page.getByRole('img', { name: 'A bloom along the bay shore' });
  await expect(photo).toBeVisible();
  await expect(photo).toHaveAttribute('src', /^\/api\/files\/\d+\?size=thumb$/);
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  await expect(page.getByText('Green scum at the water line, August.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'faqs-public');
});
