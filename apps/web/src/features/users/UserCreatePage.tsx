import { Link, useNavigate } from 'react-router';
import { MESSAGES } from '@beach/domain';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useCreateUserMutation, useGetUserFiltersQuery } from './api';
import { USER_CREATED_NOTICE } from './labels';
import { UserForm } from './UserForm';
import { useCanManageUsers } from './use-can-manage-users';

/** POST user/: a new user in an organization the caller manages, with per-program permissions. */
export default function UserCreatePage() {
  const allowed = useCanManageUsers();
  return (
    <ScreenPage title="Add user" description="A new user must change the first password at the first sign-in.">
      <p>
        <Link to="/portal/user-management">Back to User Management</Link>
      </p>
      {allowed ? <CreateUser /> : <NotPermitted />}
    </ScreenPage>
  );
}

function CreateUser() {
  const navigate = useNavigate();
  const filters = useGetUserFiltersQuery();
  const [createUser] = useCreateUserMutation();

  if (filters.isLoading) return <Loading label="Loading organizations…" />;
  if (!filters.data) return <LoadError message={MESSAGES.filterListFailed} onRetry={filters.refetch} />;
  const only = filters.data.organizations.length === 1 ? filters.data.organizations[0] : undefined;

  return (
    <UserForm
      mode="create"
      filters={filters.data}
      initial={{ first_name: '', last_name: '', email: '', organization_id: only?.organization_id, programRules: {} }}
      submitLabel="Create user"
      onSubmit={async (values) => {
        const created = await createUser(values).unwrap();
        navigate(`/portal/user-management/${created.user_id}`, { state: { notice: USER_CREATED_NOTICE } });
      }}
    />
  );
}
