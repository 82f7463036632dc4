import type { ReactNode } from 'react';
import { accessiblePrograms, portalAbilities, programSelectionMessage, type PortalRoute } from '@beach/domain';
import { useAppSelector } from '../app/hooks';
import { NotPermitted } from './NotPermitted';
import { ProgramPrompt } from './ProgramPrompt';

/**
 * The screen for the selected program (or the user's only one), or why there is none: the same
 * permission rules as the menu and the server.
 */
export function ProgramGate({ route, children }: { route: PortalRoute; children: (programId: number) => ReactNode }) {
  const user = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  if (!user) return null;
  const message = programSelectionMessage(user, selectedProgramId);
  if (message) return <ProgramPrompt message={message} />;
  const programs = accessiblePrograms(user);
  const programId = selectedProgramId ?? (programs.length === 1 ? programs[0]!.program_id : null);
  if (programId === null) return <p>You do not hold permissions in any program yet.</p>;
  if (!portalAbilities(user, programId)[route]) return <NotPermitted />;
  return <>{children(programId)}</>;
}
