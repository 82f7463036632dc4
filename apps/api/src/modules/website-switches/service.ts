import type { SiteSwitchCode, SwitchAction, WebsiteSwitch } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * All Switches (SPEC 4, 7): organization admins turn public behaviours on and off. Every change is audited in its
 * transaction and empties the public read cache, so the public switches read (and the page that carries it) and
 * the reads a switch governs answer the new value at once in this process, and within their cache time elsewhere.
 */
const TABLE = 'website_toggles';

export const listSwitches = (deps: AppDeps) => repo.listSwitches(deps.database.db);

/** Sets a switch by action (toggle, enable, disable) or to a value. */
export async function setSwitch(deps: AppDeps, userId: number, id: number, to: SwitchAction | boolean): Promise<WebsiteSwitch> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findSwitch(tx, id, true);
    if (!before) throw notFound('Switch', 'SWITCH_NOT_FOUND');
    const value = typeof to === 'boolean' ? to : to === 'toggle' ? !before.value : to === 'enable';
    if (value === before.value) return before;
    await repo.setSwitch(tx, id, value);
    const after = (await repo.findSwitch(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

/** Whether the public behaviour `code` is on (a public read it governs asks). */
/** For the public reads it gates (downloads, aircraft data): read from the replica like them (decision 0038). */
export const isSwitchOn = (deps: AppDeps, code: SiteSwitchCode) => repo.switchValue(deps.database.readDb, code);
