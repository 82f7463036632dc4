import { z } from 'zod';
import { documentFileSchema, multipartForm, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';
import { boundedDateSchema, idSchema, idWith, multiLine } from './common';
import { INCIDENT_STATES } from './incidents';
import { latestSampleDate, type DateRuleOptions } from './results';

/**
 * Source trackdowns (SPEC 3 "Source trackdown", SPEC 7 "Source trackdowns (multipart)"): the one contract the
 * API validates with and the station dashboard's form types itself from.
 *
 * The wire format. A create (POST beach/{id}/sourceTrackdown) and an update (POST
 * beach/{id}/sourceTrackdown/{tid} with `_method=PUT`) are multipart/form-data with these entries, following
 * the FAQ photo pattern of SPEC 7 (`faqPhoto[i]` entries with id, file, ..., delete 1/0):
 *
 *   identified_problems, suggested_solutions, description       text
 *   incident_id                                                 the incident of this station the trackdown follows up;
 *                                                               empty: none; not sent on an update: unchanged (issue 28)
 *   is_applying_for_loan_or_grant, has_received_loan_or_grant    1 or 0
 *   water_quality_file                                          a file (replaces the stored one)
 *   water_quality_file_delete                                   1 removes the stored water quality file
 *   attempted_fixes[i][id]                                      an existing fix of this trackdown (absent: a new one)
 *   attempted_fixes[i][attempted_on]                            YYYY-MM-DD, not later than tomorrow
 *   attempted_fixes[i][comments]                                text
 *   attempted_fixes[i][was_improved]                            1 or 0
 *   attempted_fixes[i][delete]                                  1 removes the fix named by id
 *   trackdown_files[i][id]                                      an existing file entry of this trackdown (absent: a new one)
 *   trackdown_files[i][file]                                    the file (required for a new entry; replaces the stored one)
 *   trackdown_files[i][description]                             text
 *   trackdown_files[i][delete]                                  1 removes the entry and its file
 *
 * Entries not sent stay as they are. A file's `name` and `type` are the uploaded file's name and the type
 * its bytes are (sniffed on the server); what a browser claims is not kept. `i` counts from 0.
 */

export const SOURCE_TRACKDOWN_CODES = {
  SOURCE_TRACKDOWNS_FOUND: 'SOURCE_TRACKDOWNS_FOUND',
  SOURCE_TRACKDOWN_FOUND: 'SOURCE_TRACKDOWN_FOUND',
  SOURCE_TRACKDOWN_CREATED: 'SOURCE_TRACKDOWN_CREATED',
  SOURCE_TRACKDOWN_SAVED: 'SOURCE_TRACKDOWN_SAVED',
  SOURCE_TRACKDOWN_DELETED: 'SOURCE_TRACKDOWN_DELETED',
} as const;

export const SOURCE_TRACKDOWN_LIMITS = {
  text: 4000,
  fileDescription: 1000,
  /** Attempted fixes and file entries one request may carry. */
  fixes: 50,
  files: 20,
} as const;

export const SOURCE_TRACKDOWN_MESSAGES = {
  dateRequired: 'Date of the attempted fix is required',
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  flag: 'Send 1 or 0',
  fileRequired: 'Choose a file for this entry',
  unknownFix: 'This attempted fix is not part of this trackdown',
  unknownFile: 'This file is not part of this trackdown',
  deleteNeedsId: 'Only a saved entry can be deleted',
  index: 'Name entries like attempted_fixes[0][comments], numbered from 0 to 99',
  unknownFileField: 'This form takes no file here',
  updateMethod: 'Send an update as POST with _method=PUT',
  createMethod: 'A new trackdown is sent as POST without _method',
  incident: 'Choose an incident of this station',
} as const;

/** The form's entry names, for the server that reads them and the browser that writes them. */
export const TRACKDOWN_FORM_NAMES = {
  incident: 'incident_id',
  waterQualityFile: 'water_quality_file',
  waterQualityFileDelete: 'water_quality_file_delete',
  fix: (i: number, key: 'id' | 'attempted_on' | 'comments' | 'was_improved' | 'delete') => `attempted_fixes[${i}][${key}]`,
  file: (i: number, key: 'id' | 'file' | 'description' | 'delete') => `trackdown_files[${i}][${key}]`,
} as const;

/** Comments, problems, solutions, descriptions: multi-line text (issue 27: no control or invisible characters). */
const text = (max: number) => multiLine(z.string().trim().max(max, `At most ${max} characters`)).default('');
/** 1/0 (SPEC 5: flags are sent as 1 or 0); true/false taken too. Absent is 0. */
const flag = z
  .enum(['1', '0', 'true', 'false'], { error: SOURCE_TRACKDOWN_MESSAGES.flag })
  .default('0')
  .transform((v) => v === '1' || v === 'true');

export function attemptedFixEntrySchema(options: DateRuleOptions = {}) {
  return z
    .object({
      id: idSchema.optional(),
      attempted_on: boundedDateSchema({
        invalid: SOURCE_TRACKDOWN_MESSAGES.dateInvalid,
        latest: () => latestSampleDate(options),
        tooLate: SOURCE_TRACKDOWN_MESSAGES.dateAfterTomorrow,
      }).optional(),
      comments: text(SOURCE_TRACKDOWN_LIMITS.text),
      was_improved: flag,
      delete: flag,
    })
    .superRefine((fix, ctx) => {
      if (fix.delete && fix.id === undefined) ctx.addIssue({ code: 'custom', path: ['delete'], message: SOURCE_TRACKDOWN_MESSAGES.deleteNeedsId });
      if (!fix.delete && !fix.attempted_on) ctx.addIssue({ code: 'custom', path: ['attempted_on'], message: SOURCE_TRACKDOWN_MESSAGES.dateRequired });
    });
}

export const trackdownFileEntrySchema = z
  .object({
    id: idSchema.optional(),
    description: text(SOURCE_TRACKDOWN_LIMITS.fileDescription),
    delete: flag,
  })
  .superRefine((file, ctx) => {
    if (file.delete && file.id === undefined) ctx.addIssue({ code: 'custom', path: ['delete'], message: SOURCE_TRACKDOWN_MESSAGES.deleteNeedsId });
  });

/** The text entries of a create or update, after `readTrackdownForm` grouped the indexed ones. */
export function sourceTrackdownFormSchema(options: DateRuleOptions = {}) {
  return z.object({
    /** The incident followed up: a number, null (empty: none) or undefined (not sent: an update keeps the one it had). */
    incident_id: z.preprocess((v) => (v === '' ? null : v), idWith(SOURCE_TRACKDOWN_MESSAGES.incident).nullable()).optional(),
    identified_problems: text(SOURCE_TRACKDOWN_LIMITS.text),
    suggested_solutions: text(SOURCE_TRACKDOWN_LIMITS.text),
    description: text(SOURCE_TRACKDOWN_LIMITS.text),
    is_applying_for_loan_or_grant: flag,
    has_received_loan_or_grant: flag,
    water_quality_file_delete: flag,
    attempted_fixes: z
      .array(attemptedFixEntrySchema(options))
      .max(SOURCE_TRACKDOWN_LIMITS.fixes, `At most ${SOURCE_TRACKDOWN_LIMITS.fixes} attempted fixes at once`)
      .default([]),
    trackdown_files: z
      .array(trackdownFileEntrySchema)
      .max(SOURCE_TRACKDOWN_LIMITS.files, `At most ${SOURCE_TRACKDOWN_LIMITS.files} files at once`)
      .default([]),
  });
}
export type SourceTrackdownFormInput = z.input<ReturnType<typeof sourceTrackdownFormSchema>>;
export type SourceTrackdownForm = z.output<ReturnType<typeof sourceTrackdownFormSchema>>;

const FIX_KEYS = new Set(['id', 'attempted_on', 'comments', 'was_improved', 'delete']);
const FILE_KEYS = new Set(['id', 'description', 'delete']);
const PLAIN = new Set([
  'incident_id',
  'identified_problems',
  'suggested_solutions',
  'description',
  'is_applying_for_loan_or_grant',
  'has_received_loan_or_grant',
  'water_quality_file_delete',
]);
const INDEXED = /^(attempted_fixes|trackdown_files)\[(\d{1,2})\]\[([a-z_]+)\]$/;
const GROUP_NAME = /^(attempted_fixes|trackdown_files)\[/;

export interface GroupedTrackdownForm {
  /** Plain entries and the two indexed groups, entries in index order (gaps closed). */
  values: Record<string, unknown>;
  /** Where each `trackdown_files[i][file]` part goes: its position in `values.trackdown_files`. */
  filePositions: Record<string, number>;
  /** Names the form may not carry (a bad index, a file part where none is taken), as `{ field, message }`. */
  problems: { field: string; message: string }[];
}

/**
 * Groups a multipart form's entries into the shape sourceTrackdownFormSchema reads: `attempted_fixes[2][comments]`
 * becomes `attempted_fixes[k].comments`, where k orders the indexes sent (a file part counts as an entry
 * too). Inner names other than the documented ones are ignored (never copied onto an object), so
 * `[__proto__]` can do nothing. `fileFields` are the names of the form's file parts.
 */
export function groupTrackdownForm(fields: Record<string, string>, fileFields: readonly string[] = []): GroupedTrackdownForm {
  const values: Record<string, unknown> = {};
  const groups = { attempted_fixes: new Map<number, Record<string, string>>(), trackdown_files: new Map<number, Record<string, string>>() };
  const problems: GroupedTrackdownForm['problems'] = [];
  const fileIndexes = new Map<string, number>();
  for (const name of fileFields) {
    const m = INDEXED.exec(name);
    if (name === TRACKDOWN_FORM_NAMES.waterQualityFile) continue;
    if (!m || m[1] !== 'trackdown_files' || m[3] !== 'file') {
      problems.push({ field: name, message: SOURCE_TRACKDOWN_MESSAGES.unknownFileField });
      continue;
    }
    const index = Number(m[2]);
    fileIndexes.set(name, index);
    if (!groups.trackdown_files.has(index)) groups.trackdown_files.set(index, Object.create(null) as Record<string, string>);
  }
  for (const [name, value] of Object.entries(fields)) {
    const m = INDEXED.exec(name);
    if (m) {
      const group = m[1] as keyof typeof groups;
      const key = m[3]!;
      if (!(group === 'attempted_fixes' ? FIX_KEYS : FILE_KEYS).has(key)) continue;
      const index = Number(m[2]);
      const entry = groups[group].get(index) ?? (Object.create(null) as Record<string, string>);
      entry[key] = value;
      groups[group].set(index, entry);
    } else if (GROUP_NAME.test(name)) {
      problems.push({ field: name, message: SOURCE_TRACKDOWN_MESSAGES.index });
    } else if (PLAIN.has(name)) {
      values[name] = value;
    }
  }
  const filePositions: Record<string, number> = {};
  for (const group of ['attempted_fixes', 'trackdown_files'] as const) {
    const indexes = [...groups[group].keys()].sort((a, b) => a - b);
    if (indexes.length) values[group] = indexes.map((i) => ({ ...groups[group].get(i)! }));
    if (group === 'trackdown_files') for (const [name, index] of fileIndexes) filePositions[name] = indexes.indexOf(index);
  }
  return { values, filePositions, problems };
}

export const attemptedFixSchema = z.object({
  source_attempted_fix_id: z.number(),
  attempted_on: z.string(),
  comments: z.string(),
  was_improved: z.boolean(),
});
export type AttemptedFix = z.infer<typeof attemptedFixSchema>;

export const trackdownFileSchema = z.object({
  source_trackdown_file_id: z.number(),
  /** The stored file: GET sourceTrackdown/{id}/files/{file} downloads it. */
  file: z.number(),
  name: z.string(),
  type: z.string(),
  size_bytes: z.number(),
  description: z.string(),
});
export type TrackdownFile = z.infer<typeof trackdownFileSchema>;

/** An incident as a trackdown names it (issue 28): enough to say which one and link to it. */
export const trackdownIncidentSchema = z.object({
  incident_id: z.number(),
  beach_station_id: z.number(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  state: z.enum(INCIDENT_STATES),
  reason_name: z.string().nullable(),
});
export type TrackdownIncident = z.infer<typeof trackdownIncidentSchema>;

export const sourceTrackdownSchema = z.object({
  source_trackdown_id: z.number(),
  beach_station_id: z.number(),
  program_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  /** The incident this trackdown follows up, or null (issue 28). */
  incident: trackdownIncidentSchema.nullable(),
  identified_problems: z.string(),
  suggested_solutions: z.string(),
  description: z.string(),
  is_applying_for_loan_or_grant: z.boolean(),
  has_received_loan_or_grant: z.boolean(),
  water_quality_filename: z.string().nullable(),
  /** The stored water quality file (downloaded like a trackdown file), or null. */
  water_quality_file: z.number().nullable(),
  water_quality_file_type: z.string().nullable(),
  attempted_fixes: z.array(attemptedFixSchema),
  trackdown_files: z.array(trackdownFileSchema),
  created_at: z.string(),
  created_by_name: z.string().nullable(),
  updated_at: z.string(),
});
export type SourceTrackdown = z.infer<typeof sourceTrackdownSchema>;

/**
 * GET beach/{id}/sourceTrackdown: the station's trackdowns (those following up `incident_id` when the query
 * names one) and the station's incidents, newest first, that a trackdown may name.
 */
export const sourceTrackdownListSchema = z.object({ list: z.array(sourceTrackdownSchema), incidents: z.array(trackdownIncidentSchema) });
export type SourceTrackdownList = z.infer<typeof sourceTrackdownListSchema>;

/** GET beach/{id}/sourceTrackdown?incident_id=: only the trackdowns following up this incident of the station. */
export const sourceTrackdownListQuerySchema = z.object({ incident_id: idSchema.optional() });
export type SourceTrackdownListQuery = z.output<typeof sourceTrackdownListQuerySchema>;

export const stationTrackdownParamsSchema = z.object({ id: idSchema, tid: idSchema });
export const trackdownFileParamsSchema = z.object({ id: idSchema, fileId: idSchema });

/** File types in words, for lists and messages. */
export const TRACKDOWN_FILE_TYPE_NAMES: Record<string, string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG image',
  'image/jpeg': 'JPEG image',
  'image/gif': 'GIF image',
  'image/webp': 'WebP image',
  'text/csv': 'CSV',
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': 'Excel (.xlsx)',
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': 'Word (.docx)',
};

/** What one trackdown form may carry: the water quality file and up to 20 trackdown files (the API's parser holds it to this). */
export const TRACKDOWN_FORM_LIMITS: FormLimits = {
  maxFileBytes: UPLOAD_MAX_BYTES.document,
  maxFiles: SOURCE_TRACKDOWN_LIMITS.files + 1,
  maxFields: SOURCE_TRACKDOWN_LIMITS.fixes * 5 + SOURCE_TRACKDOWN_LIMITS.files * 3 + 20,
};
/** POST beach/{id}/sourceTrackdown and POST beach/{id}/sourceTrackdown/{tid} (`_method=PUT`). */
export const sourceTrackdownUploadSchema = multipartForm(
  {
    ...sourceTrackdownFormSchema().shape,
    [TRACKDOWN_FORM_NAMES.waterQualityFile]: documentFileSchema.optional(),
    'trackdown_files[i][file]': documentFileSchema.optional(),
  },
  TRACKDOWN_FORM_LIMITS,
  'Entries are sent as attempted_fixes[i][id|attempted_on|comments|was_improved|delete] and trackdown_files[i][id|file|description|delete]; dates follow the program time zone.',
);
/** GET sourceTrackdown/{id} and beach/{id}/sourceTrackdown. */
export const sourceTrackdownIdParamsSchema = z.object({ id: idSchema });
