import { Link } from 'react-router';
import { locationTypeName } from './labels';
import type { BeachProfile } from './types';

/** The beach's profile: description, program, location and station type, water body, access, brackets. */
export function BeachProfileSection({ profile }: { profile: BeachProfile }) {
  const { beach } = profile;
  const others = profile.brackets.filter((b) => b.beach_station_id !== profile.beach_station_id);
  return (
    <section className="beach-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">About this beach</h2>
      {beach.description && <p>{beach.description}</p>}
      <dl className="beach-facts">
        <div>
          <dt>Program</dt>
          <dd>{profile.program.name}</dd>
        </div>
        <div>
          <dt>Location type</dt>
          <dd>{locationTypeName(profile.category)}</dd>
        </div>
        <div>
          <dt>Station</dt>
          <dd>
            {profile.station_name} ({profile.type === 'PRIMARY' ? 'primary station' : 'bracket station'})
            {profile.primary_station && (
              <>
                {' '}
                of{' '}
                <Link className="usa-link" to={`/beach/${profile.primary_station.beach_station_id}`}>
                  {profile.primary_station.station_name}
                </Link>
              </>
            )}
          </dd>
        </div>
        {beach.water_body_name && (
          <div>
            <dt>Water body</dt>
            <dd>{beach.water_body_name}</dd>
          </div>
        )}
        {beach.length_miles !== null && (
          <div>
            <dt>Beach length</dt>
            <dd>{beach.length_miles} miles</dd>
          </div>
        )}
        {beach.access_notes && (
          <div>
            <dt>Access</dt>
            <dd>{beach.access_notes}</dd>
          </div>
        )}
        <div>
          <dt>Location</dt>
          <dd>
            {profile.municipality.name}, {profile.county.name} County ({profile.latitude.toFixed(4)}, {profile.longitude.toFixed(4)})
          </dd>
        </div>
        {profile.epa_station_id && (
          <div>
            <dt>EPA station ID</dt>
            <dd>{profile.epa_station_id}</dd>
          </div>
        )}
      </dl>
      {others.length > 0 && (
        <>
          <h3>Other stations at this beach</h3>
          <ul>
            {others.map((b) => (
              <li key={b.beach_station_id}>
                <Link className="usa-link" to={`/beach/${b.beach_station_id}`}>
                  {b.station_name}
                </Link>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
