import { MESSAGES } from '../messages';
import { accessiblePrograms, type PermissionSubject, type SelectedProgramId } from './program';

export interface ProgramOption {
  value: number;
  label: string;
}

/** The selector's extra entry; choosing it clears the selection (SPEC 2, SPEC 4). */
export const NO_PROGRAM_OPTION = { value: null, label: MESSAGES.noProgram } as const;

/**
 * One option per program of the user (accessible programs, organization order).
 * SPEC 2 writes the label as '[abbreviation] - name'; the brackets mark placeholders, not literal text,
 * so the label is `${abbv} - ${name}`, e.g. 'NJBB - New Jersey Bay Beaches'.
 */
export function programOptions(user: PermissionSubject): ProgramOption[] {
  return accessiblePrograms(user).map((p) => ({ value: p.program_id, label: `${p.abbv} - ${p.name}` }));
}

/** The selector is hidden when the user has fewer than 2 programs (SPEC 2). */
export function showProgramSelector(user: PermissionSubject): boolean {
  return accessiblePrograms(user).length >= 2;
}

/**
 * The message above program-specific pages (SPEC 2), or null:
 * none chosen and several programs -> multiplePrograms; chosen but not one of the user's programs
 * (e.g. a stale persisted selection after permissions changed) -> missingProgramPermissions.
 */
export function programSelectionMessage(user: PermissionSubject, selectedProgramId: SelectedProgramId): string | null {
  const programs = accessiblePrograms(user);
  if (selectedProgramId == null) return programs.length >= 2 ? MESSAGES.multiplePrograms : null;
  return programs.some((p) => p.program_id === selectedProgramId) ? null : MESSAGES.missingProgramPermissions;
}
