import { CODES, type LoginInput, type LoginResult, type NewPasswordInput, type SelfPasswordChangeInput, type UserProfile } from '@beach/domain';
import { api, endSession, payloadOf, type Envelope } from '../../app/api';
import { passwordChanged, tokenRefreshed } from './auth-slice';
import { refreshUser } from './start-session';

/** POST login's body and answer: the domain's (loginSchema, loginResultSchema). */
export type LoginRequest = LoginInput;
export type LoginPayload = LoginResult;

/** Auth, recovery, logout and the signed-in user's own calls (SPEC 7 Auth). */
export const authApi = api.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<Envelope<LoginPayload | null | undefined>, LoginRequest>({
      query: ({ email, password }) => ({
        url: 'login',
        method: 'POST',
        body: { email: email.trim().toLowerCase(), password },
      }),
    }),
    verifyToken: build.query<Envelope<{ exp: number }>, void>({
      query: () => 'login/verify/',
    }),
    refreshToken: build.mutation<Envelope<{ token: string }>, void>({
      query: () => 'login/verify/refresh/',
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled;
        if (data.code === CODES.TOKEN_REFRESHED && data.payload?.token) dispatch(tokenRefreshed(data.payload.token));
      },
    }),
    requestPasswordRecovery: build.mutation<Envelope, { email: string }>({
      query: ({ email }) => ({ url: 'login/recover/', method: 'POST', body: { email: email.trim().toLowerCase() } }),
    }),
    checkRecoveryToken: build.query<Envelope, string>({
      query: (token) => `login/recover/${encodeURIComponent(token)}`,
      // A recovery link is checked once per visit; nothing to keep.
      keepUnusedDataFor: 0,
    }),
    resetPassword: build.mutation<Envelope, { token: string } & NewPasswordInput>({
      query: ({ token, ...body }) => ({ url: `login/recover/${encodeURIComponent(token)}`, method: 'PUT', body }),
    }),
    logout: build.mutation<Envelope, void>({
      query: () => ({ url: 'logout', method: 'GET' }),
      // Whatever the server answers, the session ends here: auth, user and the API cache go back to empty.
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          await queryFulfilled;
        } catch {
          // An already expired or revoked token still logs out locally.
        } finally {
          endSession()(dispatch);
        }
      },
    }),
    getCurrentUser: build.query<UserProfile, void>({
      query: () => 'user/current/',
      transformResponse: payloadOf<UserProfile>,
      providesTags: ['CurrentUser'],
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          dispatch(refreshUser(data));
        } catch {
          // Failures are handled by the base query (expired session) or simply retried on the next poll.
        }
      },
    }),
    changeOwnPassword: build.mutation<Envelope<{ token: string | null } | null>, SelfPasswordChangeInput>({
      query: (body) => ({ url: 'user/password/', method: 'PUT', body }),
      async onQueryStarted(_arg, { dispatch, queryFulfilled }) {
        try {
          const { data } = await queryFulfilled;
          if (data.code !== CODES.PASSWORD_CHANGED) return;
          // The change voids earlier tokens; the server hands this device a fresh one.
          if (data.payload?.token) dispatch(tokenRefreshed(data.payload.token));
          dispatch(passwordChanged());
        } catch {
          // The form shows the failure.
        }
      },
    }),
  }),
});

export const {
  useLoginMutation,
  useVerifyTokenQuery,
  useRefreshTokenMutation,
  useRequestPasswordRecoveryMutation,
  useCheckRecoveryTokenQuery,
  useResetPasswordMutation,
  useLogoutMutation,
  useGetCurrentUserQuery,
  useChangeOwnPasswordMutation,
} = authApi;
