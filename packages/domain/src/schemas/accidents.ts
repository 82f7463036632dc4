import { z } from 'zod';
import { booleanFlag, idSchema, requiredText } from './common';
import { madeHere } from './made';
import { sampleDateSchema, type DateRuleOptions } from './results';

/**
 * Serious / Fatal Accident Reports (SPEC 3 "Serious accident report", SPEC 7 accident calls): the one
 * contract the API validates with and the web form checks and types itself from.
 */

export const ACCIDENT_CODES = {
  ACCIDENT_REPORTS_FOUND: 'ACCIDENT_REPORTS_FOUND',
  ACCIDENT_REPORT_FOUND: 'ACCIDENT_REPORT_FOUND',
  ACCIDENT_REPORT_CREATED: 'ACCIDENT_REPORT_CREATED',
  ACCIDENT_REPORT_SAVED: 'ACCIDENT_REPORT_SAVED',
  ACCIDENT_REPORT_READ_TOGGLED: 'ACCIDENT_REPORT_READ_TOGGLED',
  ACCIDENT_REPORT_DELETED: 'ACCIDENT_REPORT_DELETED',
} as const;

export const ACCIDENT_TYPES = ['DROWNING', 'NEAR_DROWNING', 'SPINAL_INJURY', 'OTHER'] as const;
export type AccidentType = (typeof ACCIDENT_TYPES)[number];
export const ACCIDENT_TYPE_LABELS: Record<AccidentType, string> = {
  DROWNING: 'Drowning',
  NEAR_DROWNING: 'Near drowning',
  SPINAL_INJURY: 'Spinal injury',
  OTHER: 'Other',
};

export const AGE_GROUPS = ['CHILD', 'TEEN', 'ADULT', 'SENIOR', 'UNKNOWN'] as const;
export type AgeGroup = (typeof AGE_GROUPS)[number];
export const AGE_GROUP_LABELS: Record<AgeGroup, string> = {
  CHILD: 'Child (0 to 12)',
  TEEN: 'Teen (13 to 17)',
  ADULT: 'Adult (18 to 64)',
  SENIOR: 'Senior (65 and over)',
  UNKNOWN: 'Unknown',
};

/** How many days back `?recent` reaches (decision 0022). */
export const RECENT_ACCIDENT_DAYS = 30;

export const ACCIDENT_MESSAGES = {
  time: 'Time must be HH:MM (24-hour)',
  type: 'Choose the type of accident',
  ageGroup: 'Choose an age group',
  fatal: 'Say whether the accident was fatal',
  lifeguard: 'Say whether a lifeguard was on duty',
} as const;

/** POST program/administrative/accident and PUT .../{id}: the report as the form sends it. */
export function accidentReportSaveSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({
    beach_station_id: idSchema,
    /** The local day (program time zone), not later than tomorrow (SPEC 5). */
    occurred_date: sampleDateSchema(options),
    occurred_time: z.string({ error: ACCIDENT_MESSAGES.time }).trim().regex(/^([01]\d|2[0-3]):[0-5]\d$/, ACCIDENT_MESSAGES.time),
    accident_type: z.enum(ACCIDENT_TYPES, { error: ACCIDENT_MESSAGES.type }),
    is_fatal: z.boolean({ error: ACCIDENT_MESSAGES.fatal }),
    age_group: z.enum(AGE_GROUPS, { error: ACCIDENT_MESSAGES.ageGroup }),
    lifeguard_on_duty: z.boolean({ error: ACCIDENT_MESSAGES.lifeguard }),
    description: requiredText('Description', 4000, 'multi'),
    reporter_name: requiredText('Reporter', 200),
    reporter_contact: requiredText('Contact', 200),
  }));
}
export type AccidentReportSaveInput = z.input<ReturnType<typeof accidentReportSaveSchema>>;
export type AccidentReportSave = z.output<ReturnType<typeof accidentReportSaveSchema>>;

/** GET, PUT and DELETE program/administrative/accident/{id}, PUT .../toggleRead/{id}. */
export const accidentIdParamsSchema = z.object({ id: idSchema });
/** GET program/administrative/accident/program/{program_id}. */
export const accidentProgramParamsSchema = z.object({ program_id: idSchema });

/** `?recent` (SPEC 7): present (with no value, true or 1) keeps the last RECENT_ACCIDENT_DAYS days. */
export const accidentListQuerySchema = z.object({
  recent: z
    .union([z.literal(''), booleanFlag])
    .optional()
    .transform((v) => v === '' || v === true),
});
export type AccidentListQuery = z.output<typeof accidentListQuerySchema>;

export const accidentReportSchema = z.object({
  serious_accident_report_id: z.number(),
  program_id: z.number(),
  beach_station_id: z.number().nullable(),
  station_name: z.string().nullable(),
  beach_name: z.string().nullable(),
  occurred_date: z.string(),
  occurred_time: z.string(),
  accident_type: z.enum(ACCIDENT_TYPES),
  is_fatal: z.boolean(),
  age_group: z.enum(AGE_GROUPS),
  lifeguard_on_duty: z.boolean(),
  description: z.string(),
  reporter_name: z.string(),
  reporter_contact: z.string(),
  is_read: z.boolean(),
  entered_by: z.string().nullable(),
  created_at: z.string(),
});
export type AccidentReport = z.infer<typeof accidentReportSchema>;

export const accidentReportListSchema = z.object({ list: z.array(accidentReportSchema) });
export type AccidentReportList = z.infer<typeof accidentReportListSchema>;
