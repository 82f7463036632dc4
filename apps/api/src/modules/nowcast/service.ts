import {
  can,
  compareByRisk,
  DEFAULT_NOWCAST_COEFFICIENTS,
  isProgramAccessible,
  localDate,
  nowcast,
  type NowcastBoard,
  type NowcastCoefficients,
  type ProgramNowcastCoefficients,
  type RainfallFeedStatus,
  type StationNowcast,
  type StationNowcastResponse,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { writeAudit } from '../../lib/audit';
import { conflict, forbidden, notFound } from '../../lib/http';
import { readRainfallFeed, RainfallFeedError } from './feed';
import * as repo from './repository';

/**
 * The rainfall nowcast (issue 16; decision 0046): staff decision support only. The daily job (and a staff
 * "refresh now") reads RAINFALL_URL into rainfall_readings; the board and the station dashboard compute each
 * station's estimate on read from those readings, the station's last verified result and the program's
 * coefficients. Nothing here changes a status: the board's advisory button uses PUT beach/bulkStatus.
 */

/** Readings older than this (by the feed's as-of time) are shown as stale. */
export const STALE_AFTER_HOURS = 36;

export function feedStatus(deps: AppDeps, state: repo.FeedStateRow | null, readingCount: number, now = new Date()): RainfallFeedStatus {
  const configured = Boolean(deps.config.rainfallUrl);
  const asOf = state?.asOf ?? null;
  const fetchedAt = state?.fetchedAt ?? null;
  const stateCode: RainfallFeedStatus['state'] = state?.lastError
    ? 'FAILED'
    : !fetchedAt || !asOf
      ? 'NONE'
      : now.getTime() - asOf.getTime() > STALE_AFTER_HOURS * 3_600_000
        ? 'STALE'
        : 'OK';
  return {
    configured,
    as_of: asOf?.toISOString() ?? null,
    fetched_at: fetchedAt?.toISOString() ?? null,
    last_attempt_at: state?.lastAttemptAt?.toISOString() ?? null,
    last_error: state?.lastError ?? null,
    state: stateCode,
    reading_count: readingCount,
  };
}

export interface RefreshOutcome {
  ok: boolean;
  stored: number;
  error: string | null;
}

/**
 * Reads the feed once and replaces the stored readings in one transaction; a failed read keeps the old
 * readings and records why. Answers whether it worked (the job retries a failure).
 */
export async function refreshRainfall(deps: AppDeps, now = new Date()): Promise<RefreshOutcome> {
  const url = deps.config.rainfallUrl;
  if (!url) return { ok: false, stored: 0, error: 'No rainfall feed is configured (RAINFALL_URL).' };
  try {
    const feed = await readRainfallFeed(url, deps.config.rainfallFeedLimits);
    await deps.database.db.transaction(async (tx) => repo.replaceReadings(tx, feed, now));
    return { ok: true, stored: feed.readings.length, error: null };
  } catch (err) {
    if (!(err instanceof RainfallFeedError)) throw err;
    await repo.recordFailedFetch(deps.database.db, now, err.message);
    return { ok: false, stored: 0, error: err.message };
  }
}

/** POST nowcast/rainfall/refresh: the staff "refresh now". */
export async function refreshRainfallNow(deps: AppDeps) {
  if (!deps.config.rainfallUrl) throw conflict('No rainfall feed is configured (RAINFALL_URL).', 'RAINFALL_FEED_NOT_CONFIGURED');
  const outcome = await refreshRainfall(deps);
  const state = await repo.findFeedState(deps.database.db);
  return { feed: feedStatus(deps, state, state?.readingCount ?? 0), stored: outcome.stored };
}

async function coefficientsOf(deps: AppDeps, programId: number) {
  const row = await repo.findCoefficients(deps.database.db, programId);
  const coefficients: NowcastCoefficients = row
    ? { intercept: row.intercept, rain_24h: row.rain_24h, rain_48h: row.rain_48h, rain_72h: row.rain_72h, last_result: row.last_result, threshold: row.threshold }
    : DEFAULT_NOWCAST_COEFFICIENTS;
  return { row, coefficients };
}

type Lookup = (s: repo.NowcastStationRow) => { reading: repo.ReadingRow; matched_by: 'STATION' | 'MUNICIPALITY' | 'COUNTY' } | null;

/** A station takes its own reading first (by EPA station id), else its municipality's, else its county's. */
function readingLookup(readings: repo.ReadingRow[]): Lookup {
  const key = (...parts: string[]) => parts.map((p) => p.trim().toLowerCase()).join('|');
  const byStation = new Map<string, repo.ReadingRow>();
  const byMunicipality = new Map<string, repo.ReadingRow>();
  const byCounty = new Map<string, repo.ReadingRow>();
  for (const r of readings) {
    if (r.station_code) byStation.set(key(r.station_code), r);
    else if (r.municipality && r.county) byMunicipality.set(key(r.county, r.municipality), r);
    else if (r.county) byCounty.set(key(r.county), r);
  }
  return (s) => {
    const station = s.epa_station_id ? byStation.get(key(s.epa_station_id)) : undefined;
    if (station) return { reading: station, matched_by: 'STATION' };
    const municipality = byMunicipality.get(key(s.county, s.municipality));
    if (municipality) return { reading: municipality, matched_by: 'MUNICIPALITY' };
    const county = byCounty.get(key(s.county));
    return county ? { reading: county, matched_by: 'COUNTY' } : null;
  };
}

async function estimates(deps: AppDeps, stations: repo.NowcastStationRow[], coefficients: NowcastCoefficients, today: string): Promise<StationNowcast[]> {
  const db = deps.database.db;
  const [readings, lastResults] = await Promise.all([
    repo.listReadings(db),
    repo.listLastResults(
      db,
      stations.map((s) => s.beach_station_id),
      today,
    ),
  ]);
  const lookup = readingLookup(readings);
  const lastBy = new Map(lastResults.map((r) => [r.beach_station_id, r]));
  return stations.map((s) => {
    const match = lookup(s);
    const last = lastBy.get(s.beach_station_id) ?? null;
    const estimate = nowcast(coefficients, {
      h24: match?.reading.h24 ?? null,
      h48: match?.reading.h48 ?? null,
      h72: match?.reading.h72 ?? null,
      last_result: last?.value ?? null,
    });
    return {
      beach_station_id: s.beach_station_id,
      station_name: s.station_name,
      beach_id: s.beach_id,
      beach_name: s.beach_name,
      municipality: s.municipality,
      county: s.county,
      current_status: s.status_code ? { code: s.status_code, name: s.status_name ?? s.status_code } : null,
      rainfall: match ? { h24: match.reading.h24, h48: match.reading.h48, h72: match.reading.h72, matched_by: match.matched_by, as_of: match.reading.as_of } : null,
      last_result: last
        ? { value: last.value, sample_date: last.sample_date, parameter: last.parameter, unit: last.unit, beach_action_value: last.beach_action_value }
        : null,
      probability: estimate.probability,
      log_odds: estimate.log_odds,
      flagged: estimate.flagged,
      terms: estimate.terms,
    };
  });
}

async function feedNow(deps: AppDeps) {
  const state = await repo.findFeedState(deps.database.db);
  return feedStatus(deps, state, state?.readingCount ?? 0);
}

/** GET nowcast/programs/{id}/board: every active primary station of the program, highest risk first. */
export async function morningBoard(deps: AppDeps, profile: UserProfile, programId: number): Promise<NowcastBoard> {
  if (!(await repo.programExists(deps.database.db, programId))) throw notFound('Program');
  const today = localDate(new Date(), deps.config.programTimeZone);
  const [{ row, coefficients }, stations, feed] = await Promise.all([
    coefficientsOf(deps, programId),
    repo.listNowcastStations(deps.database.db, { programId }),
    feedNow(deps),
  ]);
  const rows = await estimates(deps, stations, coefficients, today);
  return {
    program_id: programId,
    today,
    feed,
    coefficients,
    custom_coefficients: row !== null,
    can_set_status: can(profile, programId, 'BEACH_STATUSES', 'USER'),
    stations: rows.sort(compareByRisk),
  };
}

/** GET nowcast/stations/{id}: one station's estimate today (the station dashboard). */
export async function stationNowcast(deps: AppDeps, profile: UserProfile, stationId: number): Promise<StationNowcastResponse> {
  const [station] = await repo.listNowcastStations(deps.database.db, { stationId });
  if (!station) throw notFound('Beach station');
  if (!isProgramAccessible(profile, station.program_id)) throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
  const today = localDate(new Date(), deps.config.programTimeZone);
  const [{ coefficients }, feed] = await Promise.all([coefficientsOf(deps, station.program_id), feedNow(deps)]);
  const [estimate] = await estimates(deps, [station], coefficients, today);
  return { feed, coefficients, station: estimate! };
}

/** GET nowcast/programs/{id}/coefficients. */
export async function programCoefficients(deps: AppDeps, programId: number): Promise<ProgramNowcastCoefficients> {
  if (!(await repo.programExists(deps.database.db, programId))) throw notFound('Program');
  const { row, coefficients } = await coefficientsOf(deps, programId);
  return {
    program_id: programId,
    coefficients,
    custom: row !== null,
    defaults: DEFAULT_NOWCAST_COEFFICIENTS,
    updated_at: row?.updated_at.toISOString() ?? null,
    updated_by: row?.updated_by ?? null,
  };
}

/** PUT nowcast/programs/{id}/coefficients: the program's own coefficients, audited in the same transaction. */
export async function saveProgramCoefficients(deps: AppDeps, profile: UserProfile, programId: number, input: NowcastCoefficients) {
  const db = deps.database.db;
  if (!(await repo.programExists(db, programId))) throw notFound('Program');
  await db.transaction(async (tx) => {
    const before = await repo.findCoefficients(tx, programId);
    await repo.saveCoefficients(tx, programId, input, profile.user_id);
    await writeAudit(tx, {
      userId: profile.user_id,
      action: before ? 'UPDATE' : 'CREATE',
      tableName: 'nowcast_coefficients',
      recordId: programId,
      programId,
      before: before ? stripMeta(before) : DEFAULT_NOWCAST_COEFFICIENTS,
      after: input,
    });
  });
  return programCoefficients(deps, programId);
}

/** DELETE nowcast/programs/{id}/coefficients: back to the defaults, audited. */
export async function resetProgramCoefficients(deps: AppDeps, profile: UserProfile, programId: number) {
  const db = deps.database.db;
  if (!(await repo.programExists(db, programId))) throw notFound('Program');
  await db.transaction(async (tx) => {
    const before = await repo.findCoefficients(tx, programId);
    if (!before) return;
    await repo.deleteCoefficients(tx, programId);
    await writeAudit(tx, {
      userId: profile.user_id,
      action: 'DELETE',
      tableName: 'nowcast_coefficients',
      recordId: programId,
      programId,
      before: stripMeta(before),
      after: DEFAULT_NOWCAST_COEFFICIENTS,
    });
  });
  return programCoefficients(deps, programId);
}

const stripMeta = ({ updated_at: _at, updated_by: _by, ...c }: repo.CoefficientsRow): NowcastCoefficients => c;
