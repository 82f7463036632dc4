import { Link } from 'react-router';
import { CONTENT_LANGUAGE, usePublicText } from '../../i18n';
import { locationTypeName } from './labels';
import type { PublicBeachProfile } from '@beach/domain';
import '../../i18n/page-text';

/** The beach's profile: description, program, location and station type, water body, access, brackets. */
export function BeachProfileSection({ profile }: { profile: PublicBeachProfile }) {
  const text = usePublicText();
  const { t } = text;
  const { beach } = profile;
  const others = profile.brackets.filter((b) => b.beach_station_id !== profile.beach_station_id);
  const station =
    profile.type === 'PRIMARY'
      ? t('beach.profile.primary', { name: profile.station_name })
      : t('beach.profile.bracket', { name: profile.station_name });
  return (
    <section className="beach-section" aria-labelledby="profile-heading">
      <h2 id="profile-heading">{t('beach.profile.heading')}</h2>
      {beach.description && <p lang={CONTENT_LANGUAGE}>{beach.description}</p>}
      <dl className="beach-facts">
        <div>
          <dt>{t('beach.profile.program')}</dt>
          <dd>{profile.program.name}</dd>
        </div>
        <div>
          <dt>{t('beach.profile.locationType')}</dt>
          <dd>{locationTypeName(profile.category, text)}</dd>
        </div>
        <div>
          <dt>{t('beach.profile.station')}</dt>
          <dd>
            {profile.primary_station ? (
              <>
                {t('beach.profile.of', { station })}{' '}
                <Link className="usa-link" to={`/beach/${profile.primary_station.beach_station_id}`}>
                  {profile.primary_station.station_name}
                </Link>
              </>
            ) : (
              station
            )}
          </dd>
        </div>
        {beach.water_body_name && (
          <div>
            <dt>{t('beach.profile.waterBody')}</dt>
            <dd>{beach.water_body_name}</dd>
          </div>
        )}
        {beach.length_miles !== null && (
          <div>
            <dt>{t('beach.profile.length')}</dt>
            <dd>{t('beach.profile.miles', { count: beach.length_miles })}</dd>
          </div>
        )}
        {beach.access_notes && (
          <div>
            <dt>{t('beach.profile.access')}</dt>
            <dd lang={CONTENT_LANGUAGE}>{beach.access_notes}</dd>
          </div>
        )}
        <div>
          <dt>{t('beach.profile.location')}</dt>
          <dd>
            {t('beach.profile.locationValue', {
              municipality: profile.municipality.name,
              county: profile.county.name,
              latitude: profile.latitude.toFixed(4),
              longitude: profile.longitude.toFixed(4),
            })}
          </dd>
        </div>
        {profile.epa_station_id && (
          <div>
            <dt>{t('beach.profile.epa')}</dt>
            <dd>{profile.epa_station_id}</dd>
          </div>
        )}
      </dl>
      {others.length > 0 && (
        <>
          <h3>{t('beach.profile.others')}</h3>
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
