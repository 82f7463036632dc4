import { useEffect, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert } from '@trussworks/react-uswds';
import { MESSAGES } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { AccountActions } from './AccountActions';
import { useGetUserFiltersQuery, useGetUserProfileQuery, useUpdateUserMutation } from './api';
import { USER_SAVED_NOTICE } from './labels';
import { UserForm } from './UserForm';
import { useCanManageUsers } from './use-can-manage-users';

/** GET user/profile/{id} and PUT user/{id}, with the account actions below the form. */
export default function UserEditPage() {
  const allowed = useCanManageUsers();
  const id = Number(useParams().userId);
  return allowed && Number.isInteger(id) && id > 0 ? (
    <EditUser id={id} />
  ) : (
    <ScreenPage title="Edit user">
      {allowed ? <LoadError message="There is no such user." /> : <NotPermitted />}
    </ScreenPage>
  );
}

function EditUser({ id }: { id: number }) {
  const myId = useAppSelector((state) => state.user.user?.user_id);
  const routedNotice = useNotice();
  const [notice, setNotice] = useState<string | null>(null);
  const profile = useGetUserProfileQuery(id);
  const filters = useGetUserFiltersQuery();
  const [updateUser] = useUpdateUserMutation();

  const user = profile.data;
  const title = user ? `Edit user: ${user.first_name} ${user.last_name}` : 'Edit user';
  const noticeRef = useRef<HTMLDivElement>(null);
  const show = (message: string) => setNotice(message);
  // The notice sits above the form; moving focus there scrolls to it and reads it out.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  let body;
  if (profile.isLoading || filters.isLoading) body = <Loading label="Loading the user…" />;
  else if (profile.isError) body = <LoadError message={errorMessage(toApiError(profile.error), 'The user could not be loaded.')} onRetry={profile.refetch} />;
  else if (filters.isError || !filters.data) body = <LoadError message={MESSAGES.filterListFailed} onRetry={filters.refetch} />;
  else if (user)
    body = (
      <>
        <UserForm
          // One form per user; a refetch (window focus) must not wipe what is being typed.
          key={user.user_id}
          mode="edit"
          filters={filters.data}
          initial={{
            first_name: user.first_name,
            last_name: user.last_name,
            email: user.email,
            primary_email: user.primary_email === user.email ? undefined : user.primary_email,
            organization_id: user.organization_id,
            programRules: user.programRules,
          }}
          held={user.programRules}
          submitLabel="Save user"
          onSubmit={async (values) => {
            const { password: _unused, ...body } = values;
            await updateUser({ id, body }).unwrap();
            show(USER_SAVED_NOTICE);
          }}
        />
        {user.user_id === myId ? (
          <p className="margin-top-4">
            This is your own account. Change your password under <Link to="/portal/profile/changePassword">My Settings</Link>.
          </p>
        ) : (
          <AccountActions user={user} onNotice={show} />
        )}
      </>
    );

  const shown = notice ?? routedNotice;
  return (
    <ScreenPage title={title}>
      <p>
        <Link to="/portal/user-management">Back to User Management</Link>
      </p>
      <div ref={noticeRef} tabIndex={-1} className="outline-0">
        {shown && (
          <Alert type="success" headingLevel="h2" slim role="status">
            {shown}
          </Alert>
        )}
      </div>
      {body}
    </ScreenPage>
  );
}
