import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { atRest, expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * The public site offline (issue 31 item 2, decision 0066): a visitor who has seen `/`, a beach page and the map's
 * list opens them again with no network, each marked "Offline: statuses as of <time>" (English, then Spanish);
 * back online the marking goes; a new version of the worker takes over on the next visit, its old caches removed.
 */

const SLOW_READ = { timeout: 20_000 };
const MARK = /^Offline: statuses as of [A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2}\s[AP]M$/;
const MARK_ES = /^Sin conexión: estados al \d{1,2} [a-z]{3}\.? \d{4},? \d{1,2}:\d{2}/;

/** The page controlled by the site's worker, which has kept `url` (a public read) by now. */
async function kept(page: Page, url: string) {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, SLOW_READ);
  await expect.poll(() => page.evaluate(async (u) => (await caches.match(u)) !== undefined, url), { ...SLOW_READ, message: `${url} kept` }).toBe(true);
}

/** Every URL the site's caches hold (paths with their queries). */
function cachedUrls(page: Page) {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(`${name} ${new URL(request.url).pathname}`);
    }
    return urls;
  });
}

const banner = (page: Page) => page.locator('#offline-banner');

test('offline, `/`, a beach page and the list open from the last good copy, marked, in English and Spanish', async ({ page, context }, testInfo) => {
  test.setTimeout(360_000);
  await skipWelcome(context);
  const response = await page.request.get('/api/public/map/statuses');
  const { payload } = (await response.json()) as { payload: { stations: { id: number[] } } };
  const beach = `/beach/${payload.stations.id[0]}`;

  // Online: the three pages, each read kept by the worker.
  await page.goto('/');
  await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
  await kept(page, '/api/public/map/statuses');
  await page.goto(beach);
  const beachName = (await page.getByRole('heading', { level: 1 }).textContent())!;
  await expect(page.getByRole('heading', { level: 2, name: 'Current status' })).toBeVisible(SLOW_READ);
  const status = (await page.locator('#status-heading + *').first().innerText()).split('\n')[0]!;
  await kept(page, `/api/public/beaches/${payload.stations.id[0]}`);
  await page.goto('/?view=list');
  await expect(page.getByText(/^Showing \d+ of \d+ stations\.$/)).toBeVisible(SLOW_READ);
  await expect.poll(async () => (await cachedUrls(page)).some((u) => u.endsWith('/api/public/map/list')), SLOW_READ).toBe(true);
  await expect(banner(page).locator('section')).toHaveCount(0);

  // Nothing but public reads and the app's own files is kept: no staff call, no portal page.
  for (const url of await cachedUrls(page)) {
    expect(url, url).toMatch(/^beach-(app|data)-[0-9a-f]{12} \/(index\.html|manifest\.webmanifest|icons\/[\w-]+\.png|assets\/[\w.-]+|api\/public\/[\w/]+)$/);
    // Nor the boot script, which a rendered page carries inline and no page asks for as a file.
    expect(url, url).not.toMatch(/\/assets\/boot-/);
  }

  await context.setOffline(true);
  for (const [path, check] of [
    ['/', () => expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible()],
    [beach, () => expect(page.getByRole('heading', { level: 1, name: beachName })).toBeVisible()],
    ['/?view=list', () => expect(page.getByText(/^Showing \d+ of \d+ stations\.$/)).toBeVisible(SLOW_READ)],
  ] as const) {
    await page.goto(path);
    await check();
    await expect(banner(page).getByRole('status')).toBeVisible();
    await expect(banner(page).locator('.offline-banner__title')).toHaveText(MARK);
    if (path === beach) await expect(page.locator('#status-heading + *').first()).toContainText(status);
    await expectNoAxeViolations(page, { label: `${path} offline`, summarize: true });
    await shoot(page, testInfo, `offline${path === '/' ? '-map' : path === beach ? '-beach' : '-list'}`, { fullPage: false });
  }

  // Spanish, still offline: its text comes from the worker's copy too.
  await page.getByRole('button', { name: 'Español' }).click();
  await expect(banner(page).locator('.offline-banner__title')).toHaveText(MARK_ES);
  await page.goto(beach);
  await expect(page.getByRole('heading', { level: 1, name: beachName })).toBeVisible();
  await expect(banner(page).locator('.offline-banner__title')).toHaveText(MARK_ES);
  await expectNoAxeViolations(page, { label: 'beach page offline, Spanish', summarize: true });
  await shoot(page, testInfo, 'offline-beach-es', { fullPage: false });

  // A staff page is never kept: offline it does not open.
  await expect(page.goto('/login')).rejects.toThrow(/ERR_INTERNET_DISCONNECTED|ERR_FAILED/);

  // Back online: the marking goes.
  await context.setOffline(false);
  await page.goto(beach);
  await expect(page.getByRole('heading', { level: 1, name: beachName })).toBeVisible();
  await atRest(page);
  await expect(banner(page).locator('section')).toHaveCount(0);
});

/**
 * What the site's workers and the proxy did, second by second, for a failure's message: each version's state and
 * running status as DevTools reports them (the ServiceWorker domain), and each request the proxy saw start and end.
 * Its `clients` count is not the page's control: it drops to 0 at the second visit while navigator.serviceWorker
 * .controller is still the old worker (seen in passing runs). A request started and never done is one the old
 * worker may still be answering, which keeps it from handing over.
 */
async function workerTimeline(page: Page) {
  const started = Date.now();
  const lines: string[] = [];
  const add = (text: string) => void lines.push(`${((Date.now() - started) / 1000).toFixed(1)} s ${text}`);
  const cdp = await page.context().newCDPSession(page);
  cdp.on('ServiceWorker.workerVersionUpdated', ({ versions }) => {
    for (const v of versions) add(`worker ${v.versionId} ${v.status} ${v.runningStatus} clients=${(v.controlledClients ?? []).length}`);
  });
  await cdp.send('ServiceWorker.enable');
  return { add, lines: () => lines };
}

/**
 * A stand-in for a deploy: a proxy on an origin of its own in front of the worker's server, whose sw.js can be
 * switched to another build's (the same code under another version), as a new build's server would send it.
 */
async function deployableProxy(target: string, log: (text: string) => void) {
  let version: { from: string; to: string } | null = null;
  const server = http.createServer((request, response) => {
    log(`proxy ${request.method} ${request.url}`);
    response.on('close', () => log(`proxy done ${response.statusCode} ${request.url}${response.writableFinished ? '' : ' (cut)'}`));
    const isWorker = request.url?.split('?')[0] === '/sw.js';
    const headers = { ...request.headers, host: new URL(target).host };
    // The worker's script whole and uncompressed, to be rewritten (no 304 for the browser's copy).
    if (isWorker) for (const name of ['accept-encoding', 'if-none-match', 'if-modified-since'] as const) delete headers[name];
    const upstream = http.request(`${target}${request.url}`, { method: request.method, headers }, (answer) => {
      if (!isWorker || !version) {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (chunk: Buffer) => chunks.push(chunk));
      answer.on('end', () => {
        const body = Buffer.from(Buffer.concat(chunks).toString('utf8').replaceAll(version!.from, version!.to));
        const { etag: _etag, 'content-length': _length, ...rest } = answer.headers;
        response.writeHead(answer.statusCode ?? 502, { ...rest, 'content-length': String(body.length) });
        response.end(body);
      });
    });
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    deploy: (from: string, to: string) => (version = { from, to }),
    close: () => new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

test('a new version of the worker is taken up on the next visit, and its old caches are removed', async ({ page, context, baseURL }) => {
  test.setTimeout(200_000);
  await skipWelcome(context);
  const timeline = await workerTimeline(page);
  const proxy = await deployableProxy(baseURL!, timeline.add);
  try {
    await page.goto(`${proxy.base}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    await kept(page, '/api/public/map/statuses');
    const names = await page.evaluate(() => caches.keys());
    const version = names.find((name) => name.startsWith('beach-app-'))!.slice('beach-app-'.length);
    expect(names.sort(), 'the first visit\'s caches').toEqual([`beach-app-${version}`, `beach-data-${version}`]);

    // A new build is deployed; the visitor comes back.
    const next = 'feedc0ffee00';
    proxy.deploy(version, next);
    await page.goto(`${proxy.base}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    // The new worker installs (its first view's files, through the proxy) before it takes over and removes the old
    // caches: 20 s ran out once at a load of 11, with the new version's app cache made and still filling, and a CI
    // run of the whole suite on a slow host failed this test once more (its output kept no more than the assertion).
    await expect
      .poll(() => page.evaluate(() => caches.keys().then((keys) => keys.sort())), { timeout: 100_000, message: 'the new version\'s caches, and no others' })
      .toEqual([`beach-app-${next}`, `beach-data-${next}`])
      .catch(async (error: Error) => {
        // What the registration holds says which step stopped: an install that failed, or one waiting to activate.
        const workers = await page.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          const of = (worker: ServiceWorker | null | undefined) => (worker ? `${worker.state} ${new URL(worker.scriptURL).pathname}` : null);
          return { installing: of(registration?.installing), waiting: of(registration?.waiting), active: of(registration?.active), controller: of(navigator.serviceWorker.controller) };
        });
        throw new Error(`${error.message}\nworkers: ${JSON.stringify(workers)}\ntimeline:\n${timeline.lines().join('\n')}`);
      });
    // The new version controls the page and has kept what the page read before it took over: offline works.
    await kept(page, '/api/public/map/statuses');
    await context.setOffline(true);
    await page.goto(`${proxy.base}/`);
    await expect(page.getByRole('heading', { level: 1, name: 'Map' })).toBeVisible();
    await expect(banner(page).locator('.offline-banner__title')).toHaveText(MARK);
    await context.setOffline(false);
  } finally {
    await proxy.close();
  }
});
