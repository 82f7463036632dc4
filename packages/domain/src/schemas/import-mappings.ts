import { z } from 'zod';
import { LOCATION_TYPE_NAMES, STATION_TYPE_NAMES } from '../csv/columns';
import { importMappingSchema, MAPPING_FIELDS } from '../import-mapping/mapping';
import { idSchema, uploadedFileSchema } from './common';
import { multipartForm, type FormLimits } from './form-fields';

/**
 * Saved mappings of the mapped results import (issue 29, decision 0060) and the preview of a file through
 * one: organization admins save a mapping per source under a name (unique in their organization, case
 * blind) and preview a file's first rows through it before anything is written. The state's legacy layout
 * is listed too, built in and read-only, under the id `legacy`.
 */

export const IMPORT_MAPPING_CODES = {
  IMPORT_MAPPINGS_FOUND: 'IMPORT_MAPPINGS_FOUND',
  IMPORT_MAPPING_FOUND: 'IMPORT_MAPPING_FOUND',
  IMPORT_MAPPING_CREATED: 'IMPORT_MAPPING_CREATED',
  IMPORT_MAPPING_SAVED: 'IMPORT_MAPPING_SAVED',
  IMPORT_MAPPING_DELETED: 'IMPORT_MAPPING_DELETED',
  /** 200: the preview of a file; the mapping may go on to the dry run. */
  IMPORT_MAPPING_PREVIEW: 'IMPORT_MAPPING_PREVIEW',
  /** 200: the preview of a file whose mapping is refused for it (`refusals` say why, with their first lines). */
  IMPORT_MAPPING_REFUSED: 'IMPORT_MAPPING_REFUSED',
  /** 409: another mapping of the organization (or the built-in one) has this name. */
  IMPORT_MAPPING_NAME_TAKEN: 'IMPORT_MAPPING_NAME_TAKEN',
  /** 409: the mapping changed since it was loaded (its version). */
  IMPORT_MAPPING_CHANGED: 'IMPORT_MAPPING_CHANGED',
  /** 403: the built-in legacy mapping is neither changed nor deleted. */
  IMPORT_MAPPING_BUILT_IN: 'IMPORT_MAPPING_BUILT_IN',
} as const;

/** The id of the built-in legacy layout mapping (saved mappings have numeric ids). */
export const BUILT_IN_MAPPING_ID = 'legacy';

/** A mapping's id in a path or query: a saved mapping's number, or `legacy` for the built-in one. */
export const importMappingRefSchema = z.union([z.literal(BUILT_IN_MAPPING_ID), idSchema]);
export type ImportMappingRef = z.output<typeof importMappingRefSchema>;

export const importMappingIdParamsSchema = z.object({ id: importMappingRefSchema });

/** POST import/mapping: the mapping (its name and description are the saved mapping's). */
export const importMappingCreateSchema = z.strictObject({ mapping: importMappingSchema });
export type ImportMappingCreate = z.output<typeof importMappingCreateSchema>;

/** PUT import/mapping/{id}: the mapping and the version it was loaded at (a mapping changed since is refused, 409). */
export const importMappingUpdateSchema = z.strictObject({
  mapping: importMappingSchema,
  version: z.number().int().min(1).max(2_147_483_647),
});
export type ImportMappingUpdate = z.output<typeof importMappingUpdateSchema>;

/** A saved (or the built-in) mapping as the calls answer it. */
export const savedImportMappingSchema = z.object({
  id: importMappingRefSchema,
  built_in: z.boolean(),
  /** The owner; null for the built-in mapping. */
  organization_id: z.number().int().nullable(),
  name: z.string(),
  description: z.string(),
  mapping: importMappingSchema,
  /** Raised by every save; null for the built-in mapping. */
  version: z.number().int().nullable(),
  created_by: z.number().int().nullable(),
  created_at: z.string().nullable(),
  updated_by: z.number().int().nullable(),
  updated_at: z.string().nullable(),
});
export type SavedImportMapping = z.output<typeof savedImportMappingSchema>;

/** GET import/mapping/: the built-in mapping first, then the organization's by name. */
export const importMappingListSchema = z.object({ list: z.array(savedImportMappingSchema) });

export const importMappingDeletedSchema = z.object({ id: idSchema });

// --------------------------------------------------------------------------------------------- preview

/** How many data rows the preview reads (the header is line 1; rows are lines 2 to 51). */
export const IMPORT_PREVIEW_ROWS = 50;

/**
 * POST import/mapping/preview's query: the program whose stations the file's are matched against, and the
 * saved mapping to read it with (or none, when the form sends the mapping inline as its `mapping` field).
 */
export const importMappingPreviewQuerySchema = z.object({
  program_id: idSchema,
  mapping_id: importMappingRefSchema.optional(),
});
export type ImportMappingPreviewQuery = z.output<typeof importMappingPreviewQuerySchema>;

/**
 * The preview's multipart form (text/csv with `mapping_id` in the query works too): the file, and either
 * the mapping inline as JSON text or a saved mapping's id.
 */
/** The preview form's limits (the api's results upload parsers: one CSV file of up to 20 MB, 20 fields). */
export const IMPORT_PREVIEW_FORM_LIMITS: FormLimits = { maxFileBytes: 20 * 1024 * 1024, maxFiles: 1, maxFields: 20 };

/**
 * The preview's multipart form (text/csv with `mapping_id` in the query works too): the file, and either
 * the mapping inline as JSON text or a saved mapping's id (in the query).
 */
export const importMappingPreviewFormSchema = multipartForm(
  {
    file: uploadedFileSchema(IMPORT_PREVIEW_FORM_LIMITS.maxFileBytes).meta({ description: 'The results file (CSV).' }),
    mapping: z.string().optional().meta({ description: 'The mapping as JSON text (importMappingSchema), unless the query names a saved one (mapping_id).' }),
  },
  IMPORT_PREVIEW_FORM_LIMITS,
  'Or the file alone as text/csv, with mapping_id in the query.',
);

const fieldEnum = z.enum(MAPPING_FIELDS);
const stationType = z.enum(Object.keys(STATION_TYPE_NAMES) as [keyof typeof STATION_TYPE_NAMES, ...(keyof typeof STATION_TYPE_NAMES)[]]);
const locationType = z.enum(Object.keys(LOCATION_TYPE_NAMES) as [keyof typeof LOCATION_TYPE_NAMES, ...(keyof typeof LOCATION_TYPE_NAMES)[]]);

/** One row as the mapping reads it (the domain's MappedRow). */
export const previewMappedRowSchema = z.object({
  station_name: z.string(),
  beach_name: z.string(),
  primary_station_name: z.string().nullable(),
  sample_date: z.string(),
  sample_time_hh: z.string(),
  sample_time_mm: z.string(),
  parameter: z.string(),
  value: z.number().nullable(),
  remark: z.string().nullable(),
  unit: z.string(),
  comments: z.string(),
  program: z.string().nullable(),
  county: z.string().nullable(),
  municipality: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  station_type: stationType.nullable(),
  station_archived: z.boolean(),
  location_type: locationType.nullable(),
});

export const previewRowSchema = z.object({
  line: z.number().int(),
  /** Each bound field's text as read. */
  cells: z.partialRecord(fieldEnum, z.string()),
  /** Null when a field has an error. */
  row: previewMappedRowSchema.nullable(),
  errors: z.array(z.object({ field: fieldEnum, reason: z.string(), text: z.string() })),
});

export const previewRefusalSchema = z.object({
  field: fieldEnum.nullable(),
  message: z.string(),
  /** The first offending lines (line 1 is the header). */
  lines: z.array(z.number().int()),
});

const existingStation = z.object({ beach_station_id: z.number().int(), station_name: z.string(), beach_id: z.number().int(), beach_name: z.string() });
const existingBeach = z.object({ beach_id: z.number().int(), name: z.string() });
const fileStation = z.object({ beach_name: z.string(), station_name: z.string(), first_line: z.number().int(), rows: z.number().int() });

export const previewStationsSchema = z.object({
  matched: z.array(
    z.object({ beach_name: z.string(), station_name: z.string(), station: existingStation, by: z.enum(['beach_and_station', 'station_alone']) }),
  ),
  ambiguous: z.array(z.object({ beach_name: z.string(), station_name: z.string(), candidates: z.array(existingStation) })),
  /** The stations the program lacks, grouped by beach, with where each beach would go (or why it has no place yet). */
  new_stations: z.array(
    z.object({
      beach_name: z.string(),
      beach: existingBeach.nullable(),
      ambiguous_beaches: z.array(existingBeach),
      stations: z.array(fileStation),
      place: z.discriminatedUnion('at', [
        z.object({ at: z.literal('existing_beach'), beach: existingBeach }),
        z.object({ at: z.literal('new_beach'), county: z.string(), municipality: z.string(), location_type: locationType.nullable() }),
        z.object({ at: z.literal('unplaced'), reason: z.string() }),
      ]),
    }),
  ),
});

export const importMappingPreviewSchema = z.object({
  mapping: z.object({ id: importMappingRefSchema.nullable(), name: z.string() }),
  program_id: z.number().int(),
  /** The file's header fields (line 1). */
  header: z.array(z.string()),
  rows: z.array(previewRowSchema),
  /** Why the mapping is refused for this file; empty when it may go on to the dry run. */
  refusals: z.array(previewRefusalSchema),
  /** The file has rows past those previewed (which were not read). */
  more_rows: z.boolean(),
  /** The stations of the previewed rows that read without error, against the program's. */
  stations: previewStationsSchema,
});
export type ImportMappingPreview = z.output<typeof importMappingPreviewSchema>;
