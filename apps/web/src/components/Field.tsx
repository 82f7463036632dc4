import type { ReactNode } from 'react';
import { ErrorMessage, FormGroup, Label } from '@trussworks/react-uswds';

/** What a control inside a Field spreads onto itself: its id and the ids of its hint and error. */
export interface FieldControlProps {
  id: string;
  'aria-describedby'?: string;
  'aria-invalid'?: true;
}

interface FieldProps {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  /** Marks the label "(required)" in words, not only with an asterisk. */
  required?: boolean;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/**
 * A labelled form group for any control (select, textarea, date, number...): the label, hint and error
 * are tied to the control by id and aria-describedby, as TextField does for text inputs.
 */
export function Field({ id, label, hint, error, required, className, children }: FieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup error={Boolean(error)} className={className}>
      <Label htmlFor={id} error={Boolean(error)}>
        {label}
        {required && <span className="text-base"> (required)</span>}
      </Label>
      {hint && (
        <span className="usa-hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      {children({ id, 'aria-describedby': describedBy, 'aria-invalid': error ? true : undefined })}
    </FormGroup>
  );
}
