import { evaluateLogicRules, type BeachLogicRule, type RuleInputResult } from '@beach/domain';
import { addDays, dayMs } from './dates';
import { hashUnit, normal, type Rng } from './random';

/**
 * Simulates sampling at one primary station and its brackets, season by season, and runs every result
 * through the program's logic rules in sample order, exactly as verification would. The status changes
 * it reports therefore follow the rules by construction. The demo and the national benchmark share it.
 */

export interface SimSeason {
  year: number;
  /** First sampling day; the station opens (SEASON row) on this day. */
  preseasonStart: string;
  /** Last sampling day; the station becomes Not Monitored the day after. */
  endDate: string;
}

export interface StatusIds {
  open: number;
  advisory: number;
  closed: number;
  notMonitored: number;
}

export type Measurement = 'CFU' | 'MPN';

export interface SimProgram {
  /** Index used to give each program its own weather. */
  index: number;
  rules: readonly BeachLogicRule[];
  parameter: 'ENTEROCOCCUS' | 'E_COLI';
  measurement: Measurement;
  unitId: number;
  beachActionValue: number;
  /** Typical ln(value) at a clean station of this program, and the day-to-day spread. */
  medianLn: number;
  sigma: number;
}

export interface SimGroup {
  primaryId: number;
  bracketIds: readonly number[];
  /** The station's offset from the program's typical ln(value) (chronic stations sit higher). */
  offsetLn: number;
  /** Usual time of the sampling run at this station. */
  hour: number;
  minute: number;
  rng: Rng;
}

export interface SimResult {
  id: number;
  stationId: number;
  primaryStationId: number;
  sampleDate: string;
  hh: string;
  mm: string;
  value: number | null;
  remark: string | null;
  remarkCodeId: number | null;
  isResample: boolean;
  comments: string;
  /** Rain in the preceding day, for comments and incident sources. */
  rain: boolean;
}

export interface SimStatusChange {
  primaryStationId: number;
  fromStatusId: number | null;
  toStatusId: number;
  effectiveDate: string;
  source: 'RULE' | 'SEASON' | 'MANUAL';
  programBeachLogicId: number | null;
  resultId: number | null;
  /** The result that caused a RULE change, for callers that keep it. */
  result: SimResult | null;
  reasonCode: string | null;
  reason: string;
}

export interface ManualEvent {
  reasonCode: string;
  reason: string;
  sourceCode: string;
}

export interface SimContext {
  seed: number;
  program: SimProgram;
  status: StatusIds;
  remarkIds: Readonly<Record<string, number>>;
  seasons: readonly SimSeason[];
  /** Sampling happens on days before today only: results come back the next day. */
  today: string;
  isRoutineDay(date: string): boolean;
  /** Whether brackets are sampled on routine days too (national) or only on resample days (demo). */
  routineBrackets: boolean;
  nextResultId(): number;
  /** A manual (pre-emptive) closure of an Open station on this day, or null. */
  manualEvent?(group: SimGroup, date: string): ManualEvent | null;
  /** Whether this station's sample on this day is forced above the action value (a scripted episode). */
  forceExceedance?(group: SimGroup, stationId: number, date: string, isResample: boolean): boolean;
}

export interface SimSink {
  result(result: SimResult): void;
  status(change: SimStatusChange): void;
  manual?(change: SimStatusChange, event: ManualEvent): void;
}

/** ln-units added to every station of a program after rain: heavy rain multiplies counts by three to seven. */
export function rainShock(seed: number, programIndex: number, date: string): number {
  const day = Math.round(dayMs(date) / 86_400_000);
  const today = hashUnit(seed, programIndex, day);
  const yesterday = hashUnit(seed, programIndex, day - 1);
  let shock = 0;
  if (today < 0.08) shock += 1 + 0.9 * hashUnit(seed, programIndex, day, 7);
  else if (today < 0.2) shock += 0.35;
  if (yesterday < 0.08) shock += 0.4;
  return shock;
}

const NO_VALUE_COMMENTS: Record<string, string> = {
  NS: 'Not sampled: unsafe surf conditions at the sampling point.',
  LF: 'Lab failure: incubator temperature out of range; sample not analysed.',
  LA: 'Lab accident: sample bottle broken in transit.',
};

/** Turns a true concentration into what a laboratory reports: value, remark code and rounding. */
export function reportValue(raw: number, measurement: Measurement): { value: number; remark: string | null } {
  if (measurement === 'CFU') {
    // Membrane filtration: reporting limit 10 CFU/100mL; plates above ~2,420 cannot be counted.
    if (raw < 10) return { value: 10, remark: 'K' };
    if (raw >= 2420) return { value: 2420, remark: 'TNTC' };
    return { value: Math.round(raw), remark: null };
  }
  // Colilert Quanti-Tray/2000: MPN from <1 to >2419.6, one decimal.
  if (raw < 1) return { value: 1, remark: 'K' };
  if (raw > 2419.6) return { value: 2419.6, remark: 'L' };
  return { value: Math.round(raw * 10) / 10, remark: null };
}

const pad2 = (n: number) => String(n).padStart(2, '0');

export function simulateGroup(group: SimGroup, ctx: SimContext, sink: SimSink): void {
  const { program, status: S, remarkIds } = ctx;
  const { rng } = group;
  let status: number | null = null;
  const stations = [group.primaryId, ...group.bracketIds];

  const change = (c: Omit<SimStatusChange, 'primaryStationId' | 'fromStatusId'>) => {
    const full: SimStatusChange = { primaryStationId: group.primaryId, fromStatusId: status, ...c };
    status = c.toStatusId;
    return full;
  };

  for (const season of ctx.seasons) {
    if (season.preseasonStart >= ctx.today) break;
    sink.status(
      change({
        toStatusId: S.open,
        effectiveDate: season.preseasonStart,
        source: 'SEASON',
        programBeachLogicId: null,
        resultId: null,
        result: null,
        reasonCode: null,
        reason: 'Monitoring season begins with pre-season sampling.',
      }),
    );
    const yesterday = addDays(ctx.today, -1);
    const lastDay = season.endDate < yesterday ? season.endDate : yesterday;
    let resampleDue = false;

    for (let date = season.preseasonStart; date <= lastDay; date = addDays(date, 1)) {
      if (status === S.open && ctx.manualEvent) {
        const event = ctx.manualEvent(group, date);
        if (event) {
          const c = change({
            toStatusId: S.closed,
            effectiveDate: date,
            source: 'MANUAL',
            programBeachLogicId: null,
            resultId: null,
            result: null,
            reasonCode: event.reasonCode,
            reason: event.reason,
          });
          sink.status(c);
          sink.manual?.(c, event);
          resampleDue = true;
          continue;
        }
      }
      const routine = ctx.isRoutineDay(date);
      if (!routine && !resampleDue) continue;
      const sampled = resampleDue || ctx.routineBrackets ? stations : [group.primaryId];
      const shock = rainShock(ctx.seed, program.index, date);
      const rain = shock >= 1;
      const zPrimary = normal(rng);
      let minute = group.hour * 60 + group.minute + Math.floor(rng() * 20) - 10;

      sampled.forEach((stationId, i) => {
        const z = i === 0 ? zPrimary : 0.7 * zPrimary + 0.71 * normal(rng);
        const forced = ctx.forceExceedance?.(group, stationId, date, resampleDue) ?? false;
        const raw = forced
          ? program.beachActionValue * (1.5 + rng())
          : Math.exp(program.medianLn + group.offsetLn + shock + program.sigma * z);
        const draw = forced ? 1 : rng();
        let value: number | null;
        let remark: string | null;
        if (draw < 0.004) [value, remark] = [null, 'NS'];
        else if (draw < 0.0055) [value, remark] = [null, 'LF'];
        else if (draw < 0.006) [value, remark] = [null, 'LA'];
        else ({ value, remark } = reportValue(raw, program.measurement));
        const comments =
          (remark ? NO_VALUE_COMMENTS[remark] : undefined) ??
          (resampleDue
              ? 'Resample after an exceedance.'
              : rain && rng() < 0.5
                ? 'Heavy rain in the previous 24 hours.'
                : '');
        const result: SimResult = {
          id: ctx.nextResultId(),
          stationId,
          primaryStationId: group.primaryId,
          sampleDate: date,
          hh: pad2(Math.floor(minute / 60)),
          mm: pad2(minute % 60),
          value,
          remark,
          remarkCodeId: remark ? (remarkIds[remark] ?? null) : null,
          isResample: resampleDue,
          comments,
          rain,
        };
        minute += 4 + Math.floor(rng() * 6);
        sink.result(result);

        const input: RuleInputResult = {
          id: result.id,
          stationId,
          primaryStationId: group.primaryId,
          sampleDate: date,
          sampleTimeHh: result.hh,
          sampleTimeMm: result.mm,
          value,
          remarkCodeId: result.remarkCodeId,
          unitId: program.unitId,
          parameter: program.parameter,
        };
        const effects = evaluateLogicRules(status, program.rules, input, { beachActionValue: program.beachActionValue });
        if (effects.rule && effects.statusId != null && effects.statusId !== status) {
          sink.status(
            change({
              toStatusId: effects.statusId,
              // Results come back from the laboratory, and are verified, the day after sampling.
              effectiveDate: addDays(date, 1),
              source: 'RULE',
              programBeachLogicId: effects.rule.program_beach_logic_id,
              resultId: result.id,
              result,
              reasonCode: effects.statusId === S.open ? null : 'ELEV_BACT',
              reason: `${effects.rule.title}: ${program.parameter === 'ENTEROCOCCUS' ? 'Enterococcus' : 'E. coli'} ${value} ${
                program.measurement
              }/100mL (beach action value ${program.beachActionValue}).`,
            }),
          );
        }
      });
      resampleDue = status !== S.open;
    }

    if (season.endDate < ctx.today && status !== S.notMonitored) {
      sink.status(
        change({
          toStatusId: S.notMonitored,
          effectiveDate: addDays(season.endDate, 1),
          source: 'SEASON',
          programBeachLogicId: null,
          resultId: null,
          result: null,
          reasonCode: null,
          reason: 'End of the swimming season: monitoring resumes next May.',
        }),
      );
    }
  }
}
