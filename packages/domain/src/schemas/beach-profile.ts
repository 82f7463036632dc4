import { z } from 'zod';
import { BEACON_SOURCES } from '../constants';
import { idSchema, idWith, optionalId, optionalText, requiredText } from './common';

/**
 * Beach Management (SPEC 7: POST beach/, GET and PUT beach/{id}/profile; decision 0024). The spec's "beach"
 * in these calls is a station (beach_station_id) with its beach profile: the station's own fields, and the
 * fields of the beach it belongs to, which every station of that beach shares.
 */

export const BEACH_PROFILE_CODES = {
  BEACH_CREATED: 'BEACH_CREATED',
  BEACH_PROFILE_FOUND: 'BEACH_PROFILE_FOUND',
  BEACH_PROFILE_SAVED: 'BEACH_PROFILE_SAVED',
} as const;

export const BEACH_CATEGORIES = ['OCEAN', 'BAY', 'RIVER', 'LAKE'] as const;
export const STATION_KINDS = ['PRIMARY', 'BRACKET'] as const;
export const MONITORING_FREQUENCIES = ['DAILY', 'TWICE_WEEKLY', 'WEEKLY', 'BIWEEKLY', 'MONTHLY', 'NOT_MONITORED'] as const;
export type MonitoringFrequency = (typeof MONITORING_FREQUENCIES)[number];
export const BEACH_AMENITIES = ['RESTROOMS', 'SHOWERS', 'PARKING', 'ACCESSIBLE', 'CONCESSIONS', 'PICNIC_AREA'] as const;
export const BEACH_TIERS = [1, 2, 3] as const;

/**
 * Where a station may be placed: the agency's state with a margin (New Jersey's shore and lakes). Typed
 * coordinates outside it are a typo far more often than a station (a dropped minus sign puts a Cape May
 * beach in China); the map picker cannot leave it.
 */
export const SERVICE_AREA = { name: 'New Jersey', south: 38.8, west: -75.7, north: 41.5, east: -73.8 } as const;
export const COORDINATE_MESSAGES = {
  latitude: `Latitude must be between ${SERVICE_AREA.south} and ${SERVICE_AREA.north} (${SERVICE_AREA.name}).`,
  longitude: `Longitude must be between ${SERVICE_AREA.west} and ${SERVICE_AREA.east} (${SERVICE_AREA.name}; west is negative).`,
  missing: 'Click the map where the station is, or type its latitude and longitude.',
} as const;

export const BEACH_PROFILE_MESSAGES = {
  stationNameTaken: (name: string) => `A station named ${name} already exists in this program.`,
  beachNameTaken: (name: string) => `A beach named ${name} already exists in this program: choose it under Existing beach.`,
  primaryRequired: 'A bracket station needs its primary station.',
  primaryOnlyForBrackets: 'Only a bracket station has a primary station.',
  notOwnPrimary: 'A station cannot be the primary of itself.',
  primaryMustBePrimary: 'The chosen primary station is itself a bracket.',
  primaryHasBrackets: (count: number) =>
    `This station is the primary of ${count} bracket station${count === 1 ? '' : 's'}: give ${count === 1 ? 'it' : 'them'} another primary before making it a bracket.`,
  unknownMunicipality: 'There is no such municipality.',
  unknownLha: 'There is no such local health authority.',
  seasonOrder: 'The swim season must end after it starts.',
} as const;

/** '' and absent are "none"; anything else is a number (form inputs send text). */
const optionalNumber = (schema: z.ZodNumber) =>
  z.preprocess((v) => (v === '' || v === undefined || v === null ? null : typeof v === 'string' ? Number(v) : v), schema.nullable());

const DAYS_IN_MONTH = [31, 29, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
/** A day of the year without a year: 'MM-DD' (Feb 29 allowed), or null. */
export const monthDaySchema = z
  .string()
  .trim()
  .nullish()
  .transform((v) => (v ? v : null))
  .refine((v) => {
    if (v === null) return true;
    const match = /^(\d{2})-(\d{2})$/.exec(v);
    if (!match) return false;
    const month = Number(match[1]);
    const day = Number(match[2]);
    return month >= 1 && month <= 12 && day >= 1 && day <= DAYS_IN_MONTH[month - 1]!;
  }, 'Use a real month and day');

const coordinate = (min: number, max: number, message: string, missing: string) =>
  z.preprocess(
    (v) => (v === '' || v === null || v === undefined ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: (issue) => (issue.input === undefined ? missing : message) }).min(min, message).max(max, message),
  );

const codeList = <T extends readonly [string, ...string[]]>(codes: T) =>
  z
    .array(z.enum(codes))
    .max(codes.length * 2)
    .nullish()
    .transform((v) => [...new Set(v ?? [])]);

/** The beach part of a profile: shared by every station of the beach. */
export const beachFieldsSchema = z
  .object({
    /** An existing beach of the program to add the station to, or null for a new beach. */
    beach_id: optionalId,
    name: requiredText('Beach name', 100),
    municipality_id: idWith('Choose a municipality'),
    local_health_authority_id: optionalId,
    category: z.enum(BEACH_CATEGORIES, { error: 'Choose a location type' }),
    description: optionalText(2000, 'multi').transform((v) => v ?? ''),
    water_body_name: optionalText(100),
    length_miles: optionalNumber(z.number().positive('Length must be more than 0').max(100, 'Length must be at most 100 miles')),
    epa_beach_id: optionalText(50),
    swim_season_start: monthDaySchema,
    swim_season_end: monthDaySchema,
    monitoring_frequency: z
      .enum(MONITORING_FREQUENCIES)
      .nullish()
      .or(z.literal(''))
      .transform((v) => (v ? v : null)),
    lifeguards: z.boolean().default(false),
    amenities: codeList(BEACH_AMENITIES),
    access_notes: optionalText(2000, 'multi'),
    tier: optionalNumber(z.number().int('Choose tier 1, 2 or 3').min(1, 'Choose tier 1, 2 or 3').max(3, 'Choose tier 1, 2 or 3')),
    pollution_sources: codeList(BEACON_SOURCES),
  })
  .superRefine((beach, ctx) => {
    if ((beach.swim_season_start === null) !== (beach.swim_season_end === null)) {
      const missing = beach.swim_season_start === null ? 'swim_season_start' : 'swim_season_end';
      ctx.addIssue({ code: 'custom', path: [missing], message: 'Give both the start and the end of the swim season' });
    } else if (beach.swim_season_start !== null && beach.swim_season_end !== null && beach.swim_season_end <= beach.swim_season_start) {
      ctx.addIssue({ code: 'custom', path: ['swim_season_end'], message: BEACH_PROFILE_MESSAGES.seasonOrder });
    }
  });

const stationFields = {
  station_name: requiredText('Station name', 50),
  station_type: z.enum(STATION_KINDS, { error: 'Choose primary or bracket' }),
  primary_station_id: optionalId,
  latitude: coordinate(SERVICE_AREA.south, SERVICE_AREA.north, COORDINATE_MESSAGES.latitude, COORDINATE_MESSAGES.missing),
  longitude: coordinate(SERVICE_AREA.west, SERVICE_AREA.east, COORDINATE_MESSAGES.longitude, COORDINATE_MESSAGES.missing),
  epa_station_id: optionalText(50),
  active: z.boolean().default(true),
  public_visible: z.boolean().default(true),
  beach: beachFieldsSchema,
};

function stationRules(station: { station_type: string; primary_station_id: number | null }, ctx: z.RefinementCtx) {
  if (station.station_type === 'BRACKET' && station.primary_station_id === null) {
    ctx.addIssue({ code: 'custom', path: ['primary_station_id'], message: BEACH_PROFILE_MESSAGES.primaryRequired });
  }
  if (station.station_type === 'PRIMARY' && station.primary_station_id !== null) {
    ctx.addIssue({ code: 'custom', path: ['primary_station_id'], message: BEACH_PROFILE_MESSAGES.primaryOnlyForBrackets });
  }
}

/** PUT beach/{id}/profile: the station and its beach; the program is the station's own. */
/** GET and PUT beach/{id}/profile: the station's id. */
export const beachProfileParamsSchema = z.object({ id: idSchema });

export const beachProfileSaveSchema = z.object(stationFields).superRefine(stationRules);
export type BeachProfileSaveInput = z.input<typeof beachProfileSaveSchema>;
export type BeachProfileSave = z.output<typeof beachProfileSaveSchema>;

/** POST beach/: a new station in a program, on a new beach or one of the program's beaches. */
export const beachCreateSchema = z.object({ program_id: idSchema, ...stationFields }).superRefine(stationRules);
export type BeachCreateInput = z.input<typeof beachCreateSchema>;
export type BeachCreate = z.output<typeof beachCreateSchema>;

/** GET beach/{id}/profile, and the answer of POST beach/ and PUT beach/{id}/profile. */
export const beachProfileSchema = z.object({
  beach_station_id: z.number(),
  program: z.object({ program_id: z.number(), abbv: z.string() }),
  station_name: z.string(),
  station_type: z.enum(STATION_KINDS),
  primary_station_id: z.number().nullable(),
  latitude: z.number(),
  longitude: z.number(),
  epa_station_id: z.string().nullable(),
  active: z.boolean(),
  public_visible: z.boolean(),
  /** For a primary: its bracket stations (deactivating it leaves them without an active primary). */
  brackets: z.array(z.object({ beach_station_id: z.number(), station_name: z.string(), active: z.boolean() })),
  beach: z.object({
    beach_id: z.number(),
    name: z.string(),
    county_id: z.number(),
    municipality_id: z.number(),
    local_health_authority_id: z.number().nullable(),
    category: z.enum(BEACH_CATEGORIES),
    description: z.string(),
    water_body_name: z.string().nullable(),
    length_miles: z.number().nullable(),
    epa_beach_id: z.string().nullable(),
    swim_season_start: z.string().nullable(),
    swim_season_end: z.string().nullable(),
    monitoring_frequency: z.enum(MONITORING_FREQUENCIES).nullable(),
    lifeguards: z.boolean(),
    amenities: z.array(z.enum(BEACH_AMENITIES)),
    access_notes: z.string().nullable(),
    tier: z.number().nullable(),
    pollution_sources: z.array(z.enum(BEACON_SOURCES)),
    /** How many stations share this beach (its fields change for all of them). */
    station_count: z.number(),
  }),
});
export type BeachProfile = z.output<typeof beachProfileSchema>;
