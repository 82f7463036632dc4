import { z } from 'zod';
import { imageFileSchema, multipartForm, UPLOAD_MAX_BYTES, type FormLimits } from './form-fields';
import { madeHere } from './made';
import { BEACON_SOURCES, NOT_APPLICABLE } from '../constants';
import { boundedDateSchema, idSchema, optionalId, textRule, type TextLines } from './common';
import { latestSampleDate, sampleHourSchema, sampleMinuteSchema, type DateRuleOptions } from './results';

/**
 * Sanitary surveys (SPEC 3 "Sanitary survey", SPEC 5 'N/A' for missing survey text, SPEC 7 "Surveys and
 * geomeans", decision 0027): EPA's marine beach sanitary survey as one contract for the api and the web.
 * Absent measures are null; absent text is 'N/A'.
 */

export const SURVEY_CODES = {
  SURVEY_FILTERS_FOUND: 'SURVEY_FILTERS_FOUND',
  SURVEYS_FOUND: 'SURVEYS_FOUND',
  SURVEY_FOUND: 'SURVEY_FOUND',
  SURVEY_CREATED: 'SURVEY_CREATED',
  SURVEY_SAVED: 'SURVEY_SAVED',
  SURVEY_DELETED: 'SURVEY_DELETED',
  /** createSurvey on an incident day that already has a survey: the payload names it (override starts another). */
  SURVEY_EXISTS: 'SURVEY_EXISTS',
  /** A completed survey cannot go back to open (its station's flag was cleared by it). */
  SURVEY_ALREADY_COMPLETED: 'SURVEY_ALREADY_COMPLETED',
  /** The regular delete was asked for a survey from the old system, or the legacy delete for a portal survey. */
  SURVEY_IS_LEGACY: 'SURVEY_IS_LEGACY',
  SURVEY_NOT_LEGACY: 'SURVEY_NOT_LEGACY',
  /** Only an open incident starts a survey. */
  INCIDENT_NOT_OPEN: 'INCIDENT_NOT_OPEN',
} as const;

export const SURVEY_STATUSES = ['OPEN', 'COMPLETED'] as const;
export type SurveyStatus = (typeof SURVEY_STATUSES)[number];
export const SURVEY_STATUS_LABELS: Record<SurveyStatus, string> = { OPEN: 'Open', COMPLETED: 'Completed' };
export const SURVEY_FILTER_STATUSES = ['open', 'completed', 'all'] as const;

export const SKY_CONDITIONS = ['SUNNY', 'PARTLY_CLOUDY', 'OVERCAST', 'FOG', 'RAIN', 'STORM'] as const;
export const SKY_CONDITION_LABELS: Record<(typeof SKY_CONDITIONS)[number], string> = {
  SUNNY: 'Sunny',
  PARTLY_CLOUDY: 'Partly cloudy',
  OVERCAST: 'Overcast',
  FOG: 'Fog',
  RAIN: 'Rain',
  STORM: 'Storm',
};
export const TIDES = ['HIGH', 'LOW', 'EBB', 'FLOOD', 'SLACK'] as const;
export const TIDE_LABELS: Record<(typeof TIDES)[number], string> = {
  HIGH: 'High',
  LOW: 'Low',
  EBB: 'Ebb (falling)',
  FLOOD: 'Flood (rising)',
  SLACK: 'Slack',
};
export const WIND_DIRECTIONS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW', 'VARIABLE'] as const;
export const WIND_DIRECTION_LABELS: Record<(typeof WIND_DIRECTIONS)[number], string> = {
  N: 'From the north',
  NE: 'From the northeast',
  E: 'From the east',
  SE: 'From the southeast',
  S: 'From the south',
  SW: 'From the southwest',
  W: 'From the west',
  NW: 'From the northwest',
  VARIABLE: 'Variable',
};
export const TURBIDITIES = ['CLEAR', 'SLIGHTLY_TURBID', 'TURBID', 'OPAQUE'] as const;
export const TURBIDITY_LABELS: Record<(typeof TURBIDITIES)[number], string> = {
  CLEAR: 'Clear',
  SLIGHTLY_TURBID: 'Slightly turbid',
  TURBID: 'Turbid',
  OPAQUE: 'Opaque',
};
/** How much debris or algae: none to high. */
export const AMOUNT_LEVELS = ['NONE', 'LOW', 'MODERATE', 'HIGH'] as const;
export const AMOUNT_LEVEL_LABELS: Record<(typeof AMOUNT_LEVELS)[number], string> = { NONE: 'None', LOW: 'Low', MODERATE: 'Moderate', HIGH: 'High' };
export const ANIMAL_KINDS = ['GULLS', 'GEESE', 'DUCKS', 'SHOREBIRDS', 'OTHER_BIRDS', 'DOGS', 'HORSES', 'DEER', 'OTHER_ANIMALS'] as const;
export const ANIMAL_KIND_LABELS: Record<(typeof ANIMAL_KINDS)[number], string> = {
  GULLS: 'Gulls',
  GEESE: 'Geese',
  DUCKS: 'Ducks',
  SHOREBIRDS: 'Shorebirds',
  OTHER_BIRDS: 'Other birds',
  DOGS: 'Dogs',
  HORSES: 'Horses',
  DEER: 'Deer',
  OTHER_ANIMALS: 'Other animals',
};

export const SURVEY_MESSAGES = {
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  beforeIncident: 'A survey of an incident cannot be before the day the incident started',
  incidentNotOpen: 'Only an open incident starts a sanitary survey: this one is closed.',
  exists: 'This incident day already has a sanitary survey: open it, or start another one for the same day.',
  alreadyCompleted: 'A completed survey stays completed: its station no longer needs a survey because of it.',
  isLegacy: 'This survey came from the old system: delete it with the legacy delete.',
  notLegacy: 'This survey was made in the portal: the legacy delete only removes surveys from the old system.',
  sourceTwice: 'Each BEACON source once: this one is already listed',
  timeBoth: 'Give both the hour and the minute, or neither',
  outfallDescription: 'Describe the outfall or pipe',
} as const;

/** Missing survey text is 'N/A' (SPEC 5): absent, null and blank all become it. Multi-line unless `lines` says 'single'. */
export const surveyText = (max: number, lines: TextLines = 'multi') =>
  textRule(z.string().trim().max(max, `At most ${max} characters`), lines)
    .nullish()
    .transform((v) => (v ? v : NOT_APPLICABLE));

/** A measure that may be left out (null); bounds a field officer's instrument could read. */
const measure = (min: number, max: number, label: string) =>
  z
    .number({ error: `${label} must be a number` })
    .min(min, `${label} must be at least ${min}`)
    .max(max, `${label} must be at most ${max}`)
    .nullish()
    .transform((v) => v ?? null);
const choice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .enum(values, { error: `Choose a ${label} from the list` })
    .nullish()
    .transform((v) => v ?? null);

/** A survey's day: a real YYYY-MM-DD day, not later than tomorrow in the program's time zone (SPEC 5). */
export function surveyDateSchema(options: DateRuleOptions = {}) {
  return boundedDateSchema({ invalid: SURVEY_MESSAGES.dateInvalid, latest: () => latestSampleDate(options), tooLate: SURVEY_MESSAGES.dateAfterTomorrow });
}

export const surveyAnimalInputSchema = z.object({
  kind: z.enum(ANIMAL_KINDS, { error: 'Choose a kind of bird or animal' }),
  count: z.number({ error: 'Count must be a whole number' }).int('Count must be a whole number').min(0, 'Count must be at least 0').max(100_000, 'Count must be at most 100000'),
  description: surveyText(500),
});
export const surveyOutfallInputSchema = z.object({
  description: textRule(z.string({ error: SURVEY_MESSAGES.outfallDescription }).trim().min(1, SURVEY_MESSAGES.outfallDescription).max(500, 'At most 500 characters'), 'multi'),
  is_flowing: z.boolean({ error: 'Say whether it was flowing' }),
});
export const surveySourceInputSchema = z.object({
  source_code: z.enum(BEACON_SOURCES, { error: 'Choose a BEACON source' }),
  description: surveyText(1000),
});

/** The observations of a survey: what POST survey and PUT beach/{id}/survey/{sid} carry. */
function surveyFieldsShape(options: DateRuleOptions) {
  return {
    survey_date: surveyDateSchema(options),
    survey_time_hh: sampleHourSchema,
    survey_time_mm: sampleMinuteSchema,
    surveyor: surveyText(200, 'single'),
    sky_condition: choice(SKY_CONDITIONS, 'sky condition'),
    weather: surveyText(1000),
    rainfall_24h_in: measure(0, 50, 'Rainfall in the previous 24 hours'),
    rainfall_48h_in: measure(0, 50, 'Rainfall in the previous 48 hours'),
    rainfall_72h_in: measure(0, 50, 'Rainfall in the previous 72 hours'),
    tide: choice(TIDES, 'tide'),
    wind_speed_mph: measure(0, 200, 'Wind speed'),
    wind_direction: choice(WIND_DIRECTIONS, 'wind direction'),
    wave_height_ft: measure(0, 60, 'Wave height'),
    water_temp_f: measure(28, 110, 'Water temperature'),
    air_temp_f: measure(-40, 130, 'Air temperature'),
    turbidity: choice(TURBIDITIES, 'turbidity'),
    water_conditions: surveyText(1000),
    bather_load: z
      .number({ error: 'Bather load must be a whole number' })
      .int('Bather load must be a whole number')
      .min(0, 'Bather load must be at least 0')
      .max(100_000, 'Bather load must be at most 100000')
      .nullish()
      .transform((v) => v ?? null),
    animals: z.array(surveyAnimalInputSchema).max(50, 'At most 50 kinds of birds and animals').default([]),
    debris_level: choice(AMOUNT_LEVELS, 'debris amount'),
    debris: surveyText(1000),
    algae_level: choice(AMOUNT_LEVELS, 'algae amount'),
    algae: surveyText(1000),
    outfalls: z.array(surveyOutfallInputSchema).max(50, 'At most 50 outfalls and pipes').default([]),
    odour: surveyText(1000),
    sources: z
      .array(surveySourceInputSchema)
      .max(BEACON_SOURCES.length, `At most ${BEACON_SOURCES.length} sources`)
      .superRefine((list, ctx) => {
        const seen = new Set<string>();
        list.forEach((s, i) => {
          if (seen.has(s.source_code)) ctx.addIssue({ code: 'custom', path: [i, 'source_code'], message: SURVEY_MESSAGES.sourceTwice });
          seen.add(s.source_code);
        });
      })
      .default([]),
    potential_sources: surveyText(2000),
    observations: surveyText(4000),
    /** true completes the survey (and clears its station's requires-survey flag); a completed survey stays completed. */
    complete: z.boolean().default(false),
  };
}

const timeTogether = (v: { survey_time_hh: string; survey_time_mm: string }, ctx: z.RefinementCtx) => {
  if ((v.survey_time_hh === '') !== (v.survey_time_mm === '')) {
    ctx.addIssue({ code: 'custom', path: [v.survey_time_hh === '' ? 'survey_time_hh' : 'survey_time_mm'], message: SURVEY_MESSAGES.timeBoth });
  }
};

/** PUT beach/{id}/survey/{sid}: every observation (a list sent replaces the list kept). */
export function surveyUpdateSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object(surveyFieldsShape(options)).superRefine(timeTogether));
}
export type SurveyUpdateInput = z.input<ReturnType<typeof surveyUpdateSchema>>;
export type SurveyUpdate = z.output<ReturnType<typeof surveyUpdateSchema>>;

/** POST survey: a survey at a station, optionally of one of the station's open incidents. */
export function surveyCreateSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({ beach_station_id: idSchema, incident_id: optionalId, ...surveyFieldsShape(options) }).superRefine(timeTogether));
}
export type SurveyCreateInput = z.input<ReturnType<typeof surveyCreateSchema>>;
export type SurveyCreate = z.output<ReturnType<typeof surveyCreateSchema>>;

/** POST beach/{id}/survey/{sid}/photos (multipart, with the photo in `photo`): its caption; missing text is 'N/A'. */
export const surveyPhotoFieldsSchema = z.object({ caption: surveyText(500, 'single') });
export const SURVEY_PHOTOS_MAX = 20;

/** POST survey/{date}: the incident whose survey of that day is opened (or started when it has none). */
export const surveyByDateSchema = z.object({ incident_id: idSchema });
export type SurveyByDate = z.output<typeof surveyByDateSchema>;

/** GET survey/program/{id}: open or completed, a station, a BEACON source named, and a range of survey days. */
export const surveyListQuerySchema = z.object({
  status: z.enum(SURVEY_FILTER_STATUSES).default('all'),
  beach_station_id: idSchema.optional(),
  source_code: z.enum(BEACON_SOURCES).optional(),
  from: boundedDateSchema().optional(),
  to: boundedDateSchema().optional(),
});
export type SurveyListQuery = z.output<typeof surveyListQuerySchema>;

/** GET survey/filters: the choices; with a program, its stations and its open incidents' days too. */
export const surveyFiltersQuerySchema = z.object({ program_id: idSchema.optional() });
export type SurveyFiltersQuery = z.output<typeof surveyFiltersQuerySchema>;

export const surveySummarySchema = z.object({
  sanitary_survey_id: z.number(),
  program_id: z.number(),
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  incident_id: z.number().nullable(),
  daily_incident_id: z.number().nullable(),
  survey_date: z.string(),
  survey_time_hh: z.string(),
  survey_time_mm: z.string(),
  surveyor: z.string(),
  status: z.enum(SURVEY_STATUSES),
  is_legacy: z.boolean(),
  /** The BEACON source codes the survey names. */
  source_codes: z.array(z.string()),
  /** The station's flag now. */
  requires_sanitary_survey: z.boolean(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type SurveySummary = z.infer<typeof surveySummarySchema>;

export const surveySchema = surveySummarySchema.extend({
  sky_condition: z.enum(SKY_CONDITIONS).nullable(),
  weather: z.string(),
  rainfall_24h_in: z.number().nullable(),
  rainfall_48h_in: z.number().nullable(),
  rainfall_72h_in: z.number().nullable(),
  tide: z.enum(TIDES).nullable(),
  wind_speed_mph: z.number().nullable(),
  wind_direction: z.enum(WIND_DIRECTIONS).nullable(),
  wave_height_ft: z.number().nullable(),
  water_temp_f: z.number().nullable(),
  air_temp_f: z.number().nullable(),
  turbidity: z.enum(TURBIDITIES).nullable(),
  water_conditions: z.string(),
  bather_load: z.number().nullable(),
  debris_level: z.enum(AMOUNT_LEVELS).nullable(),
  debris: z.string(),
  algae_level: z.enum(AMOUNT_LEVELS).nullable(),
  algae: z.string(),
  odour: z.string(),
  potential_sources: z.string(),
  observations: z.string(),
  completed_by: z.string().nullable(),
  updated_at: z.string(),
  animals: z.array(z.object({ sanitary_survey_animal_id: z.number(), kind: z.enum(ANIMAL_KINDS), count: z.number(), description: z.string() })),
  outfalls: z.array(z.object({ sanitary_survey_outfall_id: z.number(), description: z.string(), is_flowing: z.boolean() })),
  sources: z.array(z.object({ source_code: z.string(), source_name: z.string(), description: z.string() })),
  /** Photos taken during the survey: GET beach/{id}/survey/{sid}/photos/{photoId} (?size=thumb) answers the image. */
  photos: z.array(
    z.object({
      sanitary_survey_photo_id: z.number(),
      caption: z.string(),
      original_name: z.string(),
      width: z.number().nullable(),
      height: z.number().nullable(),
    }),
  ),
});
export type Survey = z.infer<typeof surveySchema>;

export const surveyListSchema = z.object({ list: z.array(surveySummarySchema) });
export type SurveyList = z.infer<typeof surveyListSchema>;

const codeName = z.object({ code: z.string(), name: z.string() });
export const surveyFiltersSchema = z.object({
  statuses: z.array(codeName),
  sources: z.array(codeName),
  sky_conditions: z.array(codeName),
  tides: z.array(codeName),
  wind_directions: z.array(codeName),
  turbidities: z.array(codeName),
  amount_levels: z.array(codeName),
  animal_kinds: z.array(codeName),
  /** With program_id: the program's active stations, their flag and open surveys. */
  stations: z.array(
    z.object({
      beach_station_id: z.number(),
      station_name: z.string(),
      beach_name: z.string(),
      station_type: z.string(),
      requires_sanitary_survey: z.boolean(),
      open_surveys: z.number(),
    }),
  ),
  /** With program_id: the program's open incidents and their logged days (a survey starts from one). */
  incidents: z.array(
    z.object({
      incident_id: z.number(),
      beach_station_id: z.number(),
      station_name: z.string(),
      beach_name: z.string(),
      start_date: z.string(),
      current_status_name: z.string().nullable(),
      days: z.array(
        z.object({
          daily_incident_id: z.number(),
          entry_date: z.string(),
          beach_status_name: z.string().nullable(),
          /** The day's surveys, oldest first. */
          survey_ids: z.array(z.number()),
        }),
      ),
    }),
  ),
});
export type SurveyFilters = z.infer<typeof surveyFiltersSchema>;

/** The code-and-name lists of the form's choices, the same on the server and in the browser. */
export function surveyChoiceLists() {
  const pairs = <K extends string>(labels: Record<K, string>, order: readonly K[]) => order.map((code) => ({ code, name: labels[code] }));
  return {
    statuses: pairs(SURVEY_STATUS_LABELS, SURVEY_STATUSES),
    sky_conditions: pairs(SKY_CONDITION_LABELS, SKY_CONDITIONS),
    tides: pairs(TIDE_LABELS, TIDES),
    wind_directions: pairs(WIND_DIRECTION_LABELS, WIND_DIRECTIONS),
    turbidities: pairs(TURBIDITY_LABELS, TURBIDITIES),
    amount_levels: pairs(AMOUNT_LEVEL_LABELS, AMOUNT_LEVELS),
    animal_kinds: pairs(ANIMAL_KIND_LABELS, ANIMAL_KINDS),
  };
}

/** What one survey photo form may carry (the API's multipart parser holds it to this). */
export const SURVEY_PHOTO_FORM_LIMITS: FormLimits = { maxFileBytes: UPLOAD_MAX_BYTES.image, maxFiles: 1, maxFields: 5 };
/** POST beach/{id}/survey/{sid}/photos: one image as `photo`. */
export const surveyPhotoFormSchema = multipartForm({ photo: imageFileSchema }, SURVEY_PHOTO_FORM_LIMITS);

/** survey/{id} and beach/{id}/survey (and the other calls naming one record by `id`). */
export const surveyIdParamsSchema = z.object({ id: idSchema });
/** beach/{id}/survey/{sid}... */
export const stationSurveyParamsSchema = z.object({ id: idSchema, sid: idSchema });
/** beach/{id}/survey/{sid}/photos/{photoId}. */
export const surveyPhotoParamsSchema = z.object({ id: idSchema, sid: idSchema, photoId: idSchema });
/** GET beach/{id}/survey/{sid}/photos/{photoId}: the display copy, or `size=thumb`. */
export const surveyPhotoQuerySchema = z.object({ size: z.enum(['thumb', 'display']).optional() });
/** survey/incident/{id}/{date}/...: the incident and the day, a sample date in the program's time zone. */
export const surveyIncidentDayParamsSchema = (options: DateRuleOptions = {}) => madeHere(z.object({ id: idSchema, date: surveyDateSchema(options) }));
/** POST survey/{date}. */
export const surveyDateParamsSchema = (options: DateRuleOptions = {}) => madeHere(z.object({ date: surveyDateSchema(options) }));
