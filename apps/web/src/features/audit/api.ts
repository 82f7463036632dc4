import type { AuditQuery } from '@beach/domain';
import { api, payloadOf } from '../../app/api';

export interface AuditPerson {
  user_id: number;
  first_name: string;
  last_name: string;
  email: string;
}

export interface AuditEntry {
  audit_id: number;
  /** ISO 8601 instant. */
  at: string;
  user: AuditPerson | null;
  /** CREATE, UPDATE, DELETE, or a named action such as PASSWORD_CHANGE. */
  action: string;
  table: string;
  record_id: string;
  program_id: number | null;
  before: unknown;
  after: unknown;
}

export interface AuditPage {
  list: AuditEntry[];
  total: number;
  page: number;
  page_size: number;
  /** Table names present in the log, for the filter. */
  tables: string[];
  /** The people who made changes the caller may read, for the filter. */
  users: AuditPerson[];
}

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
