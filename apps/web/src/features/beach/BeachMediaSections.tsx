import { useBeachPhotosQuery, useBeachReportsQuery } from './api';
import { formatDay } from './format';
import { LoadError } from './LoadError';

/** Photos of the beach (public/beaches/{id}/photos). */
export function BeachPhotosSection({ stationId }: { stationId: number }) {
  const { data, isLoading, isError, refetch } = useBeachPhotosQuery(stationId);
  return (
    <section className="beach-section" aria-labelledby="photos-heading">
      <h2 id="photos-heading">Photos</h2>
      {isError ? (
        <LoadError what="The photos" onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">Loading photos…</p>
      ) : data.length === 0 ? (
        <p>No photos of this beach yet.</p>
      ) : (
        <ul className="beach-photos">
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
  const { data, isLoading, isError, refetch } = useBeachReportsQuery(stationId);
  return (
    <section className="beach-section" aria-labelledby="reports-heading">
      <h2 id="reports-heading">Reports and publications</h2>
      {isError ? (
        <LoadError what="The reports" onRetry={() => void refetch()} />
      ) : isLoading || !data ? (
        <p role="status">Loading reports…</p>
      ) : data.length === 0 ? (
        <p>No reports or publications about this beach.</p>
      ) : (
        <ul className="beach-reports">
          {data.map((report) => {
            const href = report.upload_file ?? report.url;
            return (
              <li key={report.report_and_publication_id}>
                {href ? (
                  <a className="usa-link" href={href}>
                    {report.title}
                  </a>
                ) : (
                  report.title
                )}{' '}
                ({report.is_publication ? 'publication' : 'report'}, {formatDay(report.date)})
                {report.description && <p>{report.description}</p>}
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
