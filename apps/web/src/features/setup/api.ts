import type { SetupChecklist } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

export type { SetupChecklist };

/** The organization admin's first-run checklist (issue 25). */
export const setupApi = api.injectEndpoints({
  endpoints: (build) => ({
    getSetupChecklist: build.query<SetupChecklist, void>({
      query: () => 'setup/checklist',
      transformResponse: payloadOf<SetupChecklist>,
      providesTags: ['Setup'],
    }),
  }),
});

export const { useGetSetupChecklistQuery } = setupApi;
