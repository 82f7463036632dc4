import { describe, expect, it } from 'vitest';
import { ORGANIZATION_RULE_FIELDS, type OrganizationRef } from '../types/user';
import { BAY, LAKES, OCEAN, carries, org, rules } from './fixtures';
import { emptyOrganizationRules, isAdminOrganization, organizationRules, programRules } from './organization';

const ZERO = emptyOrganizationRules();

describe('emptyOrganizationRules', () => {
  it('has every rule field at the default 0', () => {
    expect(Object.keys(ZERO).sort()).toEqual([...ORGANIZATION_RULE_FIELDS].sort());
    expect(Object.values(ZERO).every((v) => v === 0)).toBe(true);
  });
});

describe('organizationRules: maximum across programs per field', () => {
  it.each<[string, OrganizationRef | null | undefined]>([
    ['no programs', org([])],
    ['no programs, admin flag set', org([], true)],
    ['programs list missing', { is_admin_organization: true } as unknown as OrganizationRef],
    ['no organization', null],
    ['undefined organization', undefined],
  ])('%s -> all 0', (_, o) => expect(organizationRules(o)).toEqual(ZERO));

  it('one program -> its rules', () => {
    const r = rules({ data_interaction_level: 2, category_logs: 1 });
    expect(organizationRules(org([carries(OCEAN, r)]))).toEqual(r);
  });

  describe.each(ORGANIZATION_RULE_FIELDS)('%s', (field) => {
    it.each<[number[], number]>([
      [[0, 0, 0], 0],
      [[1, 0, 0], 1],
      [[0, 2, 1], 2],
      [[1, 1, 1], 1],
      [[0, 0, 2], 2],
    ])('across programs %j -> %i', (values, expected) => {
      const programs = [OCEAN, BAY, LAKES].map((p, i) => carries(p, { [field]: values[i] }));
      const result = organizationRules(org(programs));
      expect(result[field]).toBe(expected);
      // Other fields stay at 0: the maximum is taken per field, not per program.
      for (const other of ORGANIZATION_RULE_FIELDS.filter((f) => f !== field)) expect(result[other]).toBe(0);
    });
  });

  it('takes each field from whichever program has its maximum', () => {
    const o = org([
      carries(OCEAN, { data_interaction_level: 2, category_beaches: 1 }),
      carries(BAY, { data_interaction_level: 1, category_beaches: 2, category_logs: 1 }),
    ]);
    expect(organizationRules(o)).toEqual(rules({ data_interaction_level: 2, category_beaches: 2, category_logs: 1 }));
  });

  it('treats missing rule fields as 0', () => {
    const o = org([{ ...OCEAN, rules: { category_results: 2 } as never }]);
    expect(organizationRules(o)).toEqual(rules({ category_results: 2 }));
  });
});

describe('programRules', () => {
  const o = org([carries(OCEAN, { category_surveys: 2 }), carries(BAY, { category_surveys: 1 })]);
  it.each<[string, number | null, number]>([
    ['carried program', OCEAN.program_id, 2],
    ['another carried program', BAY.program_id, 1],
    ['foreign program', LAKES.program_id, 0],
    ['no program', null, 0],
  ])('%s -> category_surveys %i', (_, programId, expected) => {
    expect(programRules(o, programId).category_surveys).toBe(expected);
  });
  it('foreign program -> all 0', () => expect(programRules(o, LAKES.program_id)).toEqual(ZERO));
});

describe('isAdminOrganization: flag AND at least one program', () => {
  it.each<[boolean, number, boolean]>([
    [true, 0, false],
    [true, 1, true],
    [true, 2, true],
    [false, 0, false],
    [false, 1, false],
    [false, 2, false],
  ])('is_admin_organization %s with %i programs -> %s', (flag, count, expected) => {
    const programs = [OCEAN, BAY].slice(0, count).map((p) => carries(p));
    expect(isAdminOrganization(org(programs, flag))).toBe(expected);
  });
  it.each([null, undefined])('%s organization -> false', (o) => expect(isAdminOrganization(o)).toBe(false));
});
