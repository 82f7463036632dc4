import type { EntryResultRecord, resultRowSchema } from '@beach/domain';

/** Response shapes of the Results Entry calls (apps/api/src/modules/results/schemas.ts). */

export type VerificationState = EntryResultRecord['verification_state'];
export type StationType = 'PRIMARY' | 'BRACKET';

export interface OrganizationRef {
  organization_id: number;
  name: string;
  abbv: string;
}

export interface ProgramRef {
  program_id: number;
  name: string;
  abbv: string;
  color: string;
}

/** A stored result as the entry grid gets it, with what the caller may do to it: the server's own contract. */
export type EntryResult = EntryResultRecord;

export interface EntryProgram extends ProgramRef {
  access_level: 'USER' | 'ADMIN';
  organizations: OrganizationRef[];
  default_parameter_id: number | null;
  default_result_unit_id: number | null;
}

/** GET results/filters. */
export interface ResultFilters {
  programs: EntryProgram[];
  organizations: (OrganizationRef & { program_ids: number[] })[];
  parameters: { parameter_id: number; code: string; name: string }[];
  units: { result_unit_id: number; code: string; name: string }[];
  /** Today and tomorrow (the latest sample date allowed) in the program time zone. */
  today: string;
  max_date: string;
}

export interface RemarkCode {
  remark_code_id: number;
  code: string;
  name: string;
  description: string;
  /** Not sampled, lab failure...: the value stays empty. */
  is_no_value: boolean;
  is_censored_low: boolean;
  is_censored_high: boolean;
}

export interface GridStation {
  beach_station_id: number;
  station_name: string;
  station_type: StationType;
  primary_station_id: number;
  beach_id: number;
  beach_name: string;
  program_id: number;
  active: boolean;
  results: EntryResult[];
}

/** GET results/program/{p}/organization/{o}/{date}. */
export interface ResultsGrid {
  program: ProgramRef;
  organization: OrganizationRef;
  sample_date: string;
  access_level: 'USER' | 'ADMIN';
  stations: GridStation[];
}

/** One row of POST results/bulk, as the shared schema reads it (the grid's organization and date come with the body). */
export type ResultSaveRow = Omit<ReturnType<typeof resultRowSchema.parse>, 'organization_id' | 'sample_date'>;

export interface ResultsSaveBody {
  program_id: number;
  organization_id: number;
  sample_date: string;
  results: ResultSaveRow[];
}

export interface ResultsSaved {
  created: number;
  updated: number;
  /** Verified results an ADMIN edited: unverified again. */
  returned_to_unverified: number;
  results: EntryResult[];
}

export interface ResultsDeleted {
  deleted: number;
  result_ids: number[];
}

export interface UploadPreviewRow {
  line: number;
  status: 'OK' | 'DUPLICATE' | 'ERROR';
  beach_name: string;
  station_name: string;
  beach_station_id: number | null;
  sample_date: string | null;
  sample_time_hh: string;
  sample_time_mm: string;
  value: number | null;
  measure_text: string;
  remark_code: string | null;
  remark_code_id: number | null;
  unit_name: string;
  result_unit_id: number | null;
  parameter_name: string;
  parameter_id: number | null;
  comments: string;
  errors: { column: string | null; message: string }[];
}

/** POST results/upload/preview (and the payload of a refused commit). */
export interface UploadPreview {
  program_id: number;
  organization_id: number;
  file_errors: { line: number; message: string }[];
  counts: { rows: number; ok: number; duplicates: number; errors: number };
  can_commit: boolean;
  rows: UploadPreviewRow[];
}

/** POST results/upload/commit. */
export interface UploadCommitted {
  program_id: number;
  organization_id: number;
  inserted: number;
  duplicates: number;
  result_ids: number[];
}

export interface UploadTarget {
  program_id: number;
  organization_id: number;
  file: File;
}
