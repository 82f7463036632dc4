import '../../styles/uswds/content.scss';
import { Link, useParams } from 'react-router';
import { PublicPage } from '../../components/PublicPage';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, formatDate, usePublicText } from '../../i18n';
import { usePublicFlightQuery, type FlightReport } from './api';
import { flightStatusText } from './flight-status';
import '../../i18n/page-text';

const OBSERVATIONS = [
  ['floatables', 'flights.floatables'],
  ['debris', 'flights.debris'],
  ['algal_blooms', 'flights.algalBlooms'],
  ['wildlife', 'flights.wildlife'],
  ['notes', 'flights.notes'],
] as const satisfies readonly (readonly [keyof FlightReport['observations'], string])[];

/** One daily flight report (/daily-flight-reports/:id): date, path, observations and photos. */
export default function FlightReportPage() {
  const { t, language } = usePublicText();
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const query = usePublicFlightQuery(id, { skip: !valid });
  const flight = query.data;
  const title = flight ? t('flights.reportTitle', { date: formatDate(flight.flight_date, language) }) : t('flights.title');

  return (
    <PublicPage title={title}>
      <p>
        <Link className="usa-link" to="/daily-flight-reports">
          {t('flights.back')}
        </Link>
      </p>
      <QueryState
        isLoading={query.isLoading}
        error={valid ? query.error : { status: 404 }}
        onRetry={() => void query.refetch()}
        notFoundText={t('flights.notFound')}
      >
        {flight && (
          <>
            <dl className="flight-facts">
              <dt>{t('flights.status')}</dt>
              <dd>{flightStatusText(t, flight.status)}</dd>
              <dt>{t('flights.path')}</dt>
              <dd lang={flight.flight_path ? CONTENT_LANGUAGE : undefined}>{flight.flight_path || t('flights.noPath')}</dd>
            </dl>
            <h2>{t('flights.observations')}</h2>
            <dl className="flight-observations">
              {OBSERVATIONS.map(([field, label]) => (
                <div key={field}>
                  <dt>{t(label)}</dt>
                  <dd lang={flight.observations[field] ? CONTENT_LANGUAGE : undefined}>
                    {flight.observations[field] || t('flights.noneReported')}
                  </dd>
                </div>
              ))}
            </dl>
            <h2>{t('flights.photos')}</h2>
            {flight.photos.length === 0 ? (
              <p>{t('flights.noPhotos')}</p>
            ) : (
              <ul className="photo-grid usa-list--unstyled" lang={CONTENT_LANGUAGE}>
                {flight.photos.map((photo) => (
                  <li key={photo.daily_flight_photo_id}>
                    <figure className="margin-0">
                      <img src={photo.file} alt={photo.caption} loading="lazy" />
                      {photo.caption && <figcaption>{photo.caption}</figcaption>}
                    </figure>
                  </li>
                ))}
              </ul>
            )}
            {flight.files.length > 0 && (
              <>
                <h2>{t('flights.files')}</h2>
                <ul className="usa-list" lang={CONTENT_LANGUAGE}>
                  {flight.files.map((file) => (
                    <li key={file.daily_flight_file_id}>
                      <a className="usa-link" href={file.file} download={file.name}>
                        {file.description || file.name}
                      </a>{' '}
                      <span className="text-base-dark">({t('flights.fileSize', { type: fileKind(file.name, file.type), size: Math.max(1, Math.round(file.size_bytes / 1024)) })})</span>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </>
        )}
      </QueryState>
    </PublicPage>
  );
}

/** 'PDF', 'XLSX'...: the file's extension, or the subtype of its media type. */
function fileKind(name: string, type: string): string {
  return (name.match(/\.([a-z0-9]+)$/i)?.[1] ?? type.split('/').pop() ?? '').toUpperCase();
}
