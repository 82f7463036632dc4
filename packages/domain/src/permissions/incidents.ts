import { portalAbilities } from './menu';
import type { PermissionSubject } from './program';

export interface IncidentAccess {
  /** List, open, start, log daily entries, close and auto-close: whoever may open the Incident screen in the program. */
  use: boolean;
  /** Delete: an ADMIN level in INCIDENTS (DESIGN 4: ADMIN also deletes), which the screen already needs. */
  delete: boolean;
}

/**
 * What a user may do with a program's incidents. The screen's own rule (SPEC 6: category_incidents plus
 * INCIDENTS ADMIN, i.e. an effective INCIDENTS ADMIN) decides every call in the incident's program, so
 * the people who see the menu entry are the people the server lets in; nobody reads incidents wider
 * than the screen, since SPEC 6 names no other reader.
 */
export function incidentAccess(user: PermissionSubject, programId: number): IncidentAccess {
  const use = portalAbilities(user, programId)['/portal/beaches/incidents'];
  return { use, delete: use };
}
