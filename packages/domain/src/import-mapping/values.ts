import { NOT_EVALUATED_REMARK_CODES } from '../water-quality/geomean';
import { RESULT_VALUE_MAX } from '../schemas/results';
import { mapKey, type ValueParserOptions } from './mapping';

/**
 * Value cells of a mapped import (issue 29): `10.0`, `1,000`, `<10`, `< 10`, `>2419.6`, `TNTC`, empty,
 * and the remark they imply, in the portal's remark codes (the reference data of the api's seed: K and <
 * less than the reporting limit, L and > greater than, TNTC too numerous to count; NS, LF, LA carry no
 * value; FA, CG are no measurement). Pure; the codes a value implies are the mapping's (K, L by default).
 */

export type ParsedValue = { ok: true; value: number | null; remark: string | null } | { ok: false; reason: string };

export const VALUE_REASONS = {
  notNumber: 'is text, not a number',
  negative: 'is negative',
  tooLarge: `is more than ${RESULT_VALUE_MAX.toLocaleString('en-US')}`,
  empty: 'is empty (a value, or a remark that explains its absence, is needed)',
  conflict: 'says the opposite of the value',
} as const;

/** The remark codes meaning "less than the reporting limit" and "greater than the upper limit" (the seed's isCensoredLow / isCensoredHigh). */
export const LESS_THAN_REMARK_CODES = ['K', '<'] as const;
export const GREATER_THAN_REMARK_CODES = ['L', '>', 'TNTC'] as const;

/**
 * Remark codes whose result may have no number (a value cell of text such as `N/A` then reads as none):
 * the seed's no-value codes (NS, LF, LA) and the not-evaluated ones (FA, CG). The api passes the codes its
 * database flags; this is the default for the reference data.
 */
export const DEFAULT_VALUE_FREE_REMARKS: readonly string[] = ['NS', 'LF', 'LA', ...NOT_EVALUATED_REMARK_CODES];

export type RemarkMeaning = 'less_than' | 'greater_than' | null;

/** What a remark code says of its value: below a limit, above one, or neither. */
export function remarkMeaning(code: string | null, options: Pick<ValueParserOptions, 'less_than_remark' | 'greater_than_remark'>): RemarkMeaning {
  if (code === null) return null;
  const upper = code.toUpperCase();
  if (upper === options.less_than_remark || (LESS_THAN_REMARK_CODES as readonly string[]).includes(upper)) return 'less_than';
  if (upper === options.greater_than_remark || (GREATER_THAN_REMARK_CODES as readonly string[]).includes(upper)) return 'greater_than';
  return null;
}

const PLAIN = /^(?:\d+(?:\.\d*)?|\.\d+)(?:e[+-]?\d+)?$/i;
const GROUPED = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$/;

/** A number as labs write it (`10`, `10.0`, `.5`, `1.2E+03`, and `1,000` with the thousands separator), or a reason. */
export function parseNumber(text: string, thousandsSeparator = true): { ok: true; value: number } | { ok: false; reason: string } {
  const unsigned = text.startsWith('-') ? text.slice(1).trim() : text;
  let digits: string | null = null;
  if (PLAIN.test(unsigned)) digits = unsigned;
  else if (thousandsSeparator && GROUPED.test(unsigned)) digits = unsigned.replaceAll(',', '');
  if (digits === null) return { ok: false, reason: VALUE_REASONS.notNumber };
  const value = Number(digits);
  if (!Number.isFinite(value)) return { ok: false, reason: VALUE_REASONS.notNumber };
  if (unsigned !== text && value !== 0) return { ok: false, reason: VALUE_REASONS.negative };
  if (value > RESULT_VALUE_MAX) return { ok: false, reason: VALUE_REASONS.tooLarge };
  return { ok: true, value };
}

/**
 * A value cell as a value and the remark it implies: `10.0` is 10 with none; `<10` and `< 10` are 10 with
 * the less-than remark (K); `>2419.6` is 2419.6 with the greater-than remark (L); a word of the mapping
 * (TNTC) is its remark with its value; empty is no value and no remark; any other text is a reason.
 */
export function parseValue(text: string, options: ValueParserOptions): ParsedValue {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, value: null, remark: null };
  const key = mapKey(trimmed);
  const word = options.words.find((w) => mapKey(w.text) === key);
  if (word) return { ok: true, value: word.value, remark: word.remark };
  const sign = /^([<>])\s*(.+)$/.exec(trimmed);
  const number = parseNumber(sign ? sign[2]! : trimmed, options.thousands_separator);
  if (!number.ok) return number;
  const remark = sign ? (sign[1] === '<' ? options.less_than_remark : options.greater_than_remark) : null;
  return { ok: true, value: number.value, remark };
}

/**
 * The remark of a row from its value cell and its remark column, or a reason when they disagree. Either
 * alone is the remark; both, saying the same (a `<10` with K or `<`), the column's code; a `<10` with L or
 * a `>2419.6` with K contradict each other; a value sign with a remark of another kind (`<10` with FA)
 * keeps the column's code, which says more.
 */
export function mergeRemark(
  fromValue: string | null,
  fromColumn: string | null,
  options: Pick<ValueParserOptions, 'less_than_remark' | 'greater_than_remark'>,
): { ok: true; remark: string | null } | { ok: false; reason: string } {
  if (fromValue === null || fromColumn === null) return { ok: true, remark: fromColumn ?? fromValue };
  const a = remarkMeaning(fromValue, options);
  const b = remarkMeaning(fromColumn, options);
  if (a !== null && b !== null && a !== b) return { ok: false, reason: VALUE_REASONS.conflict };
  return { ok: true, remark: fromColumn };
}

/**
 * The value of a row whose value cell is empty: a less-than result takes the mapping's `below_limit_value`
 * (the reporting limit, or null); any other keeps none.
 */
export function emptyValueFor(remark: string | null, options: ValueParserOptions): number | null {
  return remarkMeaning(remark, options) === 'less_than' ? options.below_limit_value : null;
}
