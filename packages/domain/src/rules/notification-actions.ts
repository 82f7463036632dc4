import { addDays, daysBetween } from '../seasons/dates';

/**
 * Notification actions (advisories and closures) as EPA BEACON counts them, read from a primary station's
 * status history and the program's swim seasons (issue 28, decision 0053). Shared by the EPA report
 * statistics (epa-statistics.ts) and the BEACH notification XML (schemas/beach-notification-xml.ts), so
 * the file's start and stop dates and the report's days are the same days.
 *
 * A notification action is what the public was told. The public site shows a station's status only while
 * the program monitors (pre-season start to season end) and never a status set before this season's
 * pre-season start (publicStatus, DESIGN 4). So an action:
 * - starts on the day its status takes effect, inside a monitoring window (a status set outside every
 *   window - e.g. the day after the season ended, from a last-day sample - is never posted: no action);
 * - ends on the day the next change takes effect (that day counts: the beach was under it part of the
 *   day), or on the last day of its season when it is still in force then, whichever comes first. It never
 *   runs on through the winter into the next season;
 * - successive changes to the same status within one window are one action; the same status set again in
 *   a later window is a new action.
 * Dates are 'YYYY-MM-DD' local days; a season may cross the new year.
 */

/** One season of a program: pre-season sampling from `preseasonStart`, the swim season `startDate`..`endDate`. */
export interface MonitoringSeason {
  preseasonStart: string;
  startDate: string;
  endDate: string;
}

/** Days as an inclusive 'YYYY-MM-DD' range. */
export interface DayRange {
  from: string;
  to: string;
}

/** One status change of a primary station. */
export interface StatusChangeOfDay {
  /** 'YYYY-MM-DD': the local day from which the status holds. */
  effectiveDate: string;
  /** Status code: OPEN, ADVISORY, CLOSED, NOT_MONITORED. */
  status: string;
}

export interface NotificationActionSpan<C extends StatusChangeOfDay = StatusChangeOfDay> {
  status: 'ADVISORY' | 'CLOSED';
  /** The day the action's first change took effect. */
  start: string;
  /** The last day the action is in force: the day it was lifted, or its season's last day. */
  stop: string;
  /** The day the next change took effect when that is within the season; null when the season ended first (or no change followed). */
  lifted: string | null;
  /** The swim season the action belongs to. */
  season: MonitoringSeason;
  /** The history's changes that make up the action, in order. */
  changes: C[];
}

export const rangeDays = (r: DayRange): number => (r.to < r.from ? 0 : daysBetween(r.from, r.to) + 1);

/** The part of `r` inside `within`, or null. */
export function clipRange(r: DayRange, within: DayRange): DayRange | null {
  const from = r.from > within.from ? r.from : within.from;
  const to = r.to < within.to ? r.to : within.to;
  return to < from ? null : { from, to };
}

/** Overlapping or touching ranges merged, sorted by start. */
export function mergeRanges(ranges: readonly DayRange[]): DayRange[] {
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

/** Days of `ranges` (merged) that fall inside `within` (merged). */
export function daysWithin(ranges: readonly DayRange[], within: readonly DayRange[]): number {
  let days = 0;
  const b = mergeRanges(within);
  for (const x of mergeRanges(ranges)) {
    for (const y of b) {
      const shared = clipRange(x, y);
      if (shared) days += rangeDays(shared);
    }
  }
  return days;
}

/** The swim seasons as day ranges (start to end). */
export const swimSeasonRanges = (seasons: readonly MonitoringSeason[]): DayRange[] => seasons.map((s) => ({ from: s.startDate, to: s.endDate }));

/** The pre-season sampling days of each season (pre-season start to the day before the swim season), where there are any. */
export const preseasonRanges = (seasons: readonly MonitoringSeason[]): DayRange[] =>
  seasons.filter((s) => s.preseasonStart < s.startDate).map((s) => ({ from: s.preseasonStart, to: addDays(s.startDate, -1) }));

/** The season whose monitoring window (pre-season start to season end) holds `day`, or null. */
export function monitoringSeasonOf<S extends MonitoringSeason>(seasons: readonly S[], day: string): S | null {
  let found: S | null = null;
  for (const s of seasons) if (s.preseasonStart <= day && day <= s.endDate && (!found || s.preseasonStart > found.preseasonStart)) found = s;
  return found;
}

const ACTION_STATUSES = new Set(['ADVISORY', 'CLOSED']);

/**
 * Every notification action of a station's history (see the module's comment). `history` in the order the
 * changes were made (several on one day keep their order: each status among them was in force that day).
 * An advisory that becomes a closure stops the day the closure starts: that day belongs to both.
 */
export function notificationActionSpans<C extends StatusChangeOfDay>(history: readonly C[], seasons: readonly MonitoringSeason[]): NotificationActionSpan<C>[] {
  const sorted = history
    .map((h, i) => ({ h, i }))
    .sort((a, b) => (a.h.effectiveDate === b.h.effectiveDate ? a.i - b.i : a.h.effectiveDate < b.h.effectiveDate ? -1 : 1))
    .map((x) => x.h);
  const out: NotificationActionSpan<C>[] = [];
  for (let i = 0; i < sorted.length; i++) {
    const first = sorted[i]!;
    if (!ACTION_STATUSES.has(first.status)) continue;
    const season = monitoringSeasonOf(seasons, first.effectiveDate);
    // The same status set again in the same season continues the action; in another season it starts a new one.
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1]!.status === first.status && monitoringSeasonOf(seasons, sorted[j + 1]!.effectiveDate) === season) j++;
    const next = sorted[j + 1]?.effectiveDate ?? null;
    const changes = sorted.slice(i, j + 1);
    i = j;
    // Set while the program does not monitor: never posted, so no action.
    if (!season) continue;
    const lifted = next !== null && next <= season.endDate ? next : null;
    out.push({ status: first.status as 'ADVISORY' | 'CLOSED', start: first.effectiveDate, stop: lifted ?? season.endDate, lifted, season, changes });
  }
  return out;
}

/** What a period's swim-season statistics count of a station's actions. */
export interface SeasonActionTally {
  /** Advisories in force on at least one swim-season day of the period. */
  advisories: number;
  /** Swim-season days of the period under an advisory. */
  advisoryDays: number;
  closures: number;
  closureDays: number;
  /** Swim-season days of the period under an advisory or a closure (a day with both counts once). */
  actionDays: number;
  /** Days of the period under an action during pre-season sampling (before the swim season starts): apart, not in the percentage. */
  preseasonActionDays: number;
}

/**
 * The actions of one station counted for `period` (EPA BEACON: notification actions and their days within
 * the swim season; beach days are swim-season days). Days that have not happened must already be cut off
 * by the caller's period (its `to` is at most today).
 */
export function tallySeasonActions(history: readonly StatusChangeOfDay[], seasons: readonly MonitoringSeason[], period: DayRange): SeasonActionTally {
  const out: SeasonActionTally = { advisories: 0, advisoryDays: 0, closures: 0, closureDays: 0, actionDays: 0, preseasonActionDays: 0 };
  if (period.to < period.from) return out;
  const swim = swimSeasonRanges(seasons);
  const pre = preseasonRanges(seasons);
  const inSeason: DayRange[] = [];
  const preseason: DayRange[] = [];
  for (const action of notificationActionSpans(history, seasons)) {
    const span = clipRange({ from: action.start, to: action.stop }, period);
    if (!span) continue;
    const seasonPart = clipRange(span, { from: action.season.startDate, to: action.season.endDate });
    if (action.season.preseasonStart < action.season.startDate) {
      const prePart = clipRange(span, { from: action.season.preseasonStart, to: addDays(action.season.startDate, -1) });
      if (prePart) preseason.push(prePart);
    }
    if (!seasonPart) continue;
    const days = rangeDays(seasonPart);
    if (action.status === 'ADVISORY') {
      out.advisories++;
      out.advisoryDays += days;
    } else {
      out.closures++;
      out.closureDays += days;
    }
    inSeason.push(seasonPart);
  }
  out.actionDays = daysWithin(inSeason, swim.flatMap((s) => clipRange(s, period) ?? []));
  out.preseasonActionDays = daysWithin(preseason, pre.flatMap((s) => clipRange(s, period) ?? []));
  return out;
}

/** Swim-season days of the period (beach days of one beach): the seasons clipped to it. */
export function seasonDaysIn(seasons: readonly MonitoringSeason[], period: DayRange): number {
  if (period.to < period.from) return 0;
  return mergeRanges(swimSeasonRanges(seasons).flatMap((s) => clipRange(s, period) ?? [])).reduce((sum, r) => sum + rangeDays(r), 0);
}

/** Pre-season sampling days of the period (the most pre-season action days one beach can have). */
export function preseasonDaysIn(seasons: readonly MonitoringSeason[], period: DayRange): number {
  if (period.to < period.from) return 0;
  return mergeRanges(preseasonRanges(seasons).flatMap((s) => clipRange(s, period) ?? [])).reduce((sum, r) => sum + rangeDays(r), 0);
}

/** How an action appears in a file written on `today`: its stop date and why it stops then. */
export interface ReportedStop {
  stop: string;
  /** LIFTED: a change lifted it; SEASON_END: still in force when the swim season ended; IN_FORCE: still in force on `today`. */
  reason: 'LIFTED' | 'SEASON_END' | 'IN_FORCE';
}

/** The stop date a report written on `today` gives an action (never a day that has not happened). */
export function reportedStop(action: Pick<NotificationActionSpan, 'lifted' | 'stop'>, today: string): ReportedStop {
  if (action.stop > today) return { stop: today, reason: 'IN_FORCE' };
  return { stop: action.stop, reason: action.lifted !== null ? 'LIFTED' : 'SEASON_END' };
}
