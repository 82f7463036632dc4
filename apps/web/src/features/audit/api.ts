import type { AuditEntry, AuditPage, AuditPerson, AuditQuery } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

/** GET audit/'s answer: the domain's (auditListResponse). */
export type { AuditEntry, AuditPage, AuditPerson };

export type AuditArgs = Partial<AuditQuery>;

export const auditApi = api.injectEndpoints({
  endpoints: (build) => ({
    getAuditLog: build.query<AuditPage, AuditArgs>({
      query: (args) => ({
        url: 'audit/',
        params: Object.fromEntries(Object.entries(args).filter(([, v]) => v !== undefined && v !== '')),
      }),
      transformResponse: payloadOf<AuditPage>,
      // Any managed write adds a row.
      providesTags: ['Users', 'Organizations', 'Programs', 'Lhas'],
    }),
  }),
});

export const { useGetAuditLogQuery } = auditApi;
