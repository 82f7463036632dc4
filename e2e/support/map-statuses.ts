import type { Page } from '@playwright/test';

/** The map's lean statuses (decision 0020): ids as a first id and then differences, one status digit each. */
export interface LeanStatuses {
  styles: { code: string }[];
  stations: { id: number[]; status: string };
}

/**
 * Opens the map page and gives the lean statuses its first view drew from: the page carries them (the server
 * rendered it from them, decision 0067); a page sent without its render (too slow under load) reads them itself.
 */
export async function mapFirstView(page: Page): Promise<LeanStatuses> {
  const read = page.waitForResponse((r) => new URL(r.url()).pathname === '/api/public/map/statuses' && r.status() === 200).catch(() => null);
  await page.goto('/');
  const served = await page.locator('#served-reads').textContent().catch(() => null);
  const answer = served ? (JSON.parse(served) as Record<string, { body: { payload: LeanStatuses } }>)['public/map/statuses'] : undefined;
  if (answer) return answer.body.payload;
  const response = await read;
  if (!response) throw new Error('the map page neither came with its statuses nor read them');
  return ((await response.json()) as { payload: LeanStatuses }).payload;
}

/** The station ids of the lean statuses, in their order. */
export function leanIds(statuses: LeanStatuses): number[] {
  let last = 0;
  return statuses.stations.id.map((d) => (last += d));
}
