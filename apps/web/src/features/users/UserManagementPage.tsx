import { useState, type FormEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import { Alert, Button, Grid, Select, Table, Tag, TextInput } from '@trussworks/react-uswds';
import { MESSAGES, PAGE_SIZE_DEFAULT, hasSystemPermission, portalAbilities } from '@beach/domain';
import { useAppSelector } from '../../app/hooks';
import { errorMessage, toApiError } from '../../components/api-errors';
import { Field } from '../../components/Field';
import { LoadError } from '../../components/LoadError';
import { Loading } from '../../components/Loading';
import { NotPermitted } from '../../components/NotPermitted';
import { Pager } from '../../components/Pager';
import { ScreenPage } from '../../components/ScreenPage';
import { useNotice } from '../../components/use-notice';
import { ActiveToggle } from './ActiveToggle';
import { useGetUserFiltersQuery, useListUsersQuery, type UserListArgs } from './api';

export const USER_MANAGEMENT_PATH = '/portal/user-management';
const AUDIT_LOG_PATH = '/portal/audit-log';

function positiveInt(value: string | null): number | undefined {
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/** The list's filters live in the address, so Back and a shared link show the same page. */
function argsFrom(params: URLSearchParams): UserListArgs {
  const active = params.get('active');
  return {
    page: positiveInt(params.get('page')) ?? 1,
    page_size: PAGE_SIZE_DEFAULT,
    search: params.get('search')?.trim() || undefined,
    organization_id: positiveInt(params.get('organization')),
    program_id: positiveInt(params.get('program')),
    active: active === 'true' ? true : active === 'false' ? false : undefined,
  };
}

function lastLogin(iso: string | null): string {
  if (!iso) return 'Never';
  return new Date(iso).toLocaleDateString('en-US', { dateStyle: 'medium' });
}

/** User Management: the users the caller manages, filtered and paged, with activate / deactivate. */
export default function UserManagementPage() {
  const me = useAppSelector((state) => state.user.user);
  const selectedProgramId = useAppSelector((state) => state.user.selectedProgramId);
  const allowed = me ? portalAbilities(me, selectedProgramId)[USER_MANAGEMENT_PATH] : false;
  return (
    <ScreenPage title="User Management" description="Add users and manage their access.">
      {allowed && me ? <UserList canReadAudit={hasSystemPermission(me, null, 'READ_AUDIT_LOG')} /> : <NotPermitted />}
    </ScreenPage>
  );
}

function UserList({ canReadAudit }: { canReadAudit: boolean }) {
  const [params, setParams] = useSearchParams();
  const routedNotice = useNotice();
  const [notice, setNotice] = useState<string | null>(null);
  const args = argsFrom(params);
  const filters = useGetUserFiltersQuery();
  const users = useListUsersQuery(args);

  const applyFilters = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const next = new URLSearchParams();
    for (const key of ['search', 'organization', 'program', 'active']) {
      const value = String(data.get(key) ?? '').trim();
      if (value) next.set(key, value);
    }
    setParams(next);
  };

  const shownNotice = notice ?? routedNotice;
  const ownOrganizationOnly = filters.data?.scope === 'OWN_ORGANIZATION';

  return (
    <>
      {shownNotice && (
        <Alert type="success" headingLevel="h2" slim role="status">
          {shownNotice}
        </Alert>
      )}
      <div className="display-flex flex-wrap flex-align-center margin-y-2">
        <Link to={`${USER_MANAGEMENT_PATH}/new`} className="usa-button margin-right-2">
          Add user
        </Link>
        {canReadAudit && <Link to={AUDIT_LOG_PATH}>Audit log: who changed what</Link>}
      </div>
      {ownOrganizationOnly && (
        <p className="text-base-dark">You manage the users of your own organization.</p>
      )}

      <form onSubmit={applyFilters} className="usa-form maxw-full margin-bottom-2" aria-label="Filter users" key={params.toString()}>
        <Grid row gap>
          <Grid tablet={{ col: 6 }}>
            <Field id="user-search" label="Name or e-mail">
              {(control) => <TextInput {...control} name="search" type="text" defaultValue={args.search ?? ''} />}
            </Field>
          </Grid>
          {!ownOrganizationOnly && (
            <Grid tablet={{ col: 6 }}>
              <Field id="user-organization" label="Organization">
                {(control) => (
                  <Select {...control} name="organization" defaultValue={args.organization_id ?? ''}>
                    <option value="">All organizations</option>
                    {filters.data?.organizations.map((o) => (
                      <option key={o.organization_id} value={o.organization_id}>
                        {o.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
            </Grid>
          )}
          <Grid tablet={{ col: 6 }}>
            <Field id="user-program" label="Program">
              {(control) => (
                <Select {...control} name="program" defaultValue={args.program_id ?? ''}>
                  <option value="">All programs</option>
                  {filters.data?.programs.map((p) => (
                    <option key={p.program_id} value={p.program_id}>
                      {p.abbv} - {p.name}
                    </option>
                  ))}
                </Select>
              )}
            </Field>
          </Grid>
          <Grid tablet={{ col: 6 }}>
            <Field id="user-active" label="Status">
              {(control) => (
                <Select {...control} name="active" defaultValue={args.active === undefined ? '' : String(args.active)}>
                  <option value="">Active and inactive</option>
                  <option value="true">Active</option>
                  <option value="false">Inactive</option>
                </Select>
              )}
            </Field>
          </Grid>
        </Grid>
        <div className="margin-top-2">
          <Button type="submit">Apply filters</Button>
          <Button type="button" unstyled className="margin-left-2" onClick={() => setParams(new URLSearchParams())}>
            Clear filters
          </Button>
        </div>
      </form>

      {filters.isError && <LoadError message={MESSAGES.filterListFailed} onRetry={filters.refetch} />}
      {users.isLoading ? (
        <Loading label="Loading users…" />
      ) : users.isError ? (
        <LoadError message={`${MESSAGES.userListFailed} ${errorMessage(toApiError(users.error), '')}`.trim()} onRetry={users.refetch} />
      ) : users.data && users.data.list.length === 0 ? (
        <p>No users match these filters.</p>
      ) : users.data ? (
        <>
          <div className="overflow-x-auto">
            <Table bordered compact fullWidth caption="Users">
              <thead>
                <tr>
                  <th scope="col">Name and e-mail</th>
                  <th scope="col">Organization</th>
                  <th scope="col">Programs</th>
                  <th scope="col">Status</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody aria-busy={users.isFetching}>
                {users.data.list.map((u) => (
                  <tr key={u.user_id}>
                    <th scope="row">
                      <Link to={`${USER_MANAGEMENT_PATH}/${u.user_id}`}>
                        {u.last_name}, {u.first_name}
                      </Link>
                      <span className="display-block text-normal font-body-2xs text-base-dark">{u.email}</span>
                    </th>
                    <td>{u.organization.name}</td>
                    <td>{u.programs.map((p) => p.abbv).join(', ') || 'None'}</td>
                    <td>
                      {u.active ? <Tag className="bg-green">Active</Tag> : <Tag className="bg-base-dark">Inactive</Tag>}
                      {u.force_password_reset && <span className="display-block font-body-3xs margin-top-05">Must change password</span>}
                      <span className="display-block font-body-3xs text-base-dark margin-top-05">Last sign-in: {lastLogin(u.last_login_at)}</span>
                    </td>
                    <td>
                      <ActiveToggle user={u} className="margin-0" quiet onDone={setNotice} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          </div>
          <Pager page={users.data.page} pageSize={users.data.page_size} total={users.data.total} label="User list pages" />
        </>
      ) : null}
    </>
  );
}
