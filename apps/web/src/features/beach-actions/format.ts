import { formatDate, type Language } from '../../i18n';

/** 'YYYY-MM-DD' as 'Jul 15, 2026' / '15 jul 2026' (a calendar day: no time-zone shift). */
export function formatDay(day: string, language: Language): string {
  return Number.isNaN(Date.parse(`${day}T00:00:00Z`)) ? day : formatDate(day, language, 'short');
}

/** The day after a 'YYYY-MM-DD' day: date pickers stop at tomorrow (SPEC 5). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
