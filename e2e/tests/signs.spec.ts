import jsQR from 'jsqr';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs, staffApi } from '../support/auth';
import { expectNoAxeViolations, keepScreenshot, shoot, skipWelcome } from '../support/page-checks';

/**
 * Printable beach signs (issue 31 item 3, decision 0061): a visitor prints a beach's sign (Letter and A4, one
 * page each) whose QR code reads back as the beach page's address; staff print a program's signs, one a page;
 * a hidden station has no sign.
 */

interface PublicStation {
  beach_station_id: number;
  beach_name: string;
  station_name: string;
  program_id: number;
  type: 'PRIMARY' | 'BRACKET';
}
interface PublicPrograms {
  programs: { program_id: number; abbv: string; name: string }[];
  statuses: PublicStation[];
}

async function publicStations(page: Page, program?: number): Promise<PublicPrograms> {
  const response = await page.request.get('/api/public/beaches/statuses/', { params: program ? { program } : {} });
  expect(response.status()).toBe(200);
  return ((await response.json()) as { payload: PublicPrograms }).payload;
}

/** The pages of a PDF Chromium printed: its page objects. */
function pdfPages(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page(?![s\w])/g)?.length ?? 0;
}

/** Reads the QR code off a screenshot of the element, as a phone's camera would: its pixels through jsQR. */
async function decodeQr(page: Page, selector: string): Promise<string | null> {
  const png = await page.locator(selector).screenshot();
  const image = await page.evaluate(async (base64) => {
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
    const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
    const context = canvas.getContext('2d')!;
    context.drawImage(bitmap, 0, 0);
    const { data, width, height } = context.getImageData(0, 0, bitmap.width, bitmap.height);
    return { data: Array.from(data), width, height };
  }, png.toString('base64'));
  return jsQR(Uint8ClampedArray.from(image.data), image.width, image.height)?.data ?? null;
}

/** Every sign's QR code drawn. */
async function signsReady(page: Page, count: number) {
  await expect(page.getByRole('article')).toHaveCount(count);
  await expect(page.locator('.beach-sign__qr[data-ready="true"] svg')).toHaveCount(count);
}

test("a visitor prints a beach's sign: Letter and A4 on one page, its QR code opens the beach page", async ({ page, baseURL }) => {
  test.setTimeout(90_000);
  await skipWelcome(page);
  const { statuses } = await publicStations(page);
  const station = statuses.find((s) => s.type === 'PRIMARY')!;
  const beachUrl = new URL(`/beach/${station.beach_station_id}`, baseURL);

  await page.goto(`/beach/${station.beach_station_id}/sign`);
  await expect(page.getByRole('heading', { level: 1, name: `Sign: ${station.beach_name}` })).toBeVisible();
  await signsReady(page, 1);
  const sign = page.getByRole('article', { name: station.beach_name });
  await expect(sign.getByRole('region', { name: 'English' })).toContainText('Water quality at this beach');
  await expect(sign.getByRole('region', { name: 'Español' })).toContainText('Calidad del agua en esta playa');
  await expect(sign).toContainText(`${beachUrl.host}/beach/${station.beach_station_id}`);
  // No site chrome around the sign.
  await expect(page.getByRole('navigation', { name: 'Program navigation' })).toHaveCount(0);

  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'beach-sign');

  // The printed QR code reads back as the beach page's address, on this site's origin.
  await page.emulateMedia({ media: 'print' });
  expect(await decodeQr(page, '.beach-sign__qr')).toBe(beachUrl.href);
  await keepScreenshot(page, { path: test.info().outputPath('beach-sign-print.png'), fullPage: true });
  // Back to no emulation: page.pdf prints with the emulated media, and 'screen' would print the toolbar too.
  await page.emulateMedia({ media: null });

  const letter = await page.pdf({ format: 'Letter' });
  expect(pdfPages(letter), 'Letter pages').toBe(1);
  await page.getByLabel('Paper size').selectOption('a4');
  await expect(page).toHaveURL(/paper=a4/);
  const a4 = await page.pdf({ format: 'A4', preferCSSPageSize: true });
  expect(pdfPages(a4), 'A4 pages').toBe(1);
  // With the page's own @page size: Letter when Letter is chosen.
  await page.getByLabel('Paper size').selectOption('letter');
  expect(pdfPages(await page.pdf({ preferCSSPageSize: true })), 'Letter (page size from the sign) pages').toBe(1);
  await test.info().attach('beach-sign-a4.pdf', { body: a4, contentType: 'application/pdf' });

  // The QR code's page is the beach's live page.
  await page.goto(beachUrl.href);
  await expect(page.getByRole('heading', { level: 1, name: station.beach_name })).toBeVisible();
});

test("staff print a program's signs, one a page; a hidden station has none", async ({ page, browser, baseURL }) => {
  test.setTimeout(150_000);
  await skipWelcome(page);
  // The program with the fewest public beaches keeps the PDF small.
  const all = await publicStations(page);
  const primaries = (programId: number) => all.statuses.filter((s) => s.program_id === programId && s.type === 'PRIMARY');
  const program = all.programs.filter((p) => primaries(p.program_id).length > 1).sort((a, b) => primaries(a.program_id).length - primaries(b.program_id).length)[0]!;
  const beaches = primaries(program.program_id);

  await loginAs(page, 'admin@example.org');
  await expect(page).toHaveURL(/\/portal$/);
  await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption({ label: `${program.abbv} - ${program.name}` });
  await page.goto('/portal/beaches');
  await expect(page.getByRole('heading', { level: 1, name: 'Beach Stations' })).toBeVisible();
  await page.getByRole('link', { name: 'Print signs' }).click();
  await expect(page).toHaveURL(new RegExp(`/signs\\?program=${program.program_id}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Signs: ${program.name}` })).toBeVisible();
  await signsReady(page, beaches.length);
  await expect(page.getByText(`${beaches.length} signs, one a page.`)).toBeVisible();
  for (const beach of beaches) {
    await expect(page.locator(`.beach-sign__qr[data-url$="/beach/${beach.beach_station_id}"]`)).toHaveCount(1);
  }
  await expectNoAxeViolations(page);
  await shoot(page, test.info(), 'program-signs', { widths: [1280] });
  expect(pdfPages(await page.pdf({ format: 'Letter' })), 'Letter pages').toBe(beaches.length);
  expect(pdfPages(await page.pdf({ format: 'A4' })), 'A4 pages').toBe(beaches.length);

  // A station hidden from the public has no sign, alone or in the program's.
  const api = await staffApi(page.request);
  const hidden = beaches[0]!;
  await api('PUT', `/api/beach/${hidden.beach_station_id}/publicVisibility/false`);
  try {
    await page.goto(`/beach/${hidden.beach_station_id}/sign`);
    await expect(page.getByRole('heading', { level: 1, name: 'Beach not found' })).toBeVisible();
    await expect(page.getByRole('article')).toHaveCount(0);
    await expectNoAxeViolations(page);
    // In a browser that has not kept the list's answer (it may for its 30-second max-age, as the map's).
    const visitor = await browser.newContext({ baseURL });
    try {
      const fresh = await visitor.newPage();
      await fresh.goto(`/signs?program=${program.program_id}`);
      await signsReady(fresh, beaches.length - 1);
      await expect(fresh.locator(`.beach-sign__qr[data-url$="/beach/${hidden.beach_station_id}"]`)).toHaveCount(0);
    } finally {
      await visitor.close();
    }
  } finally {
    await api('PUT', `/api/beach/${hidden.beach_station_id}/publicVisibility/true`);
  }
});
