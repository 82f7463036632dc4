import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { managesBeachProfiles, type BeachProfile } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { useProgramStationsQuery } from '../beaches/api';
import { useGetGeographyQuery, useListLhasQuery } from '../lhas/api';
import { useBeachProfileQuery, useCreateBeachMutation, useLazyBeachProfileQuery, useMapTileUrlQuery, useSaveBeachProfileMutation } from './api';
import { BeachProfileForm, type ProfileFormValues } from './BeachProfileForm';
import { BEACH_MANAGEMENT_PATH } from './BeachManagementPage';

/** The form's values from a stored profile (the station and its beach). */
function formValues(p: BeachProfile): ProfileFormValues {
  const { county_id: _county, station_count: _count, ...beach } = p.beach;
  void [_county, _count];
  return {
    station_name: p.station_name,
    station_type: p.station_type,
    primary_station_id: p.primary_station_id,
    latitude: p.latitude,
    longitude: p.longitude,
    epa_station_id: p.epa_station_id,
    active: p.active,
    public_visible: p.public_visible,
    beach,
  };
}

const EMPTY: ProfileFormValues = {
  station_name: '',
  station_type: 'PRIMARY',
  primary_station_id: null,
  latitude: '' as unknown as number,
  longitude: '' as unknown as number,
  epa_station_id: null,
  active: true,
  public_visible: true,
  beach: {
    beach_id: null,
    name: '',
    municipality_id: '' as unknown as number,
    local_health_authority_id: null,
    category: 'OCEAN',
    description: '',
    water_body_name: null,
    length_miles: null,
    epa_beach_id: null,
    swim_season_start: null,
    swim_season_end: null,
    monitoring_frequency: null,
    lifeguards: false,
    amenities: [],
    access_notes: null,
    tier: null,
    pollution_sources: [],
  },
};

/** Add (`/new`, or `/new?with={station}` for another station of that station's beach) or edit a station. */
export default function BeachProfilePage() {
  const user = useAppSelector((state) => state.user.user);
  const { stationId } = useParams();
  const id = stationId === 'new' ? null : Number(stationId);
  const title = id === null ? 'Add a beach station' : 'Edit beach station';
  return (
    <ScreenPage title={title}>
      <p>
        <Link to={BEACH_MANAGEMENT_PATH}>Back to Beach Management</Link>
      </p>
      <ProgramGate route={BEACH_MANAGEMENT_PATH}>
        {(programId) =>
          !user || !managesBeachProfiles(user, programId) ? (
            <NotPermitted />
          ) : id !== null && !(Number.isInteger(id) && id > 0) ? (
            <LoadError message="There is no such station." />
          ) : (
            <Editor key={`${programId}-${id}`} programId={programId} stationId={id} />
          )
        }
      </ProgramGate>
    </ScreenPage>
  );
}

function Editor({ programId, stationId }: { programId: number; stationId: number | null }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const withStation = Number(params.get('with')) || null;
  const profileId = stationId ?? withStation;
  const profile = useBeachProfileQuery(profileId ?? 0, { skip: profileId === null });
  const stations = useProgramStationsQuery(programId);
  const geography = useGetGeographyQuery();
  const lhas = useListLhasQuery();
  const tileUrl = useMapTileUrlQuery();
  const [loadProfile] = useLazyBeachProfileQuery();
  const [create] = useCreateBeachMutation();
  const [save] = useSaveBeachProfileMutation();

  const loading = profile.isLoading || stations.isLoading || geography.isLoading || lhas.isLoading || tileUrl.isLoading;
  if (loading) return <Loading label="Loading the station…" />;
  if (profile.isError) return <LoadError message={errorMessage(toApiError(profile.error), 'The station could not be loaded.')} onRetry={profile.refetch} />;
  if (!stations.data || !geography.data || !lhas.data) {
    return <LoadError message="The lists this form needs could not be loaded." onRetry={() => void Promise.all([stations.refetch(), geography.refetch(), lhas.refetch()])} />;
  }
  const stored = profileId !== null ? profile.data : undefined;
  if (profileId !== null && !stored) return null;
  if (stored && stored.program.program_id !== programId) {
    return <LoadError message={`This station belongs to ${stored.program.abbv}: choose that program to edit it.`} />;
  }

  // A new station of an existing beach: that beach's fields, a new bracket of its primary by default.
  const initial: ProfileFormValues =
    stationId !== null
      ? formValues(stored!)
      : stored
        ? {
            ...EMPTY,
            station_type: 'BRACKET',
            primary_station_id: stored.station_type === 'PRIMARY' ? stored.beach_station_id : stored.primary_station_id,
            latitude: stored.latitude,
            longitude: stored.longitude,
            beach: formValues(stored).beach,
          }
        : EMPTY;

  return (
    <BeachProfileForm
      initial={initial}
      initialCountyId={stored?.beach.county_id ?? null}
      stationId={stationId}
      brackets={stationId !== null ? stored!.brackets : []}
      stations={stations.data}
      geography={geography.data}
      lhas={lhas.data}
      tileUrl={tileUrl.data ?? ''}
      loadBeachOf={(id) => loadProfile(id, true).unwrap()}
      submitLabel={stationId === null ? 'Create station' : 'Save station'}
      onSubmit={async (values) => {
        const saved = stationId === null ? await create({ ...values, program_id: programId }).unwrap() : await save({ id: stationId, body: values }).unwrap();
        navigate(BEACH_MANAGEMENT_PATH, { state: { notice: `${saved.station_name} (${saved.beach.name}) was ${stationId === null ? 'created' : 'saved'}.` } });
      }}
    />
  );
}
