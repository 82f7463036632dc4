import { useParams } from 'react-router';
import type { ApiError } from '../../app/api';
import { PublicLoadError } from '../../components/PublicLoadError';
import { usePublicText } from '../../i18n';
import { useBeachProfileQuery } from '../beach/api';
import { BeachSign, beachPageUrl } from './BeachSign';
import { SignMessage, SignSheet } from './SignSheet';

function isNotFound(error: unknown): boolean {
  const status = (error as Partial<ApiError> | undefined)?.status;
  return status === 404 || status === 400;
}

/**
 * /beach/:id/sign: the beach's printable sign. It reads the beach page's own profile (public/beaches/{id}), so a
 * station the public may not see has no sign: not found, as its page is.
 */
export default function SignPage() {
  const { t } = usePublicText();
  const { id } = useParams();
  const stationId = Number(id);
  const valid = Number.isInteger(stationId) && stationId > 0;
  const profile = useBeachProfileQuery(stationId, { skip: !valid });

  if (!valid || (profile.isError && isNotFound(profile.error))) {
    return <SignMessage title={t('signs.notFound')} intro={t('signs.notFoundIntro')} />;
  }
  const data = profile.data;
  if (!data) {
    return (
      <SignMessage title={t('signs.loadingTitle')}>
        {profile.isError ? (
          <PublicLoadError message={t('signs.failed')} onRetry={() => void profile.refetch()} />
        ) : (
          <p role="status">{t('signs.loading')}</p>
        )}
      </SignMessage>
    );
  }
  const beach = {
    stationId: data.beach_station_id,
    beachName: data.beach.name,
    stationName: data.station_name,
    programName: data.program.name,
  };
  return (
    <SignSheet title={t('signs.title', { beach: data.beach.name })}>
      <BeachSign beach={beach} url={beachPageUrl(data.beach_station_id)} />
    </SignSheet>
  );
}
