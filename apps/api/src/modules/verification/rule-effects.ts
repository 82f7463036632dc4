import {
  applyResults,
  describeRule,
  ruleCompareValue,
  type BeachLogicRule,
  type RuleFlags,
  type RuleInputResult,
  type RuleStep,
} from '@beach/domain';
import type { DbOrTx } from '../../db/client';
import type { Mailer } from '../../lib/mailer';
import { recordRuleIncidents } from '../incidents/rule-incidents';
import type { ResultRecord } from '../results/repository/rows';
import * as repo from './repository';
import { sendStatusMails, type StatusMailFacts } from './status-mail';

/**
 * Runs a program's logic rules over results that have just become verified, and records what they do:
 * status history rows (source RULE, with rule and result), the primaries' new current status, the
 * resample and sanitary-survey flags, and one status e-mail per change whose rule asks for one. Used by
 * primary verification and by the legacy import's replay. Runs inside the caller's transaction, after
 * the caller has locked the results; it locks the primaries itself (in id order, after the results,
 * the same order everywhere) and reads their status under that lock.
 */

/** What the rules and the e-mails need of a result. */
export type RuleResult = Pick<
  ResultRecord,
  | 'result_id'
  | 'beach_station_id'
  | 'primary_station_id'
  | 'station_name'
  | 'sample_date'
  | 'sample_time_hh'
  | 'sample_time_mm'
  | 'value'
  | 'remark_code_id'
  | 'remark_code'
  | 'result_unit_id'
  | 'unit_name'
  | 'parameter_code'
  | 'parameter_name'
>;

export interface RuleRunInput {
  programId: number;
  /** The verified results, any order: the engine applies them in sample order. */
  results: readonly RuleResult[];
  /** The verifier (null for an import). */
  actorId: number | null;
  actorName: string | null;
  now: Date;
  /** The local day from which a change holds. */
  effectiveDate(result: RuleResult): string;
  /** Null: no e-mails (an import's replay rebuilds history quietly). */
  mailer: Mailer | null;
  publicUrl: string;
  /**
   * Status given to primaries that have none yet, recorded as an IMPORT history row dated by
   * `effectiveDate` of their first result's day before it (the import's replay starts new stations Open).
   * Undefined: such primaries stay without status, and no rule can fire for them.
   */
  startMissingAt?: { statusId: number; effectiveDate(first: RuleResult): string };
  /**
   * Live verification's season start (decision 0051): the primaries `starts` names (no status, Not
   * Monitored, or a status from before this season) begin the season at `statusId` with a SEASON history
   * row dated `effectiveDate`, before the rules apply their results. Checked after startMissingAt.
   */
  startSeason?: { statusId: number; effectiveDate(first: RuleResult): string; starts(primaryIds: readonly number[]): Promise<Set<number>> };
  /**
   * Set (the program time zone) when the history is rebuilt from the past (the import's replay): a changed
   * primary's status_since is the start of its last history row's effective date there. Unset: `now`.
   */
  statusSinceTimeZone?: string;
  /** The program time zone: the local day a status has held since (incidents opened and closed by the rules). */
  timeZone: string;
}

/** Reason of the IMPORT history row that gives an imported primary its first status. */
export const IMPORT_START_REASON = 'Imported station: status starts here.';

/** Reason of the SEASON history row a season's first verified result writes (decision 0051). */
export const SEASON_START_REASON = 'Monitoring season begins: first verified result of the season.';

export interface StatusChange {
  beach_station_id: number;
  station_name: string;
  beach_name: string;
  from_status: repo.StatusRecord | null;
  to_status: repo.StatusRecord;
  effective_date: string;
  result_id: number | null;
  rule: { program_beach_logic_id: number | null; title: string } | null;
  reason: string;
  emailed_to: string[];
}

export interface StationFlagsOut {
  beach_station_id: number;
  needs_resample: boolean | null;
  requires_sanitary_survey: boolean | null;
}

export interface RuleRunOutcome {
  steps: RuleStep<RuleInputResult & { record: RuleResult }>[];
  changes: StatusChange[];
  flags: StationFlagsOut[];
}

export function toRuleInput(r: RuleResult): RuleInputResult & { record: RuleResult } {
  return {
    id: r.result_id,
    stationId: r.beach_station_id,
    primaryStationId: r.primary_station_id,
    sampleDate: r.sample_date,
    sampleTimeHh: r.sample_time_hh,
    sampleTimeMm: r.sample_time_mm,
    value: r.value,
    remarkCodeId: r.remark_code_id,
    remarkCode: r.remark_code,
    unitId: r.result_unit_id,
    parameter: r.parameter_code,
    record: r,
  };
}

/** The actions a rule's flags ask for, in words (e-mails and the tester). */
export function flagActions(flags: RuleFlags): string[] {
  const out: string[] = [];
  if (flags.resamplePrimary && flags.resampleBrackets) out.push('resample the primary and its brackets');
  else if (flags.resamplePrimary) out.push('resample the primary');
  else if (flags.resampleBrackets) out.push('resample the brackets');
  if (flags.requireSanitarySurvey) out.push('a sanitary survey is required');
  return out;
}

function ruleReason(rule: BeachLogicRule, r: RuleResult, bav: Record<string, number>): string {
  const compare = ruleCompareValue(rule, r.parameter_code, { beachActionValue: bav });
  const value = r.value === null ? 'no value' : `${r.value} ${r.unit_name}`;
  return `${rule.title}: ${r.parameter_name} ${value}${compare === null ? '' : ` (compare value ${compare})`}.`;
}

export async function applyRulesAndRecord(tx: DbOrTx, input: RuleRunInput): Promise<RuleRunOutcome> {
  // One query at a time: a transaction has one connection.
  const rules = await repo.loadProgramRules(tx, input.programId);
  const bav = await repo.loadBeachActionValues(tx, input.programId);
  const statuses = await repo.listStatuses(tx);
  const statusById = new Map(statuses.map((s) => [s.beach_status_id, s]));
  const engineInput = input.results.map(toRuleInput);
  const primaryIds = [...new Set(engineInput.map((r) => r.primaryStationId))].sort((a, b) => a - b);
  const locked = await repo.lockStations(tx, primaryIds);

  const history: repo.HistoryRow[] = [];
  const initial: Record<number, number> = {};
  const seasonStarts = input.startSeason ? await input.startSeason.starts(primaryIds.filter((id) => locked.get(id)?.station_type === 'PRIMARY')) : new Set<number>();
  const firstOf = (id: number) => engineInput.filter((r) => r.primaryStationId === id).map((r) => r.record).sort((a, b) => (a.sample_date < b.sample_date ? -1 : 1))[0]!;
  const start = (id: number, from: number | null, to: number, effectiveDate: string, source: 'IMPORT' | 'SEASON', reason: string) => {
    initial[id] = to;
    history.push({
      beach_station_id: id,
      from_status_id: from,
      to_status_id: to,
      effective_date: effectiveDate,
      changed_at: input.now,
      source,
      program_beach_logic_id: null,
      result_id: null,
      reason_code: null,
      reason,
      changed_by: input.actorId,
    });
  };
  for (const id of primaryIds) {
    const current = locked.get(id)?.current_status_id ?? null;
    if (input.startSeason && seasonStarts.has(id)) {
      start(id, current, input.startSeason.statusId, input.startSeason.effectiveDate(firstOf(id)), 'SEASON', SEASON_START_REASON);
    } else if (current !== null) initial[id] = current;
    else if (input.startMissingAt) {
      start(id, null, input.startMissingAt.statusId, input.startMissingAt.effectiveDate(firstOf(id)), 'IMPORT', IMPORT_START_REASON);
    }
  }

  const run = applyResults(initial, rules, engineInput, { beachActionValue: bav });

  // Flags in sample order: a sampled station no longer waits for its resample; a rule may ask again.
  const brackets = await repo.listBrackets(tx, primaryIds);
  const resample = new Map<number, boolean>();
  const survey = new Set<number>();
  for (const step of run.steps) {
    const { result, flags } = step;
    if (result.value !== null) resample.set(result.stationId, false);
    if (flags.resamplePrimary) resample.set(result.primaryStationId, true);
    if (flags.resampleBrackets) for (const b of brackets.get(result.primaryStationId) ?? []) resample.set(b, true);
    if (flags.requireSanitarySurvey) survey.add(result.primaryStationId);
  }

  const changedSteps = run.steps.filter((s) => s.rule !== null && s.statusAfter !== null && s.statusAfter !== s.statusBefore);
  for (const step of changedSteps) {
    const r = step.result.record;
    history.push({
      beach_station_id: step.result.primaryStationId,
      from_status_id: step.statusBefore,
      to_status_id: step.statusAfter!,
      effective_date: input.effectiveDate(r),
      changed_at: input.now,
      source: 'RULE',
      program_beach_logic_id: step.rule!.program_beach_logic_id,
      result_id: r.result_id,
      // An advisory or closure caused by a result is EPA BEACON's "elevated bacteria".
      reason_code: statusById.get(step.statusAfter!)?.code === 'OPEN' ? null : 'ELEV_BACT',
      reason: ruleReason(step.rule!, r, bav),
      changed_by: input.actorId,
    });
  }
  // An advisory or closure opens an incident when the station has none open (decision 0026); each history row names its incident.
  const incidentIds = await recordRuleIncidents(
    tx,
    history.map((h) => ({
      stationId: h.beach_station_id,
      effectiveDate: h.effective_date,
      toStatusCode: statusById.get(h.to_status_id)?.code ?? '',
      toStatusName: statusById.get(h.to_status_id)?.name ?? '',
      reasonCode: h.reason_code,
      sourceCode: h.beacon_source ?? null,
      reason: h.reason,
    })),
    { actorId: input.actorId, timeZone: input.timeZone },
  );
  history.forEach((h, i) => (h.incident_id = incidentIds[i] ?? null));
  await repo.insertStatusHistory(tx, history);

  const changedPrimaries = new Set(history.map((h) => h.beach_station_id));
  if (input.statusSinceTimeZone !== undefined) {
    // The latest effective date of each primary's new history rows (its start row, then the rule changes).
    const lastDay = new Map<number, string>();
    for (const h of history) {
      const seen = lastDay.get(h.beach_station_id);
      if (seen === undefined || h.effective_date > seen) lastDay.set(h.beach_station_id, h.effective_date);
    }
    await repo.setCurrentStatusesFromDays(
      tx,
      [...changedPrimaries].map((id) => ({ id, statusId: run.primaries[id]!.statusId!, day: lastDay.get(id)! })),
      input.statusSinceTimeZone,
    );
  } else {
    await repo.setCurrentStatuses(
      tx,
      [...changedPrimaries].map((id) => ({ id, statusId: run.primaries[id]!.statusId!, since: input.now })),
    );
  }
  const flagged = new Set([...resample.keys(), ...survey]);
  const flags: StationFlagsOut[] = [...flagged]
    .sort((a, b) => a - b)
    .map((id) => ({ beach_station_id: id, needs_resample: resample.get(id) ?? null, requires_sanitary_survey: survey.has(id) ? true : null }));
  await repo.setStationFlags(
    tx,
    flags.map((f) => ({ id: f.beach_station_id, needsResample: f.needs_resample, requiresSanitarySurvey: f.requires_sanitary_survey })),
  );

  const facts = await repo.listStationFacts(tx, [...changedPrimaries]);
  const ruleNames = {
    statuses: new Map(statuses.map((s) => [s.beach_status_id, s.name])),
    units: new Map(input.results.map((r) => [r.result_unit_id, r.unit_name])),
  };
  const mailed = changedSteps.filter((s) => s.rule!.triggers_beach_status_email);
  const recipients = input.mailer
    ? await sendStatusMails(
        tx,
        input.mailer,
        input.programId,
        mailed.map((step): StatusMailFacts => {
          const r = step.result.record;
          return {
            station: facts.get(step.result.primaryStationId)!,
            from: step.statusBefore === null ? null : (statusById.get(step.statusBefore) ?? null),
            to: statusById.get(step.statusAfter!)!,
            effectiveDate: input.effectiveDate(r),
            result: r,
            rule: { title: step.rule!.title, description: describeRule(step.rule!, ruleNames) },
            reason: null,
            actions: flagActions(step.flags),
            changedBy: input.actorName,
            publicUrl: input.publicUrl,
          };
        }),
      )
    : [];
  const mailedTo = new Map(mailed.map((step, i) => [step, recipients[i] ?? []]));

  const changes: StatusChange[] = changedSteps.map((step) => {
    const r = step.result.record;
    const station = facts.get(step.result.primaryStationId)!;
    return {
      beach_station_id: step.result.primaryStationId,
      station_name: station.station_name,
      beach_name: station.beach_name,
      from_status: step.statusBefore === null ? null : (statusById.get(step.statusBefore) ?? null),
      to_status: statusById.get(step.statusAfter!)!,
      effective_date: input.effectiveDate(r),
      result_id: r.result_id,
      rule: { program_beach_logic_id: step.rule!.program_beach_logic_id, title: step.rule!.title },
      reason: ruleReason(step.rule!, r, bav),
      emailed_to: mailedTo.get(step) ?? [],
    };
  });
  return { steps: run.steps, changes, flags };
}
