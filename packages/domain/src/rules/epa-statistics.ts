import { addDays, daysBetween } from '../seasons/dates';
import { isEvaluatedRemark } from '../water-quality/geomean';

/**
 * EPA report statistics (issue 14, decision 0030): how the DEP IT report counts samples, exceedances of
 * the beach action value, advisories, closures and their days, and the share of beach-days under action.
 * Pure functions; the api fetches the rows and the web shows (and writes as CSV) what these return.
 */

type BeachCategory = 'OCEAN' | 'BAY' | 'RIVER' | 'LAKE';

/**
 * Location types of the Cooperative Coastal Monitoring Program (CCMP): the state's cooperative program
 * monitors ocean, bay and river bathing beaches; lakes are monitored by their owners and local health
 * agencies outside it. `excludCCMP` leaves these out.
 */
export const CCMP_LOCATION_TYPES: readonly BeachCategory[] = ['OCEAN', 'BAY', 'RIVER'];

/**
 * Coastal recreation waters as the BEACH Act defines them (marine and estuarine waters; the state has no
 * Great Lakes shore): ocean and bay beaches.
 */
export const BEACH_ACT_LOCATION_TYPES: readonly BeachCategory[] = ['OCEAN', 'BAY'];

export function isCcmpBeach(beach: { category: string }): boolean {
  return (CCMP_LOCATION_TYPES as readonly string[]).includes(beach.category);
}

/**
 * A BEACH Act beach (BEACH notification 2.4 BeachActBeachIndicator): on coastal recreation waters and
 * listed with EPA (it has an EPA beach id). `onlyBeachAct` keeps only these.
 */
export function isBeachActBeach(beach: { category: string; epaBeachId: string | null }): boolean {
  return (BEACH_ACT_LOCATION_TYPES as readonly string[]).includes(beach.category) && beach.epaBeachId != null && beach.epaBeachId.trim() !== '';
}

/** Results of one beach that look alike for the report (the database groups and counts them). */
export interface EpaSampleGroup {
  count: number;
  /** The result has a value (not null). */
  hasValue: boolean;
  /** Remark code text (e.g. 'K', 'NS', 'FA'), or null. */
  remark: string | null;
  /** The remark code carries no value (NS not sampled, LF lab failure, LA lab accident). */
  noValueRemark: boolean;
  /** The remark code means "less than" (K, '<'): the value is a reporting limit, the true count is below it. */
  censoredLow: boolean;
  /** The value is above the program's beach action value for the result's parameter; null when the program has none. */
  aboveBav: boolean | null;
}

/**
 * An NA result: no measurement of the water. No value, a remark that carries none (NS, LF, LA), or a
 * remark whose value is no measurement (FA failed analysis, CG confluent growth).
 */
export function isNaResult(group: Pick<EpaSampleGroup, 'hasValue' | 'remark' | 'noValueRemark'>): boolean {
  return !group.hasValue || group.noValueRemark || !isEvaluatedRemark(group.remark);
}

/**
 * An exceedance: a measurement above the program's beach action value for its parameter. A less-than
 * value (K, '<') is a limit the true count is below, so it never exceeds; a greater-than value (L, '>',
 * TNTC) above the BAV does.
 */
export function isExceedance(group: EpaSampleGroup): boolean {
  return !isNaResult(group) && !group.censoredLow && group.aboveBav === true;
}

export interface SampleTally {
  samples: number;
  exceedances: number;
}

/** Samples and exceedances of one beach; `excludeNaResults` leaves NA results out of the sample count. */
export function tallySamples(groups: readonly EpaSampleGroup[], options: { excludeNaResults: boolean }): SampleTally {
  let samples = 0;
  let exceedances = 0;
  for (const group of groups) {
    if (options.excludeNaResults && isNaResult(group)) continue;
    samples += group.count;
    if (isExceedance(group)) exceedances += group.count;
  }
  return { samples, exceedances };
}

/** One status change of a beach's primary station, in the order they were made. */
export interface EpaStatusChange {
  /** 'YYYY-MM-DD': the local day from which the status holds. */
  effectiveDate: string;
  /** Status code: OPEN, ADVISORY, CLOSED, NOT_MONITORED. */
  status: string;
}

/** Days as an inclusive 'YYYY-MM-DD' range. */
export interface DayRange {
  from: string;
  to: string;
}

export interface ActionTally {
  /** Advisories in force on at least one day of the period. */
  advisories: number;
  advisoryDays: number;
  closures: number;
  closureDays: number;
  /** Days under an advisory or a closure (a day with both counts once). */
  actionDays: number;
  /** Action days that fall in the swim season. */
  actionDaysInSeason: number;
}

const ACTION_STATUSES = new Set(['ADVISORY', 'CLOSED']);

const rangeDays = (r: DayRange) => (r.to < r.from ? 0 : daysBetween(r.from, r.to) + 1);

function clip(r: DayRange, period: DayRange): DayRange | null {
  const from = r.from > period.from ? r.from : period.from;
  const to = r.to < period.to ? r.to : period.to;
  return to < from ? null : { from, to };
}

/** Overlapping or touching ranges merged, sorted by start. */
function merge(ranges: readonly DayRange[]): DayRange[] {
  const sorted = [...ranges].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  const out: DayRange[] = [];
  for (const r of sorted) {
    const last = out[out.length - 1];
    if (last && r.from <= addDays(last.to, 1)) {
      if (r.to > last.to) last.to = r.to;
    } else out.push({ ...r });
  }
  return out;
}

/** Days two sets of ranges share. */
function overlapDays(a: readonly DayRange[], b: readonly DayRange[]): number {
  let days = 0;
  for (const x of merge(a)) {
    for (const y of merge(b)) {
      const shared = clip(x, y);
      if (shared) days += rangeDays(shared);
    }
  }
  return days;
}

/**
 * BEACON's way of counting notification actions. An action starts on the day its status takes effect and
 * is in force through the day the next change takes effect (the day it is lifted counts: the beach was
 * under it part of that day); the last one stays in force through `period.to`. Successive changes to the
 * same status are one action (a second Advisory in a row continues the first). An action in force on
 * any day of the period counts, and so does each of its days within the period. An advisory that becomes
 * a closure ends the day the closure starts, so that day is both an advisory day and a closure day, and
 * one action day. Several changes on one day: each status among them was in force that day.
 * `seasons` (the program's swim seasons) split the action days that fall in season from the rest.
 */
export function tallyActions(history: readonly EpaStatusChange[], period: DayRange, seasons: readonly DayRange[] = []): ActionTally {
  const out: ActionTally = { advisories: 0, advisoryDays: 0, closures: 0, closureDays: 0, actionDays: 0, actionDaysInSeason: 0 };
  if (period.to < period.from) return out;
  const sorted = history.map((h, i) => ({ ...h, i })).sort((a, b) => (a.effectiveDate === b.effectiveDate ? a.i - b.i : a.effectiveDate < b.effectiveDate ? -1 : 1));
  const inForce: DayRange[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const status = sorted[i]!.status;
    if (!ACTION_STATUSES.has(status)) continue;
    // One action: this change and the changes right after it to the same status.
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.status === status) j++;
    const lifted = sorted[j + 1]?.effectiveDate ?? period.to;
    const span = clip({ from: sorted[i]!.effectiveDate, to: lifted }, period);
    if (span) {
      const days = rangeDays(span);
      if (status === 'ADVISORY') {
        out.advisories++;
        out.advisoryDays += days;
      } else {
        out.closures++;
        out.closureDays += days;
      }
      inForce.push(span);
    }
    i = j;
  }
  const merged = merge(inForce);
  out.actionDays = merged.reduce((sum, r) => sum + rangeDays(r), 0);
  out.actionDaysInSeason = overlapDays(
    merged,
    seasons.flatMap((s) => clip(s, period) ?? []),
  );
  return out;
}

/** Swim-season days of the period (seasons clipped to it). */
export function seasonDaysIn(seasons: readonly DayRange[], period: DayRange): number {
  if (period.to < period.from) return 0;
  return merge(seasons.flatMap((s) => clip(s, period) ?? [])).reduce((sum, r) => sum + rangeDays(r), 0);
}

/** Percent of beach-days under action, to one decimal; null when there are no season days. */
export function percentUnderAction(actionDaysInSeason: number, seasonDays: number): number | null {
  if (seasonDays <= 0) return null;
  return Math.round((actionDaysInSeason / seasonDays) * 1000) / 10;
}

/** What the report knows of one beach (its primary station) before counting. */
export interface EpaBeachFacts<Meta> {
  meta: Meta;
  /** Inactive stations are listed only when something happened in the period. */
  active: boolean;
  samples: readonly EpaSampleGroup[];
  history: readonly EpaStatusChange[];
  /** The program's swim seasons (start to end date). */
  seasons: readonly DayRange[];
}

export interface EpaBeachStatistics {
  monitored: boolean;
  samples: number;
  exceedances: number;
  advisories: number;
  advisory_days: number;
  closures: number;
  closure_days: number;
  action_days: number;
  action_days_in_season: number;
  season_days: number;
  percent_under_action: number | null;
}

export interface EpaStatisticsTotals extends Omit<EpaBeachStatistics, 'monitored'> {
  beaches: number;
  beaches_monitored: number;
}

export interface EpaStatisticsOptions {
  /** The period counted: `from` to the report's last day (its `to`, or today when earlier). */
  period: DayRange;
  excludeNaResults: boolean;
}

/**
 * The report: one row per beach (statistics beside its meta) and the totals. A beach is monitored in the
 * period when it has at least one counted sample. The totals' percentage is all beaches' in-season
 * action days over all their season days (beaches x season days when they share a program).
 */
export function buildEpaStatistics<Meta>(
  beaches: readonly EpaBeachFacts<Meta>[],
  options: EpaStatisticsOptions,
): { rows: (Meta & EpaBeachStatistics)[]; totals: EpaStatisticsTotals } {
  const rows: (Meta & EpaBeachStatistics)[] = [];
  for (const beach of beaches) {
    const samples = tallySamples(beach.samples, options);
    const actions = tallyActions(beach.history, options.period, beach.seasons);
    if (!beach.active && samples.samples === 0 && actions.actionDays === 0) continue;
    const seasonDays = seasonDaysIn(beach.seasons, options.period);
    rows.push({
      ...beach.meta,
      monitored: samples.samples > 0,
      samples: samples.samples,
      exceedances: samples.exceedances,
      advisories: actions.advisories,
      advisory_days: actions.advisoryDays,
      closures: actions.closures,
      closure_days: actions.closureDays,
      action_days: actions.actionDays,
      action_days_in_season: actions.actionDaysInSeason,
      season_days: seasonDays,
      percent_under_action: percentUnderAction(actions.actionDaysInSeason, seasonDays),
    });
  }
  const sum = (key: keyof Omit<EpaBeachStatistics, 'monitored' | 'percent_under_action'>) => rows.reduce((total, r) => total + r[key], 0);
  const totals: EpaStatisticsTotals = {
    beaches: rows.length,
    beaches_monitored: rows.filter((r) => r.monitored).length,
    samples: sum('samples'),
    exceedances: sum('exceedances'),
    advisories: sum('advisories'),
    advisory_days: sum('advisory_days'),
    closures: sum('closures'),
    closure_days: sum('closure_days'),
    action_days: sum('action_days'),
    action_days_in_season: sum('action_days_in_season'),
    season_days: sum('season_days'),
    percent_under_action: percentUnderAction(sum('action_days_in_season'), sum('season_days')),
  };
  return { rows, totals };
}
