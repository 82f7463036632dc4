import type { CensoredRule, NotEvaluatedRemarkCode, ProgramSave } from '@beach/domain';
import { api, payloadOf, type Envelope } from '../../app/api';

interface ProgramFields {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
  desc: string;
  /** How censored results (below the reporting limit) count in geomeans: at the reported limit or half of it. */
  censored_rule: CensoredRule;
  /** FA and CG results (with a value) the program counts in its geomeans; none by default. */
  geomean_counted_remarks: NotEvaluatedRemarkCode[];
}

export interface ProgramListItem extends ProgramFields {
  rule_count: number;
}

/** A stored logic rule (SPEC 3), in position order. */
export interface StoredLogicRule {
  program_beach_logic_id: number;
  position: number;
  title: string;
  desc: string;
  previous_beach_status_id: number;
  set_to_beach_status_id: number;
  remark_code_id: number | null;
  use_compare_value_as_bav: boolean;
  is_less_than_value: boolean;
  compare_value: number | null;
  result_unit_id: number | null;
  set_to_resample_primary: boolean;
  set_to_resample_brackets: boolean;
  set_require_sanitary_survey: boolean;
  triggers_beach_status_email: boolean;
}

export interface ProgramDetail extends ProgramFields {
  logic_rules: StoredLogicRule[];
}

/** GET program/rule/filters: what a logic rule chooses from. */
export interface RuleFilters {
  statuses: { beach_status_id: number; code: string; name: string; color: string; legend_order: number }[];
  remark_codes: { remark_code_id: number; code: string; name: string; description: string }[];
  units: { result_unit_id: number; code: string; name: string }[];
}

/** Program Management calls (SPEC 7 Programs). */
export const programsApi = api.injectEndpoints({
  endpoints: (build) => ({
    listPrograms: build.query<ProgramListItem[], void>({
      query: () => 'program/',
      transformResponse: (response: Envelope) => (response.payload as { list: ProgramListItem[] }).list,
      providesTags: [{ type: 'Programs', id: 'LIST' }],
    }),
    getRuleFilters: build.query<RuleFilters, void>({
      query: () => 'program/rule/filters',
      transformResponse: payloadOf<RuleFilters>,
      // Reference data: it changes with a release, not during a session.
      keepUnusedDataFor: 600,
    }),
    getProgram: build.query<ProgramDetail, number>({
      query: (id) => `program/${id}`,
      transformResponse: payloadOf<ProgramDetail>,
      providesTags: (_result, _error, id) => [{ type: 'Programs', id }],
    }),
    createProgram: build.mutation<ProgramDetail, ProgramSave>({
      query: (body) => ({ url: 'program', method: 'POST', body }),
      transformResponse: payloadOf<ProgramDetail>,
      invalidatesTags: ['Programs'],
    }),
    updateProgram: build.mutation<ProgramDetail, { id: number; body: ProgramSave }>({
      query: ({ id, body }) => ({ url: `program/${id}`, method: 'PUT', body }),
      transformResponse: payloadOf<ProgramDetail>,
      // A program's name, abbreviation and colour show in the selector and the header.
      invalidatesTags: ['Programs', 'CurrentUser'],
    }),
  }),
});

export const { useListProgramsQuery, useGetRuleFiltersQuery, useGetProgramQuery, useCreateProgramMutation, useUpdateProgramMutation } =
  programsApi;
