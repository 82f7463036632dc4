import { and, asc, count, eq, inArray, ne, sql } from 'drizzle-orm';
import type { LhaSave } from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import { beaches, counties, lhaMunicipalities, localHealthAuthorities, municipalities, organizations } from '../../db/schema';

export interface LhaRecord {
  local_health_authority_id: number;
  name: string;
  desc: string | null;
  county_id: number | null;
  contact_person: string | null;
  email: string | null;
  address: string | null;
  city: string | null;
  zip_code: string | null;
  phone_number: string | null;
  url: string | null;
}

export interface LhaDetail extends LhaRecord {
  county: { county_id: number; name: string } | null;
  /** municipality_id list (SPEC 3). */
  municipalities: number[];
}

const lhaColumns = {
  local_health_authority_id: localHealthAuthorities.localHealthAuthorityId,
  name: localHealthAuthorities.name,
  desc: localHealthAuthorities.desc,
  county_id: localHealthAuthorities.countyId,
  contact_person: localHealthAuthorities.contactPerson,
  email: localHealthAuthorities.email,
  address: localHealthAuthorities.address,
  city: localHealthAuthorities.city,
  zip_code: localHealthAuthorities.zipCode,
  phone_number: localHealthAuthorities.phoneNumber,
  url: localHealthAuthorities.url,
};

async function municipalityIds(db: DbOrTx, lhaIds: number[]) {
  const byLha = new Map<number, number[]>();
  if (lhaIds.length === 0) return byLha;
  const rows = await db
    .select({ lha: lhaMunicipalities.localHealthAuthorityId, id: lhaMunicipalities.municipalityId })
    .from(lhaMunicipalities)
    .where(inArray(lhaMunicipalities.localHealthAuthorityId, lhaIds))
    .orderBy(asc(lhaMunicipalities.municipalityId));
  for (const r of rows) byLha.set(r.lha, [...(byLha.get(r.lha) ?? []), r.id]);
  return byLha;
}

async function withLinks(db: DbOrTx, rows: (LhaRecord & { county_name: string | null })[]): Promise<LhaDetail[]> {
  const munis = await municipalityIds(
    db,
    rows.map((r) => r.local_health_authority_id),
  );
  return rows.map(({ county_name, ...r }) => ({
    ...r,
    county: r.county_id !== null && county_name !== null ? { county_id: r.county_id, name: county_name } : null,
    municipalities: munis.get(r.local_health_authority_id) ?? [],
  }));
}

const selectWithCounty = (db: DbOrTx) =>
  db
    .select({ ...lhaColumns, county_name: counties.name })
    .from(localHealthAuthorities)
    .leftJoin(counties, eq(counties.countyId, localHealthAuthorities.countyId));

export async function listLhas(db: DbOrTx): Promise<LhaDetail[]> {
  return withLinks(db, await selectWithCounty(db).orderBy(asc(localHealthAuthorities.name)));
}

export async function findLha(db: DbOrTx, id: number): Promise<LhaDetail | null> {
  const [detail] = await withLinks(db, await selectWithCounty(db).where(eq(localHealthAuthorities.localHealthAuthorityId, id)));
  return detail ?? null;
}

export async function lockLha(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db
    .select({ id: localHealthAuthorities.localHealthAuthorityId })
    .from(localHealthAuthorities)
    .where(eq(localHealthAuthorities.localHealthAuthorityId, id))
    .for('update');
  return rows.length > 0;
}

export async function nameTaken(db: DbOrTx, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await db
    .select({ id: localHealthAuthorities.localHealthAuthorityId })
    .from(localHealthAuthorities)
    .where(
      and(
        sql`lower(${localHealthAuthorities.name}) = lower(${name})`,
        exceptId === null ? undefined : ne(localHealthAuthorities.localHealthAuthorityId, exceptId),
      ),
    );
  return rows.length > 0;
}

/** Whether the county exists, and which of the municipality ids do not. */
export async function missingReferences(db: DbOrTx, countyId: number | null, municipalityIds: number[]) {
  const [county, found] = await Promise.all([
    countyId === null ? [{ id: 0 }] : db.select({ id: counties.countyId }).from(counties).where(eq(counties.countyId, countyId)),
    municipalityIds.length
      ? db.select({ id: municipalities.municipalityId }).from(municipalities).where(inArray(municipalities.municipalityId, municipalityIds))
      : [],
  ]);
  const foundIds = new Set(found.map((r) => r.id));
  return { county: county.length === 0, municipalityIds: municipalityIds.filter((id) => !foundIds.has(id)) };
}

function toColumns(input: LhaSave) {
  return {
    name: input.name,
    desc: input.desc,
    countyId: input.county_id,
    contactPerson: input.contact_person,
    email: input.email,
    address: input.address,
    city: input.city,
    zipCode: input.zip_code,
    phoneNumber: input.phone_number,
    url: input.url,
  };
}

export async function insertLha(db: DbOrTx, input: LhaSave): Promise<number> {
  const [row] = await db.insert(localHealthAuthorities).values(toColumns(input)).returning({ id: localHealthAuthorities.localHealthAuthorityId });
  return row!.id;
}

export async function updateLha(db: DbOrTx, id: number, input: LhaSave): Promise<void> {
  await db.update(localHealthAuthorities).set(toColumns(input)).where(eq(localHealthAuthorities.localHealthAuthorityId, id));
}

export async function replaceMunicipalities(db: DbOrTx, id: number, municipalityIdList: number[]): Promise<void> {
  await db.delete(lhaMunicipalities).where(eq(lhaMunicipalities.localHealthAuthorityId, id));
  if (municipalityIdList.length) {
    await db.insert(lhaMunicipalities).values(municipalityIdList.map((municipalityId) => ({ localHealthAuthorityId: id, municipalityId })));
  }
}

/** How many organizations and beaches still point at the authority. */
export async function countReferences(db: DbOrTx, id: number): Promise<{ organizations: number; beaches: number }> {
  const [[orgs], [beachRows]] = await Promise.all([
    db.select({ n: count() }).from(organizations).where(eq(organizations.localHealthAuthorityId, id)),
    db.select({ n: count() }).from(beaches).where(eq(beaches.localHealthAuthorityId, id)),
  ]);
  return { organizations: Number(orgs?.n ?? 0), beaches: Number(beachRows?.n ?? 0) };
}

export async function deleteLha(db: DbOrTx, id: number): Promise<void> {
  await db.delete(localHealthAuthorities).where(eq(localHealthAuthorities.localHealthAuthorityId, id));
}
