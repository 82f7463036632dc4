import { isAdminOrganization, manageUsersScope, type OrganizationSave, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { isUniqueViolation } from '../../lib/db-errors';
import { conflict, forbidden, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import type { DbOrTx } from '../../db/client';
import * as repo from './repository';

/**
 * Who may read organizations: organization admins and user managers (their forms need them). A manager of
 * their own organization only (category_manage_users 1) sees that organization; the others see all.
 * Returns the organization ids the caller may read, or null for all.
 */
export function readableOrganizationIds(caller: UserProfile): number[] | null {
  if (isAdminOrganization(caller.organization)) return null;
  const scope = manageUsersScope(caller);
  if (scope === 'ALL') return null;
  if (scope === 'OWN_ORGANIZATION') return [caller.organization_id];
  throw forbidden('Only organization administrators and user managers may see organizations.', 'ORGANIZATION_READ_REQUIRED');
}

export async function listOrganizations(deps: AppDeps, caller: UserProfile) {
  return repo.listOrganizations(deps.database.db, readableOrganizationIds(caller));
}

export async function getOrganization(deps: AppDeps, caller: UserProfile, organizationId: number) {
  const readable = readableOrganizationIds(caller);
  // Scope first: a caller limited to their own organization learns nothing about which other ids exist.
  if (readable && !readable.includes(organizationId)) throw forbidden('You may only see your own organization.');
  const detail = await repo.findOrganizationDetail(deps.database.db, organizationId);
  if (!detail) throw notFound('Organization');
  return detail;
}

export async function organizationFilters(deps: AppDeps, caller: UserProfile) {
  readableOrganizationIds(caller);
  return repo.organizationFilterLists(deps.database.db);
}

/** The audit picture of an organization: its fields and its programs' rules. */
export async function snapshot(db: DbOrTx, organizationId: number) {
  const detail = await repo.findOrganizationDetail(db, organizationId);
  if (!detail) return null;
  const {
    organization_group: _group,
    organization_category: _category,
    local_health_authority: _lha,
    county: _county,
    user_count: _users,
    ...fields
  } = detail;
  return { ...fields, programs: fields.programs.map(({ program_id, abbv, rules }) => ({ program_id, abbv, rules })) };
}

export async function assertValid(db: DbOrTx, input: OrganizationSave, exceptId: number | null) {
  const missing = await repo.missingReferences(db, {
    groupId: input.organization_group_id,
    categoryId: input.organization_category_id,
    lhaId: input.local_health_authority_id,
    countyId: input.county_id,
    programIds: input.programs.map((p) => p.program_id),
  });
  const issues: FieldIssue[] = [];
  if (missing.group) issues.push({ field: 'organization_group_id', message: 'Unknown organization group' });
  if (missing.category) issues.push({ field: 'organization_category_id', message: 'Unknown organization category' });
  if (missing.lha) issues.push({ field: 'local_health_authority_id', message: 'Unknown local health authority' });
  if (missing.county) issues.push({ field: 'county_id', message: 'Unknown county' });
  input.programs.forEach((p, i) => {
    if (missing.programIds.includes(p.program_id)) issues.push({ field: `programs.${i}.program_id`, message: 'Unknown program' });
  });
  if (issues.length) throw invalidFields(issues);
  const clash = await repo.findNameClash(db, input.name, input.abbv, exceptId);
  if (clash === 'name') throw conflict('Another organization already has this name.', 'ORGANIZATION_NAME_TAKEN');
  if (clash === 'abbv') throw conflict('Another organization already has this abbreviation.', 'ORGANIZATION_ABBV_TAKEN');
}

const asConflict = (err: unknown): never => {
  if (isUniqueViolation(err)) throw conflict('Another organization already has this name or abbreviation.', 'ORGANIZATION_NAME_TAKEN');
  throw err;
};

/** Creates an organization with its programs and rules; one transaction, one audit row. */
export async function createOrganization(deps: AppDeps, callerId: number, input: OrganizationSave): Promise<number> {
  return deps.database.db
    .transaction(async (tx) => {
      await assertValid(tx, input, null);
      const { programs, ...fields } = input;
      const organizationId = await repo.insertOrganization(tx, fields);
      await repo.replaceOrganizationPrograms(tx, organizationId, programs);
      await writeAudit(tx, {
        userId: callerId,
        action: 'CREATE',
        tableName: 'organizations',
        recordId: organizationId,
        after: await snapshot(tx, organizationId),
      });
      return organizationId;
    })
    .catch(asConflict);
}

/**
 * Replaces an organization's fields, programs and rules. The caller's own organization cannot lose its
 * administration (flag or last program) here: that would lock every administrator out.
 */
export async function updateOrganization(
  deps: AppDeps,
  caller: UserProfile,
  organizationId: number,
  input: OrganizationSave,
): Promise<void> {
  await deps.database.db
    .transaction(async (tx) => {
      const current = await repo.findOrganizationRecord(tx, organizationId, true);
      if (!current) throw notFound('Organization');
      if (organizationId === caller.organization_id && (!input.is_admin_organization || input.programs.length === 0)) {
        throw conflict(
          'Your own organization must stay an administering organization with at least one program.',
          'OWN_ADMINISTRATION_REQUIRED',
        );
      }
      await assertValid(tx, input, organizationId);
      const before = await snapshot(tx, organizationId);
      const { programs, ...fields } = input;
      await repo.updateOrganization(tx, organizationId, fields);
      await repo.replaceOrganizationPrograms(tx, organizationId, programs);
      await writeAudit(tx, {
        userId: caller.user_id,
        action: 'UPDATE',
        tableName: 'organizations',
        recordId: organizationId,
        before,
        after: await snapshot(tx, organizationId),
      });
    })
    .catch(asConflict);
}
