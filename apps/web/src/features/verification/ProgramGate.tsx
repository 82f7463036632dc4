import type { ReactNode } from 'react';
import { Alert } from '@trussworks/react-uswds';
import { NotPermitted } from '../../components/NotPermitted';
import type { ProgramChoice } from './program-choice';

/** The screen for its program, or why there is none. */
export function ProgramGate({ choice, children }: { choice: ProgramChoice; children: (programId: number) => ReactNode }) {
  switch (choice.kind) {
    case 'message':
      return (
        <Alert type={choice.error ? 'error' : 'info'} headingLevel="h2" slim>
          {choice.message}
        </Alert>
      );
    case 'none':
      return <p>You do not hold permissions in any program yet.</p>;
    case 'denied':
      return <NotPermitted />;
    case 'program':
      return <>{children(choice.programId)}</>;
  }
}
