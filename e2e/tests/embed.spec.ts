import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoAxeViolations, skipWelcome } from '../support/page-checks';

/**
 * A town puts a beach's status on its own website (issue 31 item 4, decision 0062): its page, on another origin,
 * frames /embed/beach/{id} and /embed/beaches?ids=; the frames load with the status the public beach page
 * shows and a link that opens that page in a new tab. axe clean on the embeds (English and Spanish); the
 * developers page gives the snippet.
 */

interface Profile {
  beach_station_id: number;
  beach: { name: string };
  station_name: string;
  status: { name: string; since: string | null; reason: string | null };
}

/** A town's website: a page with the snippet in it, served from http://localhost:<port> (not the app's 127.0.0.1 origin). */
async function townSite(html: string) {
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(html);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://localhost:${port}/`, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}

/** Public beaches as the public site knows them (the open data API's stations), with their beach page answers. */
async function publicBeaches(request: APIRequestContext, count: number): Promise<Profile[]> {
  const stations = await request.get('/api/public/v1/stations');
  expect(stations.status()).toBe(200);
  const features = ((await stations.json()) as { features: { id?: number; properties: { station_id?: number; beach_station_id?: number } }[] }).features;
  const ids = features.map((f) => f.properties.beach_station_id ?? f.properties.station_id ?? f.id).filter((id): id is number => typeof id === 'number');
  const profiles: Profile[] = [];
  for (const id of ids.slice(0, count)) {
    const res = await request.get(`/api/public/beaches/${id}`);
    expect(res.status(), `beach ${id}`).toBe(200);
    profiles.push(((await res.json()) as { payload: Profile }).payload);
  }
  return profiles;
}

test('a town website on another origin shows a beach status in a frame, with a link to the beach page', async ({ page, context, baseURL }) => {
  test.setTimeout(90_000);
  await skipWelcome(context);
  const [beach, second] = await publicBeaches(page.request, 2);
  const town = await townSite(
    `<!doctype html><html lang="en"><head><title>Town of Seaside</title></head><body><h1>Town of Seaside</h1>` +
      `<iframe src="${baseURL}/embed/beach/${beach!.beach_station_id}" title="Beach water quality" width="360" height="200"></iframe>` +
      `<iframe src="${baseURL}/embed/beaches?ids=${beach!.beach_station_id},${second!.beach_station_id}&amp;lang=es" title="Calidad del agua" width="360" height="400"></iframe>` +
      `</body></html>`,
  );
  try {
    const embedAnswer = page.waitForResponse((res) => res.url() === `${baseURL}/embed/beach/${beach!.beach_station_id}`);
    await page.goto(town.url);
    expect(new URL(page.url()).origin).not.toBe(new URL(baseURL!).origin);
    const answer = await embedAnswer;
    expect(answer.status()).toBe(200);
    expect(answer.headers()['content-security-policy']).toContain('frame-ancestors *');
    expect(answer.headers()['x-frame-options']).toBeUndefined();
    expect(answer.headers()['set-cookie']).toBeUndefined();

    const frame = page.frameLocator('iframe[title="Beach water quality"]');
    await expect(frame.getByRole('heading', { level: 1 })).toContainText(beach!.beach.name);
    await expect(frame.getByText(beach!.status.name, { exact: true })).toBeVisible();
    if (beach!.status.reason) await expect(frame.getByText(beach!.status.reason)).toBeVisible();
    const link = frame.getByRole('link', { name: /^Details for / });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', 'noopener');

    const list = page.frameLocator('iframe[title="Calidad del agua"]');
    await expect(list.getByRole('heading', { level: 1, name: 'Calidad del agua de las playas' })).toBeVisible();
    await expect(list.getByRole('heading', { level: 2 })).toHaveCount(2);
    await expect(list.getByRole('link', { name: /^Detalles de / })).toHaveCount(2);

    // The link opens the beach's live page on the site, in a new tab.
    const [beachPage] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await beachPage.waitForURL(`${baseURL}/beach/${beach!.beach_station_id}`);
    await expect(beachPage.getByRole('heading', { level: 1 })).toBeVisible();
    await beachPage.close();
  } finally {
    await town.close();
  }
});

test('the embeds pass axe in English and Spanish, and a hidden or unknown beach is a 404 page', async ({ page }) => {
  const [beach, second] = await publicBeaches(page.request, 2);
  await page.goto(`/embed/beach/${beach!.beach_station_id}`);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(beach!.beach.name);
  await expectNoAxeViolations(page);
  await page.goto(`/embed/beaches?ids=${beach!.beach_station_id},${second!.beach_station_id}&lang=es`);
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  await expectNoAxeViolations(page);
  const missing = await page.goto('/embed/beach/2147483647');
  expect(missing!.status()).toBe(404);
  await expect(page.getByText('This beach is not available.')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('the developers page gives the snippet for one beach and for a list', async ({ page, context, baseURL }) => {
  await skipWelcome(page);
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL! });
  const [beach, second] = await publicBeaches(page.request, 2);
  await page.goto('/developers');
  const section = page.getByRole('region', { name: 'Show a beach status on your website' });
  await expect(section).toBeVisible();
  await section.getByLabel('Beach id', { exact: true }).fill(String(beach!.beach_station_id));
  const one = `<iframe src="${baseURL}/embed/beach/${beach!.beach_station_id}" title="Beach water quality"`;
  await expect(section.locator('code').first()).toContainText(one);
  await section.getByRole('button', { name: /^Copy the example/ }).first().click();
  await expect(section.getByRole('status').first()).toHaveText('Copied');
  expect(await page.evaluate(() => navigator.clipboard.readText())).toContain(one);
  await section.getByLabel(/^Beach ids/).fill(`${beach!.beach_station_id}, ${second!.beach_station_id}`);
  await expect(section.locator('code').nth(1)).toContainText(`${baseURL}/embed/beaches?ids=${beach!.beach_station_id},${second!.beach_station_id}"`);
  await section.getByLabel(/^Beach ids/).fill('1,abc');
  await expect(section.getByText('Enter beach ids: whole numbers from 1, separated by commas.')).toBeVisible();
  await expectNoAxeViolations(page);
});
