import { formatDay } from './format';
import type { ProgramSeasonInfo } from './types';

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

export function seasonMessage(program: ProgramSeasonInfo, today: string): string {
  const season = program.current_season;
  const phase = seasonPhase(program, today);
  let first: string;
  if (season && phase === 'ended') {
    first = `The ${season.year} swimming season ended on ${formatDay(season.end_date)}.`;
  } else if (season && phase === 'upcoming') {
    first =
      `Monitoring for the ${season.year} swimming season begins on ${formatDay(season.preseason_start)}; ` +
      `the season runs from ${formatDay(season.start_date)} to ${formatDay(season.end_date)}.`;
  } else {
    first = 'No swimming season is scheduled this year.';
  }
  let resumes = '';
  if (phase !== 'upcoming') {
    resumes = program.next_season_start
      ? `Monitoring resumes for the swimming season starting ${formatDay(program.next_season_start)}.`
      : 'Monitoring resumes next season; its dates have not been announced yet.';
  }
  return [first, resumes].filter(Boolean).join(' ');
}

export function seasonMessages(programs: readonly ProgramSeasonInfo[], today: string): SeasonMessage[] {
  const idle = programs.filter((p) => !p.monitored);
  if (idle.length === 0) return [];
  const byText = new Map<string, string[]>();
  for (const program of idle) {
    const text = seasonMessage(program, today);
    byText.set(text, [...(byText.get(text) ?? []), program.name]);
  }
  const everyProgram = idle.length === programs.length && byText.size === 1;
  return [...byText].map(([text, names]) => ({ programs: everyProgram ? [] : names, text }));
}

/** The notice's heading: every program ended, every program yet to start, or some not monitoring. */
export function seasonHeading(programs: readonly ProgramSeasonInfo[], today: string): string {
  const phases = new Set(programs.map((p) => seasonPhase(p, today)));
  if (phases.size === 1 && phases.has('ended')) return 'The swimming season has ended';
  if (phases.size === 1 && phases.has('upcoming')) return 'The swimming season has not started yet';
  return phases.has('monitored') ? 'Some beaches are not monitored now' : 'Beaches are not monitored now';
}

/** True when no program is monitoring today: the whole map is Not Monitored. */
export function allOutOfSeason(programs: readonly ProgramSeasonInfo[]): boolean {
  return programs.length > 0 && programs.every((p) => !p.monitored);
}
