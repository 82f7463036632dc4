import { formatDay, usePublicText } from '../../i18n';
import { useState, type FormEvent } from 'react';

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
  const { t, language } = usePublicText();
  const [draft, setDraft] = useState(date ?? '');
  // Kept as a kind, not a sentence, so it follows a language switch.
  const [problem, setProblem] = useState<'invalid' | 'tooLate' | null>(null);
  const error =
    problem === 'invalid'
      ? t('map.snapshot.invalid')
      : problem === 'tooLate' && max
        ? t('map.snapshot.tooLate', { date: formatDay(max, language) })
        : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ISO_DAY.test(draft)) {
      setProblem('invalid');
      return;
    }
    if (max && draft > max) {
      setProblem('tooLate');
      return;
    }
    setProblem(null);
    onChange(draft);
  };

  return (
    <form className="snapshot-control" onSubmit={submit} noValidate>
      <div className={error ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
        <label className="usa-label" htmlFor="snapshot-date">
          {t('map.snapshot.label')}
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
            {t('map.snapshot.show')}
          </button>
          {date && (
            <button
              type="button"
              className="usa-button usa-button--outline"
              onClick={() => {
                setDraft('');
                setProblem(null);
                onChange(null);
              }}
            >
              {t('map.snapshot.backToToday')}
            </button>
          )}
        </div>
      </div>
    </form>
  );
}
