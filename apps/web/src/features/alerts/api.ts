import type { AlertConfirmation, AlertManageUpdate, AlertPlacesList, AlertSubscribe, AlertSubscription } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** Public beach alerts (decision 0044): no account; manage calls carry the link's token. */
export const alertsApi = api.injectEndpoints({
  endpoints: (build) => ({
    alertPlaces: build.query<AlertPlacesList, void>({ query: () => 'public/alerts/places', transformResponse: payloadOf<AlertPlacesList> }),
    alertSubscribe: build.mutation<unknown, AlertSubscribe>({ query: (body) => ({ url: 'public/alerts/subscribe', method: 'POST', body }) }),
    alertConfirm: build.mutation<AlertConfirmation, string>({
      query: (token) => ({ url: 'public/alerts/confirm', method: 'POST', body: { token } }),
      transformResponse: payloadOf<AlertConfirmation>,
    }),
    alertManaged: build.query<AlertSubscription, string>({
      query: (token) => `public/alerts/manage/${encodeURIComponent(token)}`,
      transformResponse: payloadOf<AlertSubscription>,
    }),
    alertManageSave: build.mutation<AlertSubscription, { token: string; body: AlertManageUpdate }>({
      query: ({ token, body }) => ({ url: `public/alerts/manage/${encodeURIComponent(token)}`, method: 'PUT', body }),
      transformResponse: payloadOf<AlertSubscription>,
    }),
    alertUnsubscribe: build.mutation<unknown, string>({
      query: (token) => ({ url: `public/alerts/unsubscribe/${encodeURIComponent(token)}`, method: 'POST' }),
    }),
  }),
});

export const {
  useAlertPlacesQuery,
  useAlertSubscribeMutation,
  useAlertConfirmMutation,
  useAlertManagedQuery,
  useAlertManageSaveMutation,
  useAlertUnsubscribeMutation,
} = alertsApi;
