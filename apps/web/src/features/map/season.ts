import { formatDay } from '../../i18n';
import type { usePublicText } from '../../i18n';
import type { ProgramSeasonInfo } from '@beach/domain';

/** The visitor's language and its text (usePublicText). */
export type PublicText = ReturnType<typeof usePublicText>;

/**
 * What the public is told when a program is not monitoring today: the season has ended (or not begun)
 * and when monitoring resumes. Programs with the same message share one line; none while all monitor.
 */
export interface SeasonMessage {
  /** Program names the message is about; empty when it applies to every program. */
  programs: string[];
  text: string;
}

export type SeasonPhase = 'monitored' | 'ended' | 'upcoming' | 'none';

export function seasonPhase(program: ProgramSeasonInfo, today: string): SeasonPhase {
  const season = program.current_season;
  if (program.monitored) return 'monitored';
  if (season && today > season.end_date) return 'ended';
  if (season && today < season.preseason_start) return 'upcoming';
  return 'none';
}

export function seasonMessage(program: ProgramSeasonInfo, today: string, { t, language }: PublicText): string {
  const season = program.current_season;
  const phase = seasonPhase(program, today);
  const day = (date: string) => formatDay(date, language);
  let first: string;
  if (season && phase === 'ended') {
    first = t('map.season.ended', { year: season.year, date: day(season.end_date) });
  } else if (season && phase === 'upcoming') {
    first = t('map.season.upcoming', {
      year: season.year,
      preseason: day(season.preseason_start),
      start: day(season.start_date),
      end: day(season.end_date),
    });
  } else {
    first = t('map.season.noSeason');
  }
  let resumes = '';
  if (phase !== 'upcoming') {
    resumes = program.next_season_start
      ? t('map.season.resumesOn', { date: day(program.next_season_start) })
      : t('map.season.resumesLater');
  }
  return [first, resumes].filter(Boolean).join(' ');
}

export function seasonMessages(programs: readonly ProgramSeasonInfo[], today: string, text: PublicText): SeasonMessage[] {
  const idle = programs.filter((p) => !p.monitored);
  if (idle.length === 0) return [];
  const byText = new Map<string, string[]>();
  for (const program of idle) {
    const message = seasonMessage(program, today, text);
    byText.set(message, [...(byText.get(message) ?? []), program.name]);
  }
  const everyProgram = idle.length === programs.length && byText.size === 1;
  return [...byText].map(([message, names]) => ({ programs: everyProgram ? [] : names, text: message }));
}

/** The notice's heading: every program ended, every program yet to start, or some not monitoring. */
export function seasonHeading(programs: readonly ProgramSeasonInfo[], today: string, { t }: PublicText): string {
  const phases = new Set(programs.map((p) => seasonPhase(p, today)));
  if (phases.size === 1 && phases.has('ended')) return t('map.season.headingEnded');
  if (phases.size === 1 && phases.has('upcoming')) return t('map.season.headingUpcoming');
  return phases.has('monitored') ? t('map.season.headingSome') : t('map.season.headingAll');
}

/** True when no program is monitoring today: the whole map is Not Monitored. */
export function allOutOfSeason(programs: readonly ProgramSeasonInfo[]): boolean {
  return programs.length > 0 && programs.every((p) => !p.monitored);
}
