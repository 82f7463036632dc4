import type { TFunction } from 'i18next';
import '../../i18n/page-text';

const KNOWN = ['FLOWN', 'CANCELLED_WEATHER', 'CANCELLED_MECHANICAL', 'NOT_SCHEDULED'] as const;

/** A flight's status in the visitor's language (an unknown code is shown as sent). */
export function flightStatusText(t: TFunction, status: string): string {
  return (KNOWN as readonly string[]).includes(status) ? t(`flights.statuses.${status as (typeof KNOWN)[number]}`) : status;
}
