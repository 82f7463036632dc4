import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useListPlacesQuery, useSaveCountyMutation, useSaveMunicipalityMutation, type PlaceKind } from './api';
import { CountyForm, MunicipalityForm, type MunicipalityFormValues } from './place-forms';
import { countyTitle, placesListPath } from './place-words';
import { useCanManagePlaces } from './use-can-manage-places';

const NOUN: Record<PlaceKind, string> = { county: 'county', municipality: 'municipality' };
const PLACES_FAILED = 'The counties and municipalities could not be loaded.';

/** Add (`new`) or edit a county or a municipality. */
export default function PlaceEditPage({ kind }: { kind: PlaceKind }) {
  const allowed = useCanManagePlaces();
  const params = useParams();
  const param = kind === 'county' ? params.countyId : params.municipalityId;
  const id = param === 'new' ? null : Number(param);
  const title = `${id === null ? 'Add' : 'Edit'} ${NOUN[kind]}`;
  if (!allowed || (id !== null && !(Number.isInteger(id) && id > 0))) {
    return <ScreenPage title={title}>{allowed ? <LoadError message={`There is no such ${NOUN[kind]}.`} /> : <NotPermitted />}</ScreenPage>;
  }
  return kind === 'county' ? <CountyEdit id={id} /> : <MunicipalityEdit id={id} />;
}

function BackLink({ to }: { to: string }) {
  return (
    <p>
      <Link to={to}>Back to Places Management</Link>
    </p>
  );
}

function CountyEdit({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const places = useListPlacesQuery();
  const [save] = useSaveCountyMutation();
  const county = id === null ? null : places.data?.counties.find((c) => c.county_id === id);
  const back = placesListPath('counties');
  return (
    <ScreenPage title={county ? `Edit county: ${county.name}` : id === null ? 'Add county' : 'Edit county'}>
      <BackLink to={back} />
      {id === null ? (
        <CountyForm
          initial={{ name: '', fips: '' }}
          submitLabel="Create county"
          onSubmit={async (values) => {
            const saved = await save({ id: null, body: values }).unwrap();
            navigate(back, { state: { notice: `${countyTitle(saved.name)} was created.` } });
          }}
        />
      ) : places.isLoading ? (
        <Loading />
      ) : !places.data ? (
        <LoadError message={PLACES_FAILED} onRetry={() => void places.refetch()} />
      ) : !county ? (
        <LoadError message="There is no such county." />
      ) : (
        <>
          {county.retired && <p className="text-bold">This county is retired: it keeps its history and is left out of the pickers.</p>}
          <CountyForm
            key={county.county_id}
            initial={{ name: county.name, fips: county.fips ?? '' }}
            submitLabel="Save county"
            onSubmit={async (values) => {
              const saved = await save({ id, body: values }).unwrap();
              navigate(back, { state: { notice: `${countyTitle(saved.name)} was saved.` } });
            }}
          />
        </>
      )}
    </ScreenPage>
  );
}

/** What a municipality sends: empty optional fields left out. */
function municipalityBody(values: MunicipalityFormValues) {
  return {
    name: values.name,
    county_id: values.county_id,
    ...(values.code ? { code: values.code } : {}),
    ...(values.type ? { type: values.type } : {}),
  };
}

function MunicipalityEdit({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const places = useListPlacesQuery();
  const [save] = useSaveMunicipalityMutation();
  const municipality = id === null ? null : places.data?.municipalities.find((m) => m.municipality_id === id);
  const back = placesListPath('municipalities', municipality?.county_id ?? (Number(search.get('county')) || null));
  const onSaved = (verb: 'created' | 'saved') => (name: string, countyId: number) =>
    navigate(placesListPath('municipalities', countyId), { state: { notice: `${name} was ${verb}.` } });

  // A new municipality may start in the county the list was showing.
  const presetCounty = Number(search.get('county'));
  const preset = places.data?.counties.find((c) => c.county_id === presetCounty && !c.retired)?.county_id;

  return (
    <ScreenPage title={municipality ? `Edit municipality: ${municipality.name}` : id === null ? 'Add municipality' : 'Edit municipality'}>
      <BackLink to={back} />
      {places.isLoading ? (
        <Loading />
      ) : !places.data ? (
        <LoadError message={PLACES_FAILED} onRetry={() => void places.refetch()} />
      ) : id === null ? (
        <MunicipalityForm
          counties={places.data.counties}
          initial={{ name: '', county_id: preset, code: '' }}
          submitLabel="Create municipality"
          onSubmit={async (values) => {
            const saved = await save({ id: null, body: municipalityBody(values) }).unwrap();
            onSaved('created')(saved.name, saved.county_id);
          }}
        />
      ) : !municipality ? (
        <LoadError message="There is no such municipality." />
      ) : (
        <>
          {municipality.retired && <p className="text-bold">This municipality is retired: it keeps its history and is left out of the pickers.</p>}
          <MunicipalityForm
            key={municipality.municipality_id}
            counties={places.data.counties}
            initial={{ name: municipality.name, county_id: municipality.county_id, code: municipality.code ?? '', type: municipality.type ?? undefined }}
            submitLabel="Save municipality"
            onSubmit={async (values) => {
              const saved = await save({ id, body: municipalityBody(values) }).unwrap();
              onSaved('saved')(saved.name, saved.county_id);
            }}
          />
        </>
      )}
    </ScreenPage>
  );
}
