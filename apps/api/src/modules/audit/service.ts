import { hasSystemPermission, isAdminOrganization, programRules, type AuditQuery, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { forbidden } from '../../lib/http';
import * as repo from './repository';

/**
 * Who reads which audit rows (decision 0005): READ_AUDIT_LOG (category_logs > 0 in one of the organization's
 * programs) is required. An organization admin holding it reads everything; anyone else reads the rows of
 * the programs where their organization has category_logs, plus the rows about their own organization and
 * its users.
 */
export function auditScope(caller: UserProfile): repo.AuditScope {
  if (!hasSystemPermission(caller, null, 'READ_AUDIT_LOG')) {
    throw forbidden('You do not have permission to read the audit log.', 'SYSTEM_PERMISSION_REQUIRED');
  }
  if (isAdminOrganization(caller.organization)) return { all: true };
  const programIds = caller.organization.programs
    .filter((p) => programRules(caller.organization, p.program_id).category_logs > 0)
    .map((p) => p.program_id);
  return { all: false, programIds, organizationId: caller.organization_id };
}

export async function readAuditLog(deps: AppDeps, caller: UserProfile, query: AuditQuery) {
  const scope = auditScope(caller);
  const { db } = deps.database;
  const [page, tables, users] = await Promise.all([
    repo.listAudit(db, scope, {
      userId: query.user_id,
      table: query.table,
      from: query.from,
      to: query.to,
      timeZone: deps.config.programTimeZone,
      page: query.page,
      pageSize: query.page_size,
    }),
    repo.auditTables(db),
    repo.auditUsers(db, scope),
  ]);
  return { ...page, page: query.page, page_size: query.page_size, tables, users };
}
