import type { ReactNode } from 'react';
import { Alert, Button } from '@trussworks/react-uswds';
import { portalAbilities, type PortalRoute } from '@beach/domain';
import { useAppSelector } from '../app/hooks';
import { NotPermitted } from './NotPermitted';
import { ScreenPage } from './ScreenPage';

/** A screen's page that shows its content only to a user whose abilities include its route. */
export function PermittedScreenPage({ route, title, description, children }: { route: PortalRoute; title: string; description: string; children: ReactNode }) {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const allowed = me ? portalAbilities(me, selectedProgramId)[route] : false;
  return (
    <ScreenPage title={title} description={description}>
      {allowed ? children : <NotPermitted />}
    </ScreenPage>
  );
}

/** A download form's word that its program list could not be loaded, with a retry. */
export function ProgramListError({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert type="error" headingLevel="h2" slim role="alert">
      The program list could not be loaded.{' '}
      <Button type="button" unstyled onClick={onRetry}>
        Retry
      </Button>
    </Alert>
  );
}

interface DownloadOutcomeProps {
  /** What shows while the file is being made (a status line), or nothing. */
  busy: ReactNode;
  /** The downloaded file's name, once it is done. */
  done: string | null;
  /** Why the download failed. */
  failure: string | null;
  /** The spacing of the live region and of the alerts, each screen its own. */
  regionClassName?: string;
  alertClassName?: string;
}

/** A download form's outcome: the busy status and the success in a polite live region, a failure as an alert. */
export function DownloadOutcome({ busy, done, failure, regionClassName, alertClassName }: DownloadOutcomeProps) {
  return (
    <>
      <div className={regionClassName} aria-live="polite">
        {busy}
        {done && (
          <Alert type="success" headingLevel="h2" slim className={alertClassName}>
            Downloaded {done}.
          </Alert>
        )}
      </div>
      {failure && (
        <Alert type="error" headingLevel="h2" slim role="alert" className={alertClassName}>
          {failure}
        </Alert>
      )}
    </>
  );
}
