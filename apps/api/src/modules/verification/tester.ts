import {
  applyResults,
  describeRule,
  explainRules,
  latestAllowedDate,
  localDate,
  type RuleInputResult,
  type UserProfile,
  type VerificationTest,
} from '@beach/domain';
import type { AppDeps } from '../../deps';
import { invalidFields, notFound, type FieldIssue } from '../../lib/http';
import { requireScreen } from '../results/access';
import * as ref from '../results/repository/reference';
import { listResults } from '../results/repository/rows';
import { readLabFile, resolveRows } from '../results/service/csv-rows';
import { resolveContext } from '../results/service/upload';
import * as repo from './repository';
import { flagActions } from './rule-effects';

/**
 * The Verification Tester: the program's rules run as a dry run (the engine only, no transaction, no
 * write of any kind) on results typed in, on one date's unverified results, or on lab files, showing
 * rule by rule what verification would do.
 */

const TESTER_SCREEN = '/portal/data-verification-tester';

export function requireTester(profile: UserProfile, programId: number): void {
  requireScreen(profile, programId, TESTER_SCREEN, 'The Verification Tester needs secondary verification in this program.');
}

/** The program exists (404) and the caller may use the tester there (403): checked before files are read. */
export async function checkTesterAccess(deps: AppDeps, profile: UserProfile, programId: number) {
  const program = await ref.findProgram(deps.database.db, programId);
  if (!program) throw notFound('Program');
  requireTester(profile, programId);
  return program;
}

/**
 * GET verify/test/options: the program's active stations (with their primary's status now), the statuses,
 * parameters, units and remark codes the tester's typed-in results and starting statuses choose from.
 */
export async function testerOptions(deps: AppDeps, profile: UserProfile, programId: number) {
  const db = deps.database.db;
  const program = await checkTesterAccess(deps, profile, programId);
  const [stations, statuses, parameters, units, remarks, thresholds] = await Promise.all([
    ref.listProgramStations(db, programId, true),
    repo.listStatuses(db),
    ref.listParameters(db),
    ref.listUnits(db),
    ref.listRemarkCodes(db),
    ref.listProgramThresholds(db, [programId]),
  ]);
  const primaries = await repo.readStations(db, [...new Set(stations.map((s) => s.primary_station_id))]);
  const statusById = new Map(statuses.map((s) => [s.beach_status_id, s]));
  const defaults = thresholds[0] ?? null;
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    stations: stations.map((s) => {
      const statusId = primaries.get(s.primary_station_id)?.current_status_id;
      return {
        beach_station_id: s.beach_station_id,
        station_name: s.station_name,
        station_type: s.station_type,
        primary_station_id: s.primary_station_id,
        beach_name: s.beach_name,
        current_status: statusId == null ? null : (statusById.get(statusId) ?? null),
      };
    }),
    statuses,
    parameters,
    units,
    remark_codes: remarks.map(({ remark_code_id, code, name, is_no_value }) => ({ remark_code_id, code, name, is_no_value })),
    default_parameter_id: defaults?.parameter_id ?? null,
    default_result_unit_id: defaults?.result_unit_id ?? null,
    today: localDate(new Date(), deps.config.programTimeZone),
    // The tester's date pickers stop here, as Results Entry's (GET results/filters max_date).
    max_date: latestAllowedDate(new Date(), deps.config.programTimeZone),
  };
}

/** One result as the tester shows it (result_id null for typed-in or file rows). */
interface TestRow extends RuleInputResult {
  result_id: number | null;
  station_name: string;
  beach_name: string;
  remark_code: string | null;
  unit_name: string;
  /** Where it came from: 'typed', 'stored' or the file name and line. */
  source: string;
}

async function dryRun(deps: AppDeps, programId: number, rows: readonly TestRow[], starting: readonly { beach_station_id: number; beach_status_id: number }[]) {
  const db = deps.database.db;
  const [rules, bav, statuses, units, remarks] = await Promise.all([
    repo.loadProgramRules(db, programId),
    repo.loadBeachActionValues(db, programId),
    repo.listStatuses(db),
    ref.listUnits(db),
    ref.listRemarkCodes(db),
  ]);
  const statusById = new Map(statuses.map((s) => [s.beach_status_id, s]));
  const primaryIds = [...new Set(rows.map((r) => r.primaryStationId))];
  const stations = await repo.readStations(db, [...new Set([...primaryIds, ...starting.map((s) => s.beach_station_id)])]);
  const issues: FieldIssue[] = [];
  starting.forEach((s, i) => {
    const station = stations.get(s.beach_station_id);
    if (!station || station.program_id !== programId || station.station_type !== 'PRIMARY') {
      issues.push({ field: `starting_statuses.${i}.beach_station_id`, message: 'Choose a primary station of this program' });
    }
    if (!statusById.has(s.beach_status_id)) issues.push({ field: `starting_statuses.${i}.beach_status_id`, message: 'Unknown beach status' });
  });
  if (issues.length) throw invalidFields(issues);

  const initial: Record<number, number> = {};
  for (const id of primaryIds) {
    const current = stations.get(id)?.current_status_id;
    if (current != null) initial[id] = current;
  }
  for (const s of starting) initial[s.beach_station_id] = s.beach_status_id;
  const startedAt = { ...initial };

  const options = { beachActionValue: bav };
  const run = applyResults(initial, rules, rows, options);
  const names = {
    statuses: new Map(statuses.map((s) => [s.beach_status_id, s.name])),
    units: new Map(units.map((u) => [u.result_unit_id, u.name])),
    remarkCodes: new Map(remarks.map((r) => [r.remark_code_id, r.code])),
  };
  const positionOf = (index: number) => index + 1;
  const statusRef = (id: number | null) => (id === null ? null : (statusById.get(id) ?? null));
  const primaryFacts = await repo.listStationFacts(db, primaryIds);
  const brackets = await repo.listBrackets(db, primaryIds);

  const steps = run.steps.map((step, i) => {
    const r = step.result;
    const checks = explainRules(step.statusBefore, rules, r, names, options);
    return {
      order: i + 1,
      result: {
        result_id: r.result_id,
        source: r.source,
        beach_station_id: r.stationId,
        station_name: r.station_name,
        beach_name: r.beach_name,
        primary_station_id: r.primaryStationId,
        sample_date: r.sampleDate,
        sample_time_hh: r.sampleTimeHh,
        sample_time_mm: r.sampleTimeMm,
        value: r.value,
        remark_code: r.remark_code,
        unit_name: r.unit_name,
        parameter: r.parameter,
      },
      status_before: statusRef(step.statusBefore),
      status_after: statusRef(step.statusAfter),
      status_changes: step.rule !== null && step.statusAfter !== step.statusBefore,
      rule: step.rule
        ? {
            program_beach_logic_id: step.rule.program_beach_logic_id,
            position: positionOf(step.ruleIndex!),
            title: step.rule.title,
            description: describeRule(step.rule, names),
          }
        : null,
      actions: flagActions(step.flags),
      would_email: step.rule !== null && step.statusAfter !== step.statusBefore && step.flags.sendStatusEmail,
      checks: checks.map((c) => ({
        program_beach_logic_id: c.rule.program_beach_logic_id,
        position: positionOf(c.ruleIndex),
        title: c.rule.title,
        outcome: c.outcome,
        conditions: c.conditions,
      })),
    };
  });

  const outcome = primaryIds
    .sort((a, b) => a - b)
    .map((id) => {
      const primary = run.primaries[id]!;
      const facts = primaryFacts.get(id);
      return {
        beach_station_id: id,
        station_name: facts?.station_name ?? '',
        beach_name: facts?.beach_name ?? '',
        status_before: statusRef(startedAt[id] ?? null),
        status_after: statusRef(primary.statusId),
        status_changes: steps.filter((s) => s.result.primary_station_id === id && s.status_changes).length,
        needs_resample: primary.flags.resamplePrimary,
        brackets_to_resample: primary.flags.resampleBrackets ? (brackets.get(id) ?? []) : [],
        requires_sanitary_survey: primary.flags.requireSanitarySurvey,
        emails: steps.filter((s) => s.result.primary_station_id === id && s.would_email).length,
      };
    });

  return {
    rules: rules.map((rule, i) => ({
      program_beach_logic_id: rule.program_beach_logic_id,
      position: positionOf(i),
      title: rule.title,
      description: describeRule(rule, names),
    })),
    steps,
    outcome,
  };
}

/** POST verify/test: typed-in results, or one date's unverified results. */
export async function testVerification(deps: AppDeps, profile: UserProfile, input: VerificationTest) {
  const db = deps.database.db;
  const program = await checkTesterAccess(deps, profile, input.program_id);
  let rows: TestRow[];
  if (input.date !== undefined) {
    const stored = await listResults(db, { programId: input.program_id, sampleDate: input.date, states: ['UNVERIFIED'] });
    rows = stored.map((r) => ({
      id: r.result_id,
      result_id: r.result_id,
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
      station_name: r.station_name,
      beach_name: r.beach_name,
      remark_code: r.remark_code,
      unit_name: r.unit_name,
      source: 'stored',
    }));
  } else {
    const typed = input.results ?? [];
    const [stations, parameters, units, remarks] = await Promise.all([
      ref.listStationsById(db, typed.map((r) => r.beach_station_id)),
      ref.listParameters(db),
      ref.listUnits(db),
      ref.listRemarkCodes(db),
    ]);
    const issues: FieldIssue[] = [];
    rows = typed.map((t, i) => {
      const at = (field: string) => `results.${i}.${field}`;
      const station = stations.find((s) => s.beach_station_id === t.beach_station_id);
      if (!station || station.program_id !== input.program_id) issues.push({ field: at('beach_station_id'), message: 'Choose a station of this program' });
      const parameter = parameters.find((p) => p.parameter_id === t.parameter_id);
      if (!parameter) issues.push({ field: at('parameter_id'), message: 'Unknown parameter' });
      const unit = units.find((u) => u.result_unit_id === t.result_unit_id);
      if (!unit) issues.push({ field: at('result_unit_id'), message: 'Unknown unit' });
      const remark = t.remark_code_id === null ? null : remarks.find((r) => r.remark_code_id === t.remark_code_id);
      if (remark === undefined) issues.push({ field: at('remark_code_id'), message: 'Unknown remark code' });
      return {
        id: i + 1,
        result_id: null,
        stationId: t.beach_station_id,
        primaryStationId: station?.primary_station_id ?? t.beach_station_id,
        sampleDate: t.sample_date,
        sampleTimeHh: t.sample_time_hh,
        sampleTimeMm: t.sample_time_mm,
        value: remark?.is_no_value ? null : t.value,
        remarkCodeId: t.remark_code_id,
        remarkCode: remark?.code ?? null,
        unitId: t.result_unit_id,
        parameter: parameter?.code ?? '',
        station_name: station?.station_name ?? '',
        beach_name: station?.beach_name ?? '',
        remark_code: remark?.code ?? null,
        unit_name: unit?.name ?? '',
        source: 'typed',
      };
    });
    if (issues.length) throw invalidFields(issues);
  }
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    files: [],
    ...(await dryRun(deps, input.program_id, rows, input.starting_statuses)),
  };
}

/** POST verify/test/folder: lab files in the legacy layout, all rows applied together in sample order. */
export async function testVerificationFolder(deps: AppDeps, profile: UserProfile, programId: number, files: readonly { name: string; text: string }[]) {
  const db = deps.database.db;
  const program = await checkTesterAccess(deps, profile, programId);
  const context = await resolveContext(db, programId, deps.config.programTimeZone);
  const rows: TestRow[] = [];
  const reports = [];
  for (const file of files) {
    const parsed = await readLabFile(file.text);
    const resolved = resolveRows(parsed.rows, context);
    let used = 0;
    for (const r of resolved) {
      if (r.errors.length) continue;
      used++;
      rows.push({
        id: rows.length + 1,
        result_id: null,
        stationId: r.station!.beach_station_id,
        primaryStationId: r.station!.primary_station_id,
        sampleDate: r.sampleDate!,
        sampleTimeHh: r.sampleTimeHh,
        sampleTimeMm: r.sampleTimeMm,
        value: r.value,
        remarkCodeId: r.remark?.remark_code_id ?? null,
        remarkCode: r.remark?.code ?? null,
        unitId: r.unit!.result_unit_id,
        parameter: r.parameter!.code,
        station_name: r.station!.station_name,
        beach_name: r.station!.beach_name,
        remark_code: r.remark?.code ?? null,
        unit_name: r.unit!.name,
        source: `${file.name}:${r.line}`,
      });
    }
    reports.push({
      file_name: file.name,
      rows: resolved.length,
      used,
      errors: [
        ...parsed.fileErrors.map((e) => ({ line: e.line, column: null, message: e.message })),
        ...resolved.flatMap((r) => r.errors.map((e) => ({ line: e.line, column: e.column ?? null, message: e.message }))),
      ],
    });
  }
  return {
    program: { program_id: program.program_id, name: program.name, abbv: program.abbv, color: program.color },
    files: reports,
    ...(await dryRun(deps, programId, rows, [])),
  };
}
