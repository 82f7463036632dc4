import {
  addDays,
  can,
  daysInEachStatus,
  effectiveValue,
  isEvaluatedRemark,
  geometricMean,
  geomeanSurvey,
  GEOMEAN_MIN_SAMPLES,
  GEOMEAN_WINDOW_DAYS,
  isProgramAccessible,
  localDate,
  type BulkStatus,
  type CensoredRule,
  type NotEvaluatedRemarkCode,
  type UserProfile,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { wakeAlerts } from '../alerts/queue';
import { forbidden, invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { publicReadCache } from '../../lib/public-cache';
import { recordRuleIncidents } from '../incidents/rule-incidents';
import * as ref from '../results/repository/reference';
import { listResults, type ResultRecord } from '../results/repository/rows';
import { writeAuditRows, type AuditRow } from '../results/repository/writes';
import * as verificationRepo from '../verification/repository';
import type { StatusChange } from '../verification/rule-effects';
import { sendStatusMails, type StatusMailFacts } from '../verification/status-mail';
import { listProgramSeasons, listStatusHistory } from './repository';

/**
 * Beach status by hand (PUT beach/bulkStatus) and the staff reads of one station: its results on a day,
 * its results over a period, and its statistics per season.
 *
 * Reads need the program to be accessible to the caller (any permission there, SPEC 6). Setting a
 * status needs BEACH_STATUSES USER or ADMIN: the health officers who post pre-emptive advisories and
 * closures hold USER (decision 0011).
 */

async function stationFor(deps: AppDeps, profile: UserProfile, stationId: number) {
  const [station] = await ref.listStationsById(deps.database.db, [stationId]);
  if (!station) throw notFound('Beach station');
  if (!isProgramAccessible(profile, station.program_id)) throw forbidden('You do not have access to this program.', 'PROGRAM_ACCESS_REQUIRED');
  return station;
}

/**
 * PUT beach/bulkStatus: the stations' new status, with the staff member's reason, in one transaction.
 * Stations are locked and their status re-read under the lock; those already in that status are left
 * alone (listed as unchanged). Every change is a MANUAL history row (with the BEACON reason and source
 * when given), an audit row and (unless send_email is false) a status e-mail.
 */
export async function setStatusesByHand(deps: AppDeps, profile: UserProfile, input: BulkStatus) {
  const db = deps.database.db;
  const tz = deps.config.programTimeZone;
  const stations = await ref.listStationsById(db, input.beach_station_ids);
  // Permission before existence or validation: an id that does not exist answers like one of a program the
  // caller cannot reach, so the call tells nobody which ids exist.
  const missing = input.beach_station_ids.some((id) => !stations.some((s) => s.beach_station_id === id));
  if (missing || stations.some((s) => !can(profile, s.program_id, 'BEACH_STATUSES', 'USER'))) {
    throw forbidden('You need beach statuses user access in the program of every station.', 'PROGRAM_PERMISSION_REQUIRED');
  }
  const statuses = await verificationRepo.listStatuses(db);
  const status = statuses.find((s) => s.beach_status_id === input.beach_status_id);
  const issues: FieldIssue[] = [];
  if (!status) issues.push({ field: 'beach_status_id', message: 'Unknown beach status' });
  input.beach_station_ids.forEach((id, i) => {
    const station = stations.find((s) => s.beach_station_id === id)!;
    if (station.station_type !== 'PRIMARY') {
      issues.push({ field: `beach_station_ids.${i}`, message: `${station.station_name} is a bracket: its status is its primary's` });
    }
  });
  if (issues.length) throw invalidFields(issues);

  const now = new Date();
  const effectiveDate = input.effective_date ?? localDate(now, tz);
  const actorName = `${profile.first_name} ${profile.last_name}`.trim();
  const outcome = await db.transaction(async (tx) => {
    const locked = await verificationRepo.lockStations(tx, input.beach_station_ids);
    const changing = input.beach_station_ids.filter((id) => locked.get(id)!.current_status_id !== input.beach_status_id);
    const statusById = new Map(statuses.map((s) => [s.beach_status_id, s]));
    const history = changing.map((id) => ({
      beach_station_id: id,
      from_status_id: locked.get(id)!.current_status_id,
      to_status_id: input.beach_status_id,
      effective_date: effectiveDate,
      changed_at: now,
      source: 'MANUAL' as const,
      program_beach_logic_id: null,
      result_id: null,
      reason_code: input.reason_code,
      beacon_source: input.beacon_source,
      reason: input.reason,
      changed_by: profile.user_id,
    }));
    // An advisory or closure opens an incident when the station has none open (decision 0026). The history row
    // carries the staff member's own reason and source (what the public reads), so it does not name the incident.
    await recordRuleIncidents(
      tx,
      history.map((h) => ({
        stationId: h.beach_station_id,
        effectiveDate: h.effective_date,
        toStatusCode: status!.code,
        toStatusName: status!.name,
        reasonCode: h.reason_code,
        sourceCode: h.beacon_source,
        reason: h.reason,
      })),
      { actorId: profile.user_id, timeZone: tz },
    );
    await verificationRepo.insertStatusHistory(tx, history);
    await verificationRepo.setCurrentStatuses(
      tx,
      changing.map((id) => ({ id, statusId: input.beach_status_id, since: now })),
    );
    const facts = await verificationRepo.listStationFacts(tx, changing);
    const audit: AuditRow[] = history.map((h) => ({
      userId: profile.user_id,
      action: 'STATUS_CHANGE',
      tableName: 'beach_stations',
      recordId: h.beach_station_id,
      programId: facts.get(h.beach_station_id)!.program_id,
      before: { status: h.from_status_id === null ? null : (statusById.get(h.from_status_id)?.code ?? null) },
      after: { status: status!.code, reason: input.reason, reason_code: input.reason_code, beacon_source: input.beacon_source, effective_date: effectiveDate, source: 'MANUAL' },
    }));
    await writeAuditRows(tx, audit);

    const mailedTo = new Map<number, string[]>();
    if (input.send_email) {
      for (const programId of new Set(changing.map((id) => facts.get(id)!.program_id))) {
        const ids = changing.filter((id) => facts.get(id)!.program_id === programId);
        const sent = await sendStatusMails(
          tx,
          deps.mailer,
          programId,
          ids.map(
            (id): StatusMailFacts => ({
              station: facts.get(id)!,
              from: statusById.get(locked.get(id)!.current_status_id ?? -1) ?? null,
              to: status!,
              effectiveDate,
              result: null,
              rule: null,
              reason: input.reason,
              actions: [],
              changedBy: actorName,
              publicUrl: deps.config.publicUrl,
            }),
          ),
        );
        ids.forEach((id, i) => mailedTo.set(id, sent[i] ?? []));
      }
    }
    const changes: StatusChange[] = changing.map((id) => ({
      beach_station_id: id,
      station_name: facts.get(id)!.station_name,
      beach_name: facts.get(id)!.beach_name,
      from_status: statusById.get(locked.get(id)!.current_status_id ?? -1) ?? null,
      to_status: status!,
      effective_date: effectiveDate,
      result_id: null,
      rule: null,
      reason: input.reason,
      emailed_to: mailedTo.get(id) ?? [],
    }));
    return { status_changes: changes, unchanged: input.beach_station_ids.filter((id) => !changing.includes(id)) };
  });
  if (outcome.status_changes.length) {
    publicReadCache(deps).invalidate();
    await wakeAlerts(deps);
  }
  return outcome;
}

const stationOut = (s: ref.StationRecord) => ({
  beach_station_id: s.beach_station_id,
  station_name: s.station_name,
  station_type: s.station_type,
  primary_station_id: s.primary_station_id,
  beach_id: s.beach_id,
  beach_name: s.beach_name,
  program_id: s.program_id,
  active: s.active,
});

/** GET beach/results/{id}/{date}: every result of the station sampled that day, in any verification state. */
export async function stationResultsOnDate(deps: AppDeps, profile: UserProfile, stationId: number, date: string) {
  const station = await stationFor(deps, profile, stationId);
  const results = await listResults(deps.database.db, { stationId, sampleDate: date });
  return { station: stationOut(station), sample_date: date, results };
}

export const HISTORICAL_LIMIT = 5000;

/** GET beach/results/{id}/historical: the station's results in a period (default the last 365 days), oldest first. */
export async function stationResultHistory(
  deps: AppDeps,
  profile: UserProfile,
  stationId: number,
  query: { from?: string; to?: string; parameter?: string },
) {
  const db = deps.database.db;
  const station = await stationFor(deps, profile, stationId);
  const today = localDate(new Date(), deps.config.programTimeZone);
  const to = query.to ?? today;
  const from = query.from ?? addDays(to, -364);
  if (query.parameter !== undefined && !(await ref.listParameters(db)).some((p) => p.code === query.parameter)) {
    throw invalidFields([{ field: 'parameter', message: 'Unknown parameter code' }]);
  }
  const rows = await listResults(db, { stationId, from, to, parameterCode: query.parameter, limit: HISTORICAL_LIMIT + 1 });
  const [thresholds, program] = await Promise.all([ref.listProgramThresholds(db, [station.program_id]), ref.findProgram(db, station.program_id)]);
  const results = rows.slice(0, HISTORICAL_LIMIT);
  const verified = results.filter((r) => r.verification_state !== 'UNVERIFIED');
  return {
    station: stationOut(station),
    from,
    to,
    parameter: query.parameter ?? null,
    truncated: rows.length > HISTORICAL_LIMIT,
    summary: summarize(verified, thresholds, geomeanRules(program!)),
    results,
  };
}

/** How the program's geomeans count censored results and FA, CG results (decision 0023). */
interface GeomeanRules {
  censoredRule: CensoredRule;
  countedRemarks: NotEvaluatedRemarkCode[];
}

const geomeanRules = (program: ref.ProgramRecord): GeomeanRules => ({
  censoredRule: program.censored_rule,
  countedRemarks: program.geomean_counted_remarks,
});

/**
 * Counts, exceedances and the geometric mean of verified results (per the program's thresholds, censored-value
 * rule and counted remarks). An exceedance is a rule's matter: FA and CG results exceed nothing, whatever
 * the program counts in its geomeans.
 */
function summarize(rows: readonly ResultRecord[], thresholds: readonly ref.ProgramThresholdRecord[], rules: GeomeanRules) {
  const withValue = rows.filter((r) => r.value !== null);
  const exceedances = withValue.filter((r) => {
    const t = thresholds.find((x) => x.parameter_id === r.parameter_id);
    // A failed analysis or confluent growth carries no measurement to exceed anything with.
    return t !== undefined && isEvaluatedRemark(r.remark_code) && r.value! > t.beach_action_value;
  }).length;
  const values = withValue.flatMap((r) => {
    const v = effectiveValue(r.value, r.remark_code, rules.censoredRule, rules.countedRemarks);
    return v !== null && v > 0 ? [v] : [];
  });
  return {
    verified_samples: rows.length,
    samples_with_value: withValue.length,
    exceedances,
    geomean: geometricMean(values),
    min: withValue.length ? Math.min(...withValue.map((r) => r.value!)) : null,
    max: withValue.length ? Math.max(...withValue.map((r) => r.value!)) : null,
  };
}

/**
 * GET beach/{id}/statistics: per season (newest first; `year` picks one) the verified samples,
 * exceedances of the beach action value, the season's geometric mean and the 30-day geomean at its end
 * (or today), and the days the station's primary spent in each status from pre-season start to season
 * end (or today).
 */
export async function stationStatistics(deps: AppDeps, profile: UserProfile, stationId: number, query: { year?: number }) {
  const db = deps.database.db;
  const station = await stationFor(deps, profile, stationId);
  const today = localDate(new Date(), deps.config.programTimeZone);
  const [seasons, thresholds, program, statuses] = await Promise.all([
    listProgramSeasons(db, station.program_id),
    ref.listProgramThresholds(db, [station.program_id]),
    ref.findProgram(db, station.program_id),
    verificationRepo.listStatuses(db),
  ]);
  const chosen = seasons.filter((s) => s.preseasonStart <= today && (query.year === undefined || s.year === query.year)).reverse();
  if (query.year !== undefined && chosen.length === 0) throw notFound('Season');
  const history = await listStatusHistory(db, station.primary_station_id, today);
  const rules = geomeanRules(program!);
  const out = [];
  for (const season of chosen) {
    const last = season.endDate < today ? season.endDate : today;
    const rows = await listResults(db, {
      stationId,
      from: addDays(season.preseasonStart, -(GEOMEAN_WINDOW_DAYS - 1)),
      to: last,
      states: ['VERIFIED', 'SECONDARY_VERIFIED'],
    });
    const inSeason = rows.filter((r) => r.sample_date >= season.preseasonStart);
    const summary = summarize(inSeason, thresholds, rules);
    const threshold = thresholds[0] ?? null;
    const window = threshold
      ? geomeanSurvey(
          rows.filter((r) => r.parameter_id === threshold.parameter_id).map((r) => ({ sampleDate: r.sample_date, value: r.value, remark: r.remark_code })),
          last,
          { windowDays: GEOMEAN_WINDOW_DAYS, minSamples: GEOMEAN_MIN_SAMPLES, threshold: threshold.geomean_threshold, ...rules },
        )
      : null;
    const days = daysInEachStatus(
      history.map((h) => ({ effectiveDate: h.effective_date, statusId: h.to_status_id })),
      season.preseasonStart,
      last,
    );
    out.push({
      year: season.year,
      preseason_start: season.preseasonStart,
      start_date: season.startDate,
      end_date: season.endDate,
      through: last,
      samples: summary.verified_samples,
      samples_with_value: summary.samples_with_value,
      exceedances: summary.exceedances,
      geomean: summary.geomean,
      geomean_threshold: threshold?.geomean_threshold ?? null,
      latest_30_day: window
        ? { start_date: window.startDate, end_date: window.endDate, count: window.count, geomean: window.geomean, pass: window.pass }
        : null,
      status_days: [
        ...statuses.map((s) => ({ beach_status_id: s.beach_status_id as number | null, code: s.code as string | null, name: s.name, days: days.get(s.beach_status_id) ?? 0 })),
        { beach_status_id: null, code: null, name: 'No status', days: days.get(null) ?? 0 },
      ],
    });
  }
  return { station: stationOut(station), seasons: out };
}
