import { expect, test } from '../support/test';
import { decodeQuotedPrintable, startMailbox } from '../support/mail';
import { DEMO_PASSWORD, expectOnDashboard, loginAs } from '../support/auth';
import { expectNoAxeViolations, WCAG_2_A_AA } from '../support/page-checks';

test.describe('staff sign-in journeys', () => {
  test('login takes a user to the portal and logout ends the session', async ({ page }) => {
    await loginAs(page, 'Verifier@Example.org');
    await expectOnDashboard(page);
    await expect(page.getByRole('banner').getByText('Welcome, Victoria')).toBeVisible();

    await page.getByRole('button', { name: 'Logout' }).first().click();
    await expect(page).toHaveURL(/\/login$/);
    // The session is gone: the portal sends us back to the login page.
    await page.goto('/portal');
    await expect(page).toHaveURL(/\/login$/);
  });

  test('a wrong password shows an error and keeps the user on the login page', async ({ page }) => {
    await loginAs(page, 'sampler@example.org', 'not-the-password');
    await expect(page.getByRole('alert')).toContainText(/incorrect/i);
    await expect(page).toHaveURL(/\/login$/);
  });

  test('the login form shows the spec messages before sending', async ({ page }) => {
    await page.goto('/login');
    await page.getByRole('button', { name: 'Login' }).click();
    // Each message is tied to its field, so a screen reader hears it with the field.
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/Email address is required/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password is required/);
    await page.getByLabel('Email address').fill('not-an-email');
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page.getByLabel('Email address')).toHaveAccessibleDescription(/Email Address is invalid/);
    await expect(page.getByLabel('Password', { exact: true })).toHaveAccessibleDescription(/Password must be more than 8 characters/);
  });

  test('a protected page redirects to login and returns there after signing in', async ({ page }) => {
    await page.goto('/portal/profile/changePassword');
    await expect(page).toHaveURL(/\/login$/);
    await page.getByLabel('Email address').fill('multi@example.org');
    await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/portal\/profile\/changePassword$/);
  });

  test('a user flagged for a forced change must change the password, then reaches the portal', async ({ page }) => {
    await loginAs(page, 'newuser@example.org');
    await expect(page).toHaveURL(/\/portal\/profile\/changePassword$/);
    await expect(page.getByText('You must change your password before you can use the portal.')).toBeVisible();

    // Any other portal page is replaced by the change-password page.
    await page.goto('/portal/user-management');
    await expect(page).toHaveURL(/\/portal\/profile\/changePassword$/);

    await page.getByLabel('Current password').fill(DEMO_PASSWORD);
    await page.getByLabel('New password', { exact: true }).fill('brand-new-pass-1');
    await page.getByLabel('Retype new password').fill('brand-new-pass-1');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expectOnDashboard(page);

    // The new password is the one that works from now on.
    await page.getByRole('button', { name: 'Logout' }).first().click();
    await loginAs(page, 'newuser@example.org', 'brand-new-pass-1');
    await expectOnDashboard(page);
  });

  test('forgot password: the mailed link resets the password, once', async ({ page, mailPort }) => {
    const mailbox = await startMailbox(mailPort);
    try {
      await page.goto('/login');
      await page.getByRole('link', { name: 'Forgot Password' }).first().click();
      await expect(page).toHaveURL(/\/forgotten-password$/);
      // The address changes first; until the page's chunk is in, the sign-in page (with its own Email address) stays.
      await expect(page.getByRole('heading', { level: 1, name: 'Forgot Password' })).toBeVisible();
      await page.getByLabel('Email address').fill('health@example.org');
      await page.getByRole('button', { name: 'Send reset link' }).click();
      await expect(page.getByRole('status')).toContainText('If an account exists');

      const mail = decodeQuotedPrintable((await mailbox.waitFor('health@example.org')).raw);
      const link = mail.match(/https?:\/\/[^\s]+\/reset-password\/[A-Za-z0-9_-]+/)?.[0];
      expect(link, 'reset link in the mail').toBeTruthy();
      const path = new URL(link!).pathname;

      await page.goto(path);
      await page.getByLabel('New password', { exact: true }).fill('reset-by-mail-1');
      await page.getByLabel('Retype new password').fill('reset-by-mail-1');
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toContainText('log in with your new password');

      await loginAs(page, 'health@example.org', 'reset-by-mail-1');
      await expectOnDashboard(page);

      // The link works once.
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await page.goto(path);
      await expect(page.getByRole('alert')).toBeVisible();

      // The health officer is a shared demo login: later journeys sign in with the demo password, so it is
      // put back the way a user would, through Change Password.
      await loginAs(page, 'health@example.org', 'reset-by-mail-1');
      await expectOnDashboard(page);
      await page.goto('/portal/profile/changePassword');
      await page.getByLabel('Current password').fill('reset-by-mail-1');
      await page.getByLabel('New password', { exact: true }).fill(DEMO_PASSWORD);
      await page.getByLabel('Retype new password').fill(DEMO_PASSWORD);
      await page.getByRole('button', { name: 'Change password' }).click();
      await expect(page.getByRole('status')).toContainText('Your password was changed.');
      await page.getByRole('button', { name: 'Logout' }).first().click();
      await loginAs(page, 'health@example.org');
      await expectOnDashboard(page);
    } finally {
      await mailbox.close();
    }
  });

  test('the login page has no accessibility violations', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Login' })).toBeVisible();
    await expectNoAxeViolations(page, { tags: [...WCAG_2_A_AA, 'wcag21a', 'wcag21aa'], summarize: true });
  });
});
