import { compareBeachStations, localDate, portalAbilities, seasonOf, startsSeason, VERIFICATION_CODES, type BeachStatusCode, type PortalRoute, type UserProfile } from '@beach/domain';
import type { AppDeps } from '../../deps';
import { wakeAlerts } from '../alerts/queue';
import { conflict, forbidden, HttpError, notFound } from '../../lib/http';
import { claimIdempotencyKey, storeIdempotentResponse, type IdempotencyClaim } from '../../lib/idempotency';
import { publicReadCache } from '../../lib/public-cache';
import { requireScreen } from '../results/access';
import * as ref from '../results/repository/reference';
import { findResultPrograms, listResults, lockResults, type ResultRecord } from '../results/repository/rows';
import { markSecondaryVerified, markVerified, writeAuditRows, type AuditRow } from '../results/repository/writes';
import * as repo from './repository';
import { applyRulesAndRecord, type StatusChange, type StationFlagsOut } from './rule-effects';

/**
 * Result Verification (DATA_VERIFICATION ADMIN, SPEC 6) and Secondary Validation (the organization's
 * SECOND_VERIFICATION for the program, inside the Results menu: the same rule as the web menu).
 */

const VERIFY_SCREEN: PortalRoute = '/portal/results/verification';
const SECONDARY_SCREEN: PortalRoute = '/portal/secondary-validation';

export function requireVerifier(profile: UserProfile, programId: number): void {
  requireScreen(profile, programId, VERIFY_SCREEN, 'You need data verification admin access in this program.');
}

export function requireSecondaryValidator(profile: UserProfile, programId: number): void {
  requireScreen(profile, programId, SECONDARY_SCREEN, 'Secondary validation needs your organization to do secondary verification in this program.');
}

interface ThresholdView {
  parameter_id: number;
  beach_action_value: number;
  geomean_threshold: number;
  statistical_threshold: number;
}

/** A result with its value judged against the program's thresholds for its parameter. */
function judged(r: ResultRecord, thresholds: readonly ThresholdView[]) {
  const t = thresholds.find((x) => x.parameter_id === r.parameter_id) ?? null;
  return {
    ...r,
    beach_action_value: t?.beach_action_value ?? null,
    statistical_threshold: t?.statistical_threshold ?? null,
    above_beach_action_value: t && r.value !== null ? r.value > t.beach_action_value : null,
    above_statistical_threshold: t && r.value !== null ? r.value > t.statistical_threshold : null,
  };
}

/** Results grouped by sample date, then station, as both verification screens list them. */
function byDateAndStation<R extends ResultRecord>(rows: readonly R[], statusOf: (primaryId: number) => repo.StatusRecord | null) {
  const dates = new Map<string, Map<number, R[]>>();
  for (const r of rows) {
    const stations = dates.get(r.sample_date) ?? new Map<number, R[]>();
    stations.set(r.beach_station_id, [...(stations.get(r.beach_station_id) ?? []), r]);
    dates.set(r.sample_date, stations);
  }
  return [...dates.entries()].map(([sample_date, stations]) => ({
    sample_date,
    // Stations in natural order of beach and station names (the query's text order put "10th" before "9th").
    stations: [...stations.values()].sort((a, b) => compareBeachStations(a[0]!, b[0]!)).map((results) => {
      const first = results[0]!;
      return {
        beach_station_id: first.beach_station_id,
        station_name: first.station_name,
        station_type: first.station_type,
        primary_station_id: first.primary_station_id,
        beach_name: first.beach_name,
        current_status: statusOf(first.primary_station_id),
        results,
      };
    }),
  }));
}

async function statusLookup(deps: AppDeps, rows: readonly ResultRecord[]) {
  const db = deps.database.db;
  const [statuses, stations] = await Promise.all([repo.listStatuses(db), repo.readStations(db, [...new Set(rows.map((r) => r.primary_station_id))])]);
  const byId = new Map(statuses.map((s) => [s.beach_status_id, s]));
  return (primaryId: number) => {
    const id = stations.get(primaryId)?.current_status_id;
    return id == null ? null : (byId.get(id) ?? null);
  };
}

export const VERIFICATION_LIST_LIMIT = 5000;

/** GET results/{program_id}/verify: the program's unverified results by date and station, against its thresholds. */
export async function listForVerification(
  deps: AppDeps,
  profile: UserProfile,
  programId: number,
  query: { from?: string; to?: string; beach_station_id?: number },
) {
  const db = deps.database.db;
  const program = await ref.findProgram(db, programId);
  if (!program) throw notFound('Program');
  requireVerifier(profile, programId);
  const [rows, thresholds] = await Promise.all([
    listResults(db, {
      programId,
      states: ['UNVERIFIED'],
      from: query.from,
      to: query.to,
      stationId: query.beach_station_id,
      limit: VERIFICATION_LIST_LIMIT + 1,
    }),
    ref.listProgramThresholds(db, [programId]),
  ]);
  const shown = rows.slice(0, VERIFICATION_LIST_LIMIT);
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    thresholds,
    count: shown.length,
    truncated: rows.length > VERIFICATION_LIST_LIMIT,
    dates: byDateAndStation(shown.map((r) => judged(r, thresholds)), await statusLookup(deps, shown)),
  };
}

export interface VerifyOutcome {
  verified: number;
  result_ids: number[];
  status_changes: StatusChange[];
  station_flags: StationFlagsOut[];
}

/**
 * The chosen results exist and each is in a program where the caller may use `screen`, checked before any
 * write. Unknown ids get the refusal foreign ids get (403, the same code and message), so the answer
 * never tells which ids exist (decision 0018).
 */
async function requireResultsOn(deps: AppDeps, profile: UserProfile, ids: readonly number[], screen: PortalRoute, message: string): Promise<void> {
  const programs = await findResultPrograms(deps.database.db, ids);
  const allowed = (programId: number) => portalAbilities(profile, programId)[screen];
  if (ids.some((id) => !programs.has(id)) || [...programs.values()].some((programId) => !allowed(programId))) {
    throw forbidden(message, 'PROGRAM_PERMISSION_REQUIRED');
  }
}

/**
 * PUT verify/: verifies the chosen results and runs the program's logic rules over them, in one
 * transaction for the whole batch. Under row locks (results, then primaries) it re-checks that every
 * result is still unverified (409 RESULT_STATE_CHANGED otherwise: someone else verified or edited it)
 * and reads each primary's status; then it stamps the results, writes status history, flags and
 * e-mails, and an audit row per result and per status change. Any failure leaves everything as it was.
 */
export async function verifyResults(deps: AppDeps, profile: UserProfile, ids: readonly number[], claim: IdempotencyClaim | null = null): Promise<VerifyOutcome> {
  await requireResultsOn(deps, profile, ids, VERIFY_SCREEN, 'You need data verification admin access in the program of every chosen result.');
  const tz = deps.config.programTimeZone;
  const actorName = `${profile.first_name} ${profile.last_name}`.trim();
  const outcome = await deps.database.db.transaction(async (tx) => {
    await claimIdempotencyKey(tx, claim);
    const locked = await lockResults(tx, ids);
    if (locked.length !== ids.length) {
      const present = new Set(locked.map((r) => r.result_id));
      throw new HttpError(404, 'NOT_FOUND', 'Result not found.', { result_ids: ids.filter((id) => !present.has(id)) });
    }
    const done = locked.filter((r) => r.verification_state !== 'UNVERIFIED');
    if (done.length) {
      throw conflict('Some results are no longer waiting for verification; reload the list.', VERIFICATION_CODES.RESULT_STATE_CHANGED);
    }
    for (const programId of new Set(locked.map((r) => r.program_id))) requireVerifier(profile, programId);
    const now = new Date();
    const records = await listResults(tx, { ids });
    await markVerified(tx, ids, profile.user_id, now);
    const audit: AuditRow[] = records.map((r) => ({
      userId: profile.user_id,
      action: 'VERIFY',
      tableName: 'results',
      recordId: r.result_id,
      programId: r.program_id,
      before: { verification_state: 'UNVERIFIED' },
      after: { verification_state: 'VERIFIED' },
    }));
    const changes: StatusChange[] = [];
    const flags: StationFlagsOut[] = [];
    const today = localDate(now, tz);
    const open = await repo.findStatusByCode(tx, 'OPEN');
    for (const programId of [...new Set(records.map((r) => r.program_id))].sort((a, b) => a - b)) {
      const season = seasonOf(await repo.listProgramSeasons(tx, programId), today);
      const run = await applyRulesAndRecord(tx, {
        programId,
        results: records.filter((r) => r.program_id === programId),
        actorId: profile.user_id,
        actorName,
        now,
        // Live: the change holds from today (the public sees it from the moment it is verified).
        effectiveDate: () => today,
        mailer: deps.mailer,
        publicUrl: deps.config.publicUrl,
        timeZone: tz,
        // A new station's, or a new season's, first verified result starts the season Open (decision 0051).
        startSeason: open
          ? {
              statusId: open.beach_status_id,
              effectiveDate: () => today,
              starts: async (primaryIds) => {
                const stored = await repo.readStatusDays(tx, primaryIds, tz);
                return new Set(primaryIds.filter((id) => startsSeason(stored.get(id) as { code: BeachStatusCode; since: string | null } | null, season, today)));
              },
            }
          : undefined,
      });
      changes.push(...run.changes);
      flags.push(...run.flags);
      for (const c of run.changes) {
        audit.push({
          userId: profile.user_id,
          action: 'STATUS_CHANGE',
          tableName: 'beach_stations',
          recordId: c.beach_station_id,
          programId,
          before: { status: c.from_status?.code ?? null },
          after: { status: c.to_status.code, rule: c.rule, result_id: c.result_id, effective_date: c.effective_date },
        });
      }
    }
    await writeAuditRows(tx, audit);
    const answer: VerifyOutcome = { verified: ids.length, result_ids: [...ids], status_changes: changes, station_flags: flags };
    await storeIdempotentResponse(tx, claim, answer);
    return answer;
  });
  // Newly verified results and statuses are public: the map and beach pages must not wait out the cache.
  publicReadCache(deps).invalidate();
  if (outcome.status_changes.length) await wakeAlerts(deps);
  return outcome;
}

/** GET verify/secondary?program_id: verified results waiting for the second check. */
export async function listForSecondary(deps: AppDeps, profile: UserProfile, query: { program_id: number; from?: string; to?: string }) {
  const db = deps.database.db;
  const program = await ref.findProgram(db, query.program_id);
  if (!program) throw notFound('Program');
  requireSecondaryValidator(profile, query.program_id);
  const [rows, thresholds] = await Promise.all([
    listResults(db, { programId: query.program_id, states: ['VERIFIED'], from: query.from, to: query.to, limit: VERIFICATION_LIST_LIMIT + 1 }),
    ref.listProgramThresholds(db, [query.program_id]),
  ]);
  const shown = rows.slice(0, VERIFICATION_LIST_LIMIT).map((r) => ({
    ...judged(r, thresholds),
    /** Secondary validation is a second person's check: the primary verifier cannot give it. */
    can_validate: r.verified_by !== profile.user_id,
  }));
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    thresholds,
    count: shown.length,
    truncated: rows.length > VERIFICATION_LIST_LIMIT,
    dates: byDateAndStation(shown, await statusLookup(deps, shown)),
  };
}

/**
 * PUT verify/secondary/: VERIFIED -> SECONDARY_VERIFIED for the chosen results, all or none. Each must
 * still be VERIFIED (409 RESULT_STATE_CHANGED) and verified by someone else (409 SAME_VERIFIER).
 */
export async function secondaryVerify(deps: AppDeps, profile: UserProfile, ids: readonly number[], claim: IdempotencyClaim | null = null) {
  await requireResultsOn(
    deps,
    profile,
    ids,
    SECONDARY_SCREEN,
    'Secondary validation needs your organization to do secondary verification in the program of every chosen result.',
  );
  return deps.database.db.transaction(async (tx) => {
    await claimIdempotencyKey(tx, claim);
    const locked = await lockResults(tx, ids);
    if (locked.length !== ids.length) throw notFound('Result');
    if (locked.some((r) => r.verification_state !== 'VERIFIED')) {
      throw conflict('Some results are not waiting for secondary validation; reload the list.', VERIFICATION_CODES.RESULT_STATE_CHANGED);
    }
    const own = locked.filter((r) => r.verified_by === profile.user_id);
    if (own.length) {
      throw new HttpError(409, VERIFICATION_CODES.SAME_VERIFIER, 'Results you verified need another person for the secondary validation.', {
        result_ids: own.map((r) => r.result_id),
      });
    }
    await markSecondaryVerified(tx, ids, profile.user_id, new Date());
    await writeAuditRows(
      tx,
      locked.map((r) => ({
        userId: profile.user_id,
        action: 'SECONDARY_VERIFY',
        tableName: 'results',
        recordId: r.result_id,
        programId: r.program_id,
        before: { verification_state: 'VERIFIED' },
        after: { verification_state: 'SECONDARY_VERIFIED' },
      })),
    );
    const answer = { verified: ids.length, result_ids: [...ids] };
    await storeIdempotentResponse(tx, claim, answer);
    return answer;
  });
}
