/** Dates and values as the public reads them on the beach page. */

const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as 'Jul 15, 2026' (a calendar day: no time-zone shift). */
export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : dayFormat.format(ms);
}

/** The day as milliseconds since the epoch (UTC midnight), for chart positions. */
export function dayMs(day: string): number {
  return Date.parse(`${day}T00:00:00Z`);
}

const LOW = new Set(['K', '<']);
const HIGH = new Set(['L', '>', 'TNTC']);

/** True when the true value is below the reported one (less than the reporting limit). */
export function isCensoredLow(remark: string | null): boolean {
  return remark !== null && LOW.has(remark);
}

/** A result with its qualifier: '<10', '>24,196', '127'. */
export function formatValue(value: number | null, remark: string | null): string {
  if (value === null) return remark ?? 'No value';
  const qualifier = LOW.has(remark ?? '') ? '<' : HIGH.has(remark ?? '') ? '>' : '';
  return `${qualifier}${value.toLocaleString('en-US', { maximumFractionDigits: 1 })}`;
}

export function formatGeomean(value: number | null): string {
  return value === null ? 'n/a' : value.toLocaleString('en-US', { maximumFractionDigits: 1 });
}

const UNITS: Record<string, string> = { CFU_100ML: 'CFU/100mL', MPN_100ML: 'MPN/100mL' };

export function unitName(unit: string): string {
  return UNITS[unit] ?? unit;
}
