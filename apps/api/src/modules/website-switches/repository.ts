import { asc, eq } from 'drizzle-orm';
import type { SiteSwitchCode, WebsiteSwitch } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { websiteToggles } from '../../db/schema';

const columns = {
  website_toggle_id: websiteToggles.websiteToggleId,
  code: websiteToggles.code,
  name: websiteToggles.name,
  description: websiteToggles.description,
  value: websiteToggles.value,
};

/** Every switch, by name. */
export function listSwitches(db: DbOrTx): Promise<WebsiteSwitch[]> {
  return db.select(columns).from(websiteToggles).orderBy(asc(websiteToggles.name), asc(websiteToggles.websiteToggleId));
}

export async function findSwitch(db: DbOrTx, id: number, lock = false): Promise<WebsiteSwitch | undefined> {
  const query = db.select(columns).from(websiteToggles).where(eq(websiteToggles.websiteToggleId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

export async function setSwitch(db: DbOrTx, id: number, value: boolean): Promise<void> {
  await db.update(websiteToggles).set({ value }).where(eq(websiteToggles.websiteToggleId, id));
}

/** A switch's value by code; a switch that does not exist counts as off. */
export async function switchValue(db: DbOrTx, code: SiteSwitchCode): Promise<boolean> {
  const [row] = await db.select({ value: websiteToggles.value }).from(websiteToggles).where(eq(websiteToggles.code, code));
  return row?.value ?? false;
}
