import {
  PLACE_CODES,
  parsePlacesCsv,
  placeKey,
  planCounts,
  planPlacesLoad,
  type CountySave,
  type MunicipalitySave,
  type PlaceMergeReport,
  type PlacesLoadReport,
} from '@beach/domain';
import type { Db, DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, HttpError, invalidFields, notFound } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import * as repo from './repository';

/**
 * Places management (issue 25, decision 0051): counties and municipalities, written by organization admins
 * (the routes check), each write one transaction with its audit row. A place in use is never deleted: it is
 * retired (kept for its history, left out of the pickers) or merged into another spelling of itself.
 */

type Kind = 'county' | 'municipality';
const NOUN: Record<Kind, string> = { county: 'County', municipality: 'Municipality' };
const TABLE: Record<Kind, string> = { county: 'counties', municipality: 'municipalities' };

/** The pickers (general/geography) and public filters are cached per process: a place write clears them. */
const changed = (deps: AppDeps) => publicReadCache(deps).invalidate();

export async function listPlaces(deps: AppDeps) {
  const { db } = deps.database;
  return { counties: await repo.listCounties(db), municipalities: await repo.listMunicipalities(db) };
}

async function findPlace(db: DbOrTx, kind: Kind, id: number) {
  const place = kind === 'county' ? await repo.findCounty(db, id) : await repo.findMunicipality(db, id);
  if (!place) throw notFound(NOUN[kind]);
  return place;
}
export const getCounty = (deps: AppDeps, id: number) => findPlace(deps.database.db, 'county', id) as Promise<NonNullable<Awaited<ReturnType<typeof repo.findCounty>>>>;
export const getMunicipality = (deps: AppDeps, id: number) =>
  findPlace(deps.database.db, 'municipality', id) as Promise<NonNullable<Awaited<ReturnType<typeof repo.findMunicipality>>>>;

const nameTaken = (message: string) => conflict(message, PLACE_CODES.PLACE_NAME_TAKEN);

async function assertCountyFree(db: DbOrTx, input: CountySave, exceptId: number | null) {
  const clash = await repo.countyClash(db, input, exceptId);
  if (!clash) return;
  throw nameTaken(
    clash.fips === input.fips ? `FIPS code ${input.fips} is already ${clash.name} County.` : `There is already a county named ${clash.name}.`,
  );
}

async function assertMunicipalityFree(db: DbOrTx, input: MunicipalitySave, exceptId: number | null) {
  const county = await repo.findCounty(db, input.county_id);
  if (!county) throw invalidFields([{ field: 'county_id', message: 'Unknown county' }]);
  if (await repo.municipalityNameTaken(db, input.county_id, input.name, exceptId)) {
    throw nameTaken(`${county.name} County already has a municipality named ${input.name}.`);
  }
}

/** A unique index caught a race past the checks above. */
const raced = (kind: Kind) => (err: unknown): never => {
  if (isUniqueViolation(err)) throw nameTaken(`Another ${kind} already has this name.`);
  throw err;
};

export async function createCounty(deps: AppDeps, userId: number, input: CountySave): Promise<number> {
  const id = await deps.database.db
    .transaction(async (tx) => {
      await assertCountyFree(tx, input, null);
      const countyId = await repo.insertCounty(tx, input);
      await writeAudit(tx, { userId, action: 'CREATE', tableName: 'counties', recordId: countyId, after: await repo.findCounty(tx, countyId) });
      return countyId;
    })
    .catch(raced('county'));
  changed(deps);
  return id;
}

export async function updateCounty(deps: AppDeps, userId: number, id: number, input: CountySave): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.lockPlace(tx, 'county', id))) throw notFound('County');
      await assertCountyFree(tx, input, id);
      const before = await repo.findCounty(tx, id);
      await repo.updateCounty(tx, id, input);
      await writeAudit(tx, { userId, action: 'UPDATE', tableName: 'counties', recordId: id, before, after: await repo.findCounty(tx, id) });
    })
    .catch(raced('county'));
  changed(deps);
}

export async function createMunicipality(deps: AppDeps, userId: number, input: MunicipalitySave): Promise<number> {
  const id = await deps.database.db
    .transaction(async (tx) => {
      await assertMunicipalityFree(tx, input, null);
      const townId = await repo.insertMunicipality(tx, input);
      await writeAudit(tx, { userId, action: 'CREATE', tableName: 'municipalities', recordId: townId, after: await repo.findMunicipality(tx, townId) });
      return townId;
    })
    .catch(raced('municipality'));
  changed(deps);
  return id;
}

export async function updateMunicipality(deps: AppDeps, userId: number, id: number, input: MunicipalitySave): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.lockPlace(tx, 'municipality', id))) throw notFound('Municipality');
      await assertMunicipalityFree(tx, input, id);
      const before = await repo.findMunicipality(tx, id);
      await repo.updateMunicipality(tx, id, input);
      await writeAudit(tx, { userId, action: 'UPDATE', tableName: 'municipalities', recordId: id, before, after: await repo.findMunicipality(tx, id) });
    })
    .catch(raced('municipality'));
  changed(deps);
}

/**
 * Several new municipalities of one county at once: the legacy import report's remedy ("Add these N
 * municipalities to <county>"). All or nothing: one name already there refuses the lot.
 */
export async function addMunicipalities(deps: AppDeps, userId: number | null, countyId: number, names: readonly string[]) {
  return deps.database.db.transaction((tx) => addMunicipalitiesIn(tx, userId, countyId, names)).finally(() => changed(deps));
}

/** addMunicipalities inside a caller's transaction (the import's --create-places). */
export async function addMunicipalitiesIn(tx: DbOrTx, userId: number | null, countyId: number, names: readonly string[]) {
  const county = await repo.findCounty(tx, countyId);
  if (!county) throw invalidFields([{ field: 'county_id', message: 'Unknown county' }]);
  const seen = new Set<string>();
  const created: { municipality_id: number; name: string }[] = [];
  for (const [i, name] of names.entries()) {
    const key = placeKey(name);
    if (seen.has(key)) throw invalidFields([{ field: `names.${i}`, message: `${name} is named twice` }]);
    seen.add(key);
    const input: MunicipalitySave = { county_id: countyId, name: name.trim().replace(/\s+/g, ' '), code: null, type: null };
    await assertMunicipalityFree(tx, input, null);
    const id = await repo.insertMunicipality(tx, input);
    await writeAudit(tx, { userId, action: 'CREATE', tableName: 'municipalities', recordId: id, after: await repo.findMunicipality(tx, id) });
    created.push({ municipality_id: id, name: input.name });
  }
  return { county: county.name, created };
}

/** Retires (or brings back) a place: it keeps every reference and leaves (or rejoins) the pickers. */
export async function setRetired(deps: AppDeps, userId: number, kind: Kind, id: number, retired: boolean): Promise<void> {
  await deps.database.db.transaction(async (tx) => {
    if (!(await repo.lockPlace(tx, kind, id))) throw notFound(NOUN[kind]);
    const before = await findPlace(tx, kind, id);
    await repo.setRetired(tx, kind, id, retired);
    await writeAudit(tx, { userId, action: retired ? 'RETIRE' : 'RESTORE', tableName: TABLE[kind], recordId: id, before, after: await findPlace(tx, kind, id) });
  });
  changed(deps);
}

const inUse = (kind: Kind, name: string, uses: number) =>
  conflict(
    `${name} is used by ${uses} record${uses === 1 ? '' : 's'}${kind === 'county' ? ' or has municipalities' : ''}: retire it, or merge it into another ${kind}, instead.`,
    PLACE_CODES.PLACE_IN_USE,
  );

/** Deletes a place nothing names (a typo caught at once); 409 PLACE_IN_USE otherwise. */
export async function deletePlace(deps: AppDeps, userId: number, kind: Kind, id: number): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.lockPlace(tx, kind, id))) throw notFound(NOUN[kind]);
      const place = await findPlace(tx, kind, id);
      const uses = place.in_use + ('municipalities' in place ? place.municipalities : 0);
      if (uses > 0) throw inUse(kind, place.name, uses);
      await repo.deletePlace(tx, kind, id);
      await writeAudit(tx, { userId, action: 'DELETE', tableName: TABLE[kind], recordId: id, before: place });
    })
    .catch(async (err: unknown) => {
      if (isForeignKeyViolation(err)) throw inUse(kind, NOUN[kind], 1);
      throw err;
    });
  changed(deps);
}

/**
 * Folds one spelling of a place into another: every reference moves, the first is deleted, in one
 * transaction with one audit row that lists the counts. Two counties that share a municipality name are
 * refused until those municipalities are merged (the county's towns would otherwise collide).
 */
export async function mergePlaces(deps: AppDeps, userId: number, kind: Kind, fromId: number, intoId: number): Promise<PlaceMergeReport> {
  const report = await deps.database.db.transaction(async (tx) => {
    for (const [field, id] of [['from_id', fromId], ['into_id', intoId]] as const) {
      if (!(await repo.lockPlace(tx, kind, id))) throw invalidFields([{ field, message: `Unknown ${kind}` }]);
    }
    const from = await findPlace(tx, kind, fromId);
    const into = await findPlace(tx, kind, intoId);
    if (kind === 'municipality' && from.county_id !== into.county_id) {
      throw invalidFields([{ field: 'into_id', message: 'Merge municipalities of the same county (edit one to move it first)' }]);
    }
    if (kind === 'county') {
      const shared = await repo.sharedMunicipalityNames(tx, fromId, intoId);
      if (shared.length) {
        throw conflict(`Both counties have ${shared.join(', ')}: merge or rename those municipalities first.`, PLACE_CODES.PLACE_NAME_TAKEN);
      }
    }
    const moved = kind === 'county' ? await repo.mergeCounty(tx, fromId, intoId) : await repo.mergeMunicipality(tx, fromId, intoId);
    const result = { kept: into.name, removed: from.name, moved };
    await writeAudit(tx, { userId, action: 'MERGE', tableName: TABLE[kind], recordId: intoId, before: { from, into }, after: result });
    return result;
  });
  changed(deps);
  return report;
}

/**
 * The bulk load (portal and `npm run places -- load`): the file read and planned against the stored
 * places; with apply, the new counties and municipalities written in one transaction, and only when no
 * line is wrong and nothing conflicts (all or nothing). The dry run writes nothing.
 */
export async function loadPlaces(deps: AppDeps, userId: number | null, input: PlacesLoadOptions): Promise<PlacesLoadReport> {
  const report = await loadPlacesInto(deps.database.db, userId, input);
  if (report.applied) changed(deps);
  return report;
}

export interface PlacesLoadOptions {
  csv: string;
  apply: boolean;
  file_name?: string | null;
}

/** loadPlaces on a database of its own (`npm run places -- load`, with no server's caches to clear). */
export async function loadPlacesInto(db: Db, userId: number | null, input: PlacesLoadOptions): Promise<PlacesLoadReport> {
  const { rows, errors } = parsePlacesCsv(input.csv);
  return db.transaction(async (tx) => {
    const plan = planPlacesLoad(rows, await repo.storedPlaces(tx));
    const counts = planCounts(plan);
    const base: PlacesLoadReport = {
      applied: false,
      file_name: input.file_name ?? null,
      counts,
      errors,
      counties: plan.counties.map(({ line, name, fips, outcome, reason }) => ({ line, name, fips, outcome, reason })),
      municipalities: plan.municipalities.map(({ line, county, name, code, type, outcome, reason }) => ({ line, county, name, code, type, outcome, reason })),
    };
    if (!input.apply) return base;
    if (errors.length || counts.counties.conflicting || counts.municipalities.conflicting) {
      throw new HttpError(422, PLACE_CODES.PLACES_LOAD_REFUSED, 'Nothing was loaded: correct the lines listed and load the file again.', base);
    }
    const countyIds = new Map<string, number>();
    for (const c of plan.counties) {
      const id = c.county_id ?? (await repo.insertCounty(tx, { name: c.name, fips: c.fips }));
      countyIds.set(placeKey(c.name), id);
    }
    let created = 0;
    for (const m of plan.municipalities) {
      if (m.outcome !== 'new') continue;
      const countyId = countyIds.get(placeKey(m.county))!;
      await repo.insertMunicipality(tx, { county_id: countyId, name: m.name, code: m.code, type: m.type });
      created += 1;
    }
    await writeAudit(tx, {
      userId,
      action: 'LOAD',
      tableName: 'municipalities',
      recordId: input.file_name ?? 'places',
      after: { file: input.file_name ?? null, counties: counts.counties.new, municipalities: created },
    });
    return { ...base, applied: true };
  });
}
