import { DATE_MAX, DATE_MIN } from '../schemas/common';

/**
 * The date and time formats a mapped import reads (issue 29). A doubled letter is exactly two digits
 * (`MM/DD/YYYY` reads 06/03/2024, not 6/3/2024); a single letter is one or two (`M/D/YYYY` reads both, as
 * spreadsheets write dates). ISO_DATETIME is `YYYY-MM-DDTHH:MM[:SS[.fff]]` (or a space for the T), read as
 * the local date and time the sampler wrote: a time zone offset is refused, not converted.
 */
export const DATE_FORMATS = ['MM/DD/YYYY', 'M/D/YYYY', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YY', 'ISO_DATETIME'] as const;
export type DateFormat = (typeof DATE_FORMATS)[number];

/** `HH:MM` is 24-hour (one- or two-digit hour, seconds ignored); `h:mm AM/PM` 12-hour; `HHMM` military (0915). */
export const TIME_FORMATS = ['HH:MM', 'h:mm AM/PM', 'HHMM', 'ISO_DATETIME'] as const;
export type TimeFormat = (typeof TIME_FORMATS)[number];

/**
 * Two-digit years below the pivot are 20YY, the others 19YY (POSIX's rule: 00-68 -> 2000-2068,
 * 69-99 -> 1969-1999). A mapping may set its own.
 */
export const DEFAULT_TWO_DIGIT_YEAR_PIVOT = 69;

export type ParsedDate = { ok: true; date: string } | { ok: false; reason: string };
export type SampleTime = { hh: string; mm: string };
export type ParsedTime = { ok: true; time: SampleTime | null } | { ok: false; reason: string };

const pad = (n: number) => String(n).padStart(2, '0');

const ISO_DATETIME = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?$/;

/** Each format's pattern and where its year, month and day are. */
const DATE_PATTERNS: Record<Exclude<DateFormat, 'ISO_DATETIME'>, { pattern: RegExp; y: number; m: number; d: number }> = {
  'MM/DD/YYYY': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, m: 1, d: 2, y: 3 },
  'M/D/YYYY': { pattern: /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/, m: 1, d: 2, y: 3 },
  'YYYY-MM-DD': { pattern: /^(\d{4})-(\d{2})-(\d{2})$/, y: 1, m: 2, d: 3 },
  'DD/MM/YYYY': { pattern: /^(\d{2})\/(\d{2})\/(\d{4})$/, d: 1, m: 2, y: 3 },
  'MM/DD/YY': { pattern: /^(\d{2})\/(\d{2})\/(\d{2})$/, m: 1, d: 2, y: 3 },
};

export const DATE_REASONS = {
  empty: 'is empty',
  format: (formats: readonly DateFormat[]) => `does not read as ${formats.join(' or ')}`,
  notADay: 'is not a day of the calendar',
  range: `is outside the years ${DATE_MIN.slice(0, 4)} to ${DATE_MAX.slice(0, 4)}`,
  offset: 'has a time zone offset: the import reads the local date and time as written',
} as const;

export const TIME_REASONS = {
  format: (format: TimeFormat) => `does not read as ${format}`,
  notATime: 'is not a time of day',
} as const;

function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** 'YYYY-MM-DD' of a year, month and day, or the reason it is no day the import takes. */
export function calendarDate(year: number, month: number, day: number): ParsedDate {
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return { ok: false, reason: DATE_REASONS.notADay };
  const date = `${String(year).padStart(4, '0')}-${pad(month)}-${pad(day)}`;
  if (date < DATE_MIN || date > DATE_MAX) return { ok: false, reason: DATE_REASONS.range };
  return { ok: true, date };
}

/** A two-digit year as a full year, by the pivot. */
export function fullYear(twoDigits: number, pivot: number = DEFAULT_TWO_DIGIT_YEAR_PIVOT): number {
  return twoDigits < pivot ? 2000 + twoDigits : 1900 + twoDigits;
}

/**
 * A date cell in one format to 'YYYY-MM-DD', with real calendar validation (no 02/30, 02/29 only in leap
 * years) and the product's date range (DATE_MIN to DATE_MAX); a reason otherwise. Surrounding spaces are
 * ignored. The upper bound of a sample date (tomorrow in the program's time zone) is the import's to check.
 */
export function parseDate(text: string, format: DateFormat, options: { twoDigitYearPivot?: number } = {}): ParsedDate {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: false, reason: DATE_REASONS.empty };
  if (format === 'ISO_DATETIME') {
    const match = ISO_DATETIME.exec(trimmed);
    if (!match) return { ok: false, reason: DATE_REASONS.format([format]) };
    if (match[7]) return { ok: false, reason: DATE_REASONS.offset };
    return calendarDate(Number(match[1]), Number(match[2]), Number(match[3]));
  }
  const { pattern, y, m, d } = DATE_PATTERNS[format];
  const match = pattern.exec(trimmed);
  if (!match) return { ok: false, reason: DATE_REASONS.format([format]) };
  const year = format === 'MM/DD/YY' ? fullYear(Number(match[y]), options.twoDigitYearPivot) : Number(match[y]);
  return calendarDate(year, Number(match[m]), Number(match[d]));
}

/**
 * A date cell tried in each of the mapping's formats in turn: the first that reads it wins. When none
 * does, the reason of the last format that matched the cell's shape (02/30/2024 is no day), else that the
 * cell reads as none of them.
 */
export function parseDateIn(text: string, formats: readonly DateFormat[], options: { twoDigitYearPivot?: number } = {}): ParsedDate {
  let shaped: ParsedDate | null = null;
  for (const format of formats) {
    const parsed = parseDate(text, format, options);
    if (parsed.ok) return parsed;
    if (parsed.reason === DATE_REASONS.empty) return parsed;
    if (parsed.reason !== DATE_REASONS.format([format])) shaped = parsed;
  }
  return shaped ?? { ok: false, reason: DATE_REASONS.format(formats) };
}

function clock(hour: number, minute: number, second: number | undefined): ParsedTime {
  if (hour > 23 || minute > 59 || (second !== undefined && second > 59)) return { ok: false, reason: TIME_REASONS.notATime };
  return { ok: true, time: { hh: pad(hour), mm: pad(minute) } };
}

const optionalNumber = (text: string | undefined) => (text === undefined ? undefined : Number(text));

/**
 * A time cell to two-digit hour and minute text (as results store them); an empty cell is no time (null).
 * Seconds are read and dropped. `h:mm AM/PM` takes `9:15 AM`, `09:15pm`, `9:15 a.m.`; 12 AM is 00.
 * ISO_DATETIME reads the time part of a date-time cell; a date alone there is no time.
 */
export function parseTime(text: string, format: TimeFormat): ParsedTime {
  const trimmed = text.trim();
  if (trimmed === '') return { ok: true, time: null };
  const fail: ParsedTime = { ok: false, reason: TIME_REASONS.format(format) };
  switch (format) {
    case 'HH:MM': {
      const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?$/.exec(trimmed);
      return match ? clock(Number(match[1]), Number(match[2]), optionalNumber(match[3])) : fail;
    }
    case 'h:mm AM/PM': {
      const match = /^(\d{1,2}):(\d{2})(?::(\d{2}))?\s*([ap])\.?\s*m\.?$/i.exec(trimmed);
      if (!match) return fail;
      const hour12 = Number(match[1]);
      if (hour12 < 1 || hour12 > 12) return { ok: false, reason: TIME_REASONS.notATime };
      const pm = match[4]!.toLowerCase() === 'p';
      return clock((hour12 % 12) + (pm ? 12 : 0), Number(match[2]), optionalNumber(match[3]));
    }
    case 'HHMM': {
      const match = /^(\d{1,2})(\d{2})$/.exec(trimmed);
      return match ? clock(Number(match[1]), Number(match[2]), undefined) : fail;
    }
    case 'ISO_DATETIME': {
      if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return { ok: true, time: null };
      const match = ISO_DATETIME.exec(trimmed);
      if (!match) return fail;
      if (match[7]) return { ok: false, reason: DATE_REASONS.offset };
      return clock(Number(match[4]), Number(match[5]), optionalNumber(match[6]));
    }
  }
}
