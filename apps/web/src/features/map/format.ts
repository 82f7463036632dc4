import type { Language } from '../../i18n';
import { dateTimeFormat, numberFormat } from '../../i18n/intl-cache';

/** Dates and values as the public reads them, in the visitor's language. */

function localeOf(language: Language): string {
  return language === 'es' ? 'es-US' : 'en-US';
}


/** An ISO timestamp as 'Sep 8, 2026, 11:25 AM' / '8 sept 2026, 11:25 a.m.' in the programs' time zone. */
export function formatInstant(iso: string, language: Language, timeZone?: string): string {
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return dateTimeFormat(localeOf(language), { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(ms);
}

const UNITS: Record<string, string> = { CFU_100ML: 'CFU/100mL', MPN_100ML: 'MPN/100mL' };

/** A result with its qualifier: '<10 CFU/100mL', '>24196 MPN/100mL'; `noValue` when there is neither value nor remark. */
export function formatSample(value: number | null, remark: string | null, unit: string | null, language: Language, noValue: string): string {
  if (value === null) return remark ?? noValue;
  const qualifier = remark === 'K' || remark === '<' ? '<' : remark === 'L' || remark === '>' || remark === 'TNTC' ? '>' : '';
  const unitName = unit ? ` ${UNITS[unit] ?? unit}` : '';
  return `${qualifier}${numberFormat(localeOf(language)).format(value)}${unitName}`;
}

