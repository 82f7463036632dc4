import { Link } from 'react-router';
import { Table, Tag } from '@trussworks/react-uswds';
import { compareNames, managesBeachProfiles, type StaffBeachListItem } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ProgramGate } from '../../components/ProgramGate';
import { ScreenPage } from '../../components/ScreenPage';
import { useProgramStationsQuery } from '../beaches/api';
import './beach-management.css';

export const BEACH_MANAGEMENT_PATH = '/portal/beach-management';
const CATEGORY_LABELS = { OCEAN: 'Ocean', BAY: 'Bay', RIVER: 'River', LAKE: 'Lake' } as const;

/** A beach of the program and its stations, primaries first. */
interface BeachGroup {
  beach_id: number;
  name: string;
  place: string;
  category: StaffBeachListItem['category']['code'];
  stations: StaffBeachListItem[];
}

function groupByBeach(stations: readonly StaffBeachListItem[]): BeachGroup[] {
  const groups = new Map<number, BeachGroup>();
  for (const s of stations) {
    let group = groups.get(s.beach_id);
    if (!group) {
      group = {
        beach_id: s.beach_id,
        name: s.beach_name,
        place: `${s.municipality.name}, ${s.municipality.county_name}`,
        category: s.category.code,
        stations: [],
      };
      groups.set(s.beach_id, group);
    }
    group.stations.push(s);
  }
  const kind = (s: StaffBeachListItem) => (s.type.code === 'PRIMARY' ? 0 : 1);
  for (const g of groups.values()) g.stations.sort((a, b) => kind(a) - kind(b) || compareNames(a.station_name, b.station_name));
  return [...groups.values()].sort((a, b) => compareNames(a.name, b.name));
}

/** Beach Management: the program's beaches and their stations, to add and edit. */
export default function BeachManagementPage() {
  const user = useAppSelector((state) => state.user.user);
  return (
    <ScreenPage title="Beach Management" description="Add beaches and stations and keep their profiles up to date.">
      <ProgramGate route={BEACH_MANAGEMENT_PATH}>
        {(programId) => (user && managesBeachProfiles(user, programId) ? <Beaches key={programId} programId={programId} /> : <NotPermitted />)}
      </ProgramGate>
    </ScreenPage>
  );
}

function Beaches({ programId }: { programId: number }) {
  const stations = useProgramStationsQuery(programId);
  const groups = stations.data ? groupByBeach(stations.data) : undefined;
  return (
    <ManagementList
      items={groups}
      isLoading={stations.isLoading}
      isError={stations.isError}
      onRetry={stations.refetch}
      noun="beaches"
      loadError="The program's beaches could not be loaded."
      add={{ to: `${BEACH_MANAGEMENT_PATH}/new`, label: 'Add a beach' }}
      search={{
        id: 'beach-search',
        label: 'Find by beach, station or municipality',
        matches: (g, needle) =>
          g.name.toLowerCase().includes(needle) || g.place.toLowerCase().includes(needle) || g.stations.some((s) => s.station_name.toLowerCase().includes(needle)),
      }}
    >
      {(shown) => (
        <Table bordered compact fullWidth stackedStyle="headers" caption="Beaches and their stations">
          <thead>
            <tr>
              <th scope="col">Beach</th>
              <th scope="col">Location type</th>
              <th scope="col">Stations</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((g) => (
              <tr key={g.beach_id}>
                <th scope="row" data-label="Beach">
                  {g.name}
                  <span className="display-block font-body-2xs text-base-dark">{g.place}</span>
                </th>
                <td data-label="Location type">{CATEGORY_LABELS[g.category]}</td>
                <td data-label="Stations">
                  <ul className="beach-station-list">
                    {g.stations.map((s) => (
                      <li key={s.beach_station_id} className="margin-bottom-05">
                        <Link to={`${BEACH_MANAGEMENT_PATH}/${s.beach_station_id}`} aria-label={`Edit station ${s.station_name}`}>
                          {s.station_name}
                        </Link>{' '}
                        <span className="font-body-2xs text-base-dark">
                          {s.type.code === 'PRIMARY' ? 'Primary' : s.primary ? `Bracket of ${s.primary.station_name}` : 'Bracket, no primary'}
                        </span>
                        {!s.active && <Tag className="margin-left-1 bg-base-dark">Inactive</Tag>}
                        {!s.public_visible && <Tag className="margin-left-1 bg-base-dark">Hidden</Tag>}
                      </li>
                    ))}
                  </ul>
                </td>
                <td data-label="Actions">
                  <Link to={`${BEACH_MANAGEMENT_PATH}/new?with=${g.stations[0]!.beach_station_id}`} aria-label={`Add a station to ${g.name}`}>
                    Add a station
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </ManagementList>
  );
}
