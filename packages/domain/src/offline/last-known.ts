/**
 * The public site offline (issue 31, decision 0066): what a copy of a public read that the service worker kept
 * may still say once the network is gone. Two rules, both pure:
 *
 * - Age: a copy is shown for OFFLINE_MAX_AGE_MS after the server sent it, never after (statuses change with each
 *   day's results; older than two days, a copy says too little about today's water to be shown at all).
 * - Season: the copy's statuses go through the live site's own rule (seasons/public-status.ts, publicStatus) with
 *   today's date, so a copy kept on the last day of the season shows Not Monitored the day after, as the live
 *   site does.
 *
 * Type-only imports of the wire shapes: the service worker bundles this module and no schema library.
 */
import type { BeachStatusCode } from '../constants';
import type { PublicBeachProfile } from '../schemas/public-beach';
import type { MapList, MapStatuses, MapStyle, ProgramSeasonInfo, StationStatus } from '../schemas/public-map';
import type { PublicSeason } from '../schemas/public-site';
import { localDate } from '../seasons/dates';
import { isMonitored, publicStatus, type SeasonDates } from '../seasons/public-status';

/** How long after the server sent it a kept copy is shown offline: 48 hours. */
export const OFFLINE_MAX_AGE_MS = 48 * 60 * 60 * 1000;

/** A copy dated a little ahead of this device's clock (clocks differ) is taken as sent now. */
const CLOCK_SKEW_MS = 5 * 60 * 1000;

/** The drawing of Not Monitored when no kept copy names it (the seed's, decision 0006). */
export const NOT_MONITORED_STYLE: MapStyle = {
  code: 'NOT_MONITORED',
  name: 'Not Monitored',
  color: '#565c65',
  marker_symbol: 'N',
  marker_shape: 'diamond',
};

/** Whether a copy the server sent at `sentAt` (ms) may still be shown at `now` (ms). */
export function copyShowable(sentAt: number, now: number): boolean {
  if (!Number.isFinite(sentAt) || !Number.isFinite(now)) return false;
  if (sentAt > now + CLOCK_SKEW_MS) return false;
  return now - sentAt <= OFFLINE_MAX_AGE_MS;
}

/** The program-local day of `now`: the day the live site would compute statuses for. */
export function offlineToday(now: Date, timeZone: string): string {
  return localDate(now, timeZone);
}

/** A public season as the rule takes it, when it is the season of `day`'s year (else the program has none known). */
export function seasonOfDay(season: PublicSeason | null | undefined, day: string): SeasonDates | null {
  if (!season || season.year !== Number(day.slice(0, 4))) return null;
  return { year: season.year, preseasonStart: season.preseason_start, startDate: season.start_date, endDate: season.end_date };
}

/**
 * The status a kept copy may show on `today`: the live rule (publicStatus) on the copy's status, its date and
 * the copy's season for this year. A season the copy does not know (a new year) is no season: Not Monitored.
 */
export function lastKnownStatus(code: BeachStatusCode, since: string | null, season: PublicSeason | null | undefined, today: string): BeachStatusCode {
  if (code === 'NOT_MONITORED') return code;
  return publicStatus({ code, since }, seasonOfDay(season, today), today);
}

/** A program's season flags recomputed for `today` from the copy's season. */
export function lastKnownProgram<P extends Pick<ProgramSeasonInfo, 'in_season' | 'monitored' | 'current_season'>>(program: P, today: string): P {
  const season = seasonOfDay(program.current_season, today);
  return {
    ...program,
    current_season: season ? program.current_season : null,
    in_season: season !== null && today >= season.startDate && today <= season.endDate,
    monitored: isMonitored(season, today),
  };
}

/** The beach page's profile from a kept copy, on `today`. */
export function lastKnownProfile(profile: PublicBeachProfile, today: string, notMonitored: MapStyle = NOT_MONITORED_STYLE): PublicBeachProfile {
  const code = lastKnownStatus(profile.status.code, profile.status.since, profile.season.current_season, today);
  const season = lastKnownProgram(profile.season, today);
  if (code === profile.status.code) return { ...profile, season };
  const { code: _code, ...style } = notMonitored;
  return { ...profile, season, status: { code, ...style, since: null, reason: null } };
}

/** Seasons by program id, from whatever kept copies name them. */
export type ProgramSeasons = ReadonlyMap<number, PublicSeason | null>;

/**
 * A station (list item or popup) from a kept copy, on `today`. A program whose season no kept copy names is
 * taken as not monitored: an unknown season cannot vouch for the status.
 */
export function lastKnownStation(station: StationStatus, seasons: ProgramSeasons, today: string, notMonitored: MapStyle = NOT_MONITORED_STYLE): StationStatus {
  const code = lastKnownStatus(station.status_code, station.status_since, seasons.get(station.program_id), today);
  if (code === station.status_code) return station;
  return {
    ...station,
    status_code: code,
    status_name: notMonitored.name,
    status_color: notMonitored.color,
    marker_symbol: notMonitored.marker_symbol,
    marker_shape: notMonitored.marker_shape,
    status_since: null,
    reason: null,
  };
}

/** A page of the map's list view from a kept copy, on `today`. */
export function lastKnownMapList(list: MapList, seasons: ProgramSeasons, today: string, notMonitored: MapStyle = NOT_MONITORED_STYLE): MapList {
  return { ...list, stations: list.stations.map((s) => lastKnownStation(s, seasons, today, notMonitored)) };
}

/**
 * The map's lean statuses from a kept copy, on `today`. They name no station's program or status date, so when a
 * program's monitoring has ended since the copy (monitored in it, not today), every station shows Not Monitored
 * and the closures panel is empty: stricter than the live rule for the other programs' stations, never looser.
 * A program that starts monitoring since the copy changes nothing: its stations were Not Monitored in the copy, and
 * the live rule keeps a status from before the pre-season start Not Monitored.
 */
export function lastKnownMapStatuses(statuses: MapStatuses, today: string, notMonitored: MapStyle = NOT_MONITORED_STYLE): MapStatuses {
  const programs = statuses.programs.map((p) => lastKnownProgram(p, today));
  const ended = statuses.programs.some((p, i) => p.monitored && !programs[i]!.monitored);
  if (!ended) return { ...statuses, programs };
  let index = statuses.styles.findIndex((s) => s.code === 'NOT_MONITORED');
  const styles = index >= 0 ? statuses.styles : [...statuses.styles, notMonitored];
  if (index < 0) index = styles.length - 1;
  return {
    ...statuses,
    programs,
    styles,
    stations: { ...statuses.stations, status: String(index).repeat(statuses.stations.status.length) },
    closures: [],
  };
}

/** Seasons by program id from the lean statuses' programs. */
export function programSeasons(programs: readonly Pick<ProgramSeasonInfo, 'program_id' | 'current_season'>[]): Map<number, PublicSeason | null> {
  return new Map(programs.map((p) => [p.program_id, p.current_season]));
}
