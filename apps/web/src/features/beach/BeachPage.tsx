import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';
import type { ApiError } from '../../app/api';
import { useBeachGeomeansQuery, useBeachProfileQuery } from './api';
import { BeachActionsSection } from './BeachActionsSection';
import { BeachHistory } from './BeachHistory';
import { BeachPhotosSection, BeachReportsSection } from './BeachMediaSections';
import { BeachProfileSection } from './BeachProfileSection';
import { BeachStatusSection } from './BeachStatusSection';
import { LoadError } from './LoadError';
import './beach.css';

function isNotFound(error: unknown): boolean {
  const status = (error as Partial<ApiError> | undefined)?.status;
  return status === 404 || status === 400;
}

/** /beach/:id (a beach_station_id): profile, status, results chart and tables, actions, photos, reports. */
export default function BeachPage() {
  const { id } = useParams();
  const stationId = Number(id);
  const valid = Number.isInteger(stationId) && stationId > 0;
  const profile = useBeachProfileQuery(stationId, { skip: !valid });
  // The latest season's geomeans feed the status summary; the history section asks for its own season.
  const geomeans = useBeachGeomeansQuery({ id: stationId }, { skip: !valid || !profile.data });
  const data = profile.data;
  usePageTitle(data ? data.beach.name : 'Beach');

  if (!valid || (profile.isError && isNotFound(profile.error))) {
    return (
      <>
        <h1>Beach not found</h1>
        <p className="usa-intro">There is no public beach at this address.</p>
        <p>
          <Link className="usa-link" to="/">
            Go to the beach map
          </Link>
        </p>
      </>
    );
  }

  if (!data) {
    return (
      <>
        <h1>Beach</h1>
        {profile.isError ? (
          <LoadError what="This beach" onRetry={() => void profile.refetch()} />
        ) : (
          <p role="status">Loading the beach…</p>
        )}
      </>
    );
  }

  return (
    <div className="beach-page">
      <p className="beach-page__back">
        <Link className="usa-link" to="/">
          Beach map
        </Link>
      </p>
      <h1>{data.beach.name}</h1>
      <p className="usa-intro">
        {data.station_name !== data.beach.name && <>{data.station_name}. </>}
        {data.municipality.name}, {data.county.name} County.
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
