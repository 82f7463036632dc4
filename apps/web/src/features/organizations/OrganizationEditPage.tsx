import { Link, useNavigate, useParams } from 'react-router';
import { Alert } from '@trussworks/react-uswds';
import { MESSAGES, type OrganizationSaveInput } from '@beach/domain';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import {
  useCreateOrganizationMutation,
  useGetOrganizationFiltersQuery,
  useGetOrganizationQuery,
  useUpdateOrganizationMutation,
  type OrganizationDetail,
} from './api';
import { OrganizationForm } from './OrganizationForm';
import { ORGANIZATION_MANAGEMENT_PATH } from './OrganizationManagementPage';
import { useCanManageOrganizations } from './use-can-manage-organizations';

const EMPTY: OrganizationSaveInput = {
  name: '',
  abbv: '',
  desc: '',
  email: '',
  phone: '',
  organization_group_id: null,
  organization_category_id: null,
  local_health_authority_id: null,
  county_id: null,
  is_admin_organization: false,
  programs: [],
};

function formValues(o: OrganizationDetail): OrganizationSaveInput {
  return {
    name: o.name,
    abbv: o.abbv,
    desc: o.desc ?? '',
    email: o.email ?? '',
    phone: o.phone ?? '',
    organization_group_id: o.organization_group_id,
    organization_category_id: o.organization_category_id,
    local_health_authority_id: o.local_health_authority_id,
    county_id: o.county_id,
    is_admin_organization: o.is_admin_organization,
    programs: o.programs.map((p) => ({ program_id: p.program_id, rules: { ...p.rules } })),
  };
}

/** Add (`/new`) or edit an organization, its programs and their rules. */
export default function OrganizationEditPage() {
  const allowed = useCanManageOrganizations();
  const { organizationId } = useParams();
  const id = organizationId === 'new' ? null : Number(organizationId);
  const title = id === null ? 'Add organization' : 'Edit organization';
  if (!allowed || (id !== null && !(Number.isInteger(id) && id > 0))) {
    return <ScreenPage title={title}>{allowed ? <LoadError message="There is no such organization." /> : <NotPermitted />}</ScreenPage>;
  }
  return id === null ? <CreateOrganization /> : <EditOrganization id={id} />;
}

function BackLink() {
  return (
    <p>
      <Link to={ORGANIZATION_MANAGEMENT_PATH}>Back to Organization Management</Link>
    </p>
  );
}

function CreateOrganization() {
  const navigate = useNavigate();
  const filters = useGetOrganizationFiltersQuery();
  const [create] = useCreateOrganizationMutation();
  return (
    <ScreenPage title="Add organization">
      <BackLink />
      {filters.isLoading ? (
        <Loading />
      ) : !filters.data ? (
        <LoadError message={MESSAGES.filterListFailed} onRetry={filters.refetch} />
      ) : (
        <OrganizationForm
          filters={filters.data}
          initial={EMPTY}
          submitLabel="Create organization"
          onSubmit={async (values) => {
            const created = await create(values).unwrap();
            navigate(ORGANIZATION_MANAGEMENT_PATH, { state: { notice: `${created.name} was created.` } });
          }}
        />
      )}
    </ScreenPage>
  );
}

function EditOrganization({ id }: { id: number }) {
  const navigate = useNavigate();
  const notice = useNotice();
  const filters = useGetOrganizationFiltersQuery();
  const organization = useGetOrganizationQuery(id);
  const [update] = useUpdateOrganizationMutation();
  const o = organization.data;

  return (
    <ScreenPage title={o ? `Edit organization: ${o.name}` : 'Edit organization'}>
      <BackLink />
      {notice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {notice}
        </Alert>
      )}
      {organization.isLoading || filters.isLoading ? (
        <Loading />
      ) : organization.isError ? (
        <LoadError message={errorMessage(toApiError(organization.error), MESSAGES.organizationsFailed)} onRetry={organization.refetch} />
      ) : !filters.data ? (
        <LoadError message={MESSAGES.filterListFailed} onRetry={filters.refetch} />
      ) : o ? (
        <>
          <p className="text-base-dark">
            {o.user_count === 1 ? '1 user belongs' : `${o.user_count} users belong`} to this organization.
          </p>
          <OrganizationForm
            key={o.organization_id}
            filters={filters.data}
            initial={formValues(o)}
            submitLabel="Save organization"
            onSubmit={async (values) => {
              const saved = await update({ id, body: values }).unwrap();
              navigate(ORGANIZATION_MANAGEMENT_PATH, { state: { notice: `${saved.name} was saved.` } });
            }}
          />
        </>
      ) : null}
    </ScreenPage>
  );
}
