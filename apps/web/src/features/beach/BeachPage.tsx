import '../../styles/uswds/content.scss';
import { useDeferredValue, useEffect } from 'react';
import { Link, useParams } from 'react-router';
import type { ApiError } from '../../app/api';
import { usePublicText } from '../../i18n';
import { useBeachGeomeansQuery, useBeachProfileQuery } from './api';
import { BeachActionsSection } from './BeachActionsSection';
import { BeachHistory } from './BeachHistory';
import { BeachPhotosSection, BeachReportsSection } from './BeachMediaSections';
import { BeachProfileSection } from './BeachProfileSection';
import { BeachStatusSection } from './BeachStatusSection';
import { PublicLoadError as LoadError } from '../../components/PublicLoadError';
import './beach.css';
import '../../i18n/page-text';

function isNotFound(error: unknown): boolean {
  const status = (error as Partial<ApiError> | undefined)?.status;
  return status === 404 || status === 400;
}

/** /beach/:id (a beach_station_id): profile, status, results chart and tables, actions, photos, reports. */
export default function BeachPage() {
  const { t } = usePublicText();
  const { id } = useParams();
  const stationId = Number(id);
  const valid = Number.isInteger(stationId) && stationId > 0;
  const profile = useBeachProfileQuery(stationId, { skip: !valid });
  // The latest season's geomeans feed the status summary; the history section asks for its own season.
  const geomeans = useBeachGeomeansQuery({ id: stationId }, { skip: !valid || !profile.data });
  // The page renders the profile from a deferred copy: when it arrives, React renders the page in a transition's
  // slices instead of one long task on the phone's main thread (decision 0050).
  const data = useDeferredValue(profile.data);

  // The browser tab: the beach's name (content) and the site's name in the visitor's language.
  const title = data ? data.beach.name : t('beach.title');
  const siteName = t('layout.siteName');
  useEffect(() => {
    document.title = `${title} | ${siteName}`;
  }, [title, siteName]);

  if (!valid || (profile.isError && isNotFound(profile.error))) {
    return (
      <>
        <h1>{t('beach.notFound')}</h1>
        <p className="usa-intro">{t('beach.notFoundIntro')}</p>
        <p>
          <Link className="usa-link" to="/">
            {t('beach.toMap')}
          </Link>
        </p>
      </>
    );
  }

  if (!data) {
    return (
      <>
        <h1>{t('beach.title')}</h1>
        {profile.isError ? (
          <LoadError message={t('beach.failed')} onRetry={() => void profile.refetch()} />
        ) : (
          <p role="status">{t('beach.loading')}</p>
        )}
      </>
    );
  }

  const place = { municipality: data.municipality.name, county: data.county.name };
  return (
    <div className="beach-page">
      <p className="beach-page__back">
        <Link className="usa-link" to="/">
          {t('beach.backToMap')}
        </Link>
      </p>
      <h1>{data.beach.name}</h1>
      <p className="usa-intro">
        {data.station_name !== data.beach.name
          ? t('beach.introStation', { station: data.station_name, ...place })
          : t('beach.introPlace', place)}
      </p>
      <p className="beach-page__alerts">
        <Link className="usa-link" to={`/alerts/subscribe?beach=${data.beach.beach_id}`}>
          {t('beach.alertsLink')}
        </Link>
      </p>
      <div className="beach-page__grid">
        <div className="beach-page__main">
          <BeachStatusSection profile={data} geomeans={geomeans.data} />
          <BeachHistory profile={data} />
          <BeachActionsSection stationId={stationId} />
        </div>
        <div className="beach-page__side">
          <BeachProfileSection profile={data} />
          <BeachPhotosSection stationId={stationId} />
          <BeachReportsSection stationId={stationId} />
        </div>
      </div>
    </div>
  );
}
