import { MESSAGES, accessiblePrograms, portalAbilities, programSelectionMessage, type PortalRoute } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';

export type ProgramChoice =
  | { kind: 'message'; message: string; error: boolean }
  | { kind: 'none' }
  | { kind: 'denied' }
  | { kind: 'program'; programId: number };

/**
 * The program a screen works on: the selected one, or the user's only program. A screen the permission
 * rules (the domain's, which the server also applies) do not open for it says so instead.
 */
export function useProgramChoice(route: PortalRoute): ProgramChoice {
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  if (!user) return { kind: 'none' };
  const message = programSelectionMessage(user, selectedProgramId);
  if (message) return { kind: 'message', message, error: message === MESSAGES.missingProgramPermissions };
  const programs = accessiblePrograms(user);
  const programId = selectedProgramId ?? (programs.length === 1 ? programs[0]!.program_id : null);
  if (programId === null) return { kind: 'none' };
  return portalAbilities(user, programId)[route] ? { kind: 'program', programId } : { kind: 'denied' };
}
