import { expect, type APIRequestContext, type Page } from '@playwright/test';

export const DEMO_PASSWORD = 'demo-pass-2026';

/** Logs in through the login page, as a person would. */
export async function loginAs(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/login');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login' }).click();
}

export async function expectOnDashboard(page: Page) {
  await expect(page).toHaveURL(/\/portal$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/**
 * The api as a staff user, for a journey's setup (what the agency did before the user's part): logs in once
 * and returns a caller that sends the token, fails the test on any answer other than 2xx and gives the payload.
 */
export async function staffApi(request: APIRequestContext, email = 'admin@example.org', password = DEMO_PASSWORD) {
  const login = await request.post('/api/login', { data: { email, password } });
  const headers = { authorization: `Bearer ${(await login.json()).payload.token}` };
  return async (method: 'GET' | 'POST' | 'PUT', url: string, data?: object) => {
    const res = await request.fetch(url, { method, headers, data });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()).payload;
  };
}
