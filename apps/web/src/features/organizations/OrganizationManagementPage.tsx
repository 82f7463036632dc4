import { Link } from 'react-router';
import { Table, Tag } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';
import { ManagementList } from '../../components/management/ManagementList';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useListOrganizationsQuery } from './api';
import { useCanManageOrganizations } from './use-can-manage-organizations';

export const ORGANIZATION_MANAGEMENT_PATH = '/portal/organization-management';

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
  const organizations = useListOrganizationsQuery();
  return (
    <ManagementList
      items={organizations.data}
      isLoading={organizations.isLoading}
      isError={organizations.isError}
      onRetry={organizations.refetch}
      noun="organizations"
      loadError={MESSAGES.organizationsFailed}
      add={{ to: `${ORGANIZATION_MANAGEMENT_PATH}/new`, label: 'Add organization' }}
      search={{
        id: 'organization-search',
        label: 'Find by name or abbreviation',
        matches: (o, needle) => o.name.toLowerCase().includes(needle) || o.abbv.toLowerCase().includes(needle),
      }}
    >
      {(shown) => (
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
                    {o.is_admin_organization && <Tag className="margin-left-1 bg-primary-dark">Admin</Tag>}
                  </th>
                  <td>{o.abbv}</td>
                  <td>{o.programs.map((p) => p.abbv).join(', ') || 'None'}</td>
                  <td>{o.user_count}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      )}
    </ManagementList>
  );
}
