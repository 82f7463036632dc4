import { useState, type FormEvent } from 'react';
import { Button, ButtonGroup } from '@trussworks/react-uswds';
import { Field } from '../../components/Field';

export interface Range {
  from: string;
  to: string;
}

/** Optional sample-date range of a review list; both ends may be left empty. */
export function DateRange({ value, onApply }: { value: Range; onApply: (range: Range) => void }) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError('The start date must not be after the end date');
      document.getElementById('range-from')?.focus();
      return;
    }
    setError(null);
    onApply(draft);
  };
  return (
    <form className="review-range" onSubmit={submit} noValidate aria-label="Sample dates">
      <Field id="range-from" label="Sampled from" error={error ?? undefined} className="margin-top-0">
        {(a11y) => (
          <input {...a11y} className="usa-input" type="date" name="from" value={draft.from} onChange={(e) => setDraft({ ...draft, from: e.target.value })} />
        )}
      </Field>
      <Field id="range-to" label="Sampled to" className="margin-top-0">
        {(a11y) => <input {...a11y} className="usa-input" type="date" name="to" value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />}
      </Field>
      <ButtonGroup className="review-range__buttons">
        <Button type="submit" outline>
          Show
        </Button>
        <Button
          type="button"
          unstyled
          onClick={() => {
            setDraft({ from: '', to: '' });
            setError(null);
            onApply({ from: '', to: '' });
          }}
        >
          All dates
        </Button>
      </ButtonGroup>
    </form>
  );
}
