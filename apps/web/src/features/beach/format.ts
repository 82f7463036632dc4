import type { Language } from '../../i18n';
import { dateTimeFormat, numberFormat } from '../../i18n/intl-cache';

/** Dates and values as the public reads them on the beach page, in the visitor's language. */

function localeOf(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}


/** A month's short name for the chart's axis ('Jul' / 'jul'); `ms` is a UTC instant in that month. */
export function formatMonth(ms: number, language: Language): string {
  return dateTimeFormat(localeOf(language), { month: 'short', timeZone: 'UTC' }).format(ms);
}

export function formatNumber(value: number, language: Language): string {
  return numberFormat(localeOf(language), { maximumFractionDigits: 1 }).format(value);
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

/** A result with its qualifier: '<10', '>24,196', '127'; `noValue` when there is neither value nor remark. */
export function formatValue(value: number | null, remark: string | null, language: Language, noValue: string): string {
  if (value === null) return remark ?? noValue;
  const qualifier = LOW.has(remark ?? '') ? '<' : HIGH.has(remark ?? '') ? '>' : '';
  return `${qualifier}${formatNumber(value, language)}`;
}

/** A geomean ('38.2'), or `notAvailable` when there is none. */
export function formatGeomean(value: number | null, language: Language, notAvailable: string): string {
  return value === null ? notAvailable : formatNumber(value, language);
}

const UNITS: Record<string, string> = { CFU_100ML: 'CFU/100mL', MPN_100ML: 'MPN/100mL' };

export function unitName(unit: string): string {
  return UNITS[unit] ?? unit;
}
