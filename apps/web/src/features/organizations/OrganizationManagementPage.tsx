import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, Table, Tag, TextInput } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { useListOrganizationsQuery } from './api';
import { useCanManageOrganizations } from './use-can-manage-organizations';

export const ORGANIZATION_MANAGEMENT_PATH = '/portal/organization-management';
const PAGE_SIZE = 25;

/** Organization Management: every organization, searchable and paged, with links to edit and add. */
export default function OrganizationManagementPage() {
  const allowed = useCanManageOrganizations();
  return (
    <ScreenPage title="Organization Management" description="Organizations, their programs and their rules.">
      {allowed ? <OrganizationList /> : <NotPermitted />}
    </ScreenPage>
  );
}

function OrganizationList() {
  const notice = useNotice();
  const organizations = useListOrganizationsQuery();
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);

  const needle = search.trim().toLowerCase();
  const matching = (organizations.data ?? []).filter(
    (o) => !needle || o.name.toLowerCase().includes(needle) || o.abbv.toLowerCase().includes(needle),
  );
  const pages = Math.max(1, Math.ceil(matching.length / PAGE_SIZE));
  const current = Math.min(page, pages);
  const shown = matching.slice((current - 1) * PAGE_SIZE, current * PAGE_SIZE);

  return (
    <>
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      <p className="margin-y-2">
        <Link to={`${ORGANIZATION_MANAGEMENT_PATH}/new`} className="usa-button">
          Add organization
        </Link>
      </p>
      <div className="maxw-mobile-lg">
        <Field id="organization-search" label="Find by name or abbreviation">
          {(a11y) => (
            <TextInput
              {...a11y}
              name="organization-search"
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
      {organizations.isLoading ? (
        <Loading label="Loading organizations…" />
      ) : organizations.isError ? (
        <LoadError message={MESSAGES.organizationsFailed} onRetry={organizations.refetch} />
      ) : matching.length === 0 ? (
        <p className="margin-top-2">{needle ? 'No organization matches.' : 'There are no organizations yet.'}</p>
      ) : (
        <>
          <div className="overflow-x-auto">
            <Table bordered fullWidth caption="Organizations">
              <thead>
                <tr>
                  <th scope="col">Name</th>
                  <th scope="col">Abbreviation</th>
                  <th scope="col">Programs</th>
                  <th scope="col">Users</th>
                </tr>
              </thead>
              <tbody>
                {shown.map((o) => (
                  <tr key={o.organization_id}>
                    <th scope="row">
                      <Link to={`${ORGANIZATION_MANAGEMENT_PATH}/${o.organization_id}`}>{o.name}</Link>
                      {o.is_admin_organization && (
                        <Tag className="margin-left-1 bg-primary-dark">Admin</Tag>
                      )}
                    </th>
                    <td>{o.abbv}</td>
                    <td>{o.programs.map((p) => p.abbv).join(', ') || 'None'}</td>
                    <td>{o.user_count}</td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pager page={current} pageSize={PAGE_SIZE} total={matching.length} onPage={setPage} label="Organization list pages" />
        </>
      )}
    </>
  );
}
