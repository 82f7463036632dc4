import { useState } from 'react';
import type { GeomeanDefaultDay } from '@beach/domain';
import { useGetGeomeanDefaultDayQuery } from './api';

/**
 * The day the geomean screens' windows end on (issue 28 item 2): the program's default day from the
 * server (its last sampled day, or the season's last day out of season) until the user picks another.
 * Opening on today out of season showed every station as "Too few samples (0 of 5)".
 */
export interface AsOfDay {
  /** The default day is still being asked for: show nothing dated yet. */
  loading: boolean;
  /** The day the windows end on; '' only when the default day could not be had (the server then uses today). */
  asOf: string;
  /** A day the user picked, or null while the default day is shown. */
  chosen: string | null;
  /** The server's default day and why, or undefined when it could not be loaded. */
  defaultDay: GeomeanDefaultDay | undefined;
  /** Apply a picked day; '' goes back to the default day. */
  choose: (date: string) => void;
}

export function useAsOfDay(programId: number): AsOfDay {
  const found = useGetGeomeanDefaultDayQuery(programId);
  const [chosen, setChosen] = useState<string | null>(null);
  return {
    loading: found.isLoading,
    asOf: chosen ?? found.data?.date ?? '',
    chosen,
    defaultDay: found.data,
    choose: (date) => setChosen(date || null),
  };
}

/** One sentence under the picker: which day the windows end on, and why that day. */
export function asOfSentence(day: Pick<AsOfDay, 'chosen' | 'defaultDay'>): string {
  const d = day.defaultDay;
  if (day.chosen) return `Showing windows ending ${day.chosen}, the day you chose${d ? ` (clear the date to go back to ${d.date})` : ''}.`;
  if (!d) return 'Showing windows ending today: the program’s last sampled day could not be loaded.';
  const season = d.season ? `the ${d.season.year} season ran ${d.season.start_date} to ${d.season.end_date}` : '';
  switch (d.reason) {
    case 'LAST_SAMPLED':
      return d.monitoring
        ? `Showing windows ending ${d.date}, the program’s last sampled day (today is ${d.today}; results are verified a day or more after sampling).`
        : `Showing windows ending ${d.date}, the program’s last sampled day: the program is out of season today (${d.today})${season ? `; ${season}` : ''}.`;
    case 'SEASON_END':
      return `Showing windows ending ${d.date}, the last day of ${d.season ? `the ${d.season.year} season` : 'the latest season'}: the program is out of season today (${d.today}) and has no sample in that season to end on.`;
    default:
      return `Showing windows ending today, ${d.today}: the program has no verified samples yet.`;
  }
}

export function AsOfNote({ day }: { day: AsOfDay }) {
  return (
    <p className="geomean-as-of-note" id="as-of-note" role="status">
      {asOfSentence(day)}
    </p>
  );
}
