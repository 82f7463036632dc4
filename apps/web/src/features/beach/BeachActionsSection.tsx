import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { useBeachStationActionsQuery } from './api';
import { formatDay } from './format';
import { LoadError } from './LoadError';

const STATUS_SHAPES: Record<string, string> = { ADVISORY: '▲', CLOSED: '■' };

/** Advisories and closures of this beach over recent seasons (public/beaches/{id}/actions). */
export function BeachActionsSection({ stationId }: { stationId: number }) {
  const { t, language } = usePublicText();
  const { data, isLoading, isError, refetch } = useBeachStationActionsQuery(stationId);
  const day = (date: string) => formatDay(date, language);
  const columns = {
    status: t('beachActions.columns.status'),
    start: t('beachActions.columns.start'),
    end: t('beachActions.columns.end'),
    days: t('beachActions.columns.days'),
    reason: t('beachActions.columns.reason'),
    source: t('beachActions.columns.source'),
  };
  return (
    <section className="beach-section" aria-labelledby="actions-heading">
      <h2 id="actions-heading">{t('beach.actions.heading')}</h2>
      {isError ? (
        <LoadError message={t('beach.actions.failed')} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">{t('beach.actions.loading')}</p>
      ) : data.actions.length === 0 ? (
        <p>{t('beach.actions.none', { from: day(data.from), to: day(data.to) })}</p>
      ) : (
        <table className="usa-table usa-table--compact usa-table--striped usa-table--stacked-header beach-table">
            <caption>{t('beach.actions.caption', { from: day(data.from), to: day(data.to) })}</caption>
            <thead>
              <tr>
                <th scope="col">{columns.status}</th>
                <th scope="col">{columns.start}</th>
                <th scope="col">{columns.end}</th>
                <th scope="col">{columns.days}</th>
                <th scope="col">{columns.reason}</th>
                <th scope="col">{columns.source}</th>
              </tr>
            </thead>
            <tbody>
              {data.actions.map((action) => (
                <tr key={`${action.start_date}-${action.status_code}`}>
                  <th scope="row" data-label={columns.status}>
                    <span aria-hidden="true" className="beach-action-shape" style={{ color: action.status_color }}>
                      {STATUS_SHAPES[action.status_code] ?? '●'}
                    </span>{' '}
                    <span lang={CONTENT_LANGUAGE}>{action.status_name}</span>
                  </th>
                  <td data-label={columns.start}>{day(action.start_date)}</td>
                  <td data-label={columns.end}>
                    {action.ongoing ? t('beachActions.inEffect') : action.end_date ? day(action.end_date) : '—'}
                  </td>
                  <td data-label={columns.days}>{action.days}</td>
                  <td data-label={columns.reason} lang={action.reason ? CONTENT_LANGUAGE : undefined}>
                    {action.reason ?? '—'}
                  </td>
                  <td data-label={columns.source} lang={action.source ? CONTENT_LANGUAGE : undefined}>
                    {action.source ?? '—'}
                  </td>
                </tr>
              ))}
            </tbody>
        </table>
      )}
    </section>
  );
}
