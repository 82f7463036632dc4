import { z } from 'zod';
import { csvLine } from '../csv/format';
import { boundedDateSchema, booleanFlag, DATE_MIN, ID_MAX, idOf } from './common';
import { latestAllowedDate } from './downloads';
import { madeHere } from './made';

/**
 * DEP IT: EPA report statistics (SPEC 2, 7 Report; issue 14; decision 0030). GET /depit/epa/webReport
 * with programCode, county, munis, beach, from, to, excludCCMP, onlyBeachAct, includeBrackets,
 * excludeNaResults; organization admins only.
 */

export const EPA_REPORT_CODES = {
  EPA_REPORT_FOUND: 'EPA_REPORT_FOUND',
} as const;

/** Municipalities one report may name. */
export const EPA_REPORT_MAX_MUNIS = 100;

const blankToUndefined = (value: unknown) => (value === '' || value === null ? undefined : value);

const optionalId = (label: string) =>
  z.preprocess(
    blankToUndefined,
    idOf({
      type: `${label} must be a number`,
      whole: `${label} must be a whole number`,
      positive: `${label} must be a positive id`,
      tooLarge: `${label} must be an id from 1 to ${ID_MAX}`,
    }).optional(),
  );

/** munis=3,7 or munis=3&munis=7: municipality ids; blank entries ignored. */
const munisField = z.preprocess(
  (value) => {
    if (value === undefined || value === null) return [];
    const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => (typeof v === 'string' ? v.split(',') : [v]));
    return parts.map((p) => (typeof p === 'string' ? p.trim() : p)).filter((p) => p !== '');
  },
  z
    .array(
      idOf({
        type: 'Municipalities must be numbers',
        whole: 'Municipalities must be whole numbers',
        positive: 'Municipalities must be positive ids',
        tooLarge: `Municipalities must be ids from 1 to ${ID_MAX}`,
      }),
    )
    .max(EPA_REPORT_MAX_MUNIS, `At most ${EPA_REPORT_MAX_MUNIS} municipalities`),
);

const flag = z.preprocess(blankToUndefined, booleanFlag.optional().default(false));

export interface EpaReportQueryOptions {
  /** Time zone whose "tomorrow" is the latest date allowed (the programs'; DESIGN 3). */
  timeZone?: string;
  now?: () => Date;
}

/**
 * The report's query (SPEC 7). Every field optional: no programCode means every program; no dates mean
 * 1 January of this year to today. Dates are real days from 1900-01-01 to tomorrow, `from` not after `to`.
 */
export function epaReportQuerySchema({ timeZone = 'America/New_York', now = () => new Date() }: EpaReportQueryOptions = {}) {
  const date = (label: string) =>
    z.preprocess(
      blankToUndefined,
      boundedDateSchema({
        invalid: `${label} must be a YYYY-MM-DD date`,
        tooEarly: `${label} cannot be earlier than ${DATE_MIN}`,
        latest: () => latestAllowedDate(now(), timeZone),
        tooLate: `${label} cannot be later than tomorrow`,
      }).optional(),
    );
  return madeHere(
    z
      .object({
        /** The program's abbreviation (e.g. OB). */
        programCode: z.preprocess(
          blankToUndefined,
          z.string().trim().min(1, 'Program code cannot be blank').max(20, 'Program code is at most 20 characters').optional(),
        ),
        county: optionalId('County'),
        munis: munisField,
        /** A beach_station_id: the beach of that primary station (a bracket stands for its primary). */
        beach: optionalId('Beach'),
        from: date('From'),
        to: date('To'),
        /** Leave out beaches of the Cooperative Coastal Monitoring Program (ocean, bay and river beaches). */
        excludCCMP: flag,
        /** Only BEACH Act beaches: coastal (ocean or bay) with an EPA beach id. */
        onlyBeachAct: flag,
        /** Count bracket stations' samples with their primary's beach (primaries only otherwise). */
        includeBrackets: flag,
        /** Leave results with no measurement (no value, NS, LF, LA, FA, CG) out of the sample counts. */
        excludeNaResults: flag,
      })
      .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'The To date is before the From date' }),
  );
}
export type EpaReportQuery = z.output<ReturnType<typeof epaReportQuerySchema>>;
export type EpaReportQueryInput = z.input<ReturnType<typeof epaReportQuerySchema>>;

/**
 * The counts (decision 0053, EPA BEACON's definitions): advisories and closures are notification actions in
 * force on at least one swim-season day of the period; their days, and action days, are swim-season days of
 * the period, so none is larger than season_days. An action ends when lifted or, at the latest, on its
 * season's last day. Days under an action during pre-season sampling are apart in preseason_action_days.
 */
const statistics = {
  samples: z.number().int().nonnegative(),
  exceedances: z.number().int().nonnegative(),
  /** Advisories in force on at least one swim-season day of the period. */
  advisories: z.number().int().nonnegative(),
  /** Swim-season days of the period under an advisory. */
  advisory_days: z.number().int().nonnegative(),
  /** Closures in force on at least one swim-season day of the period. */
  closures: z.number().int().nonnegative(),
  /** Swim-season days of the period under a closure. */
  closure_days: z.number().int().nonnegative(),
  /** Swim-season days of the period under an advisory or a closure; a day with both counts once. */
  action_days: z.number().int().nonnegative(),
  /** Swim-season days within the period (the beach days the percentage is taken of). */
  season_days: z.number().int().nonnegative(),
  /** Action days / season days, as a percentage to one decimal; null without season days. */
  percent_under_action: z.number().nonnegative().nullable(),
  /** Days of the period under an action during pre-season sampling (before the swim season); not in the percentage. */
  preseason_action_days: z.number().int().nonnegative(),
};

export const epaReportBeachSchema = z.object({
  beach_station_id: z.number(),
  station_name: z.string(),
  beach_name: z.string(),
  epa_beach_id: z.string().nullable(),
  program_abbv: z.string(),
  county: z.string(),
  municipality: z.string(),
  location_type: z.enum(['OCEAN', 'BAY', 'RIVER', 'LAKE']),
  /** The program's beach action value for its parameter, when it has one. */
  beach_action_value: z.number().nullable(),
  monitored: z.boolean(),
  ...statistics,
});
export type EpaReportBeach = z.output<typeof epaReportBeachSchema>;

export const epaReportTotalsSchema = z.object({
  beaches: z.number().int().nonnegative(),
  beaches_monitored: z.number().int().nonnegative(),
  ...statistics,
});
export type EpaReportTotals = z.output<typeof epaReportTotalsSchema>;

export const epaReportSchema = z.object({
  /** The period counted: from, to as asked (or defaulted), and through: to, or today when earlier. */
  period: z.object({ from: z.string(), to: z.string(), through: z.string() }),
  beaches: z.array(epaReportBeachSchema),
  totals: epaReportTotalsSchema,
});
export type EpaReport = z.output<typeof epaReportSchema>;

/** The report's columns: CSV header, table header, and the value of a beach row. */
export const EPA_REPORT_COLUMNS = [
  { key: 'beach_name', label: 'Beach', text: true },
  { key: 'station_name', label: 'Station', text: true },
  { key: 'epa_beach_id', label: 'EPA Beach ID', text: true },
  { key: 'program_abbv', label: 'Program', text: true },
  { key: 'county', label: 'County', text: true },
  { key: 'municipality', label: 'Municipality', text: true },
  { key: 'monitored', label: 'Monitored', text: false },
  { key: 'samples', label: 'Samples', text: false },
  { key: 'exceedances', label: 'Exceedances', text: false },
  { key: 'advisories', label: 'Advisories', text: false },
  { key: 'advisory_days', label: 'Advisory Days In Season', text: false },
  { key: 'closures', label: 'Closures', text: false },
  { key: 'closure_days', label: 'Closure Days In Season', text: false },
  { key: 'action_days', label: 'Action Days In Season', text: false },
  { key: 'season_days', label: 'Season Days', text: false },
  { key: 'percent_under_action', label: '% Beach-Days Under Action', text: false },
  { key: 'preseason_action_days', label: 'Pre-Season Action Days', text: false },
] as const;
export type EpaReportColumnKey = (typeof EPA_REPORT_COLUMNS)[number]['key'];

/** A beach row's value in a column, as the table and the CSV show it (Yes/No for monitored). */
export function epaReportCell(row: EpaReportBeach, key: EpaReportColumnKey): string | number | null {
  if (key === 'monitored') return row.monitored ? 'Yes' : 'No';
  return row[key];
}

/** The totals row's value in a column: the number of beaches under Beach, monitored beaches under Monitored. */
export function epaReportTotalCell(totals: EpaReportTotals, key: EpaReportColumnKey): string | number | null {
  switch (key) {
    case 'beach_name':
      return `Total (${totals.beaches} beaches)`;
    case 'monitored':
      return totals.beaches_monitored;
    case 'station_name':
    case 'epa_beach_id':
    case 'program_abbv':
    case 'county':
    case 'municipality':
      return '';
    default:
      return totals[key];
  }
}

/**
 * The report as CSV: the header, one line per beach in the order given, and the totals line. Text cells
 * are quoted and guarded against formula injection (csvTextField), numbers stay numbers.
 */
export function epaReportCsv(report: Pick<EpaReport, 'beaches' | 'totals'>, rows: readonly EpaReportBeach[] = report.beaches): string {
  const textFlags = EPA_REPORT_COLUMNS.map((c) => c.text);
  let out = csvLine(EPA_REPORT_COLUMNS.map((c) => c.label));
  for (const row of rows) out += csvLine(EPA_REPORT_COLUMNS.map((c) => epaReportCell(row, c.key)), textFlags);
  out += csvLine(EPA_REPORT_COLUMNS.map((c) => epaReportTotalCell(report.totals, c.key)), textFlags);
  return out;
}
