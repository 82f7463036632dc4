import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoAxeViolations, skipWelcome } from '../support/page-checks';
import { parseCsv } from '../support/fixtures';

/**
 * The public site's pages against the real server and its demo data: the Download Data panel and its
 * CSV, every content page, the Spanish interface, and axe (WCAG 2 A and AA) at desktop and phone widths.
 */

async function firstId(page: Page, path: string, field: string): Promise<number> {
  const response = await page.request.get(`/api/public/${path}`);
  expect(response.ok()).toBe(true);
  const { payload } = (await response.json()) as { payload: Record<string, number>[] };
  expect(payload.length).toBeGreaterThan(0);
  return payload[0]![field]!;
}

/** The public routes this suite covers, with something each must show from the demo data. */
async function publicRoutes(page: Page) {
  const newsId = await firstId(page, 'news/', 'news_id');
  const flightId = await firstId(page, 'dailyFlights/', 'daily_flight_id');
  return [
    { path: '/daily-flight-reports', h1: 'Daily Flights', content: page.getByRole('table', { name: 'Flight reports' }).getByRole('link').first() },
    { path: `/daily-flight-reports/${flightId}`, h1: /^Flight report for /, content: page.getByRole('heading', { name: 'Observations' }) },
    { path: '/news', h1: 'Important Information', content: page.getByRole('main').getByRole('link').first() },
    { path: `/news/${newsId}`, h1: /./, content: page.getByRole('link', { name: 'Back to Important Information' }) },
    { path: '/reports-and-publications', h1: 'Reports', content: page.getByRole('main').getByRole('link', { name: /\b(Open|Download) / }).first() },
    { path: '/faqs', h1: 'FAQs', content: page.getByRole('button', { name: 'What does a swimming advisory mean?' }) },
    { path: '/links-and-partners', h1: 'Links and Partners', content: page.getByRole('main').getByRole('link').first() },
    { path: '/social-media', h1: 'Social Media', content: page.getByRole('main').getByRole('link', { name: /facebook\.com/ }) },
    { path: '/found-on-the-beach', h1: 'Found on the Beach', content: page.getByRole('main').locator('.usa-card, p.text-base-dark').first() },
    { path: '/search?q=sea', h1: 'Search', content: page.getByRole('heading', { name: 'Results for “sea”' }) },
  ] as const;
}

test.describe('public pages', () => {
  test.beforeEach(async ({ page }) => {
    await skipWelcome(page);
  });

  test('downloads water quality for one county and a date range as a CSV with just those rows', async ({ page }) => {
    await page.goto('/faqs');
    await page.getByRole('button', { name: 'Beach Data' }).click();
    const dialog = page.getByRole('dialog', { name: 'Download Data' });
    await expect(dialog.getByLabel('Municipality')).toBeDisabled();
    await expect(dialog.getByText('To filter by municipality, select a county above.')).toBeVisible();

    await dialog.getByLabel('County').selectOption({ label: 'Monmouth' });
    await expect(dialog.getByLabel('Municipality')).toBeEnabled();
    // A window inside the demo's last season; date inputs take YYYY-MM-DD.
    const seasonYear = new Date().getFullYear() - (new Date().getMonth() < 6 ? 1 : 0);
    const from = `${seasonYear}-07-01`;
    const to = `${seasonYear}-07-31`;
    await dialog.getByLabel('Start date').fill(from);
    await dialog.getByLabel('End date').fill(to);
    const count = dialog.getByText('Water quality results').locator('xpath=following-sibling::dd');
    await expect(count).toHaveText(/^[\d,]+$/);
    await expect(async () => {
      const expected = await page.request.get(`/api/public/data/counts?county=13&startDate=${from}&endDate=${to}`);
      const { payload } = (await expected.json()) as { payload: Record<string, number> };
      expect(Number((await count.textContent())!.replace(/,/g, ''))).toBe(payload['water-quality']);
    }).toPass();
    const shown = Number((await count.textContent())!.replace(/,/g, ''));
    expect(shown).toBeGreaterThan(0);

    await dialog.getByRole('button', { name: 'Download Water Quality Data' }).click();
    const notice = dialog.getByRole('region', { name: 'Data use notice' });
    await expect(notice).toBeVisible();
    const downloading = page.waitForEvent('download');
    await notice.getByRole('button', { name: 'Accept and download' }).click();
    const download = await downloading;
    expect(download.url()).toContain('/api/public/data/download/waterQuality?downloadType=water-quality');
    expect(download.suggestedFilename()).toMatch(/^beach-water-quality-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = parseCsv(await readFile((await download.path())!, 'utf8')).filter((row) => row.some((cell) => cell !== ''));
    const [header, ...data] = rows;
    expect(header).toEqual(expect.arrayContaining(['Program_Name', 'Station_Name', 'County_Name', 'Result_Date', 'Result_Measure']));
    expect(data).toHaveLength(shown);
    const county = header!.indexOf('County_Name');
    const date = header!.indexOf('Result_Date');
    for (const row of data) {
      expect(row[county]).toBe('Monmouth');
      const [mm, dd, yyyy] = row[date]!.split('/');
      const iso = `${yyyy}-${mm}-${dd}`;
      expect(iso >= from && iso <= to, `${row[date]} in ${from}..${to}`).toBe(true);
    }

    // Accepted for 4 hours: the incident download starts without the notice.
    const second = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Download Incident Data' }).click();
    await expect(notice).toHaveCount(0);
    expect((await second).url()).toContain('/api/public/data/download/incident/?downloadType=incident');
  });

  test('every public page renders with its content', async ({ page }) => {
    test.setTimeout(90_000);
    for (const route of await publicRoutes(page)) {
      await page.goto(route.path);
      await expect(page.getByRole('heading', { level: 1, name: route.h1 }), route.path).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(route.content, route.path).toBeVisible();
    }
  });

  test('Daily Flights draws the aircraft track read from the university endpoint, and says when one is down', async ({ page }) => {
    // The endpoints are the local stand-in (support/aircraft-standin.mjs): chlorophyll answers a 60-point
    // flight, phycocyanin answers 503. Both go through the server's adapter, as in production.
    await page.goto('/daily-flight-reports');
    const chlorophyll = page.getByRole('region', { name: 'Chlorophyll' });
    await expect(chlorophyll.getByRole('img', { name: /Chlorophyll along the flight track/ }).locator('circle')).toHaveCount(60);
    await expect(page.getByRole('region', { name: 'Phycocyanin' }).getByText('Data unavailable.', { exact: false })).toBeVisible();
  });

  test('the Español switch turns the interface into Spanish and the choice survives a reload', async ({ page }) => {
    await page.goto('/news');
    const nav = page.getByRole('navigation', { name: 'Program navigation' });
    await expect(nav.getByRole('link', { name: 'Important Information' })).toBeVisible();
    await page.getByRole('button', { name: 'Español' }).click();

    const spanishNav = page.getByRole('navigation', { name: 'Navegación del programa' });
    await expect(spanishNav.getByRole('link', { name: 'Mapa' })).toBeVisible();
    await expect(spanishNav.getByRole('link', { name: 'Información importante' })).toBeVisible();
    await expect(spanishNav.getByRole('button', { name: 'Datos de playas' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1, name: 'Información importante' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');

    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Navegación del programa' }).getByRole('link', { name: 'Mapa' })).toBeVisible();
    await page.getByRole('button', { name: 'English' }).click();
    await expect(nav.getByRole('link', { name: 'Map' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  });

  test('shows the latest Important Information item in a banner', async ({ page }) => {
    const latest = await page.request.get('/api/public/news/latest');
    const { payload } = (await latest.json()) as { payload: { news_id: number; title: string } };
    await page.goto('/links-and-partners');
    const banner = page.getByRole('region', { name: 'Important information' });
    await expect(banner.getByRole('link', { name: payload.title })).toHaveAttribute('href', `/news/${payload.news_id}`);
  });
});

test('the welcome pop-up shows on a first visit and stays closed once dismissed', async ({ page }) => {
  await page.goto('/faqs');
  const welcome = page.getByRole('dialog', { name: 'Welcome to the Beach Portal' });
  await expect(welcome.getByRole('heading', { name: 'Welcome to the Beach Portal' })).toBeVisible();
  await welcome.getByRole('button', { name: 'Close', exact: true }).click();
  await expect(welcome).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'FAQs' })).toBeVisible();
  await expect(welcome).toHaveCount(0);
});

for (const viewport of [
  { name: 'desktop', width: 1280, height: 900 },
  { name: 'mobile', width: 375, height: 812 },
]) {
  test.describe(`accessibility at ${viewport.name} width`, () => {
    test.use({ viewport: { width: viewport.width, height: viewport.height } });

    test.beforeEach(async ({ page }) => {
      await skipWelcome(page);
    });

    test('every public page has no axe violations', async ({ page }) => {
      test.setTimeout(180_000);
      for (const route of await publicRoutes(page)) {
        await page.goto(route.path);
        await expect(route.content, route.path).toBeVisible();
        await expectNoAxeViolations(page, { label: route.path, summarize: true });
        // Nothing pushes the page wider than the screen (a phone would scroll sideways).
        const width = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: document.documentElement.clientWidth }));
        expect(width.page, `${route.path} is wider than the screen`).toBeLessThanOrEqual(width.screen);
      }
    });

    test('the Download Data dialog, its data-use notice and the Spanish interface have no axe violations', async ({ page }) => {
      test.setTimeout(90_000);
      await page.goto('/faqs');
      if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Beach Data' }).click();
      const dialog = page.getByRole('dialog', { name: 'Download Data' });
      await dialog.getByLabel('County').selectOption({ label: 'Monmouth' });
      await expect(dialog.getByText('Water quality results').locator('xpath=following-sibling::dd')).toHaveText(/^[\d,]+$/);
      await expectNoAxeViolations(page, { label: 'dialog', summarize: true });

      await dialog.getByRole('button', { name: 'Download Water Quality Data' }).click();
      await expect(dialog.getByRole('region', { name: 'Data use notice' })).toBeVisible();
      await expectNoAxeViolations(page, { label: 'notice', summarize: true });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      await dialog.getByRole('button', { name: 'Close', exact: true }).click();

      if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Menu' }).click();
      await page.getByRole('button', { name: 'Español' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'Preguntas frecuentes' })).toBeVisible();
      if (viewport.name === 'mobile') await page.getByRole('button', { name: 'Cerrar el menú de navegación' }).click();
      await expectNoAxeViolations(page, { label: 'es', summarize: true });
    });

    test('the mobile menu and the flight report pages, with an aircraft track drawn, have no axe violations', async ({ page }) => {
      // The chlorophyll flight comes from the local stand-in of the university endpoint (60 readings).
      await page.goto('/daily-flight-reports');
      await expect(page.getByRole('table', { name: 'Flight reports' })).toBeVisible();
      const plot = page.getByRole('region', { name: 'Chlorophyll' }).getByRole('img', { name: /Chlorophyll along the flight track/ });
      await expect(plot).toBeVisible();
      await expect(plot.locator('circle')).toHaveCount(60);
      await page.getByText('Show the readings as a table').first().click();
      await expect(page.getByRole('table', { name: /Chlorophyll readings/ })).toBeVisible();
      if (viewport.name === 'mobile') {
        await page.getByRole('button', { name: 'Menu' }).click();
        await expect(page.getByRole('button', { name: 'Close navigation menu' })).toBeFocused();
      }
      await expectNoAxeViolations(page, { summarize: true });
    });
  });
}
