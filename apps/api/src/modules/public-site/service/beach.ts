import {
  addDays,
  BEACH_RESULTS_LIMIT,
  CODES,
  latestBegunSeason,
  rollingGeomeans,
  thresholdsFor,
  WATER_PARAMETERS,
  type WaterParameter,
} from '@beach/domain';
import type { Db } from '../../../db/client';
import { badRequest, notFound } from '../../../lib/http';
import {
  findPublicStationProfile,
  listGeomeanSamples,
  listParameters,
  listProgramThresholds,
  listPublicBrackets,
  listVerifiedResults,
  type PublicStationProfile,
} from '../repository/beach';
import { listPhotos, listReports, type StationPlace } from '../repository/content';
import { findPublicStations } from '../repository/statuses';
import type { PublicStation } from '../types';
import { photoOut, reportOut } from './content';
import { currentSeasonStart, dateRange, listBeachActions, loadStatusContext, publicView, seasonInfoOut, type StatusContext } from './statuses';

const GEOMEAN_WINDOW_DAYS = 30;
const GEOMEAN_MIN_SAMPLES = 5;

async function requireStation(db: Db, stationId: number): Promise<PublicStationProfile> {
  const profile = await findPublicStationProfile(db, stationId);
  if (!profile) throw notFound('Beach');
  return profile;
}

/** Marine waters are sampled for Enterococcus, fresh waters for E. coli (EPA 2012 criteria). */
function parameterFor(profile: PublicStationProfile, station: PublicStation | undefined): string {
  return station?.lastSample?.parameter ?? (profile.category === 'OCEAN' || profile.category === 'BAY' ? 'ENTEROCOCCUS' : 'E_COLI');
}

function placeOf(profile: PublicStationProfile): StationPlace {
  return {
    stationId: profile.beach_station_id,
    municipalityId: profile.municipality.municipality_id,
    countyId: profile.county.county_id,
  };
}

/** The beach page: station, beach, place, program, brackets, public status, season and thresholds. */
export async function beachProfile(db: Db, timeZone: string, today: string, stationId: number) {
  const profile = await requireStation(db, stationId);
  const [context, stations, brackets, thresholds] = await Promise.all([
    loadStatusContext(db),
    findPublicStations(db, { timeZone, stationIds: [stationId] }),
    listPublicBrackets(db, profile.statusStationId),
    listProgramThresholds(db, profile.program.program_id),
  ]);
  const station = stations[0];
  if (!station) throw notFound('Beach');
  const view = publicView(station, context, today);
  const parameter = parameterFor(profile, station);
  const { censoredRule: _rule, countedRemarks: _counted, statusStationId: _holder, ...out } = profile;
  return {
    ...out,
    brackets,
    status: {
      code: view.style.code,
      name: view.style.name,
      color: view.style.color,
      marker_symbol: view.style.marker_symbol,
      marker_shape: view.style.marker_shape,
      since: view.since,
      reason: view.reason,
    },
    season: seasonInfoOut(context.seasons.get(profile.program.program_id) ?? [], today),
    last_sample: station.lastSample,
    parameter,
    thresholds: thresholds.find((t) => t.parameter === parameter) ?? null,
  };
}

async function checkParameter(db: Db, parameter: string | undefined): Promise<void> {
  if (parameter === undefined) return;
  const known = await listParameters(db);
  if (!known.some((p) => p.code === parameter)) {
    const message = `Unknown parameter; use one of ${known.map((p) => p.code).join(', ')}`;
    throw badRequest(CODES.VALIDATION_FAILED, message, [{ field: 'parameter', message }]);
  }
}

/** Verified results of a station, latest first (default: the current season to today). */
export async function beachResults(
  db: Db,
  today: string,
  stationId: number,
  query: { from?: string; to?: string; parameter?: string },
) {
  const profile = await requireStation(db, stationId);
  await checkParameter(db, query.parameter);
  const context = await loadStatusContext(db);
  const range = dateRange(query.from, query.to, currentSeasonStart(context, today, profile.program.program_id), today);
  const rows = await listVerifiedResults(db, { stationId, ...range, parameter: query.parameter, limit: BEACH_RESULTS_LIMIT + 1 });
  return { beach_station_id: stationId, ...range, truncated: rows.length > BEACH_RESULTS_LIMIT, results: rows.slice(0, BEACH_RESULTS_LIMIT) };
}

/**
 * Rolling 30-day geomeans of a station over one season (default: the current one), with the program's
 * threshold, censored-value rule and counted remarks (FA, CG: decision 0023). Samples from the 29 days before the season count in its first windows.
 */
export async function beachGeomeans(
  db: Db,
  timeZone: string,
  today: string,
  stationId: number,
  query: { year?: number; parameter?: string },
) {
  const profile = await requireStation(db, stationId);
  await checkParameter(db, query.parameter);
  const programId = profile.program.program_id;
  const [context, thresholds, stations] = await Promise.all([
    loadStatusContext(db),
    listProgramThresholds(db, programId),
    query.parameter === undefined ? findPublicStations(db, { timeZone, stationIds: [stationId] }) : Promise.resolve([]),
  ]);
  const parameter = query.parameter ?? parameterFor(profile, stations[0]);
  const seasons = context.seasons.get(programId) ?? [];
  const year = query.year ?? latestBegunSeason(seasons, today)?.year ?? Number(today.slice(0, 4));
  const season = seasons.find((s) => s.year === year) ?? null;
  const from = season?.preseasonStart ?? `${year}-01-01`;
  const to = season?.endDate ?? `${year}-12-31`;
  const threshold =
    thresholds.find((t) => t.parameter === parameter)?.geomean_threshold ??
    ((WATER_PARAMETERS as readonly string[]).includes(parameter) ? thresholdsFor(parameter as WaterParameter).geomean : null);
  if (threshold === null) throw notFound('Thresholds for this parameter');

  const samples = await listGeomeanSamples(db, {
    stationId,
    parameter,
    from: addDays(from, -(GEOMEAN_WINDOW_DAYS - 1)),
    to,
  });
  const points = rollingGeomeans(samples, {
    windowDays: GEOMEAN_WINDOW_DAYS,
    minSamples: GEOMEAN_MIN_SAMPLES,
    threshold,
    censoredRule: profile.censoredRule,
    countedRemarks: profile.countedRemarks,
  })
    .filter((p) => p.endDate >= from)
    .map((p) => ({ start_date: p.startDate, end_date: p.endDate, count: p.count, geomean: p.geomean, pass: p.pass }));
  return {
    beach_station_id: stationId,
    parameter,
    season: season
      ? { year: season.year, preseason_start: season.preseasonStart, start_date: season.startDate, end_date: season.endDate }
      : null,
    from,
    to,
    window_days: GEOMEAN_WINDOW_DAYS,
    min_samples: GEOMEAN_MIN_SAMPLES,
    threshold,
    censored_rule: profile.censoredRule,
    points,
  };
}

/** Advisories and closures of the station's primary over the last `seasons` seasons. */
export async function beachStationActions(db: Db, today: string, stationId: number, seasons: number) {
  const profile = await requireStation(db, stationId);
  const context: StatusContext = await loadStatusContext(db);
  const programSeasons = context.seasons.get(profile.program.program_id) ?? [];
  const latestYear = latestBegunSeason(programSeasons, today)?.year ?? Number(today.slice(0, 4));
  const { from, to, actions } = await listBeachActions(
    db,
    today,
    { from: `${latestYear - seasons + 1}-01-01`, to: today, primaryStationId: profile.statusStationId },
    context,
  );
  return { beach_station_id: stationId, from, to, actions };
}

export async function beachPhotos(db: Db, stationId: number) {
  const profile = await requireStation(db, stationId);
  return (await listPhotos(db, placeOf(profile))).map(photoOut);
}

export async function beachReports(db: Db, stationId: number) {
  const profile = await requireStation(db, stationId);
  return (await listReports(db, {}, placeOf(profile))).map(reportOut);
}
