import { formatDay, usePublicText } from '../../i18n';
import { memo, useState, type FormEvent } from 'react';

interface SnapshotDateControlProps {
  /** The past day shown, or null for today's statuses. */
  date: string | null;
  /** Latest day allowed: tomorrow in the programs' time zone (SPEC 5). */
  max: string | null;
  onChange: (date: string | null) => void;
  /** The address's other parameters (the view, the list's filters): sent along when the form goes without JavaScript. */
  keep?: URLSearchParams;
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/** Shows the map as of a past day (public/snapshots). */
export const SnapshotDateControl = memo(function SnapshotDateControl({ date, max, onChange, keep }: SnapshotDateControlProps) {
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

  // The address's parameters but the day and the list's length, which a new day starts again without.
  const kept = [...(keep ?? [])].filter(([key]) => key !== 'date' && key !== 'pages');
  // Without JavaScript the form is sent as it stands (a GET of the same address with the day and the other
  // parameters in it) and the server renders that day's map (decision 0067). An empty day is today's.
  return (
    <form className="snapshot-control" method="get" onSubmit={submit} noValidate>
      {kept.map(([key, value]) => (
        <input key={key} type="hidden" name={key} value={value} />
      ))}
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
            name="date"
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
            <a
              className="usa-button usa-button--outline"
              href={`?${new URLSearchParams(kept).toString()}`}
              onClick={(event) => {
                event.preventDefault();
                setDraft('');
                setProblem(null);
                onChange(null);
              }}
            >
              {t('map.snapshot.backToToday')}
            </a>
          )}
        </div>
      </div>
    </form>
  );
});
