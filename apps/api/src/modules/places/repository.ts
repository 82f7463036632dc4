import { sql } from 'drizzle-orm';
import { stateOfCountyFips, type CountyRecord, type CountySave, type MunicipalityRecord, type MunicipalitySave, type MunicipalityType, type StoredCounty, type StoredMunicipality } from '@beach/domain';
import { queryRows, type DbOrTx } from '../../db/client';

/**
 * Counties and municipalities (decision 0051). Every table that names a place is listed once here, so a
 * use count, a delete check and a merge all see the same references.
 */
export const MUNICIPALITY_REFERENCES = [
  { table: 'beaches', column: 'municipality_id' },
  { table: 'lha_municipalities', column: 'municipality_id' },
  { table: 'beach_photos', column: 'municipality_id' },
  { table: 'reports_and_publications', column: 'municipality_id' },
] as const;

export const COUNTY_REFERENCES = [
  { table: 'organizations', column: 'county_id' },
  { table: 'local_health_authorities', column: 'county_id' },
  { table: 'beach_photos', column: 'county_id' },
  { table: 'reports_and_publications', column: 'county_id' },
] as const;

type Reference = { table: string; column: string };

const usesOf = (refs: readonly Reference[], idColumn: string) =>
  sql.join(
    refs.map((r) => sql`(select count(*) from ${sql.identifier(r.table)} x where x.${sql.identifier(r.column)} = ${sql.raw(idColumn)})`),
    sql` + `,
  );

interface CountyRow {
  county_id: number;
  name: string;
  fips: string | null;
  retired: boolean;
  municipalities: number;
  in_use: number;
}

export async function listCounties(db: DbOrTx, where = sql`true`): Promise<CountyRecord[]> {
  const rows = await queryRows<CountyRow>(
    db,
    sql`select c.county_id, c.name, c.fips, c.retired_at is not null as retired,
               (select count(*) from municipalities m where m.county_id = c.county_id)::int as municipalities,
               (${usesOf(COUNTY_REFERENCES, 'c.county_id')}
                + (select count(*) from beaches b join municipalities m on m.municipality_id = b.municipality_id where m.county_id = c.county_id))::int as in_use
        from counties c where ${where} order by c.name`,
  );
  return rows.map((r) => ({ ...r, state: stateOfCountyFips(r.fips) }));
}

export async function findCounty(db: DbOrTx, id: number): Promise<CountyRecord | null> {
  const [county] = await listCounties(db, sql`c.county_id = ${id}`);
  return county ?? null;
}

export async function listMunicipalities(db: DbOrTx, where = sql`true`): Promise<MunicipalityRecord[]> {
  return queryRows<MunicipalityRecord>(
    db,
    sql`select m.municipality_id, m.county_id, c.name as county, m.name, m.code, m.type, m.retired_at is not null as retired,
               (${usesOf(MUNICIPALITY_REFERENCES, 'm.municipality_id')})::int as in_use
        from municipalities m join counties c on c.county_id = m.county_id
        where ${where} order by c.name, m.name, m.municipality_id`,
  );
}

export async function findMunicipality(db: DbOrTx, id: number): Promise<MunicipalityRecord | null> {
  const [town] = await listMunicipalities(db, sql`m.municipality_id = ${id}`);
  return town ?? null;
}

/** Locks a place's row for the rest of the transaction; false when it does not exist. */
export async function lockPlace(db: DbOrTx, kind: 'county' | 'municipality', id: number): Promise<boolean> {
  const rows =
    kind === 'county'
      ? await queryRows(db, sql`select 1 from counties where county_id = ${id} for update`)
      : await queryRows(db, sql`select 1 from municipalities where municipality_id = ${id} for update`);
  return rows.length > 0;
}

/** Another county with this name (any case and spacing) or this FIPS code. */
export async function countyClash(db: DbOrTx, input: CountySave, exceptId: number | null): Promise<{ name: string; fips: string | null } | null> {
  const [row] = await queryRows<{ name: string; fips: string | null }>(
    db,
    sql`select name, fips from counties
        where (lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) = lower(regexp_replace(trim(${input.name}), '\\s+', ' ', 'g')) or fips = ${input.fips})
          and county_id <> ${exceptId ?? 0}
        limit 1`,
  );
  return row ?? null;
}

/** Another municipality of the county with this name (any case and spacing). */
export async function municipalityNameTaken(db: DbOrTx, countyId: number, name: string, exceptId: number | null): Promise<boolean> {
  const rows = await queryRows(
    db,
    sql`select 1 from municipalities
        where county_id = ${countyId} and municipality_id <> ${exceptId ?? 0}
          and lower(regexp_replace(trim(name), '\\s+', ' ', 'g')) = lower(regexp_replace(trim(${name}), '\\s+', ' ', 'g'))`,
  );
  return rows.length > 0;
}

export async function insertCounty(db: DbOrTx, input: CountySave): Promise<number> {
  const [row] = await queryRows<{ id: number }>(db, sql`insert into counties (name, fips) values (${input.name}, ${input.fips}) returning county_id as id`);
  return row!.id;
}

export async function updateCounty(db: DbOrTx, id: number, input: CountySave): Promise<void> {
  await db.execute(sql`update counties set name = ${input.name}, fips = ${input.fips} where county_id = ${id}`);
}

export async function insertMunicipality(db: DbOrTx, input: MunicipalitySave): Promise<number> {
  const [row] = await queryRows<{ id: number }>(
    db,
    sql`insert into municipalities (county_id, name, code, type) values (${input.county_id}, ${input.name}, ${input.code}, ${input.type})
        returning municipality_id as id`,
  );
  return row!.id;
}

export async function updateMunicipality(db: DbOrTx, id: number, input: MunicipalitySave): Promise<void> {
  await db.execute(
    sql`update municipalities set county_id = ${input.county_id}, name = ${input.name}, code = ${input.code}, type = ${input.type}
        where municipality_id = ${id}`,
  );
}

export async function setRetired(db: DbOrTx, kind: 'county' | 'municipality', id: number, retired: boolean): Promise<void> {
  const at = retired ? sql`now()` : sql`null`;
  if (kind === 'county') await db.execute(sql`update counties set retired_at = ${at} where county_id = ${id}`);
  else await db.execute(sql`update municipalities set retired_at = ${at} where municipality_id = ${id}`);
}

export async function deletePlace(db: DbOrTx, kind: 'county' | 'municipality', id: number): Promise<void> {
  if (kind === 'county') await db.execute(sql`delete from counties where county_id = ${id}`);
  else await db.execute(sql`delete from municipalities where municipality_id = ${id}`);
}

/**
 * Moves every reference of one municipality to another and deletes the first; the LHA service areas that
 * name both keep one row. Returns the rows moved per table.
 */
export async function mergeMunicipality(db: DbOrTx, fromId: number, intoId: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  // An authority serving both keeps one link.
  await db.execute(
    sql`delete from lha_municipalities a where a.municipality_id = ${fromId}
          and exists (select 1 from lha_municipalities b where b.local_health_authority_id = a.local_health_authority_id and b.municipality_id = ${intoId})`,
  );
  for (const r of MUNICIPALITY_REFERENCES) {
    const rows = await queryRows(
      db,
      sql`update ${sql.identifier(r.table)} set ${sql.identifier(r.column)} = ${intoId} where ${sql.identifier(r.column)} = ${fromId} returning 1`,
    );
    moved[r.table] = rows.length;
  }
  await deletePlace(db, 'municipality', fromId);
  return moved;
}

/** Pairs of same-named municipalities in two counties: a county merge refuses them until they are merged. */
export async function sharedMunicipalityNames(db: DbOrTx, fromId: number, intoId: number): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(
    db,
    sql`select a.name from municipalities a join municipalities b
          on lower(regexp_replace(trim(a.name), '\\s+', ' ', 'g')) = lower(regexp_replace(trim(b.name), '\\s+', ' ', 'g'))
        where a.county_id = ${fromId} and b.county_id = ${intoId} order by a.name`,
  );
  return rows.map((r) => r.name);
}

/** Moves a county's municipalities and references to another county and deletes it. */
export async function mergeCounty(db: DbOrTx, fromId: number, intoId: number): Promise<Record<string, number>> {
  const moved: Record<string, number> = {};
  for (const r of [{ table: 'municipalities', column: 'county_id' }, ...COUNTY_REFERENCES]) {
    const rows = await queryRows(
      db,
      sql`update ${sql.identifier(r.table)} set ${sql.identifier(r.column)} = ${intoId} where ${sql.identifier(r.column)} = ${fromId} returning 1`,
    );
    moved[r.table] = rows.length;
  }
  await deletePlace(db, 'county', fromId);
  return moved;
}

export async function storedPlaces(db: DbOrTx): Promise<{ counties: StoredCounty[]; municipalities: StoredMunicipality[] }> {
  const counties = await queryRows<StoredCounty>(db, sql`select county_id, name, fips from counties order by county_id`);
  const municipalities = await queryRows<StoredMunicipality & { type: MunicipalityType | null }>(
    db,
    sql`select municipality_id, county_id, name, code, type from municipalities order by municipality_id`,
  );
  return { counties, municipalities };
}
