import { formatDay, CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { useBeachPhotosQuery, useBeachReportsQuery } from './api';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import '../../i18n/page-text';

/** Photos of the beach (public/beaches/{id}/photos); titles and descriptions are content, shown as entered. */
export function BeachPhotosSection({ stationId }: { stationId: number }) {
  const { t } = usePublicText();
  const { data, isLoading, isError, refetch } = useBeachPhotosQuery(stationId);
  return (
    <section className="beach-section" aria-labelledby="photos-heading">
      <h2 id="photos-heading">{t('beach.photos.heading')}</h2>
      {isError ? (
        <LoadError message={t('beach.photos.failed')} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">{t('beach.photos.loading')}</p>
      ) : data.length === 0 ? (
        <p>{t('beach.photos.none')}</p>
      ) : (
        <ul className="beach-photos" lang={CONTENT_LANGUAGE}>
          {data.map((photo) => (
            <li key={photo.beach_photo_id}>
              <figure>
                <img src={photo.file} alt={photo.title} loading="lazy" />
                <figcaption>
                  <strong>{photo.title}</strong>
                  {photo.desc && <> {photo.desc}</>}
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/** Reports and publications about the beach (public/beaches/{id}/reportsAndPublications). */
export function BeachReportsSection({ stationId }: { stationId: number }) {
  const { t, language } = usePublicText();
  const { data, isLoading, isError, refetch } = useBeachReportsQuery(stationId);
  return (
    <section className="beach-section" aria-labelledby="reports-heading">
      <h2 id="reports-heading">{t('beach.reports.heading')}</h2>
      {isError ? (
        <LoadError message={t('beach.reports.failed')} onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">{t('beach.reports.loading')}</p>
      ) : data.length === 0 ? (
        <p>{t('beach.reports.none')}</p>
      ) : (
        <ul className="beach-reports">
          {data.map((report) => {
            const href = report.upload_file ?? report.url;
            const date = formatDay(report.date, language);
            return (
              <li key={report.report_and_publication_id}>
                {href ? (
                  <a className="usa-link" href={href} lang={CONTENT_LANGUAGE}>
                    {report.title}
                  </a>
                ) : (
                  <span lang={CONTENT_LANGUAGE}>{report.title}</span>
                )}{' '}
                {report.is_publication ? t('beach.reports.publicationOn', { date }) : t('beach.reports.reportOn', { date })}
                {report.description && <p lang={CONTENT_LANGUAGE}>{report.description}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
