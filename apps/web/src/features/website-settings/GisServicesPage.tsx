import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import type { GisService } from '@beach/domain';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteGisServiceMutation, useListGisServicesQuery } from './api';
import { GIS_SERVICES_PATH, useCanManageWebsite } from './access';
import './website-settings.css';

export const GIS_KIND_LABEL = { MAP: 'Map service (image)', FEATURE: 'Feature service' } as const;

/** GIS REST Services: the ArcGIS map and feature services the public map offers as layers, in their order. */
export default function GisServicesPage() {
  const allowed = useCanManageWebsite();
  return (
    <ScreenPage title="GIS REST Services" description="ArcGIS map and feature services the public map offers as layers visitors can turn on.">
      {allowed ? <Services /> : <NotPermitted />}
    </ScreenPage>
  );
}

function Services() {
  const services = useListGisServicesQuery();
  const [notice, setNotice] = useState<string | null>(null);
  const [remove] = useDeleteGisServiceMutation();
  const deletion = useConfirmedDelete<GisService>({
    nameOf: (s) => s.name,
    remove: (s) => remove(s.gis_rest_service_id).unwrap(),
    failure: 'The map service could not be deleted.',
    onDeleted: setNotice,
  });
  return (
    <>
      <ManagementList
        items={services.data}
        isLoading={services.isLoading}
        isError={services.isError}
        onRetry={services.refetch}
        noun="map services"
        loadError="The map services could not be loaded."
        add={{ to: `${GIS_SERVICES_PATH}/new`, label: 'Add a map service' }}
        search={{ id: 'gis-search', label: 'Find by name or address', matches: (s, needle) => [s.name, s.url].some((v) => v.toLowerCase().includes(needle)) }}
        notice={notice}
      >
        {(shown) => (
          <Table bordered compact fullWidth stackedStyle="headers" caption="Map services, in the order the map's layer list shows them">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Kind</th>
                <th scope="col">Layers</th>
                <th scope="col">Opacity</th>
                <th scope="col">On the public map</th>
                <th scope="col">Order</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((s) => (
                <tr key={s.gis_rest_service_id}>
                  <th scope="row" data-label="Name">
                    <Link to={`${GIS_SERVICES_PATH}/${s.gis_rest_service_id}`} aria-label={`Edit ${s.name}`}>
                      {s.name}
                    </Link>
                    <span className="gis-url">{s.url}</span>
                  </th>
                  <td data-label="Kind">{GIS_KIND_LABEL[s.layer_type]}</td>
                  <td data-label="Layers">{s.layer_ids.length ? s.layer_ids.join(', ') : 'All'}</td>
                  <td data-label="Opacity">{Math.round(s.opacity * 100)}%</td>
                  <td data-label="On the public map">{!s.active ? 'Not offered' : s.shown_by_default ? 'Offered, shown at first' : 'Offered'}</td>
                  <td data-label="Order">{s.display_order}</td>
                  <td data-label="Actions">{deletion.button(s)}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        )}
      </ManagementList>
      {deletion.dialog('delete-gis-dialog', <p>The layer leaves the public map at once.</p>)}
    </>
  );
}
