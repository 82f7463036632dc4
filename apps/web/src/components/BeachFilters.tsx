import type { ReactNode } from 'react';
import { Select, TextInput } from '@trussworks/react-uswds';
import { Field } from './Field';
import './beach-filters.css';

/** The choices of a long list of beaches: a county ('' for all) and part of a name. */
export interface BeachFilterValue {
  county: string;
  find: string;
}

interface BeachFiltersProps {
  /** Prefix of the fields' ids and names (`${idPrefix}-county`, `${idPrefix}-find`). */
  idPrefix: string;
  /** The counties to choose from, in the order shown; the County field appears only when there are two or more. */
  counties: readonly string[];
  value: BeachFilterValue;
  onChange: (patch: Partial<BeachFilterValue>) => void;
  /** Further choices of the same list, after the two (the Morning Board's "only likely above"). */
  children?: ReactNode;
}

/**
 * Which beaches a long list shows (issue 28, decision 0058): County and "Find a beach", one line while they fit.
 * Used by the Morning Board and Beach Ordering; each page filters and pages its own rows.
 */
export function BeachFilters({ idPrefix, counties, value, onChange, children }: BeachFiltersProps) {
  return (
    <fieldset className="usa-fieldset beach-filters">
      <legend className="usa-sr-only">Which beaches to show</legend>
      {counties.length > 1 && (
        <Field id={`${idPrefix}-county`} label="County">
          {(a11y) => (
            <Select {...a11y} name={`${idPrefix}-county`} value={value.county} onChange={(e) => onChange({ county: e.target.value })}>
              <option value="">All counties</option>
              {counties.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </Select>
          )}
        </Field>
      )}
      <Field id={`${idPrefix}-find`} label="Find a beach" hint="Part of a beach, station or municipality name">
        {(a11y) => <TextInput {...a11y} name={`${idPrefix}-find`} type="text" value={value.find} onChange={(e) => onChange({ find: e.target.value })} />}
      </Field>
      {children}
    </fieldset>
  );
}
