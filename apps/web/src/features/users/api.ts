import type {
  AccessLevel,
  ManageableOrganization,
  NewPasswordInput,
  PermissionArea,
  UserCreate,
  UserDetail,
  UserFilters,
  UserListItem,
  UserListPage,
  UserListQuery,
  UserUpdate,
} from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

export type PermissionCaps = Record<PermissionArea, AccessLevel>;

/** The wire shapes of these calls: the domain's (GET user/list/, user/filters/, user/profile/{id}). */
export type { ManageableOrganization, UserDetail, UserFilters, UserListItem, UserListPage };

export type UserListArgs = Partial<Pick<UserListQuery, 'page' | 'page_size' | 'organization_id' | 'program_id' | 'active' | 'search'>>;

/** Only the filters that are set go into the query string. */
function listParams(args: UserListArgs): Record<string, string | number | boolean> {
  return Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')) as Record<string, string | number | boolean>;
}

/** User Management calls (SPEC 7 Users). */
export const usersApi = api.injectEndpoints({
  endpoints: (build) => ({
    getUserFilters: build.query<UserFilters, void>({
      query: () => 'user/filters/',
      transformResponse: payloadOf<UserFilters>,
      // The choices follow the organizations and programs and their rules.
      providesTags: ['Filters', 'Organizations', 'Programs'],
    }),
    listUsers: build.query<UserListPage, UserListArgs>({
      query: (args) => ({ url: 'user/list/', params: listParams(args) }),
      transformResponse: payloadOf<UserListPage>,
      providesTags: [{ type: 'Users', id: 'LIST' }],
    }),
    getUserProfile: build.query<UserDetail, number>({
      query: (id) => `user/profile/${id}`,
      transformResponse: payloadOf<UserDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Users', id }],
    }),
    createUser: build.mutation<UserDetail, UserCreate>({
      query: (body) => ({ url: 'user/', method: 'POST', body }),
      transformResponse: payloadOf<UserDetail>,
      invalidatesTags: [{ type: 'Users', id: 'LIST' }, 'Organizations'],
    }),
    updateUser: build.mutation<UserDetail, { id: number; body: UserUpdate }>({
      query: ({ id, body }) => ({ url: `user/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<UserDetail>,
      // Saving oneself changes one's own menu too.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Users', id: 'LIST' }, { type: 'Users', id }, 'Organizations', 'CurrentUser'],
    }),
    /** The envelope, not just the payload: success is the code SAVED_USER_ACTIVE (SPEC 8). */
    setUserActive: build.mutation<Envelope<{ user_id: number; active: boolean }>, { id: number; active: boolean }>({
      query: ({ id, active }) => ({ url: `user/active/${id}/${active}`, method: 'PUT' }),
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Users', id: 'LIST' }, { type: 'Users', id }],
    }),
    forcePasswordReset: build.mutation<{ user_id: number; force_password_reset: boolean }, { id: number; reset: boolean }>({
      query: ({ id, reset }) => ({ url: `user/forcePasswordReset/${id}`, method: 'PUT', body: { reset } }),
      transformResponse: payloadOf<{ user_id: number; force_password_reset: boolean }>,
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Users', id: 'LIST' }, { type: 'Users', id }],
    }),
    /** The envelope: success is the code PASSWORD_CHANGED (SPEC 8). */
    setUserPassword: build.mutation<Envelope<{ token: string | null } | null>, { id: number; body: NewPasswordInput }>({
      query: ({ id, body }) => ({ url: `user/password/${id}`, method: 'PUT', body }),
      // The user must now change it at the next sign-in: the list and the profile show that flag.
      invalidatesTags: (_result, _error, { id }) => [{ type: 'Users', id: 'LIST' }, { type: 'Users', id }],
    }),
  }),
});

export const {
  useGetUserFiltersQuery,
  useListUsersQuery,
  useGetUserProfileQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useSetUserActiveMutation,
  useForcePasswordResetMutation,
  useSetUserPasswordMutation,
} = usersApi;
