import {
  BUILT_IN_MAPPING_ID,
  IMPORT_MAPPING_CODES,
  importMappingSchema,
  LEGACY_MAPPING,
  LEGACY_MAPPING_NAME,
  type ImportMapping,
  type ImportMappingCreate,
  type ImportMappingRef,
  type ImportMappingUpdate,
  type SavedImportMapping,
  type UserProfile,
} from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, notFound } from '../../lib/http';
import * as repo from './repository';

/**
 * Saved mappings of the mapped import (issue 29, decision 0060): organization admins keep one per source,
 * owned by their organization (another organization's mappings are not found: 404). The state's legacy
 * layout is the built-in mapping, listed first and read-only. Each write is one transaction with its audit
 * row; the mapping is checked with the domain's schema on every write (the route's body) and every read.
 */

const TABLE = 'import_mappings';

/** The built-in legacy layout as the calls answer it. */
export function builtInMapping(): SavedImportMapping {
  return {
    id: BUILT_IN_MAPPING_ID,
    built_in: true,
    organization_id: null,
    name: LEGACY_MAPPING.name,
    description: LEGACY_MAPPING.description,
    mapping: LEGACY_MAPPING,
    version: null,
    created_by: null,
    created_at: null,
    updated_by: null,
    updated_at: null,
  };
}

/** A stored mapping read back through the domain's schema: one that no longer reads is a server fault, never passed on. */
function toSaved(row: repo.ImportMappingRecord): SavedImportMapping {
  let json: unknown;
  try {
    json = JSON.parse(row.mappingJson);
  } catch {
    throw new Error(`import mapping ${row.id}: its stored JSON does not parse`);
  }
  const parsed = importMappingSchema.safeParse(json);
  if (!parsed.success) throw new Error(`import mapping ${row.id}: its stored mapping no longer reads (${parsed.error.issues[0]?.message ?? 'invalid'})`);
  return {
    id: row.id,
    built_in: false,
    organization_id: row.organizationId,
    name: row.name,
    description: row.description,
    mapping: parsed.data,
    version: row.version,
    created_by: row.createdBy,
    created_at: row.createdAt.toISOString(),
    updated_by: row.updatedBy,
    updated_at: row.updatedAt.toISOString(),
  };
}

const notFoundMapping = () => notFound('Import mapping');
const readOnly = () =>
  forbidden(`The built-in mapping '${LEGACY_MAPPING_NAME}' cannot be changed or deleted: save a copy under another name.`, IMPORT_MAPPING_CODES.IMPORT_MAPPING_BUILT_IN);
const nameTakenError = (name: string) =>
  conflict(`Another import mapping of your organization is already named '${name}'.`, IMPORT_MAPPING_CODES.IMPORT_MAPPING_NAME_TAKEN);

/** The caller's organization's mapping, or 404 (another organization's is not found either). */
async function ownRecord(db: DbOrTx, profile: UserProfile, id: number): Promise<repo.ImportMappingRecord> {
  const row = await repo.findMapping(db, id);
  if (!row || row.organizationId !== profile.organization_id) throw notFoundMapping();
  return row;
}

export async function listMappings(deps: AppDeps, profile: UserProfile): Promise<SavedImportMapping[]> {
  const rows = await repo.listMappings(deps.database.db, profile.organization_id);
  return [builtInMapping(), ...rows.map(toSaved)];
}

export async function getMapping(deps: AppDeps, profile: UserProfile, ref: ImportMappingRef, db: DbOrTx = deps.database.db): Promise<SavedImportMapping> {
  if (ref === BUILT_IN_MAPPING_ID) return builtInMapping();
  return toSaved(await ownRecord(db, profile, ref));
}

/** The name may be neither the built-in mapping's nor another of the organization's (case blind). */
async function assertNameFree(db: DbOrTx, profile: UserProfile, mapping: ImportMapping, exceptId: number | null): Promise<void> {
  const clashesBuiltIn = mapping.name.toLowerCase() === LEGACY_MAPPING_NAME.toLowerCase();
  if (clashesBuiltIn || (await repo.nameTaken(db, profile.organization_id, mapping.name, exceptId))) throw nameTakenError(mapping.name);
}

const asNameConflict =
  (name: string) =>
  (err: unknown): never => {
    if (isUniqueViolation(err)) throw nameTakenError(name);
    throw err;
  };

export async function createMapping(deps: AppDeps, profile: UserProfile, input: ImportMappingCreate): Promise<SavedImportMapping> {
  const { mapping } = input;
  return deps.database.db
    .transaction(async (tx) => {
      await assertNameFree(tx, profile, mapping, null);
      const id = await repo.insertMapping(tx, {
        organizationId: profile.organization_id,
        name: mapping.name,
        description: mapping.description,
        mappingJson: JSON.stringify(mapping),
        userId: profile.user_id,
      });
      const saved = await getMapping(deps, profile, id, tx);
      await writeAudit(tx, { userId: profile.user_id, action: 'CREATE', tableName: TABLE, recordId: id, after: saved });
      return saved;
    })
    .catch(asNameConflict(mapping.name));
}

export async function updateMapping(deps: AppDeps, profile: UserProfile, ref: ImportMappingRef, input: ImportMappingUpdate): Promise<SavedImportMapping> {
  if (ref === BUILT_IN_MAPPING_ID) throw readOnly();
  const { mapping } = input;
  return deps.database.db
    .transaction(async (tx) => {
      const before = toSaved(await ownRecord(tx, profile, ref));
      await assertNameFree(tx, profile, mapping, ref);
      const saved = await repo.updateMapping(tx, ref, input.version, {
        name: mapping.name,
        description: mapping.description,
        mappingJson: JSON.stringify(mapping),
        userId: profile.user_id,
      });
      if (!saved) {
        throw conflict(
          `The mapping was changed by someone else since you loaded it (version ${input.version}, now ${before.version}): load it again.`,
          IMPORT_MAPPING_CODES.IMPORT_MAPPING_CHANGED,
        );
      }
      const after = await getMapping(deps, profile, ref, tx);
      await writeAudit(tx, { userId: profile.user_id, action: 'UPDATE', tableName: TABLE, recordId: ref, before, after });
      return after;
    })
    .catch(asNameConflict(mapping.name));
}

export async function deleteMapping(deps: AppDeps, profile: UserProfile, ref: ImportMappingRef): Promise<{ id: number }> {
  if (ref === BUILT_IN_MAPPING_ID) throw readOnly();
  return deps.database.db.transaction(async (tx) => {
    const before = toSaved(await ownRecord(tx, profile, ref));
    await repo.deleteMapping(tx, ref);
    await writeAudit(tx, { userId: profile.user_id, action: 'DELETE', tableName: TABLE, recordId: ref, before });
    return { id: ref };
  });
}

/** A saved mapping of an organization by its name (case blind), for the command line; null when it has none so named. */
export async function findMappingByName(db: DbOrTx, organizationId: number, name: string): Promise<SavedImportMapping | null> {
  const row = await repo.findMappingByName(db, organizationId, name);
  return row ? toSaved(row) : null;
}
