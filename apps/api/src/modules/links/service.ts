import type { ExternalLinkRecord, LinkSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * External Links (SPEC 7): organization admins keep the list the public Links and Partners page shows.
 * Every write is audited in its transaction and empties the public read cache.
 */
const TABLE = 'links';

export const listLinks = (deps: AppDeps) => repo.listLinks(deps.database.db);

export async function getLink(deps: AppDeps, id: number): Promise<ExternalLinkRecord> {
  const link = await repo.findLink(deps.database.db, id);
  if (!link) throw notFound('Link', 'LINK_NOT_FOUND');
  return link;
}

export async function createLink(deps: AppDeps, userId: number, input: LinkSave): Promise<ExternalLinkRecord> {
  const created = await deps.database.db.transaction(async (tx) => {
    await repo.lockLinks(tx);
    const id = await repo.insertLink(tx, input);
    const link = (await repo.findLink(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: link });
    return link;
  });
  publicReadCache(deps).invalidate();
  return created;
}

export async function updateLink(deps: AppDeps, userId: number, id: number, input: LinkSave): Promise<ExternalLinkRecord> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findLink(tx, id, true);
    if (!before) throw notFound('Link', 'LINK_NOT_FOUND');
    await repo.updateLink(tx, id, input);
    const after = (await repo.findLink(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

export async function deleteLink(deps: AppDeps, userId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    await repo.lockLinks(tx);
    const before = await repo.findLink(tx, id, true);
    if (!before) throw notFound('Link', 'LINK_NOT_FOUND');
    await repo.deleteLink(tx, id, before.rank);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}
