import { useState } from 'react';
import { Link } from 'react-router';
import { Table } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';
import { useConfirmedDelete } from '../../components/management/confirmed-delete';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useDeleteLhaMutation, useListLhasQuery, type Lha } from './api';
import { useCanManageLhas } from './use-can-manage-lhas';

export const LHA_MANAGEMENT_PATH = '/portal/lha-management';

/** LHA Management: every local health authority, searchable and paged, with edit and delete. */
export default function LhaManagementPage() {
  const allowed = useCanManageLhas();
  return (
    <ScreenPage title="LHA Management" description="Local health authorities and the municipalities they serve.">
      {allowed ? <LhaList /> : <NotPermitted />}
    </ScreenPage>
  );
}

function LhaList() {
  const [notice, setNotice] = useState<string | null>(null);
  const lhas = useListLhasQuery();
  const [deleteLha] = useDeleteLhaMutation();
  const deletion = useConfirmedDelete<Lha>({
    nameOf: (l) => l.name,
    remove: (l) => deleteLha(l.local_health_authority_id).unwrap(),
    // 409 LHA_IN_USE says which organizations and beaches still point at it.
    failure: 'The local health authority could not be deleted.',
    onDeleted: setNotice,
  });

  return (
    <>
      <ManagementList
        items={lhas.data}
        isLoading={lhas.isLoading}
        isError={lhas.isError}
        onRetry={lhas.refetch}
        noun="local health authorities"
        loadError={MESSAGES.lhaListFailed}
        add={{ to: `${LHA_MANAGEMENT_PATH}/new`, label: 'Add local health authority' }}
        search={{
          id: 'lha-search',
          label: 'Find by name or county',
          matches: (l, needle) => l.name.toLowerCase().includes(needle) || Boolean(l.county?.name.toLowerCase().includes(needle)),
        }}
        notice={notice}
      >
        {(shown) => (
          <div className="overflow-x-auto">
            <Table bordered compact fullWidth caption="Local health authorities">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">County</th>
                  <th scope="col">Contact</th>
                  <th scope="col">Municipalities</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((l) => (
                  <tr key={l.local_health_authority_id}>
                    <th scope="row">
                      <Link to={`${LHA_MANAGEMENT_PATH}/${l.local_health_authority_id}`}>{l.name}</Link>
                    </th>
                    <td>{l.county?.name ?? '—'}</td>
                    <td>
                      {l.contact_person ?? '—'}
                      {l.phone_number && <span className="display-block text-no-wrap font-body-2xs text-base-dark">{l.phone_number}</span>}
                    </td>
                    <td>{l.municipalities.length}</td>
                    <td>
                      {deletion.button(l)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
        )}
      </ManagementList>
      {deletion.dialog(
        'delete-lha-dialog',
        <p>The authority and its list of municipalities are deleted. An authority that organizations or beaches still use cannot be deleted.</p>,
      )}
    </>
  );
}
