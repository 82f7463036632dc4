const dayFormat = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** 'YYYY-MM-DD' as 'Jul 15, 2026' (a calendar day: no time-zone shift). */
export function formatDay(day: string): string {
  const ms = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(ms) ? day : dayFormat.format(ms);
}

/** The day after a 'YYYY-MM-DD' day: date pickers stop at tomorrow (SPEC 5). */
export function nextDay(day: string): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}
