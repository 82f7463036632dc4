import type { ProgramKey } from './nj-places';
import type { ManualEvent } from './simulate';

/** The demo agency's four programs: who they monitor, for what, and how dirty their water tends to be. */
export interface ProgramSpec {
  key: ProgramKey;
  name: string;
  abbv: string;
  /** Header colour; white text on it meets 4.5:1. */
  color: string;
  desc: string;
  category: 'OCEAN' | 'BAY' | 'LAKE' | 'RIVER';
  parameter: 'ENTEROCOCCUS' | 'E_COLI';
  unit: 'CFU_100ML' | 'MPN_100ML';
  thresholds: { geomean: number; statistical: number; bav: number };
  /** Day of the week of routine sampling (1 = Monday). */
  weekday: number;
  /**
   * ln of the median count at an ordinary station, and the day-to-day spread. With the rain model in
   * simulate.ts these give about 2% routine exceedances at ocean beaches, 5% at bay beaches, 3.5% at
   * lakes and 6% at rivers.
   */
  medianLn: number;
  sigma: number;
  /** Probability of 0, 1 or 2 bracket stations at a beach (demo scale). */
  brackets: readonly [number, number, number];
  /** Chance per season that a station has a pre-emptive (manual) closure, and what it would be. */
  manual: { perSeason: number; events: readonly ManualEvent[] };
}

export const PROGRAMS: readonly ProgramSpec[] = [
  {
    key: 'OCEAN',
    name: 'Ocean Beaches',
    abbv: 'OB',
    color: '#005ea2',
    desc: 'Guarded ocean bathing beaches from Sandy Hook to Cape May Point, sampled weekly for Enterococcus.',
    category: 'OCEAN',
    parameter: 'ENTEROCOCCUS',
    unit: 'CFU_100ML',
    thresholds: { geomean: 35, statistical: 130, bav: 104 },
    weekday: 1,
    medianLn: Math.log(5),
    sigma: 1.05,
    brackets: [0.65, 0.22, 0.13],
    manual: {
      perSeason: 0.01,
      events: [
        { reasonCode: 'SEWAGE', sourceCode: 'SEWER_LINE', reason: 'Pre-emptive closure: sewer force main break reported near the outfall.' },
      ],
    },
  },
  {
    key: 'BAY',
    name: 'Bay Beaches',
    abbv: 'BB',
    color: '#00687d',
    desc: 'Bathing beaches on Raritan, Sandy Hook, Barnegat and Delaware Bays and the tidal rivers, sampled weekly for Enterococcus.',
    category: 'BAY',
    parameter: 'ENTEROCOCCUS',
    unit: 'CFU_100ML',
    thresholds: { geomean: 35, statistical: 130, bav: 104 },
    weekday: 1,
    medianLn: Math.log(9),
    sigma: 1.05,
    brackets: [0.85, 0.08, 0.07],
    manual: {
      perSeason: 0.04,
      events: [
        { reasonCode: 'SEWAGE', sourceCode: 'SSO', reason: 'Pre-emptive closure: sanitary sewer overflow reported by the utilities authority.' },
        { reasonCode: 'RAINFALL', sourceCode: 'STORM', reason: 'Pre-emptive closure after more than 2.8 inches of rain in 24 hours.' },
      ],
    },
  },
  {
    key: 'LAKE',
    name: 'Lakes',
    abbv: 'LK',
    color: '#2e6d35',
    desc: 'Public and private lake bathing beaches, mostly in the north-west highlands, sampled weekly for E. coli.',
    category: 'LAKE',
    parameter: 'E_COLI',
    unit: 'MPN_100ML',
    thresholds: { geomean: 126, statistical: 410, bav: 235 },
    weekday: 2,
    medianLn: Math.log(16),
    sigma: 1.05,
    brackets: [0.9, 0.05, 0.05],
    manual: {
      perSeason: 0.05,
      events: [
        {
          reasonCode: 'OTHER',
          sourceCode: 'ALGAE',
          reason: 'Closed for a harmful algal bloom: cyanobacteria counts above the health advisory guidance level.',
        },
      ],
    },
  },
  {
    key: 'RIVER',
    name: 'Rivers',
    abbv: 'RV',
    color: '#775540',
    desc: 'River swimming areas on the non-tidal Delaware and the Pinelands rivers, sampled weekly for E. coli.',
    category: 'RIVER',
    parameter: 'E_COLI',
    unit: 'MPN_100ML',
    thresholds: { geomean: 126, statistical: 410, bav: 235 },
    weekday: 3,
    medianLn: Math.log(22),
    sigma: 1.05,
    brackets: [0.85, 0.1, 0.05],
    manual: {
      perSeason: 0.03,
      events: [{ reasonCode: 'RAINFALL', sourceCode: 'STORM', reason: 'Pre-emptive closure: river above flood stage after heavy rain.' }],
    },
  },
];

/** Test scale: the first few beaches of each program, each with two brackets. */
export const TEST_BEACHES: Readonly<Record<ProgramKey, number>> = { OCEAN: 4, BAY: 1, LAKE: 4, RIVER: 1 };

/** Every sixth beach is a chronic problem beach: its counts run about 2.7 times higher. */
export const isChronic = (siteIndex: number) => siteIndex % 6 === 1;
export const CHRONIC_OFFSET_LN = 1;

/**
 * Scripted episodes at the end of the data, so an in-season snapshot always shows some: the last
 * routine sample exceeds (an advisory), and at some of those the resample the next day exceeds too (a
 * closure). Test scale: the chronic Ocean beach closes, the chronic Lake beach is under advisory.
 */
export function scriptedEpisode(scale: 'demo' | 'test', program: ProgramKey, siteIndex: number): 'ADVISORY' | 'CLOSED' | null {
  if (scale === 'test') return program === 'OCEAN' && siteIndex === 1 ? 'CLOSED' : program === 'LAKE' && siteIndex === 1 ? 'ADVISORY' : null;
  if (siteIndex % 48 === 1) return 'CLOSED';
  if (siteIndex % 24 === 1) return 'ADVISORY';
  return null;
}
