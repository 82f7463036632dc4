/**
 * The rainfall nowcast (issue 16; decision 0046): a transparent logistic model of the chance that a beach's
 * indicator (Enterococcus or E. coli) is above the program's beach action value today, from recent rainfall
 * and the station's last result. Staff decision support only: it never changes a status by itself.
 *
 *   p = 1 / (1 + exp(-(b0 + b24*h24 + b48*h48 + b72*h72 + bR*log10(last result + 1))))
 *
 * h24, h48 and h72 are the rain (mm) that fell in the last 24, 48 and 72 hours (each total includes the
 * shorter ones, as rain gauges report them). Every term's contribution is returned so a screen can show why.
 */
import { compareBeachStations } from '../names';

export interface NowcastCoefficients {
  /** b0, the log-odds with no rain and no prior result. */
  intercept: number;
  /** b24, b48, b72: log-odds per mm of rain in the last 24, 48 and 72 hours. */
  rain_24h: number;
  rain_48h: number;
  rain_72h: number;
  /** bR: log-odds per log10 unit of (last result + 1). */
  last_result: number;
  /** The probability from which a beach is flagged "likely above the beach action value". */
  threshold: number;
}

/**
 * Defaults until a program sets its own (decision 0046). Not fitted to any one program's data: they are of
 * the size published rainfall/antecedent-bacteria beach models report (EPA Virtual Beach, Great Lakes and
 * coastal nowcasts: rain in the last 24 h the strongest predictor, older rain weaker, the previous sample's
 * log10 concentration about one log-odds unit per decade). With them a dry day after a clean sample is about
 * 5%, 25 mm a day for three days after a sample at the marine beach action value (104 CFU/100 mL) about 77%.
 * Programs should fit their own (logistic regression of exceedance on these inputs over past seasons).
 */
export const DEFAULT_NOWCAST_COEFFICIENTS: NowcastCoefficients = {
  intercept: -4.2,
  rain_24h: 0.08,
  rain_48h: 0.03,
  rain_72h: 0.01,
  last_result: 1.2,
  threshold: 0.5,
};

export interface NowcastInputs {
  /** Rain (mm) in the last 24/48/72 hours; null when there is no reading for the station. */
  h24: number | null;
  h48: number | null;
  h72: number | null;
  /** The station's last verified indicator result (its value), or null when it has none. */
  last_result: number | null;
}

export type NowcastTermName = 'intercept' | 'rain_24h' | 'rain_48h' | 'rain_72h' | 'last_result';

export interface NowcastTerm {
  term: NowcastTermName;
  coefficient: number;
  /** What the coefficient multiplies (1 for the intercept; log10(last + 1) for the last result). */
  input: number;
  contribution: number;
}

export interface NowcastEstimate {
  /** Null when rainfall is unknown: no estimate is better than one made without the main predictor. */
  probability: number | null;
  /** The log-odds (the sum of the contributions); null with the probability. */
  log_odds: number | null;
  flagged: boolean;
  threshold: number;
  /** Each term's share of the log-odds, in model order; empty when there is no estimate. */
  terms: NowcastTerm[];
}

const logistic = (x: number) => 1 / (1 + Math.exp(-x));

/** The estimate for one station. A missing last result contributes nothing (its term is left out). */
export function nowcast(coefficients: NowcastCoefficients, inputs: NowcastInputs): NowcastEstimate {
  const { h24, h48, h72, last_result } = inputs;
  if (h24 === null || h48 === null || h72 === null) {
    return { probability: null, log_odds: null, flagged: false, threshold: coefficients.threshold, terms: [] };
  }
  const terms: NowcastTerm[] = [
    { term: 'intercept', coefficient: coefficients.intercept, input: 1, contribution: coefficients.intercept },
    { term: 'rain_24h', coefficient: coefficients.rain_24h, input: h24, contribution: coefficients.rain_24h * h24 },
    { term: 'rain_48h', coefficient: coefficients.rain_48h, input: h48, contribution: coefficients.rain_48h * h48 },
    { term: 'rain_72h', coefficient: coefficients.rain_72h, input: h72, contribution: coefficients.rain_72h * h72 },
  ];
  if (last_result !== null) {
    const x = Math.log10(Math.max(0, last_result) + 1);
    terms.push({ term: 'last_result', coefficient: coefficients.last_result, input: x, contribution: coefficients.last_result * x });
  }
  const logOdds = terms.reduce((sum, t) => sum + t.contribution, 0);
  const probability = logistic(logOdds);
  return { probability, log_odds: logOdds, flagged: probability >= coefficients.threshold, threshold: coefficients.threshold, terms };
}

/** Board order: highest probability first; stations with no estimate last; ties by beach and station name. */
export function compareByRisk<T extends { probability: number | null; beach_name: string; station_name: string }>(a: T, b: T): number {
  const pa = a.probability ?? -1;
  const pb = b.probability ?? -1;
  if (pa !== pb) return pb - pa;
  return compareBeachStations(a, b);
}
