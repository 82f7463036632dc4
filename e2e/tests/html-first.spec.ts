import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { atRest, expectNoAxeViolations, keepScreenshot, skipWelcome } from '../support/page-checks';

/**
 * HTML-first public pages (issue 31 item 1, decision 0067): the server sends a page's main content in its HTML.
 * Without JavaScript a beach's status is readable and every public link answers a page; with it, the app takes
 * the server's markup over with the same content in the same place (no layout shift) and axe finds nothing.
 */

interface Profile {
  beach: { name: string };
  status: { name: string };
}

/** A public primary station's beach page and its answer (as scripts/lighthouse.mjs picks one). */
async function aBeach(request: APIRequestContext): Promise<{ path: string; profile: Profile }> {
  const list = await request.get('/api/public/beaches/statuses/');
  expect(list.status()).toBe(200);
  const { statuses } = ((await list.json()) as { payload: { statuses: { beach_station_id: number; type: string }[] } }).payload;
  const station = statuses.find((s) => s.type === 'PRIMARY') ?? statuses[0]!;
  const res = await request.get(`/api/public/beaches/${station.beach_station_id}`);
  expect(res.status()).toBe(200);
  return { path: `/beach/${station.beach_station_id}`, profile: ((await res.json()) as { payload: Profile }).payload };
}

/** The site's own links on the page (no fragment-only or outside links), each once. */
async function ownLinks(page: Page): Promise<string[]> {
  const hrefs = await page.locator('a[href]').evaluateAll((links) => links.map((a) => a.getAttribute('href') ?? ''));
  return [...new Set(hrefs.filter((href) => href.startsWith('/') && !href.startsWith('//')).map((href) => href.split('#')[0]!))];
}

/** Where two serialised pages part: 200 characters of each from the first difference, or '' when they are the same. */
function firstDifference(a: string, b: string): string {
  if (a === b) return '';
  let at = 0;
  while (at < a.length && a[at] === b[at]) at++;
  const from = Math.max(0, at - 80);
  return `at ${at}:\n  hydrated: ${a.slice(from, at + 120)}\n  drawn:    ${b.slice(from, at + 120)}`;
}

/**
 * A server in front of the test server that sends each HTML page in pieces: the page up to each cut, then, after a
 * pause longer than a frame, the next piece; every other request as it is.
 */
async function streamingProxy(baseURL: string, cuts: string[], pauseMs = 600) {
  const server = createServer(async (req, res) => {
    const upstream = await fetch(new URL(req.url ?? '/', baseURL), { headers: { cookie: req.headers.cookie ?? '', accept: req.headers.accept ?? '*/*' } });
    upstream.headers.forEach((value, name) => {
      if (!['content-encoding', 'content-length', 'transfer-encoding', 'connection'].includes(name)) res.setHeader(name, value);
    });
    res.writeHead(upstream.status);
    const body = Buffer.from(await upstream.arrayBuffer());
    if (!(upstream.headers.get('content-type') ?? '').startsWith('text/html')) return res.end(body);
    const html = body.toString('utf8');
    let from = 0;
    for (const cut of cuts) {
      const at = html.indexOf(cut, from);
      expect(at, `the served page has ${cut}`).toBeGreaterThan(from);
      res.write(html.slice(from, at));
      from = at;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
    res.end(html.slice(from));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { proxy: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server };
}

/** A transparent 1 x 1 PNG: a base-map tile that loads. */
const ONE_PIXEL_PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR4nGNgYGBgAAAABQABpfZFQAAAAABJRU5ErkJggg==';

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  // Some thirty pages fetched and three pages shot at two widths: more than the default 30 s on a loaded CI host.
  test.setTimeout(120_000);

  test("a beach's status is readable, and every public link on the public pages answers a page", async ({ page, request }, testInfo) => {
    const { path, profile } = await aBeach(request);
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: profile.beach.name })).toBeVisible();
    const status = page.getByRole('region', { name: 'Current status' });
    await expect(status.getByText(profile.status.name, { exact: true })).toBeVisible();
    await expect(status.getByText('Last sample')).toBeVisible();
    await expect(page).toHaveTitle(`${profile.beach.name} | Beach Portal`);
    // Its latest results too. The chart is drawn by the script: neither its box nor the legend of its marks shows.
    await expect(page.getByRole('table', { name: /^The \d+ latest results, \d{4} season/ })).toBeVisible();
    await expect(page.locator('.results-chart__box')).toBeHidden();
    await expect(page.locator('.results-chart__legend')).toBeHidden();
    // A first visit's HTML carries the welcome pop-up (decision 0073), but a browser that runs no script does not show
    // it: nothing could close it.
    expect(await page.locator('.welcome-modal').count()).toBe(1);
    await expect(page.getByRole('dialog', { name: 'Welcome to the Beach Portal' })).toBeHidden();

    const visited = new Set<string>();
    for (const start of [path, '/beach-actions', '/']) {
      await page.goto(start);
      // A tall viewport rather than fullPage (which measures the page with a script of its own).
      for (const width of [390, 1280]) {
        await page.setViewportSize({ width, height: 1800 });
        await keepScreenshot(page, { path: testInfo.outputPath(`no-js${start.replace(/\W+/g, '-')}-${width}.png`) });
      }
      for (const href of await ownLinks(page)) {
        if (visited.has(href)) continue;
        visited.add(href);
        const res = await page.request.get(href);
        expect(res.status(), href).toBe(200);
        expect(res.headers()['content-type'], href).toContain('text/html');
        // A page, with its heading, in the HTML itself.
        expect(await res.text(), href).toMatch(/<h1\b[^>]*>[^<]+/);
      }
    }
    // Beach Actions' table links each beach it lists to its page, which reads without a script too.
    await page.goto('/beach-actions');
    const firstBeach = page.getByRole('table', { name: 'Advisories and closures in effect now' }).getByRole('link').first();
    const name = (await firstBeach.textContent())!;
    await firstBeach.click();
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Current status' }).locator('.beach-status__name')).not.toBeEmpty();
    expect(visited.size).toBeGreaterThan(10);
    // The developers page's examples are in its HTML too, as paths: the app fills in the site's origin.
    await page.goto('/developers');
    await expect(page.getByText("curl '/api/public/v1/stations'", { exact: true }).first()).toBeVisible();
    // Drawn with its own stylesheets: at a phone's width the long examples wrap in their boxes, the page no wider than
    // the screen (served without them, the lines ran off the right edge).
    await page.setViewportSize({ width: 390, height: 1800 });
    await expect(page.locator('.developers-example pre').first()).toHaveCSS('white-space', 'pre-wrap');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    // The news banner's place, kept in the HTML while its read loads, is no empty band above the heading when no
    // script will ever load it: the heading sits right under the site's header.
    await expect(page.locator('.news-banner--loading')).toHaveCount(1);
    await expect(page.locator('.news-banner--loading')).toBeHidden();
    const gap = await page.evaluate(() => document.querySelector('h1')!.getBoundingClientRect().top - document.querySelector('header')!.getBoundingClientRect().bottom);
    // The main area's top padding and the heading's margin: 101 px at this width; the empty band made it 143.
    expect(gap).toBeLessThan(120);
  });

  test("the map page's list view lists the beaches with their statuses, and its filters work as a form", async ({ page, request }, testInfo) => {
    const { path, profile } = await aBeach(request);
    // No map without a script: the page says so (in <noscript>, which a browser with scripts off shows; Playwright's
    // switch turns off running them, not the parser's view of them, so this is read from the HTML), and its link to
    // the list view is a plain link.
    const served = await (await page.request.get('/')).text();
    expect(served).toContain('<noscript><p>The map needs JavaScript; the list view shows every beach without it.</p></noscript>');
    await page.goto('/');
    await expect(page.getByRole('region', { name: 'Closures and Advisories' })).toBeVisible();
    await page.getByRole('link', { name: 'Open the list view' }).click();
    await expect(page).toHaveURL(/\/\?view=list$/);
    const list = page.getByRole('region', { name: 'Beach list' });
    await expect(list.getByText(/^Showing 25 of \d+ stations\.$/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(25);
    await page.setViewportSize({ width: 390, height: 1800 });
    await keepScreenshot(page, { path: testInfo.outputPath('no-js-list-390.png') });

    // Show more is a link to the same list a page longer, which the server renders.
    await list.getByRole('link', { name: 'Show 25 more' }).click();
    await expect(page).toHaveURL(/\/\?view=list&pages=2$/);
    await expect(list.getByText(/^Showing 50 of \d+ stations\.$/)).toBeVisible();
    await expect(list.getByRole('listitem')).toHaveCount(50);
    await page.goto('/?view=list');

    // The filters are a form sent as a GET: Enter in the search field sends it (the selects' Show beaches button is
    // in <noscript>, as above).
    expect(await (await page.request.get('/?view=list')).text()).toMatch(/<noscript><button type="submit"[^>]*>Show beaches<\/button><\/noscript>/);
    await list.getByLabel('Search by beach or town name').fill(profile.beach.name);
    await list.getByLabel('Search by beach or town name').press('Enter');
    await expect(page).toHaveURL(/[?&]name=/);
    await expect(list.getByText(/^Showing \d+ of \d+ stations?\.$/)).toBeVisible();
    const item = list.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name: profile.beach.name, exact: true }) }).first();
    await expect(item).toContainText(profile.status.name);
    await item.getByRole('link', { name: /^Beach page for / }).click();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
    await expect(page.getByRole('heading', { level: 1, name: profile.beach.name })).toBeVisible();
  });
});

test.describe('without JavaScript, a past day', () => {
  test.use({ javaScriptEnabled: false });
  test.setTimeout(60_000);
  test("the day form is sent as a GET of the page's address, and the server renders the statuses of that day", async ({ page }) => {
    await page.goto('/?view=list');
    await page.getByLabel('Show statuses on a past day').fill('2026-07-10');
    await page.getByRole('button', { name: 'Show day' }).click();
    // The view the form came from travels with the day.
    await expect(page).toHaveURL(/\/\?view=list&date=2026-07-10$/);
    await expect(page.getByText('Statuses on Jul 10, 2026, from the status history.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Beach list' }).getByText(/^Showing \d+ of \d+ stations?\.$/)).toBeVisible();
    // Back to today is a link to the same view without the day; an empty day is today's too.
    await page.getByRole('link', { name: 'Back to today' }).click();
    await expect(page).toHaveURL(/\/\?view=list$/);
    await expect(page.getByText(/^Statuses as of /)).toBeVisible();
    await page.goto('/?view=list&date=2026-07-10');
    await page.getByLabel('Show statuses on a past day').fill('');
    await page.getByRole('button', { name: 'Show day' }).click();
    await expect(page).toHaveURL(/\/\?view=list&date=$/);
    await expect(page.getByText(/^Statuses as of /)).toBeVisible();
  });
});

test.describe('with JavaScript', () => {
  test.setTimeout(120_000);
  test('the app takes the served markup over in place: no layout shift, the same text where it was, axe clean', async ({ page, request }) => {
    await skipWelcome(page);
    // Before any script of the page's own: record layout shifts and the served heading element.
    await page.addInitScript(() => {
      const w = window as unknown as { shifts: { value: number; moved: string }[]; servedH1?: Element | null };
      w.shifts = [];
      // Each shift with what moved (element, box before and after), for the failure's message.
      const name = (node: Node | null) => (node instanceof Element ? `${node.tagName.toLowerCase()}${node.id ? `#${node.id}` : ''}${node.className && typeof node.className === 'string' ? `.${node.className.trim().split(/\s+/).join('.')}` : ''}` : String(node?.nodeName));
      const rect = (r: DOMRectReadOnly) => [r.x, r.y, r.width, r.height].map((n) => Math.round(n * 10) / 10).join(',');
      type Shift = { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as unknown as Shift[]) {
          w.shifts.push({ value: entry.value, moved: entry.sources.map((src) => `${name(src.node)} ${rect(src.previousRect)} -> ${rect(src.currentRect)}`).join('; ') });
        }
      }).observe({ type: 'layout-shift', buffered: true });
      document.addEventListener('readystatechange', () => {
        if (document.readyState === 'interactive' && w.servedH1 === undefined) w.servedH1 = document.querySelector('h1');
      });
    });
    const box = () =>
      page.evaluate(() => {
        const main = document.querySelector('.beach-status, .beach-actions-table, .closures-panel');
        const r = main?.getBoundingClientRect();
        return { text: main?.textContent ?? '', rect: r ? [r.x, r.y, r.width, r.height].map(Math.round).join(',') : '' };
      });
    // The base map as a tile server would give it (the test server has none): a failed tile's notice above the
    // map would move it, which is the tiles' failure, not the takeover's.
    await page.route('**/__no_tiles__/**', (route) => route.fulfill({ contentType: 'image/png', body: Buffer.from(ONE_PIXEL_PNG, 'base64') }));
    const scripts = /\/assets\/.*\.js$/;
    const { path, profile } = await aBeach(request);
    for (const url of [path, '/beach-actions', '/']) {
      // The page as served and styled, its scripts held back.
      await page.route(scripts, (route) => route.abort());
      await page.goto(url, { waitUntil: 'load' });
      const served = await box();
      expect(served.text, url).not.toBe('');
      await page.unroute(scripts);
      await page.goto(url);
      // The served heading was there before the app ran...
      expect(await page.evaluate(() => (window as unknown as { servedH1?: Element | null }).servedH1?.textContent)).toBe(
        url === path ? profile.beach.name : url === '/' ? 'Map' : 'Beach Actions',
      );
      // ...and the app hydrated it (decision 0073): the same element, now React's, with the same text in the same box.
      await page.waitForFunction(() => {
        const h1 = (window as unknown as { servedH1?: Element | null }).servedH1;
        return h1 && document.contains(h1) && Object.keys(h1).some((key) => key.startsWith('__reactFiber'));
      });
      expect(await box(), url).toEqual(served);
      // Each of the three starts its app after its first paint (decisions 0072, 0073): the entry script is asked for
      // only once the served content is on screen.
      const order = await page.evaluate(() => ({
        paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
        entry: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[\w-]+\.js$/.test(e.name))?.startTime ?? NaN,
      }));
      expect(order.entry, url).toBeGreaterThanOrEqual(order.paint);
      await atRest(page);
      // CLS 0 as Lighthouse reports it (three decimals): Beach Actions showed one sub-pixel shift of 0.000009 once.
      const shifts = await page.evaluate(() => (window as unknown as { shifts: { value: number; moved: string }[] }).shifts);
      expect(shifts.reduce((sum, shift) => sum + shift.value, 0), `${url}: ${JSON.stringify(shifts)}`).toBeLessThan(0.0005);
      await expectNoAxeViolations(page, { label: url, summarize: true });
    }
  });

  test('every public page comes with the stylesheets its app brings: none arrives as the app takes over', async ({ page, request }) => {
    await skipWelcome(page);
    const { path } = await aBeach(request);
    // The map is left out: its base map's stylesheet comes with the map, drawn after the first paint by design.
    for (const url of [path, '/beach-actions', '/developers', '/faqs', '/news', '/daily-flight-reports', '/links-and-partners', '/alerts/subscribe']) {
      const served = [...(await (await request.get(url)).text()).matchAll(/<link rel="stylesheet"[^>]* href="([^"]+)"/g)].map((m) => m[1]!);
      await page.goto(url);
      // The page's own content drawn (the alerts' form waits for its places: a moment with no request in flight came
      // between its chunk and that read in a CI run, and the page was still a loading line).
      await expect(page.getByText('Loading…')).toHaveCount(0);
      await atRest(page);
      // The stylesheets that style something on the page (a rule of theirs matches an element). The offline banner's
      // comes with the module started after the first paint and styles nothing until the site is offline.
      const used = await page.evaluate(() => {
        const styles = (rules: CSSRuleList): boolean =>
          Array.from(rules).some((rule) =>
            rule instanceof CSSStyleRule ? document.querySelector(rule.selectorText) !== null : rule instanceof CSSGroupingRule && styles(rule.cssRules),
          );
        return Array.from(document.styleSheets).flatMap((sheet) => (sheet.href && styles(sheet.cssRules) ? [new URL(sheet.href).pathname] : []));
      });
      expect(used.length, url).toBeGreaterThan(0);
      // Every one of them was linked in the HTML the page was served as, so the served markup was drawn with it.
      expect(used.filter((href) => !served.includes(href)), url).toEqual([]);
    }
  });
});

test.describe('with JavaScript, the welcome pop-up and the hydration', () => {
  test.setTimeout(120_000);

  test("a first visit's welcome pop-up is on screen before the app runs, closes once the app has hydrated, and stays out of the next page's HTML", async ({ page }) => {
    // The page as served and styled, its scripts held back: the pop-up is painted with the page.
    const scripts = /\/assets\/.*\.js$/;
    await page.route(scripts, (route) => route.abort());
    await page.goto('/', { waitUntil: 'load' });
    const welcome = page.getByRole('dialog', { name: 'Welcome to the Beach Portal' });
    await expect(welcome.getByRole('heading', { name: 'Welcome to the Beach Portal' })).toBeVisible();
    await page.unroute(scripts);

    await page.goto('/');
    const served = await welcome.elementHandle();
    // Hydrated, not drawn again: the served element is React's now, and the page behind it is inert.
    await page.waitForFunction((element) => element && Object.keys(element).some((key) => key.startsWith('__reactFiber')), served);
    await expect(page.locator('main#main-content')).toHaveJSProperty('inert', true);
    await expect(welcome.locator('.usa-modal')).toBeFocused();
    await welcome.getByRole('button', { name: 'Close', exact: true }).click();
    await expect(welcome).toHaveCount(0);
    await expect(page.locator('main#main-content')).toHaveJSProperty('inert', false);
    expect((await page.context().cookies()).map((cookie) => cookie.name)).toContain('beach-portal-welcome');

    // The next page's HTML, before any script, has no pop-up: the cookie told the server.
    const next = await page.request.get('/beach-actions');
    expect(await next.text()).toContain('<div class="welcome-slot"></div>');
    await page.goto('/beach-actions');
    await expect(page.getByRole('heading', { level: 1, name: 'Beach Actions' })).toBeVisible();
    await expect(welcome).toHaveCount(0);
  });

  test('a hydrated page is the page the app draws by itself: the same markup, attribute for attribute', async ({ browser, request, baseURL }) => {
    // A visitor whose clock is a day ahead of the program's (the server renders in the program's time zone): a date
    // the browser worked out in its own zone would differ here.
    const context = await browser.newContext({ baseURL, timezoneId: 'Pacific/Auckland' });
    const page = await context.newPage();
    await skipWelcome(page);
    // React keeps the served markup's attributes as they are when it hydrates: where the server and the browser drew
    // a page differently, only a render of its own shows it. The same address twice: as served (hydrated), and with
    // the served markup taken out of #root (the app then draws the page itself).
    const markup = () =>
      page.locator('#root').evaluate((root) => {
        const copy = root.cloneNode(true) as Element;
        // What the app draws after its first view whatever happened before: the map's own layers, the offline banner.
        copy.querySelectorAll('.leaflet-container, .offline-banner').forEach((element) => element.replaceChildren());
        const walker = document.createTreeWalker(copy, NodeFilter.SHOW_COMMENT);
        const comments: Node[] = [];
        while (walker.nextNode()) comments.push(walker.currentNode);
        for (const comment of comments) comment.parentNode?.removeChild(comment);
        copy.normalize();
        // React's useId names (`_R_…_` where hydrated, `_r_N_` from a counter where mounted in the browser) number the
        // components in the order they mounted, which follows the order their code and data arrived: each becomes
        // its order of appearance in the markup, so the comparison holds whatever arrived first (a loaded host).
        const names = new Map<string, string>();
        return copy.innerHTML.replace(/_[rR]_[A-Za-z0-9]*_/g, (name) => {
          if (!names.has(name)) names.set(name, `_id${names.size}_`);
          return names.get(name)!;
        });
      });
    // The side panels read after the first view (today's flight, the news): drawn once their answers are in. First
    // the app must have the page: served markup before the app has run reads as settled too (no loading line, no
    // request in flight between the first paint and the boot script's start), and lacks what only the browser
    // draws (a beach page's chart, drawn at its measured width).
    const settled = async () => {
      await page.waitForFunction(
        () => {
          const first = document.querySelector('#root > *');
          return first !== null && Object.keys(first).some((key) => key.startsWith('__reactFiber'));
        },
        undefined,
        { polling: 250 },
      );
      await expect(page.locator('#root').getByText(/^Loading/)).toHaveCount(0);
      await atRest(page);
    };
    const { path } = await aBeach(request);
    for (const url of [path, '/beach-actions', '/', '/?view=list', '/news', '/faqs']) {
      await page.goto(url);
      await settled();
      const hydrated = await markup();
      await page.route(
        (address) => address.pathname === url.split('?')[0] && address.search === (url.includes('?') ? `?${url.split('?')[1]}` : ''),
        async (route) => {
          const response = await route.fetch();
          const body = (await response.text()).replace(/<div id="root">[\s\S]*?<\/div>(?=<script type="application\/json")/, '<div id="root"></div>');
          await route.fulfill({ response, body });
        },
      );
      await page.goto(url);
      await settled();
      await expect.poll(async () => firstDifference(hydrated, await markup()), { message: url, timeout: 15_000 }).toBe('');
      await page.unrouteAll();
    }
    await context.close();
  });
});

test.describe('a page that arrives in pieces', () => {
  test.setTimeout(90_000);
  // A page's HTML can reach the parser in several pieces (a slow network, or a slow phone whose parser yields), and
  // Chromium paints what it has parsed so far. A header painted half parsed moved once the rest came: the search form
  // grew the bottom-anchored secondary navigation upward (Beach Actions, CLS 0.0026), and the logo's two-line text
  // centred the logo 6.6 px lower (a beach page). Both boxes now have their final height before their content is parsed
  // (decision 0079). (`<link rel="expect" blocking="render">`, which asks for no paint before an element is parsed,
  // did not hold Chromium 156's first paint back.)
  test('nothing in the header moves as the rest of the page arrives', async ({ page, request, baseURL }) => {
    await skipWelcome(page);
    const { path } = await aBeach(request);
    const { proxy, server } = await streamingProxy(baseURL!, ['<span class="site-logo__text', '<button type="button" class="usa-menu-btn"', '<form class="usa-search']);
    try {
      await page.addInitScript(() => {
        const w = window as unknown as { shifts: string[] };
        w.shifts = [];
        type Shift = { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as Shift[]) {
            w.shifts.push(`${entry.value.toFixed(5)}: ${entry.sources.map((s) => `${s.node instanceof Element ? s.node.className : s.node?.nodeName} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`).join('; ')}`);
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      // At a desktop width, where the secondary navigation sits on the header's bottom edge, and at a phone's, where
      // the logo shares the bar with the menu button.
      for (const width of [1280, 390]) {
        await page.setViewportSize({ width, height: 900 });
        for (const url of ['/beach-actions', path]) {
          // Scripts held back: what is measured is the served page as it arrives, not the app's takeover.
          await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
          await page.goto(`${proxy}${url}`, { waitUntil: 'load' });
          await expect(page.locator('header.usa-header form[role="search"]')).toBeAttached();
          // Two frames after load: a shift of the last piece is reported by then.
          await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
          expect(await page.evaluate(() => (window as unknown as { shifts: string[] }).shifts), `${url} at ${width} px`).toEqual([]);
          await page.unrouteAll();
        }
      }
    } finally {
      server.close();
    }
  });

  test("a page's first paint is its whole first view: a beach's status, a first visit's welcome pop-up", async ({ browser, request, baseURL }) => {
    const { path, profile } = await aBeach(request);
    // Each page up to a cut inside its first view, then the rest 600 ms later: a browser left to itself paints the
    // header and what else it has in the pause (decision 0091). The first paint must come with the part after the cut.
    // The beach page pauses again just after its first view, before its side column: at a desktop width the first
    // view is painted without it, and nothing may move when it comes.
    const cases = [
      {
        url: path,
        cuts: ['<dl class="beach-facts"', '<section class="beach-section" aria-labelledby="history-heading"'],
        after: '.beach-facts',
        firstVisit: false,
        shows: ['.beach-status__name', profile.status.name],
      },
      { url: '/', cuts: ['<div class="usa-modal__footer"'], after: '.usa-modal__footer', firstVisit: true, shows: ['.welcome-modal h2', 'Welcome'] },
    ];
    for (const { url, cuts, after, firstVisit, shows } of cases) {
      const { proxy, server } = await streamingProxy(baseURL!, cuts);
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      try {
        if (!firstVisit) await skipWelcome(context);
        const page = await context.newPage();
        await page.addInitScript((selector) => {
          const w = window as unknown as { afterAt?: number; shifts: string[] };
          w.shifts = [];
          type Shift = { value: number; sources: { node: Node | null; previousRect: DOMRectReadOnly; currentRect: DOMRectReadOnly }[] };
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as Shift[]) {
              w.shifts.push(`${entry.value.toFixed(5)}: ${entry.sources.map((s) => `${s.node instanceof Element ? s.node.className : s.node?.nodeName} y ${Math.round(s.previousRect.y)} -> ${Math.round(s.currentRect.y)}`).join('; ')}`);
            }
          }).observe({ type: 'layout-shift', buffered: true });
          new MutationObserver((_, observer) => {
            if (!document.querySelector(selector)) return;
            w.afterAt = performance.now();
            observer.disconnect();
          }).observe(document, { childList: true, subtree: true });
        }, after);
        await page.route(/\/assets\/.*\.js$/, (route) => route.abort());
        await page.goto(`${proxy}${url}`, { waitUntil: 'load' });
        await expect(page.locator(shows[0]!).first()).toContainText(shows[1]!);
        const times = await page.evaluate(async () => {
          await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
          const w = window as unknown as { afterAt?: number; shifts: string[] };
          return { paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN, after: w.afterAt ?? NaN, shifts: w.shifts };
        });
        expect(times.after, url).toBeGreaterThan(500);
        expect(times.paint, url).toBeGreaterThanOrEqual(times.after);
        expect(times.shifts, url).toEqual([]);
      } finally {
        await context.close();
        server.close();
      }
    }
  });
});
