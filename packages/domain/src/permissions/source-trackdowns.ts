import { portalAbilities } from './menu';
import { can, type PermissionSubject } from './program';

export interface SourceTrackdownAccess {
  /** List, open, download, record and edit (adding and removing fixes and files included). */
  use: boolean;
  /** Delete a whole trackdown: an effective SANITARY_SURVEYS ADMIN (DESIGN 4: ADMIN also deletes). */
  delete: boolean;
}

/**
 * What a user may do with the source trackdowns of a program's stations. SPEC 6 names no menu rule for
 * trackdowns; a trackdown follows a sanitary survey's potential pollution sources down to the one at fault,
 * so the Sanitary Surveys screen's rule (category_surveys plus SANITARY_SURVEYS USER or ADMIN) decides
 * every call in the station's program, and deleting a trackdown is an ADMIN's act.
 */
export function sourceTrackdownAccess(user: PermissionSubject, programId: number): SourceTrackdownAccess {
  const use = portalAbilities(user, programId)['/portal/beaches/sanitary-surveys'];
  return { use, delete: use && can(user, programId, 'SANITARY_SURVEYS', 'ADMIN') };
}
