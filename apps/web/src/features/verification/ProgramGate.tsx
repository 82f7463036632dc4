import type { ReactNode } from 'react';
import { NotPermitted } from '../../components/NotPermitted';
import { ProgramPrompt } from '../../components/ProgramPrompt';
import type { ProgramChoice } from './program-choice';

/** The screen for its program, or why there is none. */
export function ProgramGate({ choice, children }: { choice: ProgramChoice; children: (programId: number) => ReactNode }) {
  switch (choice.kind) {
    case 'message':
      return <ProgramPrompt message={choice.message} />;
    case 'none':
      return <p>You do not hold permissions in any program yet.</p>;
    case 'denied':
      return <NotPermitted />;
    case 'program':
      return <>{children(choice.programId)}</>;
  }
}
