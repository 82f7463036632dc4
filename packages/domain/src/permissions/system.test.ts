import { describe, expect, it } from 'vitest';
import type { OrganizationProgramRules } from '../types/user';
import { BAY, LAKES, OCEAN, carries, org, rules, user } from './fixtures';
import {
  SYSTEM_PERMISSION_CODES,
  hasSystemPermission,
  manageUsersScope,
  systemPermissions,
  userSummary,
  type ManageUsersScope,
  type SystemPermissionCode,
} from './system';

const codes = (u: ReturnType<typeof user>, programId: number | null) => systemPermissions(u, programId).map((e) => e.permission.code);

describe('systemPermissions: one rule per code', () => {
  it.each<[SystemPermissionCode, keyof OrganizationProgramRules]>([
    ['MANAGE_USERS', 'category_manage_users'],
    ['MANAGE_BEACHES', 'category_beaches'],
    ['SECOND_VERIFICATION', 'has_secondary_verification'],
    ['READ_AUDIT_LOG', 'category_logs'],
  ])('%s follows %s > 0', (code, field) => {
    for (const value of [0, 1, 2]) {
      const u = user(org([carries(OCEAN, { [field]: value })]));
      for (const programId of [OCEAN.program_id, null]) {
        expect(codes(u, programId)).toEqual(value > 0 ? [code] : []);
      }
    }
  });

  it.each<[SystemPermissionCode]>([['MANAGE_ORGANIZATIONS'], ['MANAGE_PROGRAMS']])('%s: organization admin only', (code) => {
    expect(hasSystemPermission(user(org([carries(OCEAN, rules())], true)), null, code)).toBe(true);
    expect(hasSystemPermission(user(org([carries(OCEAN, rules())], true)), OCEAN.program_id, code)).toBe(true);
    expect(hasSystemPermission(user(org([carries(OCEAN)], false)), null, code)).toBe(false);
    // The flag without a program is not an admin organization.
    expect(hasSystemPermission(user(org([], true)), null, code)).toBe(false);
  });

  it('returns entries shaped { permission: { code } } in a fixed order', () => {
    const all = rules({ category_manage_users: 1, category_beaches: 1, has_secondary_verification: 1, category_logs: 1 });
    expect(systemPermissions(user(org([carries(OCEAN, all)], true)), null)).toEqual(
      SYSTEM_PERMISSION_CODES.map((code) => ({ permission: { code } })),
    );
  });

  describe('program vs organization level', () => {
    const u = user(org([carries(OCEAN, { has_secondary_verification: 1 }), carries(BAY, { category_beaches: 2 })]));
    it.each<[string, number | null, SystemPermissionCode[]]>([
      ['ocean program', OCEAN.program_id, ['SECOND_VERIFICATION']],
      ['bay program', BAY.program_id, ['MANAGE_BEACHES']],
      ['no program: organization maximum', null, ['MANAGE_BEACHES', 'SECOND_VERIFICATION']],
      ['foreign program: nothing', LAKES.program_id, []],
    ])('%s', (_, programId, expected) => expect(codes(u, programId)).toEqual(expected));
  });

  it('an organization without programs holds nothing', () => {
    expect(codes(user(org([], true)), null)).toEqual([]);
  });
});

describe('manageUsersScope', () => {
  it.each<[string, number[], boolean, ManageUsersScope]>([
    ['no programs', [], false, 'NONE'],
    ['category 0', [0], false, 'NONE'],
    ['category 1', [1], false, 'OWN_ORGANIZATION'],
    ['category 2', [2], false, 'ALL'],
    ['max across programs (1, 2)', [1, 2], false, 'ALL'],
    ['max across programs (0, 1)', [0, 1], false, 'OWN_ORGANIZATION'],
    ['organization admin, category 0', [0], true, 'ALL'],
    ['admin flag without programs', [], true, 'NONE'],
  ])('%s -> %s', (_, values, admin, expected) => {
    const programs = values.map((v, i) => carries([OCEAN, BAY][i]!, { category_manage_users: v }));
    expect(manageUsersScope(user(org(programs, admin)))).toBe(expected);
  });
});

describe('userSummary', () => {
  it('takes organization-level rules and the admin status', () => {
    const u = user(
      org(
        [
          carries(OCEAN, { category_manage_users: 1, category_results: 2, category_logs: 1 }),
          carries(BAY, { category_beaches: 1, category_incidents: 2, category_surveys: 1, category_results: 1 }),
        ],
        true,
      ),
    );
    expect(userSummary(u)).toEqual({
      is_admin_org: true,
      category_manage_users: 1,
      category_results: 2,
      category_beaches: 1,
      category_incidents: 2,
      category_surveys: 1,
    });
  });
  it.each<[string, boolean]>([
    ['admin flag without programs', true],
    ['plain organization without programs', false],
  ])('%s -> not admin, all 0', (_, flag) => {
    expect(userSummary(user(org([], flag)))).toEqual({
      is_admin_org: false,
      category_manage_users: 0,
      category_results: 0,
      category_beaches: 0,
      category_incidents: 0,
      category_surveys: 0,
    });
  });
});
