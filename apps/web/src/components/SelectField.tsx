import type { ReactNode } from 'react';

export interface SelectOption {
  value: string;
  label: string;
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  options: readonly SelectOption[];
  onChange: (value: string) => void;
  /** First option, meaning "not chosen" (value ''). */
  emptyLabel?: string;
  hint?: ReactNode;
  disabled?: boolean;
}

/** A labelled USWDS select whose hint is tied to it by aria-describedby (plain markup: no react-uswds). */
export function SelectField({ id, label, value, options, onChange, emptyLabel, hint, disabled }: SelectFieldProps) {
  const hintId = `${id}-hint`;
  return (
    <div className="usa-form-group">
      <label className="usa-label" htmlFor={id}>
        {label}
      </label>
      {hint && (
        <span className="usa-hint" id={hintId}>
          {hint}
        </span>
      )}
      <select
        className="usa-select"
        id={id}
        name={id}
        value={value}
        disabled={disabled}
        aria-describedby={hint ? hintId : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        {emptyLabel !== undefined && <option value="">{emptyLabel}</option>}
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </div>
  );
}
