import { portalAbilities } from './menu';
import { can, type PermissionSubject } from './program';

export interface AccidentReportAccess {
  /** List, open, file, edit and mark read or unread: whoever may open the screen in the program. */
  use: boolean;
  /** Delete: the screen plus an ADMIN level in one of the areas that open it (DESIGN 4: ADMIN also deletes). */
  delete: boolean;
}

/**
 * What a user may do with a program's serious / fatal accident reports (decision 0022). The screen is
 * Program Administration's (SPEC 6: the beach permission, incidents ADMIN or surveys ADMIN), so the same
 * people who see the menu entry read and file reports there; deleting one is an ADMIN's act.
 */
export function accidentReportAccess(user: PermissionSubject, programId: number): AccidentReportAccess {
  const use = portalAbilities(user, programId)['/portal/program/administration/accident'];
  const admin =
    can(user, programId, 'INCIDENTS', 'ADMIN') || can(user, programId, 'SANITARY_SURVEYS', 'ADMIN') || can(user, programId, 'BEACH_STATUSES', 'ADMIN');
  return { use, delete: use && admin };
}
