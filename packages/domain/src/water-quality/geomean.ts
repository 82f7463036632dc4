/**
 * How a censored result (remark K or '<': below the reporting limit, with the limit as its value) counts
 * in a geometric mean. A program setting; AT_LIMIT by default.
 */
export const CENSORED_RULES = ['AT_LIMIT', 'HALF_LIMIT'] as const;
export type CensoredRule = (typeof CENSORED_RULES)[number];
export const DEFAULT_CENSORED_RULE: CensoredRule = 'AT_LIMIT';

/** Remark codes meaning "less than the reporting limit". */
const LESS_THAN_REMARKS = new Set(['K', '<']);

/**
 * Remark codes whose value, when there is one, is no measurement of the water: FA (failed analysis, a lab
 * accident) and CG (confluent growth: colonies ran together and could not be counted). Such results are
 * stored with their value (or none) and counted in neither geomeans nor generic rules. A program may count
 * them in its geomeans (programs.geomean_counted_remarks, decision 0023); a logic rule that names the remark
 * code fires on them. Generic rules never count them.
 */
export const NOT_EVALUATED_REMARK_CODES = ['FA', 'CG'] as const;
export type NotEvaluatedRemarkCode = (typeof NOT_EVALUATED_REMARK_CODES)[number];
const NOT_EVALUATED = new Set<string>(NOT_EVALUATED_REMARK_CODES);

/**
 * Whether a result with this remark code counts: in generic rules (no `counted`), or in a program's
 * geomeans, where `counted` is the program's geomean_counted_remarks (FA and CG it counts after all).
 */
export function isEvaluatedRemark(remark: string | null | undefined, counted: readonly NotEvaluatedRemarkCode[] = []): boolean {
  if (remark == null) return true;
  const code = remark.trim().toUpperCase();
  return !NOT_EVALUATED.has(code) || (counted as readonly string[]).includes(code);
}

const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * exp(mean(ln x)), to 12 significant digits. Null for no values. Throws RangeError for a value that is
 * not a positive finite number: ln(0) is -Infinity, which would drag the mean to 0 whatever the other
 * samples say.
 */
export function geometricMean(values: readonly number[]): number | null {
  if (values.length === 0) return null;
  let sumOfLogs = 0;
  for (const value of values) {
    if (!Number.isFinite(value) || value <= 0) throw new RangeError(`Geometric mean needs positive values, got ${value}`);
    sumOfLogs += Math.log(value);
  }
  // exp(ln) leaves float noise (five samples of 35 give 34.99999999999999); 12 significant digits are far
  // more than any lab count has, and rounding keeps a geomean exactly at its threshold a pass.
  return Number(Math.exp(sumOfLogs / values.length).toPrecision(12));
}

/**
 * The number a result contributes to a geometric mean. Null when it has none (not sampled, lab failure)
 * or its remark says its value is no measurement (FA, CG: isEvaluatedRemark), unless the program counts
 * that remark (`countedRemarks`, none by default). A less-than result counts at its reported limit, or half
 * of it under HALF_LIMIT; any other remark (e.g. L greater-than, TNTC, a counted FA or CG) counts at the
 * reported value.
 */
export function effectiveValue(
  value: number | null,
  remark: string | null | undefined,
  censoredRule: CensoredRule = DEFAULT_CENSORED_RULE,
  countedRemarks: readonly NotEvaluatedRemarkCode[] = [],
): number | null {
  if (value == null || !Number.isFinite(value) || !isEvaluatedRemark(remark, countedRemarks)) return null;
  const lessThan = remark != null && LESS_THAN_REMARKS.has(remark.trim().toUpperCase());
  return lessThan && censoredRule === 'HALF_LIMIT' ? value / 2 : value;
}

/** One result of one station, as the geomean needs it. */
export interface GeomeanSample {
  /** 'YYYY-MM-DD'. */
  sampleDate: string;
  value: number | null;
  /** Remark code, e.g. 'K' or '<'. */
  remark?: string | null;
}

export interface GeomeanOptions {
  /** Calendar days in the window, ending on (and including) the survey date. */
  windowDays?: number;
  /** Fewer usable samples than this and the survey neither passes nor fails. */
  minSamples?: number;
  /** Geomean threshold: the survey passes when the geomean is at or below it. */
  threshold: number;
  censoredRule?: CensoredRule;
  /** The program's geomean_counted_remarks: FA and CG results (with a value) it counts. None by default. */
  countedRemarks?: readonly NotEvaluatedRemarkCode[];
}

export interface GeomeanSurvey {
  /** First and last day of the window, inclusive. */
  startDate: string;
  endDate: string;
  /** Samples that counted: in the window with a positive effective value. */
  count: number;
  /** Geometric mean of those samples (even when too few to judge); null when there are none. */
  geomean: number | null;
  threshold: number;
  /** Null when count < minSamples. */
  pass: boolean | null;
}

/** UTC day number of a 'YYYY-MM-DD' date, so windows are plain integer arithmetic with no time zones. */
function dayNumber(date: string): number {
  const match = ISO_DATE.exec(date);
  if (!match) throw new RangeError(`Date '${date}' is not YYYY-MM-DD`);
  const [, y, m, d] = match;
  const ms = Date.UTC(Number(y), Number(m) - 1, Number(d));
  // Date.UTC rolls 2024-02-30 over into March; a date that does not round-trip is not a real date.
  if (new Date(ms).toISOString().slice(0, 10) !== date) throw new RangeError(`Date '${date}' does not exist`);
  return ms / DAY_MS;
}

function dateOf(day: number): string {
  return new Date(day * DAY_MS).toISOString().slice(0, 10);
}

interface UsableSample {
  day: number;
  value: number;
}

/**
 * Samples that can enter a mean. A zero or negative value has no logarithm and is not a measurement
 * (a lab reports a non-detect as K at its limit), so it is left out rather than failing the whole page.
 */
function usableSamples(samples: readonly GeomeanSample[], options: GeomeanOptions): UsableSample[] {
  const usable: UsableSample[] = [];
  for (const sample of samples) {
    const value = effectiveValue(sample.value, sample.remark, options.censoredRule, options.countedRemarks);
    if (value != null && value > 0) usable.push({ day: dayNumber(sample.sampleDate), value });
  }
  return usable;
}

function survey(usable: readonly UsableSample[], endDay: number, options: GeomeanOptions): GeomeanSurvey {
  const { windowDays = 30, minSamples = 5, threshold } = options;
  if (!Number.isInteger(windowDays) || windowDays < 1) throw new RangeError(`A window of ${windowDays} days is not a whole number of days`);
  const startDay = endDay - windowDays + 1;
  const values = usable.filter((s) => s.day >= startDay && s.day <= endDay).map((s) => s.value);
  const geomean = geometricMean(values);
  return {
    startDate: dateOf(startDay),
    endDate: dateOf(endDay),
    count: values.length,
    geomean,
    threshold,
    pass: geomean == null || values.length < minSamples ? null : geomean <= threshold,
  };
}

/**
 * A geomean survey of one station: its samples in the windowDays calendar days ending on endDate
 * (endDate - windowDays + 1 through endDate). Several samples on one day (resamples) all count.
 */
export function geomeanSurvey(samples: readonly GeomeanSample[], endDate: string, options: GeomeanOptions): GeomeanSurvey {
  return survey(usableSamples(samples, options), dayNumber(endDate), options);
}

/** One survey per distinct date with a usable sample, oldest first: the window slid over the season. */
export function rollingGeomeans(samples: readonly GeomeanSample[], options: GeomeanOptions): GeomeanSurvey[] {
  const usable = usableSamples(samples, options);
  const days = [...new Set(usable.map((s) => s.day))].sort((a, b) => a - b);
  return days.map((day) => survey(usable, day, options));
}
