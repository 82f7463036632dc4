import type { Dispatch } from '@reduxjs/toolkit';
import type { BaseQueryFn, FetchArgs } from '@reduxjs/toolkit/query';
import { createApi, fetchBaseQuery } from '@reduxjs/toolkit/query/react';
import type { Envelope } from '@beach/domain';
// Subpath imports keep the domain's zod schemas out of the landing page's bundle.
import type { ResponseCode } from '@beach/domain/codes';
import { LIMITS } from '@beach/domain/constants';
import { readKey, type ReadSource } from './served-reads';
import { sessionCleared } from './session-actions';

/** Every API response: `{ code, payload, message? }` (DESIGN 3). */
/** Every JSON answer's envelope: the domain's (schemas/common.ts envelope()). */
export type { Envelope };

/** Errors as the UI sees them: the HTTP status (or the fetch layer's FETCH_ERROR, TIMEOUT_ERROR, PARSING_ERROR) and the response code. */
export interface ApiError {
  status: number | 'FETCH_ERROR' | 'TIMEOUT_ERROR' | 'PARSING_ERROR' | 'CUSTOM_ERROR';
  code: string;
  message?: string;
  payload?: unknown;
}

/** Just the part of the store the HTTP layer reads; avoids importing the store (and every feature) here. */
interface SessionView {
  auth?: { jwt: string | null };
}

/**
 * Codes that mean the server no longer accepts our token. Literals checked against ResponseCode: the CODES
 * table itself would bring every code into the landing page's bundle.
 */
const SESSION_ENDED_CODES: readonly string[] = ['VERIFICATION_FAILED_EXPIRED', 'UNAUTHENTICATED'] satisfies ResponseCode[];

export const TAG_TYPES = [
  'Beaches',
  'Results',
  'Incidents',
  'Surveys',
  'Geomeans',
  'Trackdowns',
  'Programs',
  'Users',
  'Organizations',
  'Lhas',
  'News',
  'Faqs',
  'Links',
  'Reports',
  'Photos',
  'Flights',
  'Switches',
  'GisServices',
  'Exports',
  'AccidentReports',
  'Filters',
  'CurrentUser',
  'Places',
  'Seasons',
  'Setup',
] as const;

function isEnvelope(value: unknown): value is Envelope {
  return typeof value === 'object' && value !== null && typeof (value as { code?: unknown }).code === 'string';
}

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api/',
  timeout: 30_000,
  prepareHeaders: (headers, { getState }) => {
    const jwt = (getState() as SessionView).auth?.jwt;
    if (jwt) headers.set('Authorization', `Bearer ${jwt}`);
    return headers;
  },
});

/**
 * A read the store's served answers hold (the page's data block in the browser, the api's own routes while it
 * renders a page; served-reads.ts, decision 0067), in fetchBaseQuery's shape; undefined when they hold none.
 */
async function servedRead(args: string | FetchArgs, extra: unknown): Promise<Awaited<ReturnType<typeof rawBaseQuery>> | undefined> {
  const source = (extra as { reads?: ReadSource | null } | undefined)?.reads;
  const key = source ? readKey(args) : null;
  const answer = key === null ? undefined : await source!.answer(key);
  if (!answer) return undefined;
  return answer.status < 300 ? { data: answer.body } : { error: { status: answer.status, data: answer.body } };
}

/**
 * fetchBaseQuery plus the envelope: success data is the whole `{ code, payload }` (endpoints that only
 * need the payload read it with `payloadOf`), errors are flattened to ApiError, and a 401 saying the
 * token expired ends the session. A read the page was served with is answered from it.
 */
export const baseQuery: BaseQueryFn<string | FetchArgs, Envelope, ApiError> = async (args, queryApi, extraOptions) => {
  const result = (await servedRead(args, queryApi.extra)) ?? (await rawBaseQuery(args, queryApi, extraOptions));
  if (result.error) {
    const { status } = result.error;
    const body = 'data' in result.error && isEnvelope(result.error.data) ? result.error.data : undefined;
    const error: ApiError = {
      status,
      code: body?.code ?? (typeof status === 'number' ? `HTTP_${status}` : status),
      message: body?.message,
      payload: body?.payload,
    };
    const hadToken = Boolean((queryApi.getState() as SessionView).auth?.jwt);
    if (status === 401 && hadToken && SESSION_ENDED_CODES.includes(error.code)) {
      endSession()(queryApi.dispatch);
    }
    return { error, meta: result.meta };
  }
  const data = isEnvelope(result.data) ? result.data : { code: 'OK' satisfies ResponseCode, payload: result.data };
  return { data, meta: result.meta };
};

/** The payload of an envelope, for `transformResponse`. */
export function payloadOf<T>(response: Envelope<T>): T {
  return response.payload;
}

/** The one createApi; features add their calls with `api.injectEndpoints`. */
export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: TAG_TYPES,
  keepUnusedDataFor: LIMITS.cacheSeconds,
  refetchOnFocus: true,
  refetchOnReconnect: true,
  refetchOnMountOrArgChange: true,
  endpoints: () => ({}),
});

/**
 * A public read's query hook that refetches on mount (SPEC 7) only once its answer is older than the public max-age
 * (30 s) (decision 0081). A sooner refetch is answered with the same bytes, by the browser's HTTP cache (the public
 * JSON's Cache-Control) or by the page the read was served with (served-reads.ts): it brought nothing new, but its
 * pending and fulfilled actions each re-rendered every component reading it, synchronously, just after a served
 * page was hydrated. A hook's own `refetchOnMountOrArgChange` still wins.
 */
export function publicRead<Hook extends (...args: never[]) => unknown>(hook: Hook): Hook {
  const call = hook as unknown as (arg: unknown, options?: object) => unknown;
  const withMaxAge = (arg: unknown, options?: object) => call(arg, { refetchOnMountOrArgChange: LIMITS.publicMaxAgeSeconds, ...options });
  return withMaxAge as unknown as Hook;
}

/** Ends the session: auth and user back to empty (sessionCleared) and the API cache dropped. */
export const endSession = () => (dispatch: Dispatch) => {
  dispatch(sessionCleared());
  dispatch(api.util.resetApiState());
};
