import { z } from 'zod';

/** The first-run set-up checklist on an organization admin's dashboard (issue 25). */

export const SETUP_CODES = { SETUP_CHECKLIST: 'SETUP_CHECKLIST' } as const;

export const SETUP_ITEMS = ['places', 'lhas', 'organizations', 'seasons', 'rules', 'beaches', 'users'] as const;
export type SetupItemKey = (typeof SETUP_ITEMS)[number];

export const setupChecklistResponse = z.object({
  complete: z.boolean(),
  year: z.number(),
  items: z.array(
    z.object({
      key: z.enum(SETUP_ITEMS),
      done: z.boolean(),
      /** What the data says now ("21 counties, 45 municipalities"; "Bay Beaches has no 2027 season"). */
      detail: z.string(),
    }),
  ),
});
export type SetupChecklist = z.infer<typeof setupChecklistResponse>;

/** What the checklist is computed from (counts of the real data). */
export interface SetupFacts {
  counties: number;
  municipalities: number;
  lhas: number;
  organizations: number;
  stations: number;
  users: number;
  programs: number;
  programs_without_season: string[];
  programs_without_rules: string[];
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
const listed = (names: string[]) => (names.length <= 3 ? names.join(', ') : `${names.slice(0, 3).join(', ')} and ${names.length - 3} more`);

/**
 * The checklist in the order an agency sets up (docs/first-day.md): each item ticks itself off from the
 * data. Complete when every item is done; the dashboard then stops showing it.
 */
export function setupChecklist(f: SetupFacts, year: number): SetupChecklist {
  const items: SetupChecklist['items'] = [
    { key: 'places', done: f.counties > 0 && f.municipalities > 0, detail: `${plural(f.counties, 'county', 'counties')}, ${plural(f.municipalities, 'municipality', 'municipalities')}` },
    { key: 'lhas', done: f.lhas > 0, detail: plural(f.lhas, 'local health authority', 'local health authorities') },
    { key: 'organizations', done: f.organizations > 0, detail: `${plural(f.organizations, 'organization')} besides the administrators’` },
    {
      key: 'seasons',
      done: f.programs > 0 && f.programs_without_season.length === 0,
      detail: f.programs_without_season.length ? `No ${year} season: ${listed(f.programs_without_season)}` : `Every program has its ${year} season`,
    },
    {
      key: 'rules',
      done: f.programs > 0 && f.programs_without_rules.length === 0,
      detail: f.programs_without_rules.length ? `No logic rules: ${listed(f.programs_without_rules)}` : 'Every program has logic rules',
    },
    { key: 'beaches', done: f.stations > 0, detail: plural(f.stations, 'beach station') },
    { key: 'users', done: f.users > 1, detail: plural(f.users, 'user') },
  ];
  return { complete: items.every((i) => i.done), year, items };
}
