import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../messages';
import type { ProgramPermissionEntry } from '../types/user';
import { ALL_ADMIN, BAY, LAKES, OCEAN, carries, grants, org, rules, user } from './fixtures';
import { autoSelectedProgram } from './program';
import { NO_PROGRAM_OPTION, programOptions, programSelectionMessage, showProgramSelector } from './programSelector';

// OCEAN and BAY uncapped, LAKES carried but capped to nothing.
const o = org([carries(OCEAN), carries(BAY), carries(LAKES, rules())]);
const none: ProgramPermissionEntry[] = [];
const one = grants(BAY, { REPORTS: 'USER' });
const two = [...grants(OCEAN, { INCIDENTS: 'USER' }), ...grants(BAY, { REPORTS: 'USER' })];
const onlyCapped = grants(LAKES, ALL_ADMIN);

describe('programOptions', () => {
  it("labels each of the user's programs 'abbv - name' (no literal brackets), organization order", () => {
    expect(programOptions(user(o, two))).toEqual([
      { value: OCEAN.program_id, label: 'OB - Ocean Beaches' },
      { value: BAY.program_id, label: 'NJBB - New Jersey Bay Beaches' },
    ]);
  });
  it.each<[string, ProgramPermissionEntry[], number[]]>([
    ['no programs', none, []],
    ['one program', one, [BAY.program_id]],
    ['a program capped to nothing is not offered', onlyCapped, []],
    ['a foreign program is not offered', grants({ ...LAKES, program_id: 99 }, ALL_ADMIN), []],
  ])('%s', (_, permissions, values) => {
    expect(programOptions(user(o, permissions)).map((p) => p.value)).toEqual(values);
  });
  it("the '-No Program-' option clears the selection", () => {
    expect(NO_PROGRAM_OPTION).toEqual({ value: null, label: '-No Program-' });
  });
});

describe('autoSelectedProgram / showProgramSelector', () => {
  it.each<[string, ProgramPermissionEntry[], number | null, boolean]>([
    ['no programs', none, null, false],
    ['exactly one program', one, BAY.program_id, false],
    ['two programs', two, null, true],
    ['three grants, two usable', [...two, ...onlyCapped], null, true],
    ['only a program capped to nothing', onlyCapped, null, false],
  ])('%s -> auto %s, selector %s', (_, permissions, auto, selector) => {
    const u = user(o, permissions);
    expect(autoSelectedProgram(u)?.program_id ?? null).toBe(auto);
    expect(showProgramSelector(u)).toBe(selector);
  });

  it('auto-selects the program reference', () => {
    expect(autoSelectedProgram(user(o, one))).toEqual(BAY);
  });

  it('an admin organization without programs has nothing to select', () => {
    const u = user(org([], true), grants(OCEAN, ALL_ADMIN));
    expect(autoSelectedProgram(u)).toBeNull();
    expect(showProgramSelector(u)).toBe(false);
  });
});

describe('programSelectionMessage', () => {
  it.each<[string, ProgramPermissionEntry[], number | null | undefined, string | null]>([
    ['several programs, none chosen', two, null, MESSAGES.multiplePrograms],
    ['several programs, undefined selection', two, undefined, MESSAGES.multiplePrograms],
    ['several programs, one of them chosen', two, OCEAN.program_id, null],
    ['several programs, a capped one chosen', two, LAKES.program_id, MESSAGES.missingProgramPermissions],
    ['several programs, a foreign one chosen', two, 99, MESSAGES.missingProgramPermissions],
    ['one program, none chosen', one, null, null],
    ['one program, it chosen', one, BAY.program_id, null],
    ['one program, another chosen (stale selection)', one, OCEAN.program_id, MESSAGES.missingProgramPermissions],
    ['no programs, none chosen', none, null, null],
    ['no programs, something chosen', none, OCEAN.program_id, MESSAGES.missingProgramPermissions],
  ])('%s', (_, permissions, selected, message) => {
    expect(programSelectionMessage(user(o, permissions), selected)).toBe(message);
  });
});
