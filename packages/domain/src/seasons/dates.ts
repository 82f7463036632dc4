const DAY_MS = 86_400_000;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a 'YYYY-MM-DD' string naming a day that exists (no 2024-02-30). */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value;
}

/** The day `days` after (or before, when negative) a 'YYYY-MM-DD' date. */
export function addDays(date: string, days: number): string {
  if (!isIsoDate(date)) throw new RangeError(`Date '${date}' is not YYYY-MM-DD`);
  const ms = Date.parse(`${date}T00:00:00Z`) + days * DAY_MS;
  return new Date(ms).toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: string, to: string): number {
  if (!isIsoDate(from) || !isIsoDate(to)) throw new RangeError(`Dates '${from}', '${to}' are not YYYY-MM-DD`);
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** The calendar day an instant falls on in a time zone (the program's: samples and seasons are local days). */
export function localDate(instant: Date, timeZone: string): string {
  let format = formatters.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD. Building a formatter costs far more than using one, so each is kept.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    formatters.set(timeZone, format);
  }
  return format.format(instant);
}
