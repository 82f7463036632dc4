import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Table, TextInput } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { useDeleteLhaMutation, useListLhasQuery, type Lha } from './api';
import { useCanManageLhas } from './use-can-manage-lhas';

export const LHA_MANAGEMENT_PATH = '/portal/lha-management';
const PAGE_SIZE = 25;

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
  const routedNotice = useNotice();
  const [notice, setNotice] = useState<string | null>(null);
  const lhas = useListLhasQuery();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [deleting, setDeleting] = useState<Lha | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleteLha, { isLoading: isDeleting }] = useDeleteLhaMutation();

  const needle = search.trim().toLowerCase();
  const matching = (lhas.data ?? []).filter((l) => !needle || l.name.toLowerCase().includes(needle) || l.county?.name.toLowerCase().includes(needle));
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  const confirmDelete = async () => {
    if (!deleting) return;
    setDeleteError(null);
    try {
      await deleteLha(deleting.local_health_authority_id).unwrap();
      setNotice(`${deleting.name} was deleted.`);
      setDeleting(null);
    } catch (thrown) {
      // 409 LHA_IN_USE says which organizations and beaches still point at it.
      setDeleteError(errorMessage(toApiError(thrown), 'The local health authority could not be deleted.'));
    }
  };

  const shownNotice = notice ?? routedNotice;
  return (
    <>
      {shownNotice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {shownNotice}
        </Alert>
      )}
      <p className="margin-y-2">
        <Link to={`${LHA_MANAGEMENT_PATH}/new`} className="usa-button">
          Add local health authority
        </Link>
      </p>
      <div className="maxw-mobile-lg">
        <Field id="lha-search" label="Find by name or county">
          {(a11y) => (
            <TextInput
              {...a11y}
              name="lha-search"
              type="text"
              value={search}
              onChange={(event) => {
                setSearch(event.target.value);
                setPage(1);
              }}
            />
          )}
        </Field>
      </div>
      {lhas.isLoading ? (
        <Loading label="Loading local health authorities…" />
      ) : lhas.isError ? (
        <LoadError message={MESSAGES.lhaListFailed} onRetry={lhas.refetch} />
      ) : matching.length === 0 ? (
        <p className="margin-top-2">{needle ? 'No local health authority matches.' : 'There are no local health authorities yet.'}</p>
      ) : (
        <>
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
                      <Button
                        type="button"
                        outline
                        className="margin-0"
                        aria-label={`Delete ${l.name}`}
                        onClick={() => {
                          setDeleteError(null);
                          setDeleting(l);
                        }}
                      >
                        Delete
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pager page={current} pageSize={PAGE_SIZE} total={matching.length} onPage={setPage} label="Local health authority pages" />
        </>
      )}
      <ConfirmDialog
        id="delete-lha-dialog"
        open={deleting !== null}
        heading={`Delete ${deleting?.name ?? ''}?`}
        confirmLabel="Delete"
        destructive
        busy={isDeleting}
        error={deleteError}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      >
        <p>The authority and its list of municipalities are deleted. An authority that organizations or beaches still use cannot be deleted.</p>
      </ConfirmDialog>
    </>
  );
}
