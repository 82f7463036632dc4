import '../../styles/uswds/content.scss';
import { formatDay, usePublicText, nextDay } from '../../i18n';
import { useMemo, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { ApiError } from '../../app/api';
import { PublicPage } from '../../components/PublicPage';
import { ActionsTable } from './ActionsTable';
import { useBeachActionsQuery, useBeachActionsTodayQuery } from './api';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import './beach-actions.css';
import '../../i18n/page-text';

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
const PAGE_SIZE = 25;

function dayParam(value: string | null): string | undefined {
  return value && ISO_DAY.test(value) ? value : undefined;
}

type DateProblem = 'tooLate' | 'startAfterEnd';
type DateErrors = { from?: DateProblem; to?: DateProblem };

/** The dates' problems, checked before asking (the server checks the same and answers 400). */
function dateErrors(from: string, to: string, max: string | null): DateErrors {
  const errors: DateErrors = {};
  if (from && max && from > max) errors.from = 'tooLate';
  if (to && max && to > max) errors.to = 'tooLate';
  if (!errors.from && from && to && from > to) errors.from = 'startAfterEnd';
  return errors;
}

/** /beach-actions: advisories and closures in force now and earlier in the chosen period. */
export default function BeachActionsPage() {
  const { t, language } = usePublicText();
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const today = useBeachActionsTodayQuery();
  const max = today.data ? nextDay(today.data) : null;
  const { currentData: data, isError, error, refetch } = useBeachActionsQuery({ from, to });

  const [draft, setDraft] = useState({ from: from ?? '', to: to ?? '' });
  // Kept as kinds, not sentences, so they follow a language switch.
  const [errors, setErrors] = useState<DateErrors>({});
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

  // The same arrays while the answer is the same (RTK Query keeps it), so the memoised tables skip the page's renders.
  const { ongoing, ended } = useMemo(
    () => ({ ongoing: data?.actions.filter((a) => a.ongoing) ?? [], ended: data?.actions.filter((a) => !a.ongoing) ?? [] }),
    [data],
  );
  const endedShown = useMemo(() => ended.slice(0, limit), [ended, limit]);
  const serverMessage = (error as ApiError | undefined)?.status === 400 ? (error as ApiError).message : undefined;
  const period = data ? { from: formatDay(data.from, language), to: formatDay(data.to, language) } : { from: '', to: '' };
  const errorText = (problem: DateProblem | undefined) => (problem ? t(`beachActions.${problem}`) : undefined);

  return (
    <PublicPage title={t('beachActions.title')} intro={t('beachActions.intro')}>
      <form className="usa-form beach-actions-filters" onSubmit={apply} noValidate aria-label={t('beachActions.period')}>
        {(['from', 'to'] as const).map((key) => (
          <div key={key} className={errors[key] ? 'usa-form-group usa-form-group--error' : 'usa-form-group'}>
            <label className="usa-label" htmlFor={`actions-${key}`}>
              {key === 'from' ? t('beachActions.from') : t('beachActions.to')}
            </label>
            <span className="usa-hint" id={`actions-${key}-hint`}>
              {key === 'from' ? t('beachActions.fromHint') : t('beachActions.toHint')}
            </span>
            {errors[key] && (
              <span className="usa-error-message" id={`actions-${key}-error`} role="alert">
                {errorText(errors[key])}
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
            {t('beachActions.show')}
          </button>
          {(from || to) && (
            <button type="button" className="usa-button usa-button--outline" onClick={reset}>
              {t('beachActions.reset')}
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
          <LoadError message={t('beachActions.failed')} onRetry={() => void refetch()} />
        )
      ) : !data ? (
        <p role="status">{t('beachActions.loading')}</p>
      ) : (
        <div>
          <p className="beach-actions-summary" role="status">
            {data.actions.length === 0
              ? t('beachActions.none', period)
              : t('beachActions.summary', { ongoing: ongoing.length, ended: ended.length, ...period })}
          </p>
          <section className="beach-actions-section" aria-labelledby="actions-current-heading">
            <h2 id="actions-current-heading">{t('beachActions.currentHeading')}</h2>
            {ongoing.length === 0 ? (
              <p>{t('beachActions.noneCurrent')}</p>
            ) : (
              <ActionsTable actions={ongoing} caption={t('beachActions.currentCaption')} />
            )}
          </section>
          <section className="beach-actions-section" aria-labelledby="actions-recent-heading">
            <h2 id="actions-recent-heading">{t('beachActions.recentHeading')}</h2>
            {ended.length === 0 ? (
              <p>{t('beachActions.noneEnded')}</p>
            ) : (
              <>
                <ActionsTable
                  actions={endedShown}
                  caption={
                    ended.length > limit
                      ? t('beachActions.endedCaptionPartial', { ...period, shown: limit, total: ended.length })
                      : t('beachActions.endedCaption', period)
                  }
                />
                {ended.length > limit && (
                  <button
                    type="button"
                    className="usa-button usa-button--outline beach-actions-more"
                    onClick={() => setPaging({ key: periodKey, limit: limit + PAGE_SIZE })}
                  >
                    {t('beachActions.showMore', { number: Math.min(PAGE_SIZE, ended.length - limit) })}
                  </button>
                )}
              </>
            )}
          </section>
        </div>
      )}
    </PublicPage>
  );
}
