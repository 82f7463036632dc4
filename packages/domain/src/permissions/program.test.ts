import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS, PERMISSION_AREAS, type AccessLevel, type PermissionArea } from '../constants';
import type { OrganizationProgramRules, ProgramPermissionEntry } from '../types/user';
import { ALL_ADMIN, BAY, LAKES, OCEAN, OPEN_RULES, carries, grants, org, rules, user, userIn } from './fixtures';
import {
  AREA_CAP_RULE,
  accessiblePrograms,
  can,
  effectiveLevel,
  effectivePermissionMap,
  isProgramAccessible,
  organizationCap,
  programPermissionMap,
} from './program';

const NONE_MAP = Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'NONE']));

describe('programPermissionMap (the user own levels, before caps)', () => {
  it('maps every area, missing -> NONE', () => {
    const u = userIn(OCEAN, { DATA_EDITING: 'USER', INCIDENTS: 'ADMIN' });
    expect(programPermissionMap(u, OCEAN.program_id)).toEqual({ ...NONE_MAP, DATA_EDITING: 'USER', INCIDENTS: 'ADMIN' });
  });

  it.each(PERMISSION_AREAS.flatMap((area) => ACCESS_LEVELS.map((level) => [area, level] as const)))(
    'reads %s = %s',
    (area, level) => {
      expect(programPermissionMap(userIn(OCEAN, { [area]: level }), OCEAN.program_id)[area]).toBe(level);
    },
  );

  it('ignores rows of other programs', () => {
    const u = user(org([carries(OCEAN), carries(BAY)]), grants(BAY, ALL_ADMIN));
    expect(programPermissionMap(u, OCEAN.program_id)).toEqual(NONE_MAP);
  });

  it('is not capped: a foreign program still shows the raw rows', () => {
    const u = user(org([carries(OCEAN)]), grants(LAKES, { REPORTS: 'ADMIN' }));
    expect(programPermissionMap(u, LAKES.program_id).REPORTS).toBe('ADMIN');
  });

  it.each([null, undefined])('no program (%s) -> all NONE', (programId) => {
    expect(programPermissionMap(userIn(OCEAN, ALL_ADMIN), programId)).toEqual(NONE_MAP);
  });

  it('a duplicated area keeps the higher level', () => {
    const u = user(org([carries(OCEAN)]), [
      ...grants(OCEAN, { REPORTS: 'ADMIN' }),
      ...grants(OCEAN, { REPORTS: 'USER' }),
    ]);
    expect(programPermissionMap(u, OCEAN.program_id).REPORTS).toBe('ADMIN');
  });

  it('ignores unknown codes and levels', () => {
    const bad = [
      { program: OCEAN, permission: { code: 'EVERYTHING' }, access_level: { code: 'ADMIN' } },
      { program: OCEAN, permission: { code: 'REPORTS' }, access_level: { code: 'SUPER' } },
    ] as unknown as ProgramPermissionEntry[];
    expect(programPermissionMap(user(org([carries(OCEAN)]), bad), OCEAN.program_id)).toEqual(NONE_MAP);
  });

  it('tolerates a missing program_permissions list', () => {
    const u = { ...userIn(OCEAN, {}), program_permissions: undefined } as never;
    expect(programPermissionMap(u, OCEAN.program_id)).toEqual(NONE_MAP);
  });
});

describe('AREA_CAP_RULE (DESIGN 4)', () => {
  it.each<[PermissionArea, keyof OrganizationProgramRules]>([
    ['DATA_EDITING', 'data_interaction_level'],
    ['DATA_VERIFICATION', 'data_interaction_level'],
    ['BEACH_STATUSES', 'beach_access_level'],
    ['INCIDENTS', 'category_incidents'],
    ['SANITARY_SURVEYS', 'category_surveys'],
    ['REPORTS', 'category_results'],
  ])('%s is capped by %s', (area, field) => expect(AREA_CAP_RULE[area]).toBe(field));
});

describe('effectiveLevel = min(user level, organization cap)', () => {
  const cases = PERMISSION_AREAS.flatMap((area) =>
    ACCESS_LEVELS.flatMap((own) =>
      [0, 1, 2].map((cap) => {
        const expected = ACCESS_LEVELS[Math.min(ACCESS_LEVELS.indexOf(own), cap)] as AccessLevel;
        return [area, own, cap, expected] as const;
      }),
    ),
  );
  it.each(cases)('%s: user %s, cap %i -> %s', (area, own, cap, expected) => {
    const u = userIn(OCEAN, { [area]: own }, { ...OPEN_RULES, [AREA_CAP_RULE[area]]: cap });
    expect(effectiveLevel(u, OCEAN.program_id, area)).toBe(expected);
    expect(organizationCap(u, OCEAN.program_id, area)).toBe(ACCESS_LEVELS[cap]);
  });

  it('an organization cap of 1 lowers a user ADMIN to USER', () => {
    const u = userIn(OCEAN, { INCIDENTS: 'ADMIN' }, { category_incidents: 1 });
    expect(effectiveLevel(u, OCEAN.program_id, 'INCIDENTS')).toBe('USER');
    expect(can(u, OCEAN.program_id, 'INCIDENTS', 'USER')).toBe(true);
    expect(can(u, OCEAN.program_id, 'INCIDENTS', 'ADMIN')).toBe(false);
  });

  it.each(PERMISSION_AREAS)('%s is capped only by its own rule', (area) => {
    // Every other rule at 2 and this area's rule at 0: still NONE.
    const u = userIn(OCEAN, ALL_ADMIN, { ...OPEN_RULES, [AREA_CAP_RULE[area]]: 0 });
    expect(effectivePermissionMap(u, OCEAN.program_id)).toEqual({
      ...Object.fromEntries(PERMISSION_AREAS.map((a) => [a, AREA_CAP_RULE[a] === AREA_CAP_RULE[area] ? 'NONE' : 'ADMIN'])),
    });
  });

  it('uses the cap of the program asked about, not the organization maximum', () => {
    const u = user(
      org([carries(OCEAN, { data_interaction_level: 2 }), carries(BAY, { data_interaction_level: 1 })]),
      [...grants(OCEAN, { DATA_EDITING: 'ADMIN' }), ...grants(BAY, { DATA_EDITING: 'ADMIN' })],
    );
    expect(effectiveLevel(u, OCEAN.program_id, 'DATA_EDITING')).toBe('ADMIN');
    expect(effectiveLevel(u, BAY.program_id, 'DATA_EDITING')).toBe('USER');
  });

  it.each(PERMISSION_AREAS)('foreign program: %s is NONE whatever the user holds there', (area) => {
    const u = user(org([carries(OCEAN)], true), grants(LAKES, ALL_ADMIN));
    expect(effectiveLevel(u, LAKES.program_id, area)).toBe('NONE');
  });

  it.each(PERMISSION_AREAS)('admin organization without programs: %s is NONE', (area) => {
    const u = user(org([], true), grants(OCEAN, ALL_ADMIN));
    expect(effectiveLevel(u, OCEAN.program_id, area)).toBe('NONE');
  });

  it.each([null, undefined])('no program (%s) -> NONE', (programId) => {
    expect(effectiveLevel(userIn(OCEAN, ALL_ADMIN), programId, 'REPORTS')).toBe('NONE');
  });
});

describe('can(user, program, area, minLevel)', () => {
  it.each<[AccessLevel, AccessLevel, boolean]>([
    ['NONE', 'NONE', true],
    ['NONE', 'USER', false],
    ['NONE', 'ADMIN', false],
    ['USER', 'NONE', true],
    ['USER', 'USER', true],
    ['USER', 'ADMIN', false],
    ['ADMIN', 'NONE', true],
    ['ADMIN', 'USER', true],
    ['ADMIN', 'ADMIN', true],
  ])('holding %s, asking %s -> %s', (held, asked, expected) => {
    expect(can(userIn(OCEAN, { REPORTS: held }), OCEAN.program_id, 'REPORTS', asked)).toBe(expected);
  });

  it('is false in a foreign program', () => {
    const u = user(org([carries(OCEAN)]), grants(LAKES, ALL_ADMIN));
    expect(can(u, LAKES.program_id, 'DATA_EDITING', 'USER')).toBe(false);
  });
});

describe('isProgramAccessible: at least one effective permission not NONE', () => {
  it.each(PERMISSION_AREAS)('%s USER alone makes the program accessible', (area) => {
    expect(isProgramAccessible(userIn(OCEAN, { [area]: 'USER' }), OCEAN.program_id)).toBe(true);
  });
  it.each<[string, ReturnType<typeof user>, number | null]>([
    ['no rows', userIn(OCEAN, {}), OCEAN.program_id],
    ['all rows NONE', userIn(OCEAN, Object.fromEntries(PERMISSION_AREAS.map((a) => [a, 'NONE']))), OCEAN.program_id],
    ['every level capped to NONE', userIn(OCEAN, ALL_ADMIN, rules()), OCEAN.program_id],
    ['foreign program', user(org([carries(OCEAN)]), grants(LAKES, ALL_ADMIN)), LAKES.program_id],
    ['admin organization without programs', user(org([], true), grants(OCEAN, ALL_ADMIN)), OCEAN.program_id],
    ['no program selected', userIn(OCEAN, ALL_ADMIN), null],
  ])('%s -> not accessible', (_, u, programId) => expect(isProgramAccessible(u, programId)).toBe(false));

  it('one capped area is enough when another survives its cap', () => {
    const u = userIn(OCEAN, { DATA_EDITING: 'ADMIN', REPORTS: 'USER' }, { category_results: 1 });
    expect(isProgramAccessible(u, OCEAN.program_id)).toBe(true);
  });
});

describe('accessiblePrograms', () => {
  const o = org([carries(OCEAN), carries(BAY), carries(LAKES, rules())]);
  it.each<[string, ProgramPermissionEntry[], number[]]>([
    ['no permissions', [], []],
    ['one program', grants(BAY, { REPORTS: 'USER' }), [BAY.program_id]],
    [
      'two programs, organization order',
      [...grants(BAY, { REPORTS: 'USER' }), ...grants(OCEAN, { INCIDENTS: 'USER' })],
      [OCEAN.program_id, BAY.program_id],
    ],
    ['program capped to nothing is left out', grants(LAKES, ALL_ADMIN), []],
    ['foreign program is left out', grants({ ...LAKES, program_id: 99 }, ALL_ADMIN), []],
  ])('%s', (_, permissions, ids) => {
    expect(accessiblePrograms(user(o, permissions)).map((p) => p.program_id)).toEqual(ids);
  });

  it('returns program references without the organization rules', () => {
    expect(accessiblePrograms(user(o, grants(OCEAN, { REPORTS: 'USER' })))).toEqual([OCEAN]);
  });

  it('is empty for an organization without programs', () => {
    expect(accessiblePrograms(user(org([], true), grants(OCEAN, ALL_ADMIN)))).toEqual([]);
  });
});
