import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeletePlaceMutation, useListPlacesQuery, type CountyRecord, type MunicipalityRecord } from './api';
import { useMergeAction, useRetireAction } from './place-actions';
import { CountyList, MunicipalityList, municipalityTitle, type PlaceListShared } from './place-lists';
import { countyTitle, type PlacesView } from './place-words';
import { PlacesLoad } from './PlacesLoad';
import { useCanManagePlaces } from './use-can-manage-places';
import './places.css';

/** Places Management: the agency's counties and municipalities, and loading them from a file. */
export default function PlacesManagementPage() {
  const allowed = useCanManagePlaces();
  return (
    <ScreenPage title="Places Management" description="Counties and municipalities: the places beaches, authorities and reports are in.">
      {allowed ? <Places /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Places() {
  const [params, setParams] = useSearchParams();
  const view: PlacesView = params.get('list') === 'municipalities' ? 'municipalities' : 'counties';
  const countyParam = Number(params.get('county'));
  const countyId = Number.isInteger(countyParam) && countyParam > 0 ? countyParam : null;
  const [notice, setNotice] = useState<string | null>(null);
  const [showRetired, setShowRetired] = useState(false);
  const places = useListPlacesQuery();
  const retire = useRetireAction(setNotice);
  const merge = useMergeAction(setNotice);
  const [deletePlace] = useDeletePlaceMutation();
  const deleteCounty = useConfirmedDelete<CountyRecord>({
    nameOf: (c) => countyTitle(c.name),
    remove: (c) => deletePlace({ kind: 'county', id: c.county_id }).unwrap(),
    failure: 'The county could not be deleted.',
    onDeleted: setNotice,
  });
  const deleteMunicipality = useConfirmedDelete<MunicipalityRecord>({
    nameOf: municipalityTitle,
    remove: (m) => deletePlace({ kind: 'municipality', id: m.municipality_id }).unwrap(),
    failure: 'The municipality could not be deleted.',
    onDeleted: setNotice,
  });

  const show = (next: PlacesView, county: number | null = null) => {
    setNotice(null);
    setParams(next === 'municipalities' ? { list: 'municipalities', ...(county ? { county: String(county) } : {}) } : {}, { replace: true });
  };

  const shared: PlaceListShared = {
    isLoading: places.isLoading,
    isError: places.isError,
    onRetry: () => void places.refetch(),
    notice,
    showRetired,
    onShowRetired: setShowRetired,
    actions: { retire: retire.button, merge: merge.button },
  };
  const count = (items: readonly { retired: boolean }[] | undefined) => (items ? ` (${items.filter((p) => showRetired || !p.retired).length})` : '');

  return (
    <>
      <div className="places-views" role="group" aria-label="Which places">
        {(['counties', 'municipalities'] as const).map((option) => (
          <button
            key={option}
            type="button"
            className={view === option ? 'usa-button' : 'usa-button usa-button--outline'}
            aria-pressed={view === option}
            onClick={() => show(option)}
          >
            {option === 'counties' ? `Counties${count(places.data?.counties)}` : `Municipalities${count(places.data?.municipalities)}`}
          </button>
        ))}
      </div>
      <h2 className="usa-sr-only">{view === 'counties' ? 'Counties' : 'Municipalities'}</h2>
      {view === 'counties' ? (
        <CountyList counties={places.data?.counties} shared={shared} deleteButton={deleteCounty.button} />
      ) : (
        <MunicipalityList
          counties={places.data?.counties}
          municipalities={places.data?.municipalities}
          countyId={countyId}
          onCounty={(county) => show('municipalities', county)}
          shared={shared}
          deleteButton={deleteMunicipality.button}
        />
      )}
      {retire.dialog}
      {merge.dialog}
      {deleteCounty.dialog('delete-county-dialog', <p>The county is deleted for good. Only a county nothing uses and with no municipalities can be deleted; retire it otherwise.</p>)}
      {deleteMunicipality.dialog('delete-municipality-dialog', <p>The municipality is deleted for good. Only a municipality nothing uses can be deleted; retire it otherwise.</p>)}
      <PlacesLoad />
    </>
  );
}
