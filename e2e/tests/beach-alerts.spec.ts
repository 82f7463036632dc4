import type { APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PASSWORD } from '../support/auth';
import { decodeQuotedPrintable, startMailbox, type ReceivedMail } from '../support/mail';
import { expectNoAxeViolations, shoot, skipWelcome } from '../support/page-checks';

/**
 * Beach alerts by e-mail (issue 16, decision 0044), end to end on the real server and its SMTP delivery: a
 * visitor subscribes from a beach page, confirms through the link in the mail, a staff status change of that
 * beach arrives as exactly one alert, the List-Unsubscribe address unsubscribes with one POST (as a mail
 * client does), and a further change sends that visitor nothing (while a second subscriber, still subscribed,
 * gets it: proof the alert job ran). A status change starts the alert job at once (decision 0074); the waits allow
 * for its minute schedule too, the delivery's guarantee.
 */

test.describe.configure({ mode: 'serial' });

const ALERT_WAIT = 150_000;
const SHOTS = '/tmp/shots';

/** The raw message with folded headers joined and quoted-printable undone. */
const readable = (mail: ReceivedMail) => decodeQuotedPrintable(mail.raw.replace(/\r?\n[ \t]+/g, ' '));
const header = (mail: ReceivedMail, name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(mail.raw.replace(/\r?\n[ \t]+/g, ' '))?.[1]?.trim();
const pathOf = (url: string) => new URL(url).pathname;

async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/login', { data: { email: 'admin@example.org', password: DEMO_PASSWORD } });
  return (await login.json()).payload.token as string;
}

interface Station {
  beach_station_id: number;
  beach_id: number;
  beach_name: string;
  type: string;
}

test('subscribe from a beach page, confirm by mail, one alert per change, one-click unsubscribe', async ({ page, request, mailPort }, testInfo) => {
  test.setTimeout(600_000);
  const mailbox = await startMailbox(mailPort);
  try {
    await skipWelcome(page);
    const stations = (await (await request.get('/api/public/map/list')).json()).payload.stations as Station[];
    const station = stations.find((s) => s.type === 'PRIMARY')!;
    const legend = (await (await request.get('/api/public/beaches/statuses/legend')).json()).payload as { beach_status_id: number; code: string }[];
    const statusId = (code: string) => legend.find((l) => l.code === code)!.beach_status_id;
    const visitor = `visitor-${Date.now()}@example.net`;
    const witness = `witness-${Date.now()}@example.net`;

    // Staff status changes of the beach through the normal flow (PUT beach/bulkStatus). Open first, before anyone
    // subscribed (never mailed), so the change below is a change whatever the demo left there.
    const token = await adminToken(request);
    const change = async (code: string, reason: string) => {
      const res = await request.put('/api/beach/bulkStatus', {
        headers: { authorization: `Bearer ${token}` },
        data: { beach_station_ids: [station.beach_station_id], beach_status_id: statusId(code), reason, send_email: false },
      });
      expect(res.status(), await res.text()).toBe(200);
    };
    await change('OPEN', 'Start of the test');

    // The beach page links to the subscribe page with the beach chosen.
    await page.goto(`/beach/${station.beach_station_id}`);
    await page.getByRole('link', { name: 'Get e-mail alerts for this beach' }).click();
    await expect(page).toHaveURL(new RegExp(`/alerts/subscribe\\?beach=${station.beach_id}$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Beach alerts by e-mail' })).toBeVisible();
    await expect(page.getByRole('list').filter({ hasText: station.beach_name }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-subscribe', { alsoTo: SHOTS });

    // Nothing chosen or a bad address: the form says so, tied to the fields.
    await page.getByLabel('E-mail address').fill('not an address');
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByLabel('E-mail address')).toHaveAccessibleDescription(/Enter an e-mail address like name@example.com/);
    await expectNoAxeViolations(page);

    await page.getByLabel('E-mail address').fill(visitor);
    await expect(page.getByLabel('English')).toBeChecked();
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByRole('status')).toContainText(`We sent a message to ${visitor}`);
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-subscribe-sent', { alsoTo: SHOTS });

    // The confirmation mail's link turns the alerts on.
    const confirmation = readable(await mailbox.waitFor(visitor, 30_000));
    expect(confirmation).toContain('Subject: Confirm your beach alerts');
    const confirmUrl = /(https?:\/\/\S+\/alerts\/confirm\/[A-Za-z0-9_-]+)/.exec(confirmation)![1]!;
    await page.goto(pathOf(confirmUrl));
    // Opening the link changes nothing by itself: the visitor confirms with the button.
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your beach alerts' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-confirm', { alsoTo: SHOTS });
    await page.getByRole('button', { name: 'Confirm my alerts' }).click();
    await expect(page.getByRole('heading', { name: 'Your alerts are on' })).toBeVisible();
    await expect(page.getByRole('main')).toContainText(station.beach_name);
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-confirmed', { alsoTo: SHOTS });

    // The manage page, from the confirmation page.
    await page.getByRole('link', { name: 'Change or stop your alerts' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Manage your beach alerts' })).toBeVisible();
    await expect(page.getByText(`Alerts for ${visitor}.`)).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-manage', { alsoTo: SHOTS });

    // A second subscriber to the same beach, subscribed and confirmed the same way (through the API).
    const sub = await request.post('/api/public/alerts/subscribe', { data: { email: witness, language: 'es', beach_ids: [station.beach_id] } });
    expect(sub.status()).toBe(202);
    const witnessToken = /\/alerts\/confirm\/([A-Za-z0-9_-]+)/.exec(readable(await mailbox.waitFor(witness, 30_000)))![1]!;
    expect((await request.post('/api/public/alerts/confirm', { data: { token: witnessToken } })).status()).toBe(200);

    // A staff status change of the beach, through the normal flow.
    await change('CLOSED', 'Sewage spill reported near the outfall');

    await expect.poll(() => mailbox.all(visitor).length, { timeout: ALERT_WAIT }).toBeGreaterThanOrEqual(2);
    // The confirmation, then exactly one alert.
    expect(mailbox.all(visitor)).toHaveLength(2);
    const alert = mailbox.all(visitor)[1]!;
    const text = readable(alert);
    expect(text).toMatch(/Subject: Beach alert: .+ is now (Closed|Advisory)/);
    expect(text).toContain('Why: Sewage spill reported near the outfall');
    const unsubscribeUrl = /^<(.+)>$/.exec(header(alert, 'List-Unsubscribe')!)![1]!;
    expect(header(alert, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    // The Spanish subscriber's alert is in Spanish.
    await expect.poll(() => mailbox.all(witness).length, { timeout: ALERT_WAIT }).toBeGreaterThanOrEqual(2);
    expect(readable(mailbox.all(witness)[1]!)).toContain('Una playa que usted sigue tiene un estado nuevo.');

    // One-click unsubscribe as a mail client does it (RFC 8058): a POST with List-Unsubscribe=One-Click.
    const oneClick = await request.post(pathOf(unsubscribeUrl), {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      data: 'List-Unsubscribe=One-Click',
    });
    expect(oneClick.status()).toBe(200);
    // Opening the link in a browser shows the one-button page (nothing left to unsubscribe: it says done).
    await page.goto(pathOf(unsubscribeUrl));
    await expect(page).toHaveURL(/\/alerts\/unsubscribe\//);
    await expect(page.getByRole('heading', { level: 1, name: 'Unsubscribe from beach alerts' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-unsubscribe', { alsoTo: SHOTS });
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.getByRole('heading', { name: 'You are unsubscribed' })).toBeVisible();
    await expectNoAxeViolations(page);
    await shoot(page, testInfo, 'alerts-unsubscribed', { alsoTo: SHOTS });

    // A further change: the witness gets it (the job ran); the visitor gets nothing more.
    await change('OPEN', 'Resample meets the standard');
    await expect.poll(() => mailbox.all(witness).length, { timeout: ALERT_WAIT }).toBeGreaterThanOrEqual(3);
    expect(mailbox.all(witness)).toHaveLength(3);
    expect(mailbox.all(visitor)).toHaveLength(2);
  } finally {
    await mailbox.close();
  }
});

test('the subscribe page in Spanish', async ({ page }, testInfo) => {
  await skipWelcome(page);
  await page.addInitScript(() => window.localStorage.setItem('beach-portal:language', 'es'));
  await page.goto('/alerts/subscribe');
  await expect(page.getByRole('heading', { level: 1, name: 'Alertas de playas por correo electrónico' })).toBeVisible();
  await expect(page.getByLabel('Español')).toBeChecked();
  await page.getByRole('button', { name: 'Suscribirse' }).click();
  await expect(page.getByText('Elija al menos una playa, un municipio o un condado.')).toBeVisible();
  await expectNoAxeViolations(page);
  await shoot(page, testInfo, 'alerts-subscribe-es', { alsoTo: SHOTS });
});
