import { ErrorMessage, FormGroup, Label, TextInput } from '@trussworks/react-uswds';
import type { UseFormRegisterReturn } from 'react-hook-form';

interface TextFieldProps {
  id: string;
  label: string;
  type: 'text' | 'email' | 'password';
  registration: UseFormRegisterReturn;
  error?: string;
  hint?: string;
  autoComplete?: string;
}

/** A labelled USWDS input wired to react-hook-form; its hint and error are tied to it by aria-describedby. */
export function TextField({ id, label, type, registration, error, hint, autoComplete }: TextFieldProps) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const describedBy = [hint ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return (
    <FormGroup error={Boolean(error)}>
      <Label htmlFor={id} error={Boolean(error)}>
        {label}
      </Label>
      {hint && (
        <span className="usa-hint" id={hintId}>
          {hint}
        </span>
      )}
      {error && <ErrorMessage id={errorId}>{error}</ErrorMessage>}
      <TextInput
        id={id}
        type={type}
        autoComplete={autoComplete}
        validationStatus={error ? 'error' : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...registration}
      />
    </FormGroup>
  );
}
