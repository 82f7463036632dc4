import { isAdminOrganization } from './organization';
import { can, isProgramAccessible, type PermissionSubject, type SelectedProgramId } from './program';

/**
 * Who sets a program's swim seasons (issue 25, decision 0051): the program's admins. A season decides what
 * the public map shows (out of season every beach is Not Monitored), so it is a beach-status decision:
 * BEACH_STATUSES ADMIN in the program, or an organization admin (who manages programs) with access to it.
 */
export function managesSeasons(user: PermissionSubject, programId: SelectedProgramId): boolean {
  if (programId == null) return false;
  if (can(user, programId, 'BEACH_STATUSES', 'ADMIN')) return true;
  return isAdminOrganization(user.organization) && isProgramAccessible(user, programId);
}
