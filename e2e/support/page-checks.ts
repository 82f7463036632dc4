import AxeBuilder from '@axe-core/playwright';
import { expect, type Browser, type BrowserContext, type Locator, type Page, type Request, type TestInfo, type ViewportSize } from '@playwright/test';

/** The WCAG 2 A and AA rules most specs scan with. */
export const WCAG_2_A_AA = ['wcag2a', 'wcag2aa'];

export interface AxeOptions {
  /** axe rule tags to run: WCAG 2 A and AA unless given; 'all' runs every rule axe has (best practices too). */
  tags?: string[] | 'all';
  /** The assertion's message (which page or width failed). */
  label?: string;
  /** Compare `rule id: targets` lines instead of axe's full violation objects (shorter failure output). */
  summarize?: boolean;
}

/**
 * axe's violations on the page once it is at rest. Every scan of the suite goes through here, and runs axe in the
 * page itself (`setLegacyMode`): @axe-core/playwright's default runs axe in each frame and then opens a blank page of
 * the context to merge the frames' results, which doubled a scan's time (portal pages 2.9-4.4 s against 1.5-1.7 s,
 * public pages 1.5 s against 0.8 s, on an idle 2-core host) for what only a cross-origin frame needs. No page the
 * suite scans has one: the app's only frame is the same-origin download frame, which axe still reaches in this mode,
 * and the embed is scanned on its own route (embed.spec.ts).
 */
async function axeViolations(page: Page, tags: AxeOptions['tags'] = WCAG_2_A_AA) {
  await atRest(page);
  const builder = new AxeBuilder({ page }).setLegacyMode(true);
  if (tags !== 'all') builder.withTags(tags);
  return (await builder.analyze()).violations;
}

/** axe on the page once it is at rest: no violations of the given rules. */
export async function expectNoAxeViolations(page: Page, options: AxeOptions = {}) {
  const violations = await axeViolations(page, options.tags);
  if (options.summarize) {
    expect(
      violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
      options.label,
    ).toEqual([]);
  } else {
    expect(violations, options.label).toEqual([]);
  }
}

const inflight = new WeakMap<BrowserContext, Set<Request>>();

/**
 * Counts a context's requests in flight, on every page of it, from now on. The `test` of support/test.ts
 * tracks each test's own context from its start; a context a test opens itself is tracked from its first
 * atRest call (open it with trackedContext to count from the start).
 */
export function trackRequests(context: BrowserContext): Set<Request> {
  let requests = inflight.get(context);
  if (!requests) {
    const set = new Set<Request>();
    const done = (r: Request) => set.delete(r);
    context.on('request', (r) => set.add(r));
    context.on('requestfinished', done);
    context.on('requestfailed', done);
    inflight.set(context, set);
    requests = set;
  }
  return requests;
}

/**
 * The page at rest (decision 0055), before axe reads it or a screenshot or a layout measure is taken: no
 * request of its context in flight, its fonts loaded, no finite animation or transition running (a dialog
 * still fading out lies half-transparent over the buttons behind it, and axe measured their contrast through
 * it: 4.09:1 and 4.48:1 in CI runs; a dialog fading in, 4.47:1), also two frames on, then ready. Conditions only, never a fixed sleep; an endless
 * animation, if a page ever has one, is not waited for.
 */
export async function atRest(page: Page, timeout = 15_000) {
  const requests = trackRequests(page.context());
  await expect.poll(() => [...requests].map((r) => r.url()), { timeout, message: 'requests still in flight' }).toEqual([]);
  // Playwright's waitForFunction takes a predicate's value as it is: a promise is truthy at once, so the checks are
  // synchronous and the two frames are waited for by page.evaluate (which does await). Before, an async predicate
  // here let every call through on its first look, whatever was running (axe then measured a dialog mid-fade at
  // 4.47:1 and 4.08:1).
  await page.waitForFunction(pageAtRest, undefined, { timeout });
  // Looked at again two frames on: a transition a class change has just set off (a dialog's fade-in, started in the
  // frame after it was opened) is not running yet at the first look.
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
  await page.waitForFunction(pageAtRest, undefined, { timeout });
}

/**
 * In the page: fonts loaded, the document complete, no finite animation or transition running, and no open dialog
 * still part-transparent (its fade as the style has it).
 */
function pageAtRest(): boolean {
  const fading = (element: Element | null): boolean => {
    for (let e = element; e; e = e.parentElement) {
      const opacity = Number(getComputedStyle(e).opacity);
      if (opacity > 0 && opacity < 1) return true;
    }
    return false;
  };
  const running =
    document.getAnimations().some((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity) ||
    Array.from(document.querySelectorAll('[role="dialog"], dialog[open]')).some(fading);
  return document.fonts.status === 'loaded' && document.readyState === 'complete' && !running;
}

/**
 * Waits until the app has taken over the page the server rendered (decision 0067: createRoot on the filled #root
 * replaces the served markup with its own first render). React's elements carry a `__reactFiber$…` key, the
 * server's never do. A page without served markup (the staff portal, an offline shell, no #root) has nothing to
 * wait for.
 */
export async function appTookOver(page: Page, timeout = 15_000) {
  await page.waitForFunction(
    () => {
      const first = document.getElementById('root')?.firstElementChild;
      return !first || Object.keys(first).some((key) => key.startsWith('__reactFiber$'));
    },
    undefined,
    { timeout },
  );
}

/** A new browser context whose requests are counted from its first page on (for atRest). */
export async function trackedContext(browser: Browser, options?: Parameters<Browser['newContext']>[0]) {
  const context = await browser.newContext(options);
  trackRequests(context);
  return context;
}

export interface ShootOptions {
  /** Widths to shoot, each at 900 high (1280 and 390 unless given). */
  widths?: number[];
  /** The viewport afterwards: 'original' (what it was before, if known) or a size (1280 x 900 unless given). */
  restore?: 'original' | ViewportSize;
  /** A folder each screenshot is also written to, when set (e.g. process.env.WQX_SHOTS). */
  alsoTo?: string;
  /** Whole-page screenshots (true unless given). */
  fullPage?: boolean;
}

/**
 * Whether the suite keeps screenshots for people to look at (decision 0078): yes, unless E2E_SCREENSHOTS is 'off', as
 * `npm test`'s full run sets it, where no one looks at them and they took about 7 % of the browser tests' time. A
 * screenshot a test reads (signs.spec.ts decodes the printed QR code from one) is taken either way.
 */
export const KEEP_SCREENSHOTS = process.env.E2E_SCREENSHOTS !== 'off';

/** A screenshot kept for people to look at (not read by the test): taken only when KEEP_SCREENSHOTS. */
export async function keepScreenshot(target: Page | Locator, options: { path: string; fullPage?: boolean }) {
  if (KEEP_SCREENSHOTS) await target.screenshot(options);
}

/**
 * Screenshots of the page at each width into the test's output, `${name}-${width}.png`, then the viewport put back.
 * With screenshots off (KEEP_SCREENSHOTS), only the viewport is set as it would be afterwards.
 */
export async function shoot(page: Page, testInfo: TestInfo, name: string, options: ShootOptions = {}) {
  const { widths = [1280, 390], restore = { width: 1280, height: 900 }, alsoTo, fullPage = true } = options;
  const original = page.viewportSize();
  for (const width of KEEP_SCREENSHOTS ? widths : []) {
    await page.setViewportSize({ width, height: 900 });
    await atRest(page);
    const file = `${name}-${width}.png`;
    await page.screenshot({ path: testInfo.outputPath(file), fullPage });
    if (alsoTo) await page.screenshot({ path: `${alsoTo}/${file}`, fullPage });
  }
  const after = restore === 'original' ? original : restore;
  if (after) await page.setViewportSize(after);
}

/** The localStorage key the public site's welcome pop-up is dismissed under. */
export const WELCOME_KEY = 'beach-portal:welcome-dismissed';

/** The cookie that tells the server's render the pop-up was dismissed (decision 0073), as the app sets it. */
export const WELCOME_COOKIE = 'beach-portal-welcome';

/**
 * Every page loaded from now on (in this page or context) has dismissed the welcome pop-up on an earlier visit: its
 * storage says so, and so does its cookie (the servers are all on 127.0.0.1, whatever their port), so the server's
 * render leaves the pop-up out as it does for a real returning visitor.
 */
export async function skipWelcome(target: Page | BrowserContext) {
  const script = (key: string) => window.localStorage.setItem(key, new Date().toISOString());
  await target.addInitScript(script, WELCOME_KEY);
  const context = 'context' in target ? target.context() : target;
  await context.addCookies([{ name: WELCOME_COOKIE, value: new Date().toISOString().slice(0, 10), domain: '127.0.0.1', path: '/' }]);
}
