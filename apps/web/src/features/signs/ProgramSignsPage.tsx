import { useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PublicLoadError } from '../../components/PublicLoadError';
import { usePublicText } from '../../i18n';
import { useProgramSignStationsQuery } from './api';
import { BeachSign, beachPageUrl, type SignBeach } from './BeachSign';
import { SignMessage, SignSheet } from './SignSheet';

const byName = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * /signs?program=<id>: a sign for each public beach of the program (its primary stations: a bracket is shown with
 * its primary), one a printed page. Staff open it from Beach Stations ("Print signs"); it reads only what the
 * public site shows, so a hidden station gets no sign (decision 0061).
 */
export default function ProgramSignsPage() {
  const { t } = usePublicText();
  const [params] = useSearchParams();
  const programId = Number(params.get('program'));
  const valid = Number.isInteger(programId) && programId > 0;
  const stations = useProgramSignStationsQuery(programId, { skip: !valid });
  const program = stations.data?.programs.find((p) => p.program_id === programId);

  const beaches = useMemo<SignBeach[]>(
    () =>
      (stations.data?.statuses ?? [])
        .filter((s) => s.type === 'PRIMARY' && s.program_id === programId)
        .map((s) => ({ stationId: s.beach_station_id, beachName: s.beach_name, stationName: s.station_name, programName: program?.name ?? '' }))
        .sort((a, b) => byName.compare(a.beachName, b.beachName) || byName.compare(a.stationName, b.stationName) || a.stationId - b.stationId),
    [stations.data, programId, program?.name],
  );

  if (!valid || (stations.data && !program)) {
    return <SignMessage title={t('signs.programNotFound')} intro={t('signs.programNotFoundIntro')} />;
  }
  if (!stations.data || !program) {
    return (
      <SignMessage title={t('signs.toolbar')}>
        {stations.isError ? (
          <PublicLoadError message={t('signs.programFailed')} onRetry={() => void stations.refetch()} />
        ) : (
          <p role="status">{t('signs.loading')}</p>
        )}
      </SignMessage>
    );
  }
  const title = t('signs.programTitle', { program: program.name });
  if (beaches.length === 0) return <SignMessage title={title} intro={t('signs.noBeaches')} />;
  return (
    <SignSheet title={title} summary={t('signs.count', { count: beaches.length })}>
      {beaches.map((beach) => (
        <BeachSign key={beach.stationId} beach={beach} url={beachPageUrl(beach.stationId)} />
      ))}
    </SignSheet>
  );
}
