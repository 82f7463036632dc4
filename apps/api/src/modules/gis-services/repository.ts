import { asc, eq } from 'drizzle-orm';
import type { GisService, GisServiceSave, PublicGisService } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { gisRestServices as t } from '../../db/schema';

const columns = {
  gis_rest_service_id: t.gisRestServiceId,
  name: t.name,
  url: t.url,
  description: t.description,
  layer_type: t.layerType,
  layer_ids: t.layerIds,
  opacity: t.opacity,
  shown_by_default: t.shownByDefault,
  display_order: t.displayOrder,
  active: t.active,
};

type Row = Omit<GisService, 'layer_type'> & { layer_type: string };
const typed = (row: Row): GisService => ({ ...row, layer_type: row.layer_type === 'FEATURE' ? 'FEATURE' : 'MAP' });

/** Every service in the map's order (order, then name). */
export async function listServices(db: DbOrTx): Promise<GisService[]> {
  const rows = await db.select(columns).from(t).orderBy(asc(t.displayOrder), asc(t.name), asc(t.gisRestServiceId));
  return rows.map(typed);
}

/** The active services, as the public map reads them (their addresses stay on the server). */
export async function listActiveServices(db: DbOrTx): Promise<PublicGisService[]> {
  const rows = await db
    .select({
      gis_rest_service_id: t.gisRestServiceId,
      name: t.name,
      layer_type: t.layerType,
      layer_ids: t.layerIds,
      opacity: t.opacity,
      shown_by_default: t.shownByDefault,
    })
    .from(t)
    .where(eq(t.active, true))
    .orderBy(asc(t.displayOrder), asc(t.name), asc(t.gisRestServiceId));
  return rows.map((row) => ({ ...row, layer_type: row.layer_type === 'FEATURE' ? 'FEATURE' : 'MAP' }));
}

export async function findService(db: DbOrTx, id: number, lock = false): Promise<GisService | undefined> {
  const query = db.select(columns).from(t).where(eq(t.gisRestServiceId, id));
  const [row] = lock ? await query.for('update') : await query;
  return row ? typed(row) : undefined;
}

const values = (input: GisServiceSave) => ({
  name: input.name,
  url: input.url,
  description: input.description,
  layerType: input.layer_type,
  layerIds: input.layer_ids,
  opacity: input.opacity,
  shownByDefault: input.shown_by_default,
  displayOrder: input.display_order,
  active: input.active,
});

export async function insertService(db: DbOrTx, input: GisServiceSave): Promise<number> {
  const [row] = await db.insert(t).values(values(input)).returning({ id: t.gisRestServiceId });
  return row!.id;
}

export async function updateService(db: DbOrTx, id: number, input: GisServiceSave): Promise<void> {
  await db.update(t).set(values(input)).where(eq(t.gisRestServiceId, id));
}

export async function deleteService(db: DbOrTx, id: number): Promise<void> {
  await db.delete(t).where(eq(t.gisRestServiceId, id));
}
