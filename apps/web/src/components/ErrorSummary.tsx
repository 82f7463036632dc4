import { Alert } from '@trussworks/react-uswds';

export interface FieldError {
  /** The id of the field the message belongs to. */
  id: string;
  message: string;
}

/**
 * The list of a form's errors above it, each linking to its field. Focus goes to the first invalid
 * field on submit (react-hook-form), whose own message is tied to it by aria-describedby.
 */
export function ErrorSummary({ errors }: { errors: FieldError[] }) {
  if (errors.length === 0) return null;
  return (
    <Alert type="error" headingLevel="h2" heading="There is a problem" validation className="margin-bottom-3">
      <ul className="usa-list margin-top-1">
        {errors.map((error) => (
          <li key={error.id}>
            <a
              href={`#${error.id}`}
              onClick={(event) => {
                event.preventDefault();
                document.getElementById(error.id)?.focus();
              }}
            >
              {error.message}
            </a>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
