import { seasonDaysIn, tallySeasonActions, type DayRange, type MonitoringSeason, type StatusChangeOfDay } from './notification-actions';
import { isEvaluatedRemark } from '../water-quality/geomean';

/**
 * EPA report statistics (issue 14, decision 0030): how the DEP IT report counts samples, exceedances of
 * the beach action value, advisories, closures and their days, and the share of beach-days under action.
 * Pure functions; the api fetches the rows and the web shows (and writes as CSV) what these return.
 * Advisories, closures and their days are notification actions within the swim season, counted by
 * notification-actions.ts (decision 0053).
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
export type EpaStatusChange = StatusChangeOfDay;

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
  /** The program's seasons (pre-season start, swim season start and end) that touch the period. */
  seasons: readonly MonitoringSeason[];
}

export interface EpaBeachStatistics {
  monitored: boolean;
  samples: number;
  exceedances: number;
  /** Advisories in force on at least one swim-season day of the period. */
  advisories: number;
  /** Swim-season days of the period under an advisory (at most season_days). */
  advisory_days: number;
  closures: number;
  /** Swim-season days of the period under a closure (at most season_days). */
  closure_days: number;
  /** Swim-season days of the period under an advisory or a closure, a day with both once (at most season_days). */
  action_days: number;
  /** Swim-season days of the period: the beach days. */
  season_days: number;
  /** action_days / season_days in percent, one decimal; null without season days. */
  percent_under_action: number | null;
  /** Days under an action during pre-season sampling, before the swim season: a column apart, not in the percentage. */
  preseason_action_days: number;
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
 * period when it has at least one counted sample. Every total is the sum of the rows; the totals'
 * percentage is all beaches' action days over all their season days (beaches x season days when they share
 * a program).
 */
export function buildEpaStatistics<Meta>(
  beaches: readonly EpaBeachFacts<Meta>[],
  options: EpaStatisticsOptions,
): { rows: (Meta & EpaBeachStatistics)[]; totals: EpaStatisticsTotals } {
  const rows: (Meta & EpaBeachStatistics)[] = [];
  for (const beach of beaches) {
    const samples = tallySamples(beach.samples, options);
    const actions = tallySeasonActions(beach.history, beach.seasons, options.period);
    if (!beach.active && samples.samples === 0 && actions.actionDays === 0 && actions.preseasonActionDays === 0) continue;
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
      season_days: seasonDays,
      percent_under_action: percentUnderAction(actions.actionDays, seasonDays),
      preseason_action_days: actions.preseasonActionDays,
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
    season_days: sum('season_days'),
    percent_under_action: percentUnderAction(sum('action_days'), sum('season_days')),
    preseason_action_days: sum('preseason_action_days'),
  };
  return { rows, totals };
}
