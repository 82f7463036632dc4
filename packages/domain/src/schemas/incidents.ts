import { z } from 'zod';
import { BEACON_REASONS, BEACON_SOURCES } from '../constants';
import { boundedDateSchema, idSchema, idWith, multiLine, optionalId, requiredText } from './common';
import { madeHere } from './made';
import { latestSampleDate, type DateRuleOptions } from './results';

/**
 * Incidents (SPEC 3 "Incident", SPEC 4 incident states, SPEC 7 incident calls, DESIGN 4): the one
 * contract the API validates with and the web screen types itself from.
 */

export const INCIDENT_CODES = {
  INCIDENT_OPTIONS_FOUND: 'INCIDENT_OPTIONS_FOUND',
  INCIDENTS_FOUND: 'INCIDENTS_FOUND',
  INCIDENT_FOUND: 'INCIDENT_FOUND',
  INCIDENT_CREATED: 'INCIDENT_CREATED',
  INCIDENT_DAILY_SAVED: 'INCIDENT_DAILY_SAVED',
  INCIDENT_CLOSED: 'INCIDENT_CLOSED',
  INCIDENT_AUTO_CLOSED: 'INCIDENT_AUTO_CLOSED',
  INCIDENT_NOT_AUTO_CLOSED: 'INCIDENT_NOT_AUTO_CLOSED',
  INCIDENT_DELETED: 'INCIDENT_DELETED',
  INCIDENT_NOT_OPEN: 'INCIDENT_NOT_OPEN',
} as const;

/** OPEN, CLOSED (by a user with final comments) or AUTO_CLOSED (by the daily job or PUT incidents/{id}/autoClose). */
export const INCIDENT_STATES = ['OPEN', 'CLOSED', 'AUTO_CLOSED'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];
export const INCIDENT_STATE_LABELS: Record<IncidentState, string> = { OPEN: 'Open', CLOSED: 'Closed', AUTO_CLOSED: 'Auto-closed' };

/** The list filter's open/closed choice: closed covers both closed states. */
export const INCIDENT_FILTER_STATES = ['open', 'closed', 'all'] as const;

export const INCIDENT_MESSAGES = {
  dateInvalid: 'Use a YYYY-MM-DD date',
  dateAfterTomorrow: 'Date cannot be later than tomorrow',
  reason: 'Choose a BEACON reason',
  source: 'Choose a BEACON source',
  status: 'Choose the beach status that day',
  oneEntryPerDay: 'One entry per day: this day is already listed',
  beforeStart: 'A daily entry cannot be before the day the incident started',
  notOpen: 'This incident is closed: reopen is not possible, its daily log and comments are final.',
} as const;

/** Daily entry and overall comments: multi-line text (issue 27: no control or invisible characters). */
const text = (max: number) => multiLine(z.string().trim().max(max, `At most ${max} characters`)).default('');

/** A day an incident names: a real YYYY-MM-DD day, not later than tomorrow in the program's time zone (SPEC 5). */
export function incidentDateSchema(options: DateRuleOptions = {}) {
  return boundedDateSchema({
    invalid: INCIDENT_MESSAGES.dateInvalid,
    latest: () => latestSampleDate(options),
    tooLate: INCIDENT_MESSAGES.dateAfterTomorrow,
  });
}

/** incidents/program/{id} (a program), incidents/{id} (an incident) and beach/{id}/incidents (a station). */
export const incidentIdParamsSchema = z.object({ id: idSchema });
/** GET beach/{id}/incidents/{incidentId}. */
export const stationIncidentParamsSchema = z.object({ id: idSchema, incidentId: idSchema });
/** POST incidents/{incidentId}/daily/{dailyId}/createSurvey. */
export const incidentDailyEntryParamsSchema = z.object({ incidentId: idSchema, dailyId: idSchema });

/** POST beach/{id}/incidents: an incident opened by hand. */
export function incidentCreateSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({
    start_date: incidentDateSchema(options),
    incident_type_id: optionalId,
    reason_code: z.enum(BEACON_REASONS, { error: INCIDENT_MESSAGES.reason }),
    source_code: z.enum(BEACON_SOURCES, { error: INCIDENT_MESSAGES.source }),
    additional_overall_comments: text(4000),
  }));
}
export type IncidentCreateInput = z.input<ReturnType<typeof incidentCreateSchema>>;
export type IncidentCreate = z.output<ReturnType<typeof incidentCreateSchema>>;

/** One day of the daily log: that day's status, the actions taken and comments. */
export function dailyIncidentSchema(options: DateRuleOptions = {}) {
  return z.object({
    entry_date: incidentDateSchema(options),
    beach_status_id: idWith(INCIDENT_MESSAGES.status),
    actions: text(4000),
    comments: text(4000),
  });
}

/**
 * PUT incidents/{id}/daily: the overall comments and the days sent. A day already logged is updated, a
 * new day is added; days not sent stay as they are. One entry per day, so a day twice in one body is refused.
 */
export function incidentDailySaveSchema(options: DateRuleOptions = {}) {
  return madeHere(z.object({
    additional_overall_comments: text(4000),
    daily_incidents: z
      .array(dailyIncidentSchema(options))
      .max(366, 'At most 366 days at once')
      .superRefine((days, ctx) => {
        const seen = new Set<string>();
        days.forEach((d, i) => {
          if (seen.has(d.entry_date)) ctx.addIssue({ code: 'custom', path: [i, 'entry_date'], message: INCIDENT_MESSAGES.oneEntryPerDay });
          seen.add(d.entry_date);
        });
      })
      .default([]),
  }));
}
export type IncidentDailySaveInput = z.input<ReturnType<typeof incidentDailySaveSchema>>;
export type IncidentDailySave = z.output<ReturnType<typeof incidentDailySaveSchema>>;

/** PUT incidents/{id}/close. */
export const incidentCloseSchema = z.object({ final_comments: requiredText('Final comments', 4000, 'multi') });
export type IncidentClose = z.output<typeof incidentCloseSchema>;

/** GET incidents/program/{id}: open/closed, a station, and the days the incident was open within from..to. */
export const incidentListQuerySchema = z.object({
  state: z.enum(INCIDENT_FILTER_STATES).default('all'),
  beach_station_id: idSchema.optional(),
  from: boundedDateSchema().optional(),
  to: boundedDateSchema().optional(),
});
export type IncidentListQuery = z.output<typeof incidentListQuerySchema>;

export const dailyIncidentRecordSchema = z.object({
  daily_incident_id: z.number(),
  entry_date: z.string(),
  beach_status_id: z.number().nullable(),
  beach_status_name: z.string().nullable(),
  actions: z.string(),
  comments: z.string(),
});
export type DailyIncident = z.infer<typeof dailyIncidentRecordSchema>;

export const incidentSummarySchema = z.object({
  incident_id: z.number(),
  program_id: z.number(),
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  start_date: z.string(),
  end_date: z.string().nullable(),
  state: z.enum(INCIDENT_STATES),
  is_manual: z.boolean(),
  incident_type_id: z.number().nullable(),
  incident_type_name: z.string().nullable(),
  reason_code: z.string().nullable(),
  reason_name: z.string().nullable(),
  source_code: z.string().nullable(),
  source_name: z.string().nullable(),
  additional_overall_comments: z.string(),
  final_comments: z.string().nullable(),
  /** The station's status now (its primary's for a bracket). */
  current_status_name: z.string().nullable(),
  daily_count: z.number(),
  created_by: z.string().nullable(),
  created_at: z.string(),
});
export type IncidentSummary = z.infer<typeof incidentSummarySchema>;

export const incidentSchema = incidentSummarySchema.extend({ daily_incidents: z.array(dailyIncidentRecordSchema) });
export type Incident = z.infer<typeof incidentSchema>;

export const incidentListSchema = z.object({ list: z.array(incidentSummarySchema) });
export type IncidentList = z.infer<typeof incidentListSchema>;

/** PUT incidents/{id}/autoClose: the incident, and why it was not closed when it was not. */
export const incidentAutoCloseSchema = z.object({ auto_closed: z.boolean(), reason: z.string().nullable(), incident: incidentSchema });
export type IncidentAutoClose = z.infer<typeof incidentAutoCloseSchema>;

const codeName = z.object({ code: z.string(), name: z.string() });
export const incidentOptionsSchema = z.object({
  types: z.array(z.object({ incident_type_id: z.number(), code: z.string(), name: z.string() })),
  reasons: z.array(codeName),
  sources: z.array(codeName),
  statuses: z.array(z.object({ beach_status_id: z.number(), code: z.string(), name: z.string() })),
  states: z.array(z.object({ code: z.enum(INCIDENT_STATES), name: z.string() })),
});
export type IncidentOptions = z.infer<typeof incidentOptionsSchema>;
