import { useState, type FormEvent } from 'react';
import { Button, ButtonGroup } from '@trussworks/react-uswds';
import { latestSampleDate, sampleDateSchema } from '@beach/domain';
import { Field } from '../../components/Field';

export interface Range {
  from: string;
  to: string;
}

type RangeErrors = Partial<Record<keyof Range, string>>;

/** The end's own problem (a later day than tomorrow), or undefined; an empty end is fine. */
function dateProblem(day: string): string | undefined {
  if (!day) return undefined;
  const checked = sampleDateSchema().safeParse(day);
  return checked.success ? undefined : checked.error.issues[0]!.message;
}

/**
 * Optional sample-date range of a review list; both ends may be left empty. Neither end is later than
 * tomorrow (SPEC 5): the pickers stop there, and a later day typed in is refused with a message.
 */
export function DateRange({ value, onApply }: { value: Range; onApply: (range: Range) => void }) {
  const [draft, setDraft] = useState(value);
  const [errors, setErrors] = useState<RangeErrors>({});
  const max = latestSampleDate();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: RangeErrors = { from: dateProblem(draft.from), to: dateProblem(draft.to) };
    if (!found.from && !found.to && draft.from && draft.to && draft.from > draft.to) {
      found.from = 'The start date must not be after the end date';
    }
    setErrors(found);
    if (found.from || found.to) {
      document.getElementById(found.from ? 'range-from' : 'range-to')?.focus();
      return;
    }
    onApply(draft);
  };
  return (
    <form className="review-range" onSubmit={submit} noValidate aria-label="Sample dates">
      <Field id="range-from" label="Sampled from" error={errors.from} className="margin-top-0">
        {(a11y) => (
          <input
            {...a11y}
            className="usa-input"
            type="date"
            name="from"
            max={max}
            value={draft.from}
            onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          />
        )}
      </Field>
      <Field id="range-to" label="Sampled to" error={errors.to} className="margin-top-0">
        {(a11y) => (
          <input {...a11y} className="usa-input" type="date" name="to" max={max} value={draft.to} onChange={(e) => setDraft({ ...draft, to: e.target.value })} />
        )}
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
            setErrors({});
            onApply({ from: '', to: '' });
          }}
        >
          All dates
        </Button>
      </ButtonGroup>
    </form>
  );
}
