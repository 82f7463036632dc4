import AxeBuilder from '@axe-core/playwright';
import { expect, type BrowserContext, type Page, type TestInfo, type ViewportSize } from '@playwright/test';

/** The WCAG 2 A and AA rules most specs scan with. */
export const WCAG_2_A_AA = ['wcag2a', 'wcag2aa'];

export interface AxeOptions {
  /** axe rule tags to run (WCAG 2 A and AA unless given). */
  tags?: string[];
  /** The assertion's message (which page or width failed). */
  label?: string;
  /** Compare `rule id: targets` lines instead of axe's full violation objects (shorter failure output). */
  summarize?: boolean;
}

/** axe on the page as it is now: no violations of the given rules. */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  // The page at rest: a dialog still fading out (USWDS's 0.15 s opacity transition) lies half-transparent over the
  // buttons behind it, and axe measures their contrast through it (failed 4.09:1 and 4.48:1 in CI runs).
  // (An endless animation, if a page ever has one, is not waited for.)
  await page.waitForFunction(
    () => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getTiming().iterations === Infinity),
    undefined,
    { timeout: 5_000 },
  );
  const { violations } = await new AxeBuilder({ page }).withTags(options.tags ?? WCAG_2_A_AA).analyze();
  if (options.summarize) {
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      options.label,
    ).toEqual([]);
  } else {
    expect(violations, options.label).toEqual([]);
  }
}

export interface ShootOptions {
  /** Widths to shoot, each at 900 high (1280 and 390 unless given). */
  widths?: number[];
  /** Milliseconds to let the layout settle after each resize before the screenshot (none unless given). */
  settleMs?: number;
  /** The viewport afterwards: 'original' (what it was before, if known) or a size (1280 x 900 unless given). */
  restore?: 'original' | ViewportSize;
  /** A folder each screenshot is also written to, when set (e.g. process.env.WQX_SHOTS). */
  alsoTo?: string;
  /** Whole-page screenshots (true unless given). */
  fullPage?: boolean;
}

/** Screenshots of the page at each width into the test's output, `${name}-${width}.png`, then the viewport put back. */
export async function shoot(page: Page, testInfo: TestInfo, name: string, options: ShootOptions = {}) {
  const { widths = [1280, 390], settleMs, restore = { width: 1280, height: 900 }, alsoTo, fullPage = true } = options;
  const original = page.viewportSize();
  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    if (settleMs !== undefined) await page.waitForTimeout(settleMs);
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: testInfo.outputPath(file), fullPage });
    if (alsoTo) await page.screenshot({ path: `${alsoTo}/${file}`, fullPage });
  }
  const after = restore === 'original' ? original : restore;
  if (after) await page.setViewportSize(after);
}

/** The localStorage key the public site's welcome pop-up is dismissed under. */
export const WELCOME_KEY = 'beach-portal:welcome-dismissed';

/** Every page loaded from now on (in this page or context) has dismissed the welcome pop-up on an earlier visit. */
export async function skipWelcome(target: Page | BrowserContext) {
  const script = (key: string) => window.localStorage.setItem(key, new Date().toISOString());
  await target.addInitScript(script, WELCOME_KEY);
}
