import { useCallback } from 'react';
import { localDate } from '@beach/domain';
import { useDownloadTimeZoneQuery } from '../features/downloads/api';

/** Until GET public/config has answered: the programs' zone in the demo data and in every agency so far. */
export const DEFAULT_PROGRAM_TIME_ZONE = 'America/New_York';

/**
 * The calendar day a stored instant (an ISO timestamp such as created_at) falls on in the programs' time zone.
 * Cutting the timestamp at 10 characters gives its UTC day, which is tomorrow every evening in the agency.
 */
export function programDayOf(timestamp: string, timeZone: string = DEFAULT_PROGRAM_TIME_ZONE): string {
  const instant = new Date(timestamp);
  return Number.isNaN(instant.getTime()) ? timestamp.slice(0, 10) : localDate(instant, timeZone);
}

/** programDayOf in the zone GET public/config gives (read once and cached with the app's other calls). */
export function useProgramDay(): (timestamp: string) => string {
  const timeZone = useDownloadTimeZoneQuery().data ?? DEFAULT_PROGRAM_TIME_ZONE;
  return useCallback((timestamp: string) => programDayOf(timestamp, timeZone), [timeZone]);
}
