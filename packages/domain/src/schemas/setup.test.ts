import { describe, expect, it } from 'vitest';
import { setupChecklist, type SetupFacts } from './setup';

const empty: SetupFacts = { counties: 0, municipalities: 0, lhas: 0, organizations: 0, stations: 0, users: 1, programs: 1, programs_without_season: ['Ocean Beaches'], programs_without_rules: ['Ocean Beaches'] };

describe('setupChecklist', () => {
  it('on a new agency every item is open, in set-up order, and says what is missing', () => {
    const list = setupChecklist(empty, 2027);
    expect(list.complete).toBe(false);
    expect(list.items.map((i) => [i.key, i.done])).toEqual([
      ['places', false],
      ['lhas', false],
      ['organizations', false],
      ['seasons', false],
      ['rules', false],
      ['beaches', false],
      ['users', false],
    ]);
    expect(list.items[3]!.detail).toBe('No 2027 season: Ocean Beaches');
    expect(list.items[0]!.detail).toBe('0 counties, 0 municipalities');
  });

  it('ticks each item off from the data and is complete when all are', () => {
    const done = setupChecklist({ counties: 21, municipalities: 1, lhas: 2, organizations: 1, stations: 1, users: 2, programs: 2, programs_without_season: [], programs_without_rules: [] }, 2027);
    expect(done.complete).toBe(true);
    expect(done.items[0]!.detail).toBe('21 counties, 1 municipality');
    // Counties without a municipality are not yet places a beach can be in.
    expect(setupChecklist({ ...empty, counties: 21 }, 2027).items[0]!.done).toBe(false);
    // A program without any rule keeps the rules item open, naming it.
    const many = setupChecklist({ ...empty, programs_without_rules: ['A', 'B', 'C', 'D', 'E'] }, 2027);
    expect(many.items[4]!.detail).toBe('No logic rules: A, B, C and 2 more');
  });
});
