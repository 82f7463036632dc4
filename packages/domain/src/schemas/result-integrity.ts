import { z } from 'zod';

/**
 * Result integrity (decision 0018): the natural key of a result, repeated rows within one batch, the
 * refusals when a key is already stored or a result changed since it was loaded, and the Idempotency-Key
 * of the batch writes. Pure: the server and the web grid apply the same rules.
 */

/**
 * The natural key of a result: one sample of one parameter at one station and time. A second sample the
 * same day needs another time or the resample flag. The database enforces it (results_natural_key).
 */
export interface ResultKeyFields {
  beach_station_id: number;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter_id: number;
  is_resample: boolean;
}

export function resultNaturalKey(r: ResultKeyFields): string {
  return [r.beach_station_id, r.sample_date, r.sample_time_hh, r.sample_time_mm, r.parameter_id, r.is_resample ? 'R' : ''].join('|');
}

/** An item whose key an earlier item of the same list has: its index and the earlier one's. */
export interface RepeatedItem {
  index: number;
  first: number;
}

/**
 * The items that repeat an earlier item's key, in list order, each with the index of the first item that
 * has the key. Items whose key is null (not resolved) take no part.
 */
export function repeatedKeys<T>(items: readonly T[], keyOf: (item: T, index: number) => string | null): RepeatedItem[] {
  const firstOf = new Map<string, number>();
  const repeated: RepeatedItem[] = [];
  items.forEach((item, index) => {
    const key = keyOf(item, index);
    if (key === null) return;
    const first = firstOf.get(key);
    if (first === undefined) firstOf.set(key, index);
    else repeated.push({ index, first });
  });
  return repeated;
}

export const RESULT_INTEGRITY_CODES = {
  /** 409: a result with the same natural key is stored already (POST results/bulk). */
  RESULT_ALREADY_STORED: 'RESULT_ALREADY_STORED',
  /** 409: an edited result changed after the caller loaded it (its version moved on). */
  RESULT_CHANGED_SINCE_LOADED: 'RESULT_CHANGED_SINCE_LOADED',
  /** 422: an Idempotency-Key used before with a different request. */
  IDEMPOTENCY_KEY_REUSED: 'IDEMPOTENCY_KEY_REUSED',
} as const;

/** A result named in a message: station, day, time, parameter and resample flag. */
export interface ResultLabelFields {
  result_id?: number | null;
  station_name: string;
  sample_date: string;
  sample_time_hh: string;
  sample_time_mm: string;
  parameter_name: string;
  is_resample: boolean;
}

export function resultLabel(r: ResultLabelFields): string {
  const time = r.sample_time_hh ? ` ${r.sample_time_hh}:${r.sample_time_mm}` : ' (no time)';
  const what = `${r.station_name}, ${r.sample_date}${time}, ${r.parameter_name}${r.is_resample ? ', resample' : ''}`;
  return r.result_id ? `Result ${r.result_id} (${what})` : what;
}

const SAME_SAMPLE = 'the same station, sample date and time, parameter and resample flag';

export const RESULT_INTEGRITY_MESSAGES = {
  /** POST results/bulk: row numbers count from 1 in the order sent. */
  repeatedRow: (row: number, first: number) => `Row ${row} repeats row ${first}: ${SAME_SAMPLE}. Enter each sample once`,
  /** The grid's own check, before sending. */
  repeatedInGrid: 'Another line of this station has the same time, parameter and resample flag: enter each sample once',
  /** Upload preview and commit: line numbers of the file. */
  repeatedLine: (line: number, first: number) => `Line ${line} repeats line ${first}: ${SAME_SAMPLE}`,
  /** Upload: the stored result of that key has other values. */
  storedDiffers: (resultId: number) =>
    `A different result for this station, sample date and time and parameter is already stored (result ${resultId}): correct it in the grid`,
  alreadyStored: (label: string, more: number) =>
    `${label} is already stored${more > 0 ? ` (and ${more} more of these rows)` : ''}: edit the stored result instead of adding it again.`,
  changedSinceLoaded: (label: string, more: number) =>
    `${label} was changed by someone else after you loaded it${more > 0 ? ` (and ${more} more)` : ''}. Reload the results, check the change and enter yours again.`,
  versionRequired: 'Send the version of the result you loaded (version), so that a change made meanwhile is not overwritten',
  idempotencyKeyReused: 'This Idempotency-Key was used before with a different request: use a new key for a new request.',
} as const;

/** The payload of 409 RESULT_ALREADY_STORED: each refused row (counting from 1 in the order sent) and the stored result it repeats. */
export const resultAlreadyStoredSchema = z.object({
  rows: z.array(z.object({ row: z.number(), result_id: z.number() })),
});
export type ResultAlreadyStored = z.infer<typeof resultAlreadyStoredSchema>;

/** The payload of 409 RESULT_CHANGED_SINCE_LOADED: the results and the versions they have now. */
export const resultChangedSchema = z.object({
  results: z.array(z.object({ result_id: z.number(), version: z.number(), loaded_version: z.number() })),
});
export type ResultChanged = z.infer<typeof resultChangedSchema>;

/**
 * Idempotency-Key of a batch write (POST results/bulk, POST results/upload/commit, PUT verify/ and
 * verify/secondary/): the same key from the same user for the same call within IDEMPOTENCY_KEY_HOURS
 * gets the first answer again without writing again. Printable ASCII, no spaces (a UUID is typical).
 */
export const IDEMPOTENCY_KEY_HOURS = 24;
export const idempotencyKeySchema = z
  .string()
  .min(1, 'The Idempotency-Key is empty')
  .max(200, 'The Idempotency-Key must be at most 200 characters')
  .regex(/^[\x21-\x7e]+$/, 'The Idempotency-Key must be printable ASCII without spaces');

/** Request headers of an idempotent call: every other header passes untouched. */
export const idempotencyHeadersSchema = z.looseObject({ 'idempotency-key': idempotencyKeySchema.optional() });
