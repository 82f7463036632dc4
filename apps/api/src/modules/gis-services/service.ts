import type { GisService, GisServiceSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * GIS REST Services (SPEC 7 Mapping services): organization admins keep the ArcGIS services the public map offers.
 * Every write is audited in its transaction and empties the public read cache (GET public/gisServices/).
 */
const TABLE = 'gis_rest_services';

export const listServices = (deps: AppDeps) => repo.listServices(deps.database.db);
export const listActiveServices = (deps: AppDeps) => repo.listActiveServices(deps.database.readDb);

export async function getService(deps: AppDeps, id: number): Promise<GisService> {
  const service = await repo.findService(deps.database.db, id);
  if (!service) throw notFound('Map service', 'GIS_SERVICE_NOT_FOUND');
  return service;
}

export async function createService(deps: AppDeps, userId: number, input: GisServiceSave): Promise<GisService> {
  const created = await deps.database.db.transaction(async (tx) => {
    const id = await repo.insertService(tx, input);
    const service = (await repo.findService(tx, id))!;
    await writeAudit(tx, { userId, action: 'CREATE', tableName: TABLE, recordId: id, after: service });
    return service;
  });
  publicReadCache(deps).invalidate();
  return created;
}

export async function updateService(deps: AppDeps, userId: number, id: number, input: GisServiceSave): Promise<GisService> {
  const saved = await deps.database.db.transaction(async (tx) => {
    const before = await repo.findService(tx, id, true);
    if (!before) throw notFound('Map service', 'GIS_SERVICE_NOT_FOUND');
    await repo.updateService(tx, id, input);
    const after = (await repo.findService(tx, id))!;
    await writeAudit(tx, { userId, action: 'UPDATE', tableName: TABLE, recordId: id, before, after });
    return after;
  });
  publicReadCache(deps).invalidate();
  return saved;
}

export async function deleteService(deps: AppDeps, userId: number, id: number): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    const before = await repo.findService(tx, id, true);
    if (!before) throw notFound('Map service', 'GIS_SERVICE_NOT_FOUND');
    await repo.deleteService(tx, id);
    await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE, recordId: id, before });
  });
  publicReadCache(deps).invalidate();
}

/** An active service for a public overlay read; an unknown or inactive one answers 404. */
export async function activeService(deps: AppDeps, id: number): Promise<GisService> {
  const service = await repo.findService(deps.database.readDb, id);
  if (!service || !service.active) throw notFound('Map service', 'GIS_SERVICE_NOT_FOUND');
  return service;
}
