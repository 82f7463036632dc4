import { Alert } from '@trussworks/react-uswds';

/** What a screen shows instead of itself to a signed-in user whose permissions do not include it. */
export function NotPermitted() {
  return (
    <Alert type="warning" headingLevel="h2" slim>
      You do not have permission to use this page. Ask an administrator if you need it.
    </Alert>
  );
}
