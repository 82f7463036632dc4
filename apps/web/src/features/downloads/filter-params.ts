import type { DownloadFilter } from '@beach/domain/schemas/downloads';

/** The filter fields in the order the spec lists them (SPEC 3, Download filter). */
export const FILTER_FIELDS = [
  'program',
  'county',
  'municipality',
  'locationType',
  'stationType',
  'beachId',
  'lha',
  'startDate',
  'endDate',
] as const satisfies readonly (keyof DownloadFilter)[];

/** Every filter field as text, '' when not chosen: the hidden download form sends all of them. */
export function formFields(filter: DownloadFilter): Record<(typeof FILTER_FIELDS)[number], string> {
  const out = {} as Record<(typeof FILTER_FIELDS)[number], string>;
  for (const field of FILTER_FIELDS) out[field] = filter[field] === undefined ? '' : String(filter[field]);
  return out;
}

/** The chosen fields only, for the count read's query string. */
export function countParams(filter: DownloadFilter): Record<string, string> {
  return Object.fromEntries(Object.entries(formFields(filter)).filter(([, value]) => value !== ''));
}

/** 'YYYY-MM-DD' of a Date in the browser's time zone. */
function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/**
 * The latest day a date picker allows (SPEC 5, 9): tomorrow, the current time plus one day. The server
 * counts tomorrow in the programs' time zone (GET public/config; America/New_York until it has answered);
 * the earlier of the two days is used, so a visitor ahead of that zone never picks a day the server refuses.
 */
export function latestPickerDate(now: Date, programTimeZone = 'America/New_York'): string {
  const localTomorrow = localIsoDate(new Date(now.getTime() + 86_400_000));
  const programTomorrow = new Intl.DateTimeFormat('en-CA', {
    timeZone: programTimeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(now.getTime() + 86_400_000));
  return localTomorrow < programTomorrow ? localTomorrow : programTomorrow;
}

export const DOWNLOAD_URLS = {
  'water-quality': '/api/public/data/download/waterQuality',
  incident: '/api/public/data/download/incident/',
} as const;

export { DOWNLOAD_FRAME_NAME } from './frame-name';
