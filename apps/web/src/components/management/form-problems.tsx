import { useState } from 'react';
import { Alert } from '@trussworks/react-uswds';
import { applyServerErrors } from '../api-errors';
import { ErrorSummary, type FieldError } from '../ErrorSummary';

/**
 * A management form's submit: runs `onSubmit`, and when the server refuses, puts each field message on its
 * field (`setFieldError` answers whether the field is on this form) and keeps the rest as the form's failure.
 */
export function useServerFailure<T>(onSubmit: (values: T) => Promise<void>, setFieldError: (field: string, message: string) => boolean, fallback: string) {
  const [failure, setFailure] = useState<string[]>([]);
  const submit = async (values: T) => {
    setFailure([]);
    try {
      await onSubmit(values);
    } catch (thrown) {
      setFailure(applyServerErrors(thrown, setFieldError, fallback));
    }
  };
  return { failure, setFailure, submit };
}

/** Above a management form: the list of its field errors, each linking to its field, and what the server refused beyond them. */
export function FormProblems({ errors, failure }: { errors: FieldError[]; failure: string[] }) {
  return (
    <>
      <ErrorSummary errors={errors} />
      {failure.length > 0 && (
        <Alert type="error" headingLevel="h2" slim role="alert">
          {failure.join(' ')}
        </Alert>
      )}
    </>
  );
}
