import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { loginAs } from '../support/auth';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';
import { startSeasonServer, type SeasonServer } from '../support/season-server';

/**
 * The rainfall nowcast's morning board (issue 16, decision 0046): Ocean County's health officer opens the
 * board, sees a beach flagged by heavy rain with its reasons (rainfall served by the local stand-in,
 * support/aircraft-standin.mjs /rainfall/latest), starts a precautionary advisory after a confirmation,
 * and the public beach page then shows Advisory - the status staff set, not a model output.
 *
 * Out of season the public sees every beach Not Monitored (decision 0006), so this runs on a server of its
 * own on a mid-season day (support/season-server.ts), on E2E_MORNING_BOARD_PORT (default E2E_PORT + 5: the
 * beach-admin spec's server, E2E_PORT + 3, may run at the same time in the other worker), reading the stand-in's feed.
 */

const OFFICER = 'dana.whitfield@example.org';
const port = Number(process.env.E2E_MORNING_BOARD_PORT ?? Number(process.env.E2E_PORT ?? 3100) + 5);
const rainfallUrl = `http://127.0.0.1:${Number(process.env.E2E_AIRCRAFT_PORT ?? 3102)}/rainfall/latest`;

test.describe('morning board on a mid-season day', () => {
  let server: SeasonServer | null = null;
  test.use({ baseURL: `http://127.0.0.1:${port}` });
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    server = await startSeasonServer({ port, day: process.env.E2E_MORNING_BOARD_TODAY ?? '2026-07-15', name: 'morning-board', env: { RAINFALL_URL: rainfallUrl } });
  });
  test.afterAll(() => {
    server?.stop();
    server = null;
  });

  async function signIn(page: Page) {
    await page.clock.install({ time: new Date(Date.now() + server!.clockOffset) });
    await skipWelcome(page.context());
    await loginAs(page, OFFICER);
    await expect(page).toHaveURL(/\/portal$/);
    await page.getByRole('navigation', { name: 'Portal menu' }).getByLabel('Program').selectOption({ label: 'OB - Ocean Beaches' });
    await page.waitForFunction(() => /selectedProgramId\\?":\d/.test(window.localStorage.getItem('persist:beach-portal') ?? ''));
  }

  test('a county health officer sees a flagged beach and why, starts a precautionary advisory, and the public page shows Advisory', async ({ page, browser }, testInfo) => {
    test.setTimeout(180_000);
    await signIn(page);
    const menu = page.getByRole('navigation', { name: 'Portal menu' });
    if (!(await menu.getByRole('link', { name: 'Morning Board' }).isVisible())) await menu.getByRole('button', { name: 'Beaches' }).click();
    await menu.getByRole('link', { name: 'Morning Board' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Morning Board' })).toBeVisible();

    // Read the stand-in's feed now (the server also read it at start).
    await page.getByRole('button', { name: 'Refresh rainfall now' }).click();
    await expect(page.getByText(/^Rainfall read: \d+ readings\.$/)).toBeVisible();
    await expect(page.getByTestId('rainfall-feed-state')).toContainText('Rainfall as of');

    // The first flagged beach that is open: Ocean County's heavy rain, with its reasons and each term.
    const row = page
      .getByRole('row')
      .filter({ has: page.getByText('Likely above', { exact: true }) })
      .filter({ has: page.getByRole('button', { name: /^Start a precautionary advisory/ }) })
      .first();
    await expect(row).toBeVisible();
    await expect(row).toContainText('Ocean County');
    await expect(row).toContainText('Rain 48.2 mm in 24 h, 55.9 mm in 48 h, 61.0 mm in 72 h (county)');
    await expect(row).toContainText('Open');
    const stationId = Number((await row.getAttribute('data-testid'))!.replace('board-row-', ''));
    await row.getByText('Each term').click();
    await expect(row.getByRole('table')).toContainText('Rain, last 24 h');
    await expect(row.getByRole('table')).toContainText('+3.86');

    // A long board a page at a time (issue 28): 20 stations, highest risk first; the pager says how many match.
    const boardRows = page.locator('[data-testid^="board-row-"]');
    const matching = async () => Number((await page.getByText(/^Showing \d+–\d+ of \d+$/).textContent())!.replace(/.* of /, ''));
    const allCount = await matching();
    expect(await boardRows.count()).toBe(Math.min(20, allCount));
    const pages = page.getByRole('navigation', { name: 'Morning Board pages' });
    if (allCount > 20) {
      const firstOfPage1 = await boardRows.first().getAttribute('data-testid');
      await pages.getByRole('link', { name: 'Next page' }).click();
      await expect(page.getByText(`Showing 21–${Math.min(40, allCount)} of ${allCount}`)).toBeVisible();
      await expect(boardRows.first()).not.toHaveAttribute('data-testid', firstOfPage1!);
      await pages.getByRole('link', { name: 'Page 1', exact: true }).click();
      await expect(boardRows.first()).toHaveAttribute('data-testid', firstOfPage1!);
    } else await expect(pages).toHaveCount(0);
    // One county: only its beaches.
    await page.getByLabel('County').selectOption('Ocean');
    await expect(boardRows.first()).toContainText('Ocean County');
    expect(await matching()).toBeLessThan(allCount);
    await expect(boardRows.filter({ hasNotText: 'Ocean County' })).toHaveCount(0);
    await page.getByLabel('County').selectOption({ label: 'All counties' });
    await expect(page.getByText(new RegExp(`^Showing 1–\\d+ of ${allCount}$`))).toBeVisible();

    // The flagged beaches alone, on request (the whole list is every primary station of the program).
    await page.getByText('Show only the beaches likely above the beach action value').click();
    await expect(page.getByLabel('Show only the beaches likely above the beach action value')).toBeChecked();
    const flaggedRows = page.getByRole('table', { name: 'Primary stations likely above, highest risk first' }).locator('[data-testid^="board-row-"]');
    await expect(flaggedRows.first()).toBeVisible();
    expect(await matching()).toBeLessThan(allCount);
    await expect(flaggedRows.filter({ hasNot: page.getByText('Likely above', { exact: true }) })).toHaveCount(0);

    await expectNoAxeViolations(page, { label: 'morning board', summarize: true });
    await shoot(page, testInfo, 'morning-board');
    await shoot(page, testInfo, 'morning-board', { alsoTo: '/tmp', widths: [1280, 390] });

    // Nothing changes without a confirmation; then the change goes through the normal status flow.
    await row.getByRole('button', { name: /^Start a precautionary advisory/ }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText('goes from Open to Advisory today');
    await expect(dialog).toContainText('Precautionary advisory: rainfall nowcast');
    await expectNoAxeViolations(page, { label: 'advisory confirmation', summarize: true });
    await dialog.getByRole('button', { name: 'Start the advisory' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'is now under an advisory' })).toBeVisible();
    await expect(page.getByTestId(`board-row-${stationId}`)).toContainText('Advisory');
    await expect(page.getByTestId(`board-row-${stationId}`).getByRole('button', { name: /^Start a precautionary advisory/ })).toHaveCount(0);

    // The public beach page shows the status staff set, with their reason; no model output.
    const visitor = await browser.newContext({ baseURL: `http://127.0.0.1:${port}`, viewport: { width: 1280, height: 900 } });
    await visitor.clock.install({ time: new Date(Date.now() + server!.clockOffset) });
    await skipWelcome(visitor);
    const publicPage = await visitor.newPage();
    await publicPage.goto(`/beach/${stationId}`);
    const current = publicPage.getByRole('region', { name: 'Current status' });
    await expect(current).toContainText('Advisory');
    await expect(current).toContainText('Precautionary advisory: rainfall nowcast');
    await expect(publicPage.getByText('Likely above')).toHaveCount(0);
    await visitor.close();
  });
});
