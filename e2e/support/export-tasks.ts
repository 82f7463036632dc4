import { readFile } from 'node:fs/promises';
import { expect, type Page, type TestInfo } from '@playwright/test';

/**
 * On an XML export screen whose form is filled in: queues the same request as a task (decision 0036), follows it
 * in the Queued exports list until Done, downloads it and checks it is `name` with exactly the bytes `expected`.
 */
export async function queueAsTaskAndDownload(page: Page, testInfo: TestInfo, name: string, expected: string) {
  await page.getByRole('button', { name: 'Queue as a task' }).click();
  const notice = page.getByText(/^Export \d+ is queued: it shows below while it runs\.$/);
  await expect(notice).toBeVisible();
  const id = /Export (\d+)/.exec((await notice.textContent()) ?? '')![1]!;
  const row = page
    .getByRole('table', { name: 'Queued exports' })
    .getByRole('row')
    .filter({ has: page.getByText(`Export ${id}`, { exact: true }) });
  await expect(row.getByText('Done', { exact: true })).toBeVisible({ timeout: 90_000 });
  const queuedDownload = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download export ${id}` }).click();
  const queuedFile = await queuedDownload;
  expect(queuedFile.suggestedFilename()).toBe(name);
  const queuedPath = testInfo.outputPath(`queued-${name}`);
  await queuedFile.saveAs(queuedPath);
  expect(await readFile(queuedPath, 'utf8')).toBe(expected);
}
