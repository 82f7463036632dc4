import { useState, type FormEvent } from 'react';
import { Button } from '@trussworks/react-uswds';
import { latestSampleDate, sampleDateSchema } from '@beach/domain';
import { Field } from '../../components/Field';

/**
 * The day the 30-day windows end on: not later than tomorrow (SPEC 5), empty for the program's default day
 * (its last sampled day, or the season's last day out of season; the note under the form says which). The
 * picker stops at tomorrow; a later day typed in is refused with a message.
 */
export function AsOfForm({ value, onApply }: { value: string; onApply: (date: string) => void }) {
  const [draft, setDraft] = useState(value);
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft) {
      const checked = sampleDateSchema().safeParse(draft);
      if (!checked.success) {
        setError(checked.error.issues[0]!.message);
        document.getElementById('as-of')?.focus();
        return;
      }
    }
    setError(undefined);
    onApply(draft);
  };
  return (
    <form className="geomean-as-of" onSubmit={submit} noValidate aria-label="As of">
      <Field id="as-of" label="As of" hint="Windows end on this day, not later than tomorrow. Empty: the program’s default day." error={error} className="margin-top-0">
        {(a11y) => (
          <input {...a11y} className="usa-input" type="date" name="as-of" max={latestSampleDate()} value={draft} onChange={(e) => setDraft(e.target.value)} />
        )}
      </Field>
      <Button type="submit" outline>
        Show
      </Button>
    </form>
  );
}
