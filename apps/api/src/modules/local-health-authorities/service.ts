import type { LhaSave } from '@beach/domain';
import type { AppDeps } from '../../deps';
import type { DbOrTx } from '../../db/client';
import { writeAudit } from '../../lib/audit';
import { isForeignKeyViolation, isUniqueViolation } from '../../lib/db-errors';
import { conflict, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import * as repo from './repository';

export const listLhas = (deps: AppDeps) => repo.listLhas(deps.database.db);

export async function getLha(deps: AppDeps, id: number) {
  const lha = await repo.findLha(deps.database.db, id);
  if (!lha) throw notFound('Local health authority');
  return lha;
}

async function assertValid(db: DbOrTx, input: LhaSave, exceptId: number | null) {
  const missing = await repo.missingReferences(db, input.county_id, input.municipalities);
  const issues: FieldIssue[] = [];
  if (missing.county) issues.push({ field: 'county_id', message: 'Unknown county' });
  input.municipalities.forEach((id, i) => {
    if (missing.municipalityIds.includes(id)) issues.push({ field: `municipalities.${i}`, message: 'Unknown municipality' });
  });
  if (issues.length) throw invalidFields(issues);
  if (await repo.nameTaken(db, input.name, exceptId)) throw conflict('Another local health authority already has this name.', 'LHA_NAME_TAKEN');
}

const nameConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict('Another local health authority already has this name.', 'LHA_NAME_TAKEN');
  throw err;
};

/** Creates an authority with its municipalities; one transaction, one audit row. */
export async function createLha(deps: AppDeps, callerId: number, input: LhaSave): Promise<number> {
  return deps.database.db
    .transaction(async (tx) => {
      await assertValid(tx, input, null);
      const id = await repo.insertLha(tx, input);
      await repo.replaceMunicipalities(tx, id, input.municipalities);
      await writeAudit(tx, { userId: callerId, action: 'CREATE', tableName: 'local_health_authorities', recordId: id, after: await repo.findLha(tx, id) });
      return id;
    })
    .catch(nameConflict);
}

/** Replaces the authority's fields (absent optional fields are cleared) and municipalities. */
export async function updateLha(deps: AppDeps, callerId: number, id: number, input: LhaSave): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.lockLha(tx, id))) throw notFound('Local health authority');
      await assertValid(tx, input, id);
      const before = await repo.findLha(tx, id);
      await repo.updateLha(tx, id, input);
      await repo.replaceMunicipalities(tx, id, input.municipalities);
      await writeAudit(tx, {
        userId: callerId,
        action: 'UPDATE',
        tableName: 'local_health_authorities',
        recordId: id,
        before,
        after: await repo.findLha(tx, id),
      });
    })
    .catch(nameConflict);
}

const stillLinked = (refs: { organizations: number; beaches: number }) => {
  const parts = [
    refs.organizations ? `${refs.organizations} organization${refs.organizations === 1 ? '' : 's'}` : null,
    refs.beaches ? `${refs.beaches} beach${refs.beaches === 1 ? '' : 'es'}` : null,
  ].filter(Boolean);
  return conflict(
    `This local health authority is still linked to ${parts.join(' and ')}. Link them to another authority first.`,
    'LHA_IN_USE',
  );
};

/** Deletes an authority nobody references; 409 LHA_IN_USE while organizations or beaches point at it. */
export async function deleteLha(deps: AppDeps, callerId: number, id: number): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      if (!(await repo.lockLha(tx, id))) throw notFound('Local health authority');
      const refs = await repo.countReferences(tx, id);
      if (refs.organizations || refs.beaches) throw stillLinked(refs);
      const before = await repo.findLha(tx, id);
      await repo.deleteLha(tx, id);
      await writeAudit(tx, { userId: callerId, action: 'DELETE', tableName: 'local_health_authorities', recordId: id, before });
    })
    .catch(async (err: unknown) => {
      // A beach or organization linked between the count and the delete.
      if (isForeignKeyViolation(err)) throw stillLinked(await repo.countReferences(deps.database.db, id));
      throw err;
    });
}
