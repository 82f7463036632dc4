import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';
import { DATABASE_KINDS, startProductionServer, type ProductionServer } from '../support/production-server';

/**
 * Issue 25: a new agency's first day, as docs/first-day.md tells it, from an empty production database (no
 * demo data) on PGlite and on PostgreSQL. The first administrator comes from `npm run admin -- create`
 * and sets a password through the printed link; the dashboard's set-up checklist leads through Places
 * (loaded from the shipped sample files), the program's season, an LHA, an organization, a beach station
 * and a sampler; the sampler enters a result, the administrator verifies it, and the public map and the
 * beach page show the beach Open. The server runs on a mid-season day of this year (a season's status
 * shows only in season).
 */

const docs = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../docs/places');
const YEAR = new Date().getFullYear();
const DAY = `${YEAR}-07-15`;
const PASSWORD = 'tidal-basin-first-admin-2026';
const SAMPLER_PASSWORD = 'sampler-own-pass-2026';
const STATION = 'BH-01';
const BEACH = 'Bay Head Beach';
const basePort = Number(process.env.E2E_PORT ?? 3100) + 20;

/** A browser context of its own on the server's clock. */
async function personOn(browser: Browser, server: ProductionServer): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.base, viewport: { width: 1280, height: 900 } });
  await context.clock.install({ time: new Date(Date.now() + server.clockOffset) });
  await skipWelcome(context);
  return context.newPage();
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The checklist on the dashboard: its heading ("n of 7 done"). */
async function checklistDone(page: Page, done: number) {
  await page.goto('/portal');
  await expect(page.getByRole('heading', { level: 2, name: `Set up your agency: ${done} of 7 done` })).toBeVisible();
}

async function loadPlacesFile(page: Page, file: string, expected: RegExp) {
  const load = page.getByRole('region', { name: 'Load places from a file' });
  await load.getByLabel('Places file').setInputFiles(path.join(docs, file));
  await expect(load.getByRole('table', { name: 'What the file holds' })).toContainText(expected);
  await load.getByRole('button', { name: /^Load \d+/ }).click();
  await expect(load.getByRole('status').filter({ hasText: /loaded|Loaded/ })).toBeVisible();
}

for (const kind of DATABASE_KINDS) {
  test.describe(`a new agency's first day on ${kind}`, () => {
    test.describe.configure({ mode: 'serial' });
    let server: ProductionServer;

    test.beforeAll(async () => {
      test.setTimeout(240_000);
      server = await startProductionServer({
        port: basePort + (kind === 'postgres' ? 1 : 0),
        day: DAY,
        name: 'day-one',
        kind,
        admin: { email: 'chief@agency.gov', name: 'Dana Whitfield', organization: 'Division of Water Monitoring', abbv: 'DWM', program: 'Ocean Beaches', programAbbv: 'OCEAN' },
      });
    });

    test.afterAll(async () => {
      await server?.stop();
    });

    test('from the CLI administrator to a status on the public map, without SQL or demo data', async ({ browser }) => {
      test.setTimeout(300_000);
      expect(server.cliOutput).toContain('one-time link');
      const admin = await personOn(browser, server);

      // The public map has nothing yet: no places, no beaches.
      const empty = await admin.request.get('/api/public/beaches/statuses/');
      expect(((await empty.json()) as { payload: { statuses: unknown[] } }).payload.statuses).toEqual([]);

      // The one-time link sets the password; then the administrator signs in.
      await admin.goto(server.resetPath);
      await admin.getByLabel('New password', { exact: true }).fill(PASSWORD);
      await admin.getByLabel('Retype new password').fill(PASSWORD);
      await admin.getByRole('button', { name: 'Change password' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'log in with your new password' })).toBeVisible();
      await signIn(admin, 'chief@agency.gov', PASSWORD);
      await expect(admin).toHaveURL(/\/portal$/);
      await expect(admin.getByRole('heading', { level: 2, name: 'Set up your agency: 0 of 7 done' })).toBeVisible();
      await expectNoAxeViolations(admin);
      await shoot(admin, test.info(), `day-one-${kind}-checklist`);

      // 1. Places, from the shipped sample files.
      await admin.getByRole('link', { name: 'Load your counties and municipalities' }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Places Management' })).toBeVisible();
      await loadPlacesFile(admin, 'nj-counties.csv', /21/);
      await loadPlacesFile(admin, 'nj-demo-municipalities.csv', /119/);
      await checklistDone(admin, 1);

      // 2. This year's season of the program (the administrator's only program is chosen for them).
      await admin.getByRole('link', { name: `Set each program’s ${YEAR} swimming season` }).click();
      await expect(admin.getByRole('heading', { level: 1, name: 'Seasons' })).toBeVisible();
      await expect(admin.getByText(`The program has no ${YEAR} season`)).toBeVisible();
      await admin.getByRole('button', { name: `Add the ${YEAR} season` }).click();
      await admin.getByLabel('Pre-season sampling starts').fill(`${YEAR}-05-11`);
      await admin.getByLabel('Swimming season starts').fill(`${YEAR}-05-23`);
      await admin.getByLabel('Swimming season ends (last day)').fill(`${YEAR}-09-07`);
      await admin.getByRole('button', { name: 'Save season' }).click();
      await expect(admin.getByRole('status').filter({ hasText: `The ${YEAR} season was saved` })).toBeVisible();
      await expect(admin.getByText(`In season: the ${YEAR} swimming season runs until`)).toBeVisible();
      await expectNoAxeViolations(admin);

      // 3. A local health authority for Ocean County's beach towns.
      await admin.goto('/portal/lha-management/new');
      await admin.getByLabel('Name', { exact: true }).fill('Ocean County Health Department');
      await admin.getByLabel('County').selectOption({ label: 'Ocean' });
      await admin.getByRole('group', { name: 'Municipalities served' }).locator('label', { hasText: 'Bay Head' }).click();
      await admin.getByRole('button', { name: 'Create local health authority' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'Ocean County Health Department was created.' })).toBeVisible();

      // 4. An organization that samples for the program.
      await admin.goto('/portal/organization-management');
      await admin.getByRole('link', { name: 'Add organization' }).click();
      await admin.getByLabel('Name', { exact: true }).fill('Ocean County Health Lab');
      await admin.getByLabel('Abbreviation').fill('OCHL');
      await admin.locator('label', { hasText: 'OCEAN - Ocean Beaches' }).click();
      await admin.getByRole('combobox', { name: 'Data interaction OCEAN', exact: true }).selectOption({ label: 'User' });
      await admin.getByRole('button', { name: 'Create organization' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'Ocean County Health Lab was created.' })).toBeVisible();

      // The program's logic rules are the agency's own policy, set in Program Management (not in this journey's
      // list): here the program keeps none, and a first verified result still starts the beach Open.

      // 5. A beach station in Bay Head, placed on the map.
      await admin.goto('/portal/beach-management');
      await admin.getByRole('link', { name: 'Add a beach' }).click();
      await admin.getByLabel(/^Station name/).fill(STATION);
      const map = admin.getByTestId('location-picker');
      await expect(map.locator('canvas').first()).toBeVisible();
      await map.click();
      await expect(admin.getByLabel('Latitude', { exact: true })).not.toHaveValue('');
      await admin.getByLabel('Beach name').fill(BEACH);
      await admin.getByLabel('County', { exact: true }).selectOption({ label: 'Ocean' });
      await admin.getByLabel(/^Municipality/).selectOption({ label: 'Bay Head' });
      await admin.getByRole('button', { name: 'Create station' }).click();
      await expect(admin.getByRole('status').filter({ hasText: `${STATION} (${BEACH}) was created.` })).toBeVisible();

      // 6. A sampler in the organization, with a first password to give them.
      await admin.goto('/portal/user-management/new');
      await admin.getByLabel('First name').fill('Sam');
      await admin.getByLabel('Last name').fill('Pler');
      await admin.getByLabel('Email address (used to sign in)').fill('sam.pler@agency.gov');
      await admin.getByLabel('Organization', { exact: true }).selectOption({ label: 'Ocean County Health Lab (OCHL)' });
      await admin.getByRole('combobox', { name: 'Data editing OCEAN - Ocean Beaches', exact: true }).selectOption('USER');
      await admin.locator('label', { hasText: 'Set a first password now and give it to the user' }).click();
      await admin.getByLabel('First password', { exact: true }).fill('first-pass-2026');
      await admin.getByRole('button', { name: 'Create user' }).click();
      await expect(admin.getByRole('status').filter({ hasText: 'The user was created.' })).toBeVisible();

      // Every item but the rules is done now.
      await checklistDone(admin, 6);
      await expect(admin.getByText('No logic rules: Ocean Beaches')).toBeVisible();

      // The beach is public, Not Monitored until a result is verified.
      const statuses = async () =>
        ((await (await admin.request.get('/api/public/beaches/statuses/')).json()) as { payload: { statuses: { beach_station_id: number; station_name: string; status_code: string }[] } }).payload
          .statuses;
      const station = (await statuses()).find((s) => s.station_name === STATION);
      expect(station?.status_code).toBe('NOT_MONITORED');

      // 7. The sampler changes the first password and enters today's result.
      const sampler = await personOn(browser, server);
      await signIn(sampler, 'sam.pler@agency.gov', 'first-pass-2026');
      await expect(sampler).toHaveURL(/\/portal\/profile\/changePassword$/);
      await sampler.getByLabel('Current password').fill('first-pass-2026');
      await sampler.getByLabel('New password', { exact: true }).fill(SAMPLER_PASSWORD);
      await sampler.getByLabel('Retype new password').fill(SAMPLER_PASSWORD);
      await sampler.getByRole('button', { name: 'Change password' }).click();
      await expect(sampler).toHaveURL(/\/portal$/);
      await sampler.goto('/portal/results');
      await expect(sampler.getByRole('heading', { level: 2, name: /^Results of .* on / })).toBeVisible();
      await sampler.getByLabel(`Hour, ${STATION}`, { exact: true }).click();
      await sampler.keyboard.type('09');
      await sampler.keyboard.press('Tab');
      await sampler.keyboard.type('30');
      await sampler.keyboard.press('Tab');
      await sampler.keyboard.type('20');
      await expect(sampler.getByLabel(`Value, ${STATION}`)).toHaveValue('20');
      await sampler.getByRole('button', { name: 'Save 1 result' }).click();
      await expect(sampler.getByRole('status').filter({ hasText: 'Saved 1 result: 1 added, 0 changed.' })).toBeVisible();

      // 8. The administrator verifies it.
      await admin.goto('/portal/results/verification');
      const checkbox = admin.getByRole('checkbox', { name: `Select ${STATION}, 20 CFU/100mL at 09:30` });
      await expect(checkbox).toBeVisible();
      await checkbox.check();
      await admin.getByRole('button', { name: 'Verify 1 result' }).click();
      await admin.getByRole('dialog', { name: 'Verify 1 result?' }).getByRole('button', { name: 'Verify' }).click();
      await expect(admin.getByRole('region', { name: 'Verified 1 result' })).toBeVisible();

      // 9. The public map and the beach page show the beach Open.
      await expect.poll(async () => (await statuses()).find((s) => s.station_name === STATION)?.status_code, { timeout: 45_000 }).toBe('OPEN');
      const visitor = await personOn(browser, server);
      await visitor.goto(`/beach/${station!.beach_station_id}`);
      await expect(visitor.getByRole('heading', { level: 1, name: new RegExp(BEACH) })).toBeVisible();
      await expect(visitor.getByRole('region', { name: 'Current status' })).toContainText('Open');
      await visitor.goto(`/?view=list&name=${encodeURIComponent(STATION)}`);
      await expect(visitor.getByRole('listitem').filter({ has: visitor.getByRole('heading', { name: BEACH }) }).first()).toContainText('Open');
      await shoot(visitor, test.info(), `day-one-${kind}-public`);
    });
  });
}
