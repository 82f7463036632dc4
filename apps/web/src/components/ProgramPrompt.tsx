import { Alert } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';

/**
 * The program prompt (SPEC 2 Menu behaviour's messages), shown once, by the page that needs a program: ask to
 * choose one, or say the chosen one is not the user's. The menu's selector shows no message of its own, and
 * pages that do not depend on a program (website management, user edit...) show none (issue 28).
 */
export function ProgramPrompt({ message }: { message: string }) {
  return (
    <Alert type={message === MESSAGES.missingProgramPermissions ? 'error' : 'info'} headingLevel="h2" slim className="program-prompt">
      {message}
    </Alert>
  );
}
