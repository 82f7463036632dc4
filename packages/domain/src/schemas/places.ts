import { z } from 'zod';
import { countyFipsProblem, municipalityCodeProblem, MUNICIPALITY_TYPES, PLACE_MESSAGES } from '../places';
import { idSchema, multiLine, optionalText, requiredText } from './common';

/** Places (issue 25, decision 0051): counties and municipalities, managed by organization admins. */

export const PLACE_CODES = {
  PLACES_FOUND: 'PLACES_FOUND',
  COUNTY_CREATED: 'COUNTY_CREATED',
  COUNTY_SAVED: 'COUNTY_SAVED',
  COUNTY_DELETED: 'COUNTY_DELETED',
  MUNICIPALITY_CREATED: 'MUNICIPALITY_CREATED',
  MUNICIPALITY_SAVED: 'MUNICIPALITY_SAVED',
  MUNICIPALITY_DELETED: 'MUNICIPALITY_DELETED',
  MUNICIPALITIES_CREATED: 'MUNICIPALITIES_CREATED',
  PLACES_MERGED: 'PLACES_MERGED',
  PLACES_LOAD_CHECKED: 'PLACES_LOAD_CHECKED',
  PLACES_LOADED: 'PLACES_LOADED',
  PLACES_LOAD_REFUSED: 'PLACES_LOAD_REFUSED',
  PLACE_NAME_TAKEN: 'PLACE_NAME_TAKEN',
  PLACE_IN_USE: 'PLACE_IN_USE',
} as const;

const fipsSchema = z
  .string({ error: 'County FIPS code is required' })
  .trim()
  .superRefine((v, ctx) => {
    const problem = countyFipsProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const municipalityCodeSchema = z
  .string()
  .trim()
  .nullish()
  .transform((v) => v || null)
  .superRefine((v, ctx) => {
    const problem = v === null ? null : municipalityCodeProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

const municipalityTypeSchema = z
  .enum(MUNICIPALITY_TYPES, { error: PLACE_MESSAGES.type })
  .nullish()
  .transform((v) => v ?? null);

/** POST places/counties and PUT places/counties/{id}. */
export const countySaveSchema = z.object({ name: requiredText('Name', 100), fips: fipsSchema });
export type CountySaveInput = z.input<typeof countySaveSchema>;
export type CountySave = z.output<typeof countySaveSchema>;

/** POST places/municipalities and PUT places/municipalities/{id}. */
export const municipalitySaveSchema = z.object({
  name: requiredText('Name', 100),
  county_id: idSchema,
  code: municipalityCodeSchema,
  type: municipalityTypeSchema,
});
export type MunicipalitySaveInput = z.input<typeof municipalitySaveSchema>;
export type MunicipalitySave = z.output<typeof municipalitySaveSchema>;

/** POST places/municipalities/add: several new municipalities of one county (the import report's remedy). */
export const municipalitiesAddSchema = z.object({
  county_id: idSchema,
  names: z
    .array(requiredText('Name', 100))
    .min(1, 'Name at least one municipality')
    .max(500, 'At most 500 municipalities at once'),
});
export type MunicipalitiesAddInput = z.input<typeof municipalitiesAddSchema>;

/** POST places/counties/merge and places/municipalities/merge: `from` is folded into `into` and goes. */
export const placeMergeSchema = z
  .object({ from_id: idSchema, into_id: idSchema })
  .refine((v) => v.from_id !== v.into_id, { message: 'Choose two different places', path: ['into_id'] });
export type PlaceMergeInput = z.input<typeof placeMergeSchema>;

export const placeIdParams = z.object({ id: idSchema });

/** Characters a places file may have (2 MB holds every US county and municipality twice). */
export const PLACES_FILE_MAX_CHARS = 2_000_000;

/** POST places/load: the CSV's text; apply false is the dry run. */
export const placesLoadSchema = z.object({
  // The file's text: lines and tabs, no other control, bidi or invisible character (its cells become names).
  csv: multiLine(z.string({ error: 'Choose a places file' }).min(1, 'Choose a places file').max(PLACES_FILE_MAX_CHARS, 'The places file is larger than 2 MB')),
  apply: z.boolean().default(false),
  file_name: optionalText(200),
});
export type PlacesLoadInput = z.input<typeof placesLoadSchema>;

// Responses

export const countyRecordSchema = z.object({
  county_id: z.number(),
  name: z.string(),
  fips: z.string().nullable(),
  /** USPS code from the FIPS code's state digits. */
  state: z.string().nullable(),
  retired: z.boolean(),
  municipalities: z.number(),
  /** Records that name the county (organizations, LHAs, photos, reports) plus its municipalities' uses. */
  in_use: z.number(),
});
export type CountyRecord = z.infer<typeof countyRecordSchema>;

export const municipalityRecordSchema = z.object({
  municipality_id: z.number(),
  county_id: z.number(),
  county: z.string(),
  name: z.string(),
  code: z.string().nullable(),
  type: z.enum(MUNICIPALITY_TYPES).nullable(),
  retired: z.boolean(),
  /** Beaches, LHA service areas, photos and reports that name it. */
  in_use: z.number(),
});
export type MunicipalityRecord = z.infer<typeof municipalityRecordSchema>;

export const placesListResponse = z.object({
  counties: z.array(countyRecordSchema),
  municipalities: z.array(municipalityRecordSchema),
});
export type PlacesList = z.infer<typeof placesListResponse>;

export const placeMergeResponse = z.object({
  kept: z.string(),
  removed: z.string(),
  /** Rows moved per table. */
  moved: z.record(z.string(), z.number()),
});
export type PlaceMergeReport = z.infer<typeof placeMergeResponse>;

export const municipalitiesAddResponse = z.object({
  county: z.string(),
  created: z.array(z.object({ municipality_id: z.number(), name: z.string() })),
});

const outcome = z.enum(['new', 'unchanged', 'conflicting']);
const tally = z.object({ new: z.number(), unchanged: z.number(), conflicting: z.number() });

export const placesLoadResponse = z.object({
  applied: z.boolean(),
  file_name: z.string().nullable(),
  counts: z.object({ counties: tally, municipalities: tally }),
  errors: z.array(z.object({ line: z.number(), message: z.string() })),
  counties: z.array(z.object({ line: z.number(), name: z.string(), fips: z.string(), outcome, reason: z.string().nullable() })),
  municipalities: z.array(
    z.object({ line: z.number(), county: z.string(), name: z.string(), code: z.string().nullable(), type: z.enum(MUNICIPALITY_TYPES).nullable(), outcome, reason: z.string().nullable() }),
  ),
});
export type PlacesLoadReport = z.infer<typeof placesLoadResponse>;
