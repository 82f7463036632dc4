import { useMemo, useState } from 'react';
import { Alert, Button, Checkbox } from '@trussworks/react-uswds';
import { Link } from 'react-router';
import {
  compareNames,
  EMPTY_DOWNLOAD_FILTER,
  LOCATION_TYPES,
  STATION_TYPES,
  beachListFor,
  can,
  changeDownloadFilter,
  hasChosenFilter,
  type DownloadFilter,
  type StaffBeachListItem,
} from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { Pager } from '../../components/Pager';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { SelectField } from '../../components/SelectField';
import {
  useBulkStatusMutation,
  useProgramStationsQuery,
  useSetStationActiveMutation,
  useSetStationVisibilityMutation,
  useStationFiltersQuery,
  useStatusChoicesQuery,
} from './api';
import { BulkStatusForm } from './BulkStatusForm';
import { stationDashboardPath } from './trackdown-labels';
import './beach-stations.css';

const ROUTE = '/portal/beaches';
export const PAGE_SIZE = 25;

const TYPE_LABELS = { BOTH: 'Both', PRIMARY: 'Primary', BRACKET: 'Bracket' } as const;
const LOCATION_LABELS = { ALL: 'All', OCEAN: 'Ocean', BAY: 'Bay', RIVER: 'River', LAKE: 'Lake' } as const;

type SortKey = 'beach' | 'municipality' | 'lha' | 'status';
const SORT_LABELS: Record<SortKey, string> = { beach: 'Station', municipality: 'Municipality', lha: 'LHA', status: 'Status' };
const sortValues = (s: StaffBeachListItem, key: SortKey): string[] => {
  switch (key) {
    case 'beach':
      return [s.beach_name, s.station_name];
    case 'municipality':
      return [s.municipality.county_name, s.municipality.name];
    case 'lha':
      return [s.local_health_authority.name ?? ''];
    case 'status':
      // Then the longest-standing first within a status.
      return [s.status?.name ?? '', s.status?.since ?? ''];
  }
};

/** Part by part, each in natural order of names ("5th Avenue" before "10th Avenue"). */
const compareSortValues = (a: string[], b: string[]): number => {
  for (let i = 0; i < a.length; i++) {
    const order = compareNames(a[i], b[i]);
    if (order) return order;
  }
  return 0;
};

/** The sort choices of narrow screens, where the stacked table has no header row. */
const SORT_CHOICES = (Object.keys(SORT_LABELS) as SortKey[]).flatMap((key) =>
  [true, false].map((ascending) => ({ value: `${key}:${ascending ? 'asc' : 'desc'}`, label: `${SORT_LABELS[key]}, ${ascending ? 'A to Z' : 'Z to A'}` })),
);

/** A change to one station's flag that waits for confirmation. */
interface PendingToggle {
  station: StaffBeachListItem;
  flag: 'active' | 'public_visible';
  value: boolean;
}

/** Beach Stations: the selected program's stations, filtered, sorted and paged, with their flags and status. */
export default function BeachStationsPage() {
  return (
    <ScreenPage title="Beach Stations" description="Beach stations of the selected program and their status.">
      <ProgramGate route={ROUTE}>{(programId) => <Stations key={programId} programId={programId} />}</ProgramGate>
    </ScreenPage>
  );
}

const label = (s: StaffBeachListItem) => `${s.beach_name} - ${s.station_name}`;

function Stations({ programId }: { programId: number }) {
  const user = useAppSelector((state) => state.user.user);
  const mayBulk = user ? can(user, programId, 'BEACH_STATUSES', 'USER') : false;
  const stations = useProgramStationsQuery(programId);
  const filters = useStationFiltersQuery(programId);
  const statuses = useStatusChoicesQuery(undefined, { skip: !mayBulk });
  const [setActive, activating] = useSetStationActiveMutation();
  const [setVisibility, hiding] = useSetStationVisibilityMutation();
  const [bulkStatus] = useBulkStatusMutation();

  const [filter, setFilter] = useState<DownloadFilter>({ ...EMPTY_DOWNLOAD_FILTER });
  const [sort, setSort] = useState<{ key: SortKey; ascending: boolean }>({ key: 'beach', ascending: true });
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [bulkOpen, setBulkOpen] = useState(false);
  const [pending, setPending] = useState<PendingToggle | null>(null);
  // Deactivating a primary warns about its active brackets (issue 11).
  const pendingBrackets =
    pending?.flag === 'active' && !pending.value && pending.station.type.code === 'PRIMARY'
      ? (stations.data ?? []).filter((s) => s.active && s.primary?.beach_station_id === pending.station.beach_station_id)
      : [];
  const [toggleError, setToggleError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const update = <F extends keyof DownloadFilter>(field: F, value: DownloadFilter[F]) => {
    setFilter((f) => changeDownloadFilter(f, field, value));
    setPage(1);
  };
  const id = (v: string) => (v === '' ? undefined : Number(v));

  const list = useMemo(() => {
    const chosen = beachListFor(stations.data ?? [], filter);
    const factor = sort.ascending ? 1 : -1;
    return [...chosen].sort((a, b) => factor * compareSortValues(sortValues(a, sort.key), sortValues(b, sort.key)) || a.beach_station_id - b.beach_station_id);
  }, [stations.data, filter, sort]);
  const pages = Math.max(1, Math.ceil(list.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = list.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);
  const selectable = shown.filter((s) => s.type.code === 'PRIMARY');
  const allShownSelected = selectable.length > 0 && selectable.every((s) => selected.has(s.beach_station_id));
  const municipalities = (filters.data?.municipalities ?? []).filter((m) => m.county_id === filter.county);

  const toggleSelected = (stationId: number, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(stationId);
      else next.delete(stationId);
      return next;
    });

  const confirmToggle = async () => {
    if (!pending) return;
    setToggleError(null);
    const { station, flag, value } = pending;
    try {
      if (flag === 'active') await setActive({ id: station.beach_station_id, value }).unwrap();
      else await setVisibility({ id: station.beach_station_id, value }).unwrap();
      setNotice(
        flag === 'active'
          ? `${label(station)} is now ${value ? 'active' : 'inactive'}.`
          : `${label(station)} is now ${value ? 'shown on' : 'hidden from'} the public site.`,
      );
      setPending(null);
    } catch (thrown) {
      setToggleError(errorMessage(toApiError(thrown), 'Failed to update beach station.'));
    }
  };

  const sortHeader = (key: SortKey) => {
    const active = sort.key === key;
    return (
      <th scope="col" aria-sort={active ? (sort.ascending ? 'ascending' : 'descending') : undefined}>
        <Button
          type="button"
          unstyled
          className="text-ink text-no-underline text-bold"
          onClick={() => setSort((s) => ({ key, ascending: s.key === key ? !s.ascending : true }))}
        >
          {SORT_LABELS[key]}
          <span aria-hidden="true">{active ? (sort.ascending ? ' ▲' : ' ▼') : ''}</span>
          <span className="usa-sr-only">{active ? ` (sorted ${sort.ascending ? 'ascending' : 'descending'})` : ' (sort)'}</span>
        </Button>
      </th>
    );
  };

  const filterForm = (
    <form className="usa-form maxw-none" aria-label="Station filters" onSubmit={(e) => e.preventDefault()}>
      <div className="grid-row grid-gap flex-align-end">
        <div className="tablet:grid-col-4">
          <SelectField
            id="stations-county"
            label="County"
            value={filter.county === undefined ? '' : String(filter.county)}
            emptyLabel="- All counties -"
            options={(filters.data?.counties ?? []).map((c) => ({ value: String(c.county_id), label: c.name }))}
            onChange={(v) => update('county', id(v))}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="stations-municipality"
            label="Municipality"
            value={filter.municipality === undefined ? '' : String(filter.municipality)}
            emptyLabel="- All municipalities -"
            disabled={filter.county === undefined}
            hint={filter.county === undefined ? 'To filter by municipality, select a county above.' : undefined}
            options={municipalities.map((m) => ({ value: String(m.municipality_id), label: m.name }))}
            onChange={(v) => update('municipality', id(v))}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="stations-lha"
            label="LHA"
            value={filter.lha === undefined ? '' : String(filter.lha)}
            emptyLabel="- All LHAs -"
            options={(filters.data?.lhas ?? []).map((l) => ({ value: String(l.local_health_authority_id), label: l.name }))}
            onChange={(v) => update('lha', id(v))}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="stations-type"
            label="Station type"
            value={filter.stationType}
            options={STATION_TYPES.map((t) => ({ value: t, label: TYPE_LABELS[t] }))}
            onChange={(v) => update('stationType', v as DownloadFilter['stationType'])}
          />
        </div>
        <div className="tablet:grid-col-4">
          <SelectField
            id="stations-location"
            label="Location type"
            value={filter.locationType}
            options={LOCATION_TYPES.map((t) => ({ value: t, label: LOCATION_LABELS[t] }))}
            onChange={(v) => update('locationType', v as DownloadFilter['locationType'])}
          />
        </div>
        <div className="tablet:grid-col-4 display-flex flex-align-end">
          <Button
            type="button"
            outline
            className="margin-top-2"
            onClick={() => {
              setFilter({ ...EMPTY_DOWNLOAD_FILTER });
              setPage(1);
            }}
          >
            Clear Filters
          </Button>
        </div>
      </div>
    </form>
  );

  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <p className="station-signs">
        {/* Public data only (the public statuses list): a hidden station gets no sign (decision 0061). */}
        <Link className="usa-button usa-button--outline margin-right-1" to={`/signs?program=${programId}`}>
          Print signs
        </Link>
        <span className="usa-hint">A printable sign with a QR code for each of the program’s public beaches, one a page.</span>
      </p>
      {filters.isError && (
        <LoadError message="There was a problem loading the station filters." onRetry={() => void filters.refetch()} />
      )}
      {filters.isLoading ? <Loading label="Loading Filters..." /> : filterForm}
      {stations.isLoading ? (
        <Loading label="Loading stations…" />
      ) : stations.isError ? (
        <LoadError
          message={`The stations could not be loaded. ${stations.error ? errorMessage(toApiError(stations.error), '') : ''}`.trim()}
          onRetry={() => void stations.refetch()}
        />
      ) : (stations.data ?? []).length === 0 ? (
        <p>This program has no stations yet.</p>
      ) : list.length === 0 ? (
        <p className="margin-top-3">
          {hasChosenFilter(filter)
            ? 'No station matches these filters.'
            : 'Choose a county, municipality, LHA, station type or location type to list stations.'}
        </p>
      ) : (
        <>
          <div className="station-toolbar margin-top-3">
            {mayBulk && (
              <>
                <Checkbox
                  id="stations-select-page"
                  name="stations-select-page"
                  className="margin-0"
                  label="Select every primary station on this page"
                  checked={allShownSelected}
                  disabled={selectable.length === 0}
                  onChange={(e) => selectable.forEach((s) => toggleSelected(s.beach_station_id, e.target.checked))}
                />
                <span role="status">
                  {selected.size} station{selected.size === 1 ? '' : 's'} selected
                </span>
                <Button type="button" className="margin-0" disabled={selected.size === 0} onClick={() => setBulkOpen(true)}>
                  Set status of selected
                </Button>
                {selected.size > 0 && (
                  <Button type="button" unstyled onClick={() => setSelected(new Set())}>
                    Clear selection
                  </Button>
                )}
              </>
            )}
            <div className="station-sort">
              <SelectField
                id="stations-sort"
                label="Sort by"
                value={`${sort.key}:${sort.ascending ? 'asc' : 'desc'}`}
                options={SORT_CHOICES}
                onChange={(v) => {
                  const [key, direction] = v.split(':') as [SortKey, string];
                  setSort({ key, ascending: direction === 'asc' });
                }}
              />
            </div>
          </div>
          {mayBulk && bulkOpen && selected.size > 0 && (
            statuses.isLoading ? (
              <Loading label="Loading statuses…" />
            ) : (
              <BulkStatusForm
                stationCount={selected.size}
                statuses={statuses.data ?? []}
                onCancel={() => setBulkOpen(false)}
                onSubmit={async (body) => {
                  await bulkStatus({ ...body, beach_station_ids: [...selected] }).unwrap();
                  setNotice(`The status of ${selected.size} station${selected.size === 1 ? '' : 's'} was saved.`);
                  setSelected(new Set());
                  setBulkOpen(false);
                }}
              />
            )
          )}
          <div className="overflow-x-auto" aria-busy={stations.isFetching}>
            <table className="usa-table usa-table--compact station-table">
              <caption>{`${list.length} station${list.length === 1 ? '' : 's'} match the filters`}</caption>
              <thead>
                <tr>
                  {mayBulk && (
                    <th scope="col" className="station-table__select">
                      <span className="usa-sr-only">Select</span>
                    </th>
                  )}
                  {sortHeader('beach')}
                  {sortHeader('municipality')}
                  {sortHeader('lha')}
                  {sortHeader('status')}
                  <th scope="col">Flags</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((s) => (
                  <tr key={s.beach_station_id}>
                    {mayBulk && (
                      <td className="station-table__select">
                        {s.type.code === 'PRIMARY' ? (
                          <input
                            type="checkbox"
                            aria-label={`Select ${label(s)}`}
                            checked={selected.has(s.beach_station_id)}
                            onChange={(e) => toggleSelected(s.beach_station_id, e.target.checked)}
                          />
                        ) : (
                          <span className="usa-sr-only">Brackets take their primary's status</span>
                        )}
                      </td>
                    )}
                    <th scope="row" className="station-table__station">
                      <span className="display-block">{s.beach_name}</span>
                      <span className="display-block text-normal">{s.station_name}</span>
                      <span className="display-block text-normal station-table__minor">
                        {s.type.code === 'PRIMARY' ? 'Primary' : s.primary ? `Bracket of ${s.primary.station_name}` : 'Bracket'}
                        {' · '}
                        {LOCATION_LABELS[s.category.code]}
                      </span>
                      <Link
                        to={stationDashboardPath(s.beach_station_id)}
                        className="display-block text-normal station-table__minor"
                        aria-label={`Open the dashboard of ${label(s)}`}
                      >
                        Dashboard
                      </Link>
                    </th>
                    <td data-label="Municipality">
                      {s.municipality.name}
                      <span className="display-block station-table__minor">{s.municipality.county_name} County</span>
                    </td>
                    <td data-label="LHA">{s.local_health_authority.name ?? '—'}</td>
                    <td data-label="Status">
                      {s.status ? (
                        <>
                          <span className="text-no-wrap">
                            <span aria-hidden="true" className="station-swatch" style={{ backgroundColor: s.status.color }} />
                            {s.status.name}
                          </span>
                          {s.status.since && <span className="display-block text-no-wrap station-table__minor">since {s.status.since}</span>}
                        </>
                      ) : (
                        'No status'
                      )}
                    </td>
                    <td data-label="Flags">
                      <ul className="station-flags">
                        <li className="station-flags__toggle">
                          <span className={`station-badge${s.active ? ' station-badge--on' : ''}`}>{s.active ? 'Active' : 'Inactive'}</span>
                          <Button
                            type="button"
                            unstyled
                            className="station-table__minor"
                            onClick={() => {
                              setToggleError(null);
                              setPending({ station: s, flag: 'active', value: !s.active });
                            }}
                            aria-label={`${s.active ? 'Deactivate' : 'Activate'} ${label(s)}`}
                          >
                            {s.active ? 'Deactivate' : 'Activate'}
                          </Button>
                        </li>
                        <li className="station-flags__toggle">
                          <span className={`station-badge${s.public_visible ? ' station-badge--on' : ''}`}>{s.public_visible ? 'Public' : 'Hidden'}</span>
                          <Button
                            type="button"
                            unstyled
                            className="station-table__minor"
                            onClick={() => {
                              setToggleError(null);
                              setPending({ station: s, flag: 'public_visible', value: !s.public_visible });
                            }}
                            aria-label={`${s.public_visible ? 'Hide' : 'Show'} ${label(s)} ${s.public_visible ? 'from' : 'on'} the public site`}
                          >
                            {s.public_visible ? 'Hide' : 'Show'}
                          </Button>
                        </li>
                        {s.needs_resample && (
                          <li>
                            <span className="station-badge station-badge--alert">Needs resample</span>
                          </li>
                        )}
                        {s.requires_sanitary_survey && (
                          <li>
                            <span className="station-badge station-badge--alert">Sanitary survey required</span>
                          </li>
                        )}
                        {s.open_surveys > 0 && (
                          <li>
                            <span className="station-badge">
                              {s.open_surveys} open sanitary survey{s.open_surveys === 1 ? '' : 's'}
                            </span>
                          </li>
                        )}
                      </ul>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager page={current} pageSize={PAGE_SIZE} total={list.length} onPage={setPage} label="Station pages" />
        </>
      )}
      <ConfirmDialog
        id="station-flag-dialog"
        open={pending !== null}
        heading={
          pending?.flag === 'active'
            ? `${pending.value ? 'Activate' : 'Deactivate'} this station?`
            : `${pending?.value ? 'Show' : 'Hide'} this station ${pending?.value ? 'on' : 'from'} the public site?`
        }
        confirmLabel={pending?.flag === 'active' ? (pending.value ? 'Activate' : 'Deactivate') : pending?.value ? 'Show' : 'Hide'}
        destructive={pending?.value === false}
        busy={activating.isLoading || hiding.isLoading}
        error={toggleError}
        onConfirm={() => void confirmToggle()}
        onCancel={() => setPending(null)}
      >
        <p>
          {pending && label(pending.station)}{' '}
          {pending?.flag === 'active'
            ? pending.value
              ? 'returns to the results entry grids.'
              : 'leaves the results entry grids; its results are kept.'
            : pending?.value
              ? 'appears again on the public map, lists and downloads.'
              : 'disappears from the public map, lists and data downloads.'}
        </p>
        {pendingBrackets.length > 0 && (
          <p>
            <strong>It is the primary of {pendingBrackets.length === 1 ? 'an active bracket station' : `${pendingBrackets.length} active bracket stations`}:</strong>{' '}
            {pendingBrackets.map((b) => b.station_name).join(', ')}. They stay active, but the beach's status will no longer follow new samples here.
          </p>
        )}
      </ConfirmDialog>
    </>
  );
}
