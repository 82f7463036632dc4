import { BeachActionCells, BeachActionHeaders } from '../../components/BeachActionCells';
import { formatDay, usePublicText } from '../../i18n';
import { useBeachStationActionsQuery } from './api';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import '../../i18n/page-text';

/** Advisories and closures of this beach over recent seasons (public/beaches/{id}/actions). */
export function BeachActionsSection({ stationId }: { stationId: number }) {
  const { t, language } = usePublicText();
  const { data, isLoading, isError, refetch } = useBeachStationActionsQuery(stationId);
  const day = (date: string) => formatDay(date, language);
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
                <BeachActionHeaders />
              </tr>
            </thead>
            <tbody>
              {data.actions.map((action) => (
                <tr key={`${action.start_date}-${action.status_code}`}>
                  <BeachActionCells action={action} statusIsRowHeader />
                </tr>
              ))}
            </tbody>
        </table>
      )}
    </section>
  );
}
