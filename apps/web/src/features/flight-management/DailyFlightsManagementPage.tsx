import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { FLIGHT_STATUS_LABELS, portalAbilities, type DailyFlightRecord, type FlightStatus } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteFlightMutation, useListFlightsQuery } from './api';
import '../report-management/report-management.css';

export const FLIGHTS_PATH = '/portal/website-management/daily-flights';

/** Website Management is for organization admins (SPEC 6): the rule that shows this screen's menu link. */
export function useCanManageFlights(): boolean {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  return me ? portalAbilities(me, selectedProgramId)[FLIGHTS_PATH] : false;
}

export const statusLabel = (status: string) => FLIGHT_STATUS_LABELS[status as FlightStatus] ?? status;

/** Daily Flights: one report a day of the aerial surveillance flight, newest first, as the public pages list them. */
export default function DailyFlightsManagementPage() {
  const allowed = useCanManageFlights();
  return (
    <ScreenPage title="Daily Flights" description="Daily aerial flight reports: route, status, observations, photos and files, as the public Daily Flights page shows them.">
      {allowed ? <Flights /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Flights() {
  const flights = useListFlightsQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [deleteFlight] = useDeleteFlightMutation();
  const deletion = useConfirmedDelete<DailyFlightRecord>({
    nameOf: (f) => `the flight of ${f.flight_date}`,
    remove: (f) => deleteFlight(f.daily_flight_id).unwrap(),
    failure: 'The flight could not be deleted.',
    onDeleted: (text) => setNotice(text.charAt(0).toUpperCase() + text.slice(1)),
  });

  return (
    <>
      <ManagementList
        items={flights.data}
        isLoading={flights.isLoading}
        isError={flights.isError}
        onRetry={flights.refetch}
        noun="daily flights"
        loadError="The daily flights could not be loaded."
        add={{ to: `${FLIGHTS_PATH}/new`, label: 'Add a daily flight' }}
        search={{
          id: 'flight-search',
          label: 'Find by date, status or flight path',
          matches: (f, needle) => [f.flight_date, statusLabel(f.status), f.flight_path].some((v) => v.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="Daily flights, newest first">
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Status</th>
                <th scope="col">Flight path</th>
                <th scope="col">Photos</th>
                <th scope="col">Files</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((f) => (
                <tr key={f.daily_flight_id}>
                  <th scope="row" data-label="Date" className="report-management__date">
                    <Link to={`${FLIGHTS_PATH}/${f.daily_flight_id}`} aria-label={`Edit the flight of ${f.flight_date}`}>
                      {f.flight_date}
                    </Link>
                  </th>
                  <td data-label="Status">{statusLabel(f.status)}</td>
                  <td data-label="Flight path" className="report-management__source">
                    {f.flight_path || '—'}
                  </td>
                  <td data-label="Photos">{f.photos.length}</td>
                  <td data-label="Files">{f.files.length}</td>
                  <td data-label="Actions">{deletion.button(f)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-flight-dialog', <p>The flight report leaves the public Daily Flights page at once, with its photos and files.</p>)}
    </>
  );
}
