import { createHash } from 'node:crypto';
import {
  CODES,
  daysBetween,
  latestBegunSeason,
  publicStatus,
  seasonInfo,
  seasonOf,
  PUBLIC_MESSAGES,
  type BeachAction,
  type BeachStatusCode,
  type SeasonDates,
  type StationStatusProperties,
} from '@beach/domain';
import { closuresOf, encodeLeanStations, type LeanStationColumns } from '@beach/domain/map/lean-statuses';
import { matchStations, searchText, STATION_LIST_PAGE_SIZE, type StationListFilters } from '@beach/domain/map/station-list';
import type { Db } from '../../../db/client';
import { badRequest } from '../../../lib/http';
import {
  findBeachActions,
  findPublicStations,
  lastStatusChange,
  listPrograms,
  listSeasons,
  listStatusStyles,
  type BeachActionQuery,
} from '../repository/statuses';
import type { BeachActionPeriod, ProgramSeason, PublicStation, StatusStyle } from '../types';

/** Status styles by code and seasons by program: what turns stored statuses into public ones. */
export interface StatusContext {
  styles: Map<BeachStatusCode, StatusStyle>;
  seasons: Map<number, ProgramSeason[]>;
}

export async function loadStatusContext(db: Db): Promise<StatusContext> {
  const [styles, seasons] = await Promise.all([listStatusStyles(db), listSeasons(db)]);
  const byProgram = new Map<number, ProgramSeason[]>();
  for (const season of seasons) {
    const list = byProgram.get(season.programId) ?? [];
    list.push(season);
    byProgram.set(season.programId, list);
  }
  return { styles: new Map(styles.map((s) => [s.code, s])), seasons: byProgram };
}

export function styleOf(context: StatusContext, code: BeachStatusCode): StatusStyle {
  const style = context.styles.get(code);
  if (!style) throw new Error(`Beach status ${code} is missing from beach_statuses`);
  return style;
}

/** Why the station has its stored status: rule title, incident reason, or the staff member's reason. */
function reasonOf(station: PublicStation): string | null {
  return station.ruleTitle ?? station.incidentReason ?? station.manualReason ?? station.reasonName ?? null;
}

/** The status the public sees on `day`, with when and why (nothing when the season hides the stored one). */
export function publicView(station: PublicStation, context: StatusContext, day: string) {
  const season = seasonOf(context.seasons.get(station.programId) ?? [], day);
  const stored = station.statusCode ? { code: station.statusCode, since: station.statusSince } : null;
  const code = publicStatus(stored, season, day);
  const shown = stored !== null && code === stored.code;
  return {
    style: styleOf(context, code),
    since: shown ? station.statusSince : null,
    reason: shown ? reasonOf(station) : null,
  };
}

export function toStationStatus(station: PublicStation, context: StatusContext, day: string): StationStatusProperties {
  const { style, since, reason } = publicView(station, context, day);
  return {
    beach_station_id: station.beachStationId,
    station_name: station.stationName,
    beach_id: station.beachId,
    beach_name: station.beachName,
    municipality_id: station.municipalityId,
    municipality: station.municipality,
    county_id: station.countyId,
    county: station.county,
    program_id: station.programId,
    program_abbv: station.programAbbv,
    type: station.stationType,
    primary_station_id: station.primaryStationId,
    category: station.category,
    status_code: style.code,
    status_name: style.name,
    status_color: style.color,
    marker_symbol: style.marker_symbol,
    marker_shape: style.marker_shape,
    status_since: since,
    reason,
    last_sample_date: station.lastSample?.date ?? null,
    last_sample_value: station.lastSample?.value ?? null,
    last_sample_remark: station.lastSample?.remark ?? null,
    last_sample_unit: station.lastSample?.unit ?? null,
  };
}

function withPosition(station: PublicStation, context: StatusContext, day: string) {
  return { ...toStationStatus(station, context, day), latitude: station.latitude, longitude: station.longitude };
}

/** GeoJSON of every public station and the status the public sees today. */
export async function beachStatusLayer(db: Db, timeZone: string, today: string) {
  const [context, stations] = await Promise.all([loadStatusContext(db), findPublicStations(db, { timeZone })]);
  return {
    type: 'FeatureCollection' as const,
    features: stations.map((station) => ({
      type: 'Feature' as const,
      id: station.beachStationId,
      geometry: { type: 'Point' as const, coordinates: [station.longitude, station.latitude] as [number, number] },
      properties: toStationStatus(station, context, today),
    })),
  };
}

function seasonOut(season: SeasonDates | null) {
  return season
    ? { year: season.year, preseason_start: season.preseasonStart, start_date: season.startDate, end_date: season.endDate }
    : null;
}

export function seasonInfoOut(seasons: readonly ProgramSeason[], day: string) {
  const info = seasonInfo(seasons, day);
  return {
    in_season: info.inSeason,
    monitored: info.monitored,
    current_season: seasonOut(info.currentSeason),
    next_season_start: info.nextSeasonStart,
  };
}

/** The same statuses as a list, with when they last changed and each program's season. */
export async function beachStatuses(db: Db, timeZone: string, today: string, programId?: number) {
  const [context, stations, programs, asOf] = await Promise.all([
    loadStatusContext(db),
    findPublicStations(db, { timeZone, programId }),
    listPrograms(db),
    lastStatusChange(db),
  ]);
  return {
    as_of: asOf,
    today,
    programs: programs
      .filter((p) => programId === undefined || p.program_id === programId)
      .map((p) => ({
        program_id: p.program_id,
        abbv: p.abbv,
        name: p.name,
        color: p.color,
        ...seasonInfoOut(context.seasons.get(p.program_id) ?? [], today),
      })),
    statuses: stations.map((s) => withPosition(s, context, today)),
  };
}

export async function statusLegend(db: Db) {
  return listStatusStyles(db);
}

/** Every public station's status on `date` from the status history, as the public would have seen it. */
export async function statusSnapshot(db: Db, timeZone: string, date: string, programId?: number) {
  const [context, stations] = await Promise.all([
    loadStatusContext(db),
    findPublicStations(db, { timeZone, programId, asOf: date }),
  ]);
  return { date, program_id: programId ?? null, statuses: stations.map((s) => withPosition(s, context, date)) };
}

/**
 * An advisory or closure as the public reads it. One still open when its season has ended is shown as
 * ending with the season: out of season the public sees Not Monitored, not a months-long closure.
 */
export function toBeachAction(period: BeachActionPeriod, seasons: readonly ProgramSeason[], today: string): BeachAction {
  let end = period.end_date;
  let ongoing = false;
  let days: number;
  if (end !== null) {
    days = daysBetween(period.start_date, end);
  } else {
    const season = seasonOf(seasons, period.start_date);
    if (season && today > season.endDate && period.start_date <= season.endDate) {
      end = season.endDate;
      days = daysBetween(period.start_date, end) + 1;
    } else {
      ongoing = true;
      days = Math.max(0, daysBetween(period.start_date, today) + 1);
    }
  }
  return { ...period, end_date: end, ongoing, days };
}

/** Current actions first, then by start date, newest first. */
function byCurrentThenNewest(a: BeachAction, b: BeachAction): number {
  if (a.ongoing !== b.ongoing) return a.ongoing ? -1 : 1;
  return a.start_date < b.start_date ? 1 : a.start_date > b.start_date ? -1 : 0;
}

/**
 * The start of "the current season" for default date ranges: per program the latest season that has
 * begun, and of those the earliest pre-season start, so no program's season is cut short. With no
 * seasons at all, January 1 of this year.
 */
export function currentSeasonStart(context: StatusContext, today: string, programId?: number): string {
  let from: string | null = null;
  for (const [id, seasons] of context.seasons) {
    if (programId !== undefined && id !== programId) continue;
    const season = latestBegunSeason(seasons, today);
    if (season && (from === null || season.preseasonStart < from)) from = season.preseasonStart;
  }
  return from ?? `${today.slice(0, 4)}-01-01`;
}

/** Resolves an optional from/to pair against defaults; from after to is a validation failure. */
export function dateRange(from: string | undefined, to: string | undefined, defaultFrom: string, today: string) {
  const start = from ?? defaultFrom;
  const end = to ?? (start > today ? start : today);
  if (start > end) {
    throw badRequest(CODES.VALIDATION_FAILED, PUBLIC_MESSAGES.fromAfterTo, [{ field: 'from', message: PUBLIC_MESSAGES.fromAfterTo }]);
  }
  return { from: start, to: end };
}

export async function listBeachActions(
  db: Db,
  today: string,
  query: { from?: string; to?: string; countyId?: number; programId?: number; primaryStationId?: number },
  context?: StatusContext,
) {
  const ctx = context ?? (await loadStatusContext(db));
  const range = dateRange(query.from, query.to, currentSeasonStart(ctx, today, query.programId), today);
  const filter: BeachActionQuery = { ...range, countyId: query.countyId, programId: query.programId, primaryStationId: query.primaryStationId };
  const periods = await findBeachActions(db, filter);
  const actions = periods
    .map((p) => toBeachAction(p, ctx.seasons.get(p.program_id) ?? [], today))
    .filter((a) => a.end_date === null || a.end_date >= range.from)
    .sort(byCurrentThenNewest);
  return { ...range, actions };
}

type StatusesAnswer = Awaited<ReturnType<typeof beachStatuses>>;
type StationStatusItem = StatusesAnswer['statuses'][number];

/** Today's public statuses as the map reads them: the lean first view, and each station's popup by id. */
export interface MapModel {
  /** A hash of everything public in `statuses` and the styles: changes whenever any of it does. */
  version: string;
  lean: {
    version: string;
    as_of: string | null;
    today: string;
    time_zone: string;
    tile_url: string;
    programs: StatusesAnswer['programs'];
    styles: { code: BeachStatusCode; name: string; color: string; marker_symbol: string; marker_shape: string }[];
    stations: LeanStationColumns;
    counties: { county_id: number; county: string }[];
    closures: {
      beach_station_id: number;
      beach_name: string;
      municipality: string;
      county_id: number;
      status_code: BeachStatusCode;
      status_since: string | null;
      reason: string | null;
    }[];
  };
  stations: Map<number, StationStatusItem>;
  /** Every station in the list view's order (public order: program, Beach Ordering): each page filters this. */
  listed: StationStatusItem[];
  /** Each listed station's names as a search matches them (same index). */
  searchTexts: string[];
}

/**
 * The map's model from the statuses list (beachStatuses), the status styles (legend order) and the map's
 * configuration (time zone, tile URL: so the first view needs no other read): stations as
 * columns (packages/domain/src/map/lean-statuses.ts), the closures panel's entries, and a version.
 */
export function mapModel(
  statuses: StatusesAnswer,
  styles: readonly StatusStyle[],
  config: { timeZone: string; tileUrl: string },
): MapModel {
  const styleIndex = new Map(styles.map((style, index) => [style.code, index]));
  const version = createHash('sha1').update(JSON.stringify([statuses, styles, config])).digest('base64url').slice(0, 16);
  const counties = new Map<number, string>();
  for (const s of statuses.statuses) counties.set(s.county_id, s.county);
  // Public order (program, Beach Ordering): the order the statuses are read in.
  const listed = statuses.statuses;
  return {
    version,
    lean: {
      version,
      as_of: statuses.as_of,
      today: statuses.today,
      time_zone: config.timeZone,
      tile_url: config.tileUrl,
      programs: statuses.programs,
      styles: styles.map(({ code, name, color, marker_symbol, marker_shape }) => ({ code, name, color, marker_symbol, marker_shape })),
      stations: encodeLeanStations(
        statuses.statuses.map((s) => {
          const status = styleIndex.get(s.status_code);
          if (status === undefined) throw new Error(`Beach status ${s.status_code} is missing from beach_statuses`);
          return { id: s.beach_station_id, latitude: s.latitude, longitude: s.longitude, status };
        }),
      ),
      counties: [...counties].map(([county_id, county]) => ({ county_id, county })).sort((a, b) => a.county.localeCompare(b.county)),
      closures: closuresOf(statuses.statuses).map((s) => ({
        beach_station_id: s.beach_station_id,
        beach_name: s.beach_name,
        municipality: s.municipality,
        county_id: s.county_id,
        status_code: s.status_code,
        status_since: s.status_since,
        reason: s.reason,
      })),
    },
    stations: new Map(statuses.statuses.map((s) => [s.beach_station_id, s])),
    listed,
    searchTexts: listed.map(searchText),
  };
}

/**
 * One page of today's list view (GET public/map/list): the stations matching the filters, from `offset`, and
 * how many match in all. A national program's list view reads 25 stations at a time instead of 6,000.
 */
export function mapListPage(model: MapModel, filters: StationListFilters, offset: number) {
  const matches = matchStations(model.listed, filters, model.searchTexts);
  return { version: model.version, total: matches.length, offset, stations: matches.slice(offset, offset + STATION_LIST_PAGE_SIZE) };
}
