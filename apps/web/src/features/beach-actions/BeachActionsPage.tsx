import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ScreenPage } from '../../components/ScreenPage';
import type { ApiError } from '../../app/api';
import { ActionsTable } from './ActionsTable';
import { useBeachActionsQuery, useBeachActionsTodayQuery } from './api';
import { formatDay, nextDay } from './format';
import { LoadError } from './LoadError';
import './beach-actions.css';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_SIZE = 25;

function dayParam(value: string | null): string | undefined {
  return value && ISO_DAY.test(value) ? value : undefined;
}

/** The dates' problems, checked before asking (the server checks the same and answers 400). */
function dateErrors(from: string, to: string, max: string | null): { from?: string; to?: string } {
  const errors: { from?: string; to?: string } = {};
  const later = 'Date cannot be later than tomorrow';
  if (from && max && from > max) errors.from = later;
  if (to && max && to > max) errors.to = later;
  if (!errors.from && from && to && from > to) errors.from = 'The start date must not be after the end date';
  return errors;
}

/** /beach-actions: advisories and closures in force now and earlier in the chosen period. */
export default function BeachActionsPage() {
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const today = useBeachActionsTodayQuery();
  const max = today.data ? nextDay(today.data) : null;
  const { currentData: data, isError, error, refetch } = useBeachActionsQuery({ from, to });

  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  const [errors, setErrors] = useState<{ from?: string; to?: string }>({});
  const periodKey = `${from ?? ''}|${to ?? ''}`;
  const [paging, setPaging] = useState({ key: periodKey, limit: PAGE_SIZE });
  const limit = paging.key === periodKey ? paging.limit : PAGE_SIZE;

  const apply = (event: FormEvent) => {
    event.preventDefault();
    const found = dateErrors(draft.from, draft.to, max);
    setErrors(found);
    if (found.from || found.to) return;
    const next = new URLSearchParams();
    if (draft.from) next.set('from', draft.from);
    if (draft.to) next.set('to', draft.to);
    setParams(next);
  };
  const reset = () => {
    setDraft({ from: '', to: '' });
    setErrors({});
    setParams(new URLSearchParams());
  };

  const ongoing = data?.actions.filter((a) => a.ongoing) ?? [];
  const ended = data?.actions.filter((a) => !a.ongoing) ?? [];
  const serverMessage = (error as ApiError | undefined)?.status === 400 ? (error as ApiError).message : undefined;
  const period = data ? `${formatDay(data.from)} to ${formatDay(data.to)}` : '';

  return (
    <ScreenPage title="Beach Actions" description="Swimming advisories and closures in effect at monitored beaches, and earlier ones in the period you choose.">
      <form className="usa-form beach-actions-filters" onSubmit={apply} noValidate aria-label="Period">
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className={errors[key] ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
            <label className="usa-label" htmlFor={`actions-${key}`}>
              {key === 'from' ? 'From' : 'To'}
            </label>
            <span className="usa-hint" id={`actions-${key}-hint`}>
              {key === 'from' ? 'Default: the start of the current season' : 'Default: today'}
            </span>
            {errors[key] && (
              <span className="usa-error-message" id={`actions-${key}-error`} role="alert">
                {errors[key]}
              </span>
            )}
            <input
              className={errors[key] ? 'usa-input usa-input--error' : 'usa-input'}
              id={`actions-${key}`}
              type="date"
              max={max ?? undefined}
              value={draft[key]}
              aria-describedby={`actions-${key}-hint${errors[key] ? ` actions-${key}-error` : ''}`}
              onChange={(e) => setDraft((d) => ({ ...d, [key]: e.target.value }))}
            />
          </div>
        ))}
        <div className="beach-actions-filters__buttons">
          <button type="submit" className="usa-button">
            Show actions
          </button>
          {(from || to) && (
            <button type="button" className="usa-button usa-button--outline" onClick={reset}>
              Reset dates
            </button>
          )}
        </div>
      </form>

      {isError ? (
        serverMessage ? (
          <div className="usa-alert usa-alert--error usa-alert--slim" role="alert">
            <div className="usa-alert__body">
              <p className="usa-alert__text">{serverMessage}</p>
            </div>
          </div>
        ) : (
          <LoadError what="Beach actions" onRetry={() => void refetch()} />
        )
      ) : !data ? (
        <p role="status">Loading beach actions…</p>
      ) : (
        <div>
          <p className="beach-actions-summary" role="status">
            {data.actions.length === 0
              ? `No advisories or closures from ${period}.`
              : `${ongoing.length} in effect now and ${ended.length} ended, from ${period}.`}
          </p>
          <section aria-labelledby="actions-current-heading">
            <h2 id="actions-current-heading">In effect now</h2>
            {ongoing.length === 0 ? (
              <p>No beach is under an advisory or closed now.</p>
            ) : (
              <ActionsTable actions={ongoing} caption="Advisories and closures in effect now" />
            )}
          </section>
          <section aria-labelledby="actions-recent-heading">
            <h2 id="actions-recent-heading">Recent advisories and closures</h2>
            {ended.length === 0 ? (
              <p>None ended in this period.</p>
            ) : (
              <>
                <ActionsTable
                  actions={ended.slice(0, limit)}
                  caption={`Ended advisories and closures, ${period}, newest first${ended.length > limit ? ` (${limit} of ${ended.length})` : ''}`}
                />
                {ended.length > limit && (
                  <button
                    type="button"
                    className="usa-button usa-button--outline beach-actions-more"
                    onClick={() => setPaging({ key: periodKey, limit: limit + PAGE_SIZE })}
                  >
                    Show {Math.min(PAGE_SIZE, ended.length - limit)} more
                  </button>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </ScreenPage>
  );
}
