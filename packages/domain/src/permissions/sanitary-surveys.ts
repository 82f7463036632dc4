import { portalAbilities } from './menu';
import { can, type PermissionSubject } from './program';

export interface SanitarySurveyAccess {
  /** List, open, start, fill in and complete: whoever may open the Sanitary Surveys screen in the program. */
  use: boolean;
  /** Delete (and the legacy delete): an effective SANITARY_SURVEYS ADMIN (DESIGN 4: ADMIN also deletes). */
  delete: boolean;
}

/**
 * What a user may do with a program's sanitary surveys (decision 0027). The screen's rule (SPEC 6:
 * category_surveys plus SANITARY_SURVEYS USER or ADMIN) decides every call in the survey's program, so the
 * people who see the menu entry are the people the server lets in; deleting is an ADMIN's act.
 */
export function sanitarySurveyAccess(user: PermissionSubject, programId: number): SanitarySurveyAccess {
  const use = portalAbilities(user, programId)['/portal/beaches/sanitary-surveys'];
  return { use, delete: use && can(user, programId, 'SANITARY_SURVEYS', 'ADMIN') };
}
