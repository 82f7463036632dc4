import type { BeachStatusCode } from '../constants';

/**
 * A program's swim season for one year (dates 'YYYY-MM-DD', inclusive). Pre-season sampling starts at
 * preseasonStart; the bathing season runs from startDate to endDate.
 */
export interface SeasonDates {
  year: number;
  preseasonStart: string;
  startDate: string;
  endDate: string;
}

/** A primary station's stored status and the local day from which it holds. */
export interface StoredStatus {
  code: BeachStatusCode;
  /** 'YYYY-MM-DD'; null when unknown. */
  since: string | null;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function assertDate(date: string, what: string): void {
  if (!ISO_DATE.test(date)) throw new RangeError(`${what} '${date}' is not YYYY-MM-DD`);
}

/** True while the program monitors: from the pre-season start to the season end, inclusive. */
export function isMonitored(season: SeasonDates | null | undefined, day: string): boolean {
  assertDate(day, 'Day');
  return season != null && day >= season.preseasonStart && day <= season.endDate;
}

/**
 * The status the public sees for a primary station on `today`.
 *
 * - No season that year, before the pre-season start or after the season end: NOT_MONITORED.
 * - A status set before this season's pre-season start is last season's and says nothing about the water
 *   now: NOT_MONITORED until this season's results or staff set a new one. So the public never sees a
 *   stale Open (nor a stale Advisory or Closure) when monitoring resumes.
 * - No stored status, or one without a date: NOT_MONITORED.
 * - Otherwise the stored status.
 *
 * Dates compare as 'YYYY-MM-DD' strings, which order like the days they name.
 */
export function publicStatus(
  current: StoredStatus | null | undefined,
  season: SeasonDates | null | undefined,
  today: string,
): BeachStatusCode {
  if (!isMonitored(season, today) || !season) return 'NOT_MONITORED';
  if (!current || current.since == null) return 'NOT_MONITORED';
  assertDate(current.since, 'Status date');
  if (current.since < season.preseasonStart) return 'NOT_MONITORED';
  return current.code;
}

/** The season of the year `day` falls in, if the program has one. */
export function seasonOf<S extends SeasonDates>(seasons: readonly S[], day: string): S | null {
  assertDate(day, 'Day');
  const year = Number(day.slice(0, 4));
  return seasons.find((s) => s.year === year) ?? null;
}

/**
 * The latest season whose monitoring has begun by `day` (this year's once its pre-season starts, before
 * that last year's): the season a public page means by "the current season" all year round.
 */
export function latestBegunSeason<S extends SeasonDates>(seasons: readonly S[], day: string): S | null {
  assertDate(day, 'Day');
  let best: S | null = null;
  for (const s of seasons) if (s.preseasonStart <= day && (!best || s.preseasonStart > best.preseasonStart)) best = s;
  return best;
}

/** The first season whose bathing season starts after `day`, or null when none is scheduled yet. */
export function nextSeason<S extends SeasonDates>(seasons: readonly S[], day: string): S | null {
  assertDate(day, 'Day');
  let best: S | null = null;
  for (const s of seasons) if (s.startDate > day && (!best || s.startDate < best.startDate)) best = s;
  return best;
}

/** What a public page says about a program's season on `day`. */
export interface SeasonInfo<S extends SeasonDates = SeasonDates> {
  /** Bathing season: startDate..endDate. */
  inSeason: boolean;
  /** Sampling, pre-season included: preseasonStart..endDate. */
  monitored: boolean;
  /** This year's season, or null when the program has none this year. */
  currentSeason: S | null;
  nextSeasonStart: string | null;
}

export function seasonInfo<S extends SeasonDates>(seasons: readonly S[], day: string): SeasonInfo<S> {
  const current = seasonOf(seasons, day);
  return {
    inSeason: current != null && day >= current.startDate && day <= current.endDate,
    monitored: isMonitored(current, day),
    currentSeason: current,
    nextSeasonStart: nextSeason(seasons, day)?.startDate ?? null,
  };
}

/**
 * Whether a primary's first verified result of a season starts the season (issue 25, decision 0051): while
 * the program monitors today, a primary with no status, a Not Monitored one, or one whose status dates
 * from before this season's pre-season start begins the season Open, and the rules then apply the result
 * to that. Without it no rule can fire for a new station or a new season (each rule names the status it
 * leaves), so a new agency's map, and every beach after its first winter, would stay Not Monitored.
 */
export function startsSeason(current: StoredStatus | null | undefined, season: SeasonDates | null | undefined, today: string): boolean {
  if (!season || !isMonitored(season, today)) return false;
  if (!current || current.since == null || current.code === 'NOT_MONITORED') return true;
  assertDate(current.since, 'Status date');
  return current.since < season.preseasonStart;
}
