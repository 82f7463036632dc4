/** Dates and values as the public reads them. */

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as 'Jul 15, 2026' (a calendar day: no time-zone shift). */
export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : dayFormat.format(ms);
}

/** An ISO timestamp as 'Sep 8, 2026, 11:25 AM' in the programs' time zone. */
export function formatInstant(iso: string, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
}

const UNITS: Record<string, string> = { CFU_100ML: 'CFU/100mL', MPN_100ML: 'MPN/100mL' };

/** A result with its qualifier: '<10 CFU/100mL', '>24196 MPN/100mL'. */
export function formatSample(value: number | null, remark: string | null, unit: string | null): string {
  if (value === null) return remark ?? 'No value';
  const qualifier = remark === 'K' || remark === '<' ? '<' : remark === 'L' || remark === '>' || remark === 'TNTC' ? '>' : '';
  const unitName = unit ? ` ${UNITS[unit] ?? unit}` : '';
  return `${qualifier}${value.toLocaleString('en-US')}${unitName}`;
}

/** The day after a 'YYYY-MM-DD' day (date pickers stop at tomorrow, SPEC 5). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
