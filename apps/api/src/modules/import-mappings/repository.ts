import { and, asc, eq, ne, sql } from 'drizzle-orm';
import type { ExistingBeach, ExistingStation } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { beaches, beachStations, importMappings, programs, remarkCodes } from '../../db/schema';

/** A saved mapping as stored: the mapping still JSON text (the service checks it with the domain's schema). */
export interface ImportMappingRecord {
  id: number;
  organizationId: number;
  name: string;
  description: string;
  mappingJson: string;
  version: number;
  createdBy: number | null;
  createdAt: Date;
  updatedBy: number | null;
  updatedAt: Date;
}

const columns = {
  id: importMappings.importMappingId,
  organizationId: importMappings.organizationId,
  name: importMappings.name,
  description: importMappings.description,
  mappingJson: importMappings.mapping,
  version: importMappings.version,
  createdBy: importMappings.createdBy,
  createdAt: importMappings.createdAt,
  updatedBy: importMappings.updatedBy,
  updatedAt: importMappings.updatedAt,
};

export async function listMappings(db: DbOrTx, organizationId: number): Promise<ImportMappingRecord[]> {
  return db
    .select(columns)
    .from(importMappings)
    .where(eq(importMappings.organizationId, organizationId))
    .orderBy(asc(sql`lower(${importMappings.name})`), asc(importMappings.importMappingId));
}

export async function findMapping(db: DbOrTx, id: number): Promise<ImportMappingRecord | null> {
  const [row] = await db.select(columns).from(importMappings).where(eq(importMappings.importMappingId, id));
  return row ?? null;
}

/** The organization's mapping of this name, case blind (the command line's --mapping NAME). */
export async function findMappingByName(db: DbOrTx, organizationId: number, name: string): Promise<ImportMappingRecord | null> {
  const [row] = await db
    .select(columns)
    .from(importMappings)
    .where(and(eq(importMappings.organizationId, organizationId), sql`lower(${importMappings.name}) = lower(${name.trim()})`))
    .limit(1);
  return row ?? null;
}

/** Another mapping of the organization with this name, case blind. */
export async function nameTaken(db: DbOrTx, organizationId: number, name: string, exceptId: number | null): Promise<boolean> {
  const [row] = await db
    .select({ id: importMappings.importMappingId })
    .from(importMappings)
    .where(
      and(
        eq(importMappings.organizationId, organizationId),
        sql`lower(${importMappings.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(importMappings.importMappingId, exceptId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export async function insertMapping(
  db: DbOrTx,
  row: { organizationId: number; name: string; description: string; mappingJson: string; userId: number },
): Promise<number> {
  const [created] = await db
    .insert(importMappings)
    .values({
      organizationId: row.organizationId,
      name: row.name,
      description: row.description,
      mapping: row.mappingJson,
      createdBy: row.userId,
      updatedBy: row.userId,
    })
    .returning({ id: importMappings.importMappingId });
  return created!.id;
}

/** Saves a new mapping over the one at `version`; false when it is no longer at that version. */
export async function updateMapping(
  db: DbOrTx,
  id: number,
  version: number,
  row: { name: string; description: string; mappingJson: string; userId: number },
): Promise<boolean> {
  const updated = await db
    .update(importMappings)
    .set({
      name: row.name,
      description: row.description,
      mapping: row.mappingJson,
      updatedBy: row.userId,
      updatedAt: sql`now()`,
      version: sql`${importMappings.version} + 1`,
    })
    .where(and(eq(importMappings.importMappingId, id), eq(importMappings.version, version)))
    .returning({ id: importMappings.importMappingId });
  return updated.length > 0;
}

export async function deleteMapping(db: DbOrTx, id: number): Promise<void> {
  await db.delete(importMappings).where(eq(importMappings.importMappingId, id));
}

export async function programExists(db: DbOrTx, programId: number): Promise<boolean> {
  const [row] = await db.select({ id: programs.programId }).from(programs).where(eq(programs.programId, programId));
  return row !== undefined;
}

/** The program's stations and beaches, as station matching takes them. */
export async function programStations(db: DbOrTx, programId: number): Promise<{ stations: ExistingStation[]; beaches: ExistingBeach[] }> {
  const beachRows = await db.select({ beach_id: beaches.beachId, name: beaches.name }).from(beaches).where(eq(beaches.programId, programId));
  const stations = await db
    .select({
      beach_station_id: beachStations.beachStationId,
      station_name: beachStations.stationName,
      beach_id: beaches.beachId,
      beach_name: beaches.name,
    })
    .from(beachStations)
    .innerJoin(beaches, eq(beaches.beachId, beachStations.beachId))
    .where(eq(beaches.programId, programId));
  return { stations, beaches: beachRows };
}

/** Remark codes whose result carries no number (the database's no-value flag). */
export async function noValueRemarkCodes(db: DbOrTx): Promise<string[]> {
  const rows = await db.select({ code: remarkCodes.code }).from(remarkCodes).where(eq(remarkCodes.isNoValue, true));
  return rows.map((r) => r.code);
}
