import '../../styles/uswds/content.scss';
import { PublicPage } from '../../components/PublicPage';
import { photoSources } from '../../components/photo-sources';
import { QueryState } from '../../components/QueryState';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { usePublicPhotosQuery, type BeachPhoto } from './api';
import '../../i18n/page-text';

/** Found on the Beach (/found-on-the-beach): the photo gallery staff keep under Website Management. */
export default function PhotosPage() {
  const { t } = usePublicText();
  const query = usePublicPhotosQuery();
  const photos = query.data ?? [];
  return (
    <PublicPage title={t('photos.title')} intro={t('photos.intro')}>
      <QueryState
        isLoading={query.isLoading}
        error={query.error}
        onRetry={() => void query.refetch()}
        isEmpty={photos.length === 0}
        emptyText={t('photos.empty')}
      >
        <ul className="usa-card-group">
          {photos.map((photo) => (
            <li key={photo.beach_photo_id} className="usa-card usa-card--header-first tablet:grid-col-6 desktop:grid-col-4">
              <div className="usa-card__container">
                <div className="usa-card__header">
                  <h2 className="usa-card__heading" lang={CONTENT_LANGUAGE}>
                    {photo.title}
                  </h2>
                </div>
                <div className="usa-card__media">
                  <div className="usa-card__img">
                    <img
                      {...photoSources(photo.file, photo.width, photo.height, '(min-width: 64em) 33vw, (min-width: 40em) 50vw, 100vw')}
                      alt={photo.desc && photo.desc !== 'N/A' ? photo.desc : photo.title}
                      loading="lazy"
                    />
                  </div>
                </div>
                <div className="usa-card__body">
                  {photo.desc && photo.desc !== 'N/A' && <p lang={CONTENT_LANGUAGE}>{photo.desc}</p>}
                  {place(photo) && (
                    <p className="text-base-dark">
                      <span className="text-bold">{t('photos.where')}:</span> {place(photo)}
                    </p>
                  )}
                </div>
              </div>
            </li>
          ))}
        </ul>
      </QueryState>
    </PublicPage>
  );
}

function place(photo: BeachPhoto): string {
  return [photo.beach_name, photo.municipality, photo.county].filter(Boolean).join(', ');
}
