import { useState, type FormEvent } from 'react';
import { formatDay } from './format';

interface SnapshotDateControlProps {
  /** The past day shown, or null for today's statuses. */
  date: string | null;
  /** Latest day allowed: tomorrow in the programs' time zone (SPEC 5). */
  max: string | null;
  onChange: (date: string | null) => void;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Shows the map as of a past day (public/snapshots). */
export function SnapshotDateControl({ date, max, onChange }: SnapshotDateControlProps) {
  const [draft, setDraft] = useState(date ?? '');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ISO_DAY.test(draft)) {
      setError('Enter a date as month, day and year.');
      return;
    }
    if (max && draft > max) {
      setError(`Date cannot be later than tomorrow (${formatDay(max)}).`);
      return;
    }
    setError(null);
    onChange(draft);
  };

  return (
    <form className="snapshot-control" onSubmit={submit} noValidate>
      <div className={error ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
        <label className="usa-label" htmlFor="snapshot-date">
          Show statuses on a past day
        </label>
        {error && (
          <span className="usa-error-message" id="snapshot-date-error" role="alert">
            {error}
          </span>
        )}
        <div className="snapshot-control__row">
          <input
            className={error ? 'usa-input usa-input--error' : 'usa-input'}
            id="snapshot-date"
            type="date"
            max={max ?? undefined}
            value={draft}
            aria-describedby={error ? 'snapshot-date-error' : undefined}
            onChange={(e) => setDraft(e.target.value)}
          />
          <button type="submit" className="usa-button">
            Show day
          </button>
          {date && (
            <button
              type="button"
              className="usa-button usa-button--outline"
              onClick={() => {
                setDraft('');
                setError(null);
                onChange(null);
              }}
            >
              Back to today
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
