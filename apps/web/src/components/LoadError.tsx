import { Alert, Button } from '@trussworks/react-uswds';

/** A list or record that failed to load: what happened and a way to try again. */
export function LoadError({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <Alert type="error" headingLevel="h2" slim role="alert">
      {message}
      {onRetry && (
        <>
          {' '}
          <Button type="button" unstyled onClick={onRetry}>
            Retry
          </Button>
        </>
      )}
    </Alert>
  );
}
