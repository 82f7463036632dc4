import { expect } from 'vitest';
import type { OrganizationSaveInput, ProgramSaveInput } from '@beach/domain';
import type { TestContext } from './helpers';

/** Demo accounts (seed): the permission matrix walks all of them. */
export const DEMO_ACCOUNTS = [
  'admin@example.org',
  'verifier@example.org',
  'sampler@example.org',
  'health@example.org',
  'multi@example.org',
  'newuser@example.org',
] as const;

export const SCENARIO_PASSWORD = 'scenario-pass-1';

/**
 * A small, known world built through the API by the demo admin, so management tests do not depend on the
 * demo data's details:
 * - programs TP1 and TP2 (no stations);
 * - Manager County (MC): TP1 with data_interaction_level 1, category_incidents 2, category_manage_users 1;
 *   users mgr (DATA_EDITING USER, INCIDENTS ADMIN) and colleague (DATA_EDITING USER), both user managers of MC
 *   (the rule is the organization's; a manager grants at most what they hold);
 * - Plain County (PC): TP1 with data_interaction_level 1; user plain (DATA_EDITING USER), no management;
 * - Other County (OC): TP2 with data_interaction_level 2; user other (DATA_EDITING ADMIN);
 * - State Lab (SL): TP1 with data_interaction_level 2, category_manage_users 2; user allmgr (DATA_EDITING USER);
 * - Log County (LC): TP1 with data_interaction_level 1, category_logs 1; user logger (DATA_EDITING USER).
 */
export interface Scenario {
  adminToken: string;
  programs: { tp1: number; tp2: number };
  orgs: { mc: number; pc: number; oc: number; sl: number; lc: number };
  users: Record<'mgr' | 'colleague' | 'plain' | 'other' | 'allmgr' | 'logger', { id: number; email: string; token: string }>;
}

let counter = 0;
/** A short unique suffix for names created by tests. */
export const unique = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-4)}${(counter++).toString(36)}`.toUpperCase();

export async function ruleFilters(ctx: TestContext, token: string) {
  const res = await ctx.call({ method: 'GET', url: '/api/program/rule/filters', token });
  expect(res.statusCode).toBe(200);
  return res.json().payload as {
    statuses: { beach_status_id: number; code: string }[];
    remark_codes: { remark_code_id: number; code: string }[];
    units: { result_unit_id: number; code: string }[];
  };
}

export async function createProgram(ctx: TestContext, token: string, body: ProgramSaveInput): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: '/api/program', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.program_id;
}

export async function createOrganization(ctx: TestContext, token: string, body: OrganizationSaveInput): Promise<number> {
  const res = await ctx.call({ method: 'POST', url: '/api/organization', token, payload: body });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().payload.organization_id;
}

/** Creates a user with a password, clears the forced change and signs them in. */
export async function createActiveUser(
  ctx: TestContext,
  adminToken: string,
  body: { first_name: string; last_name: string; email: string; organization_id: number; programRules: Record<string, Record<string, string>> },
): Promise<{ id: number; email: string; token: string }> {
  const res = await ctx.call({ method: 'POST', url: '/api/user/', token: adminToken, payload: { ...body, password: SCENARIO_PASSWORD } });
  expect(res.statusCode, res.body).toBe(201);
  const id = res.json().payload.user_id as number;
  const cleared = await ctx.call({ method: 'PUT', url: `/api/user/forcePasswordReset/${id}`, token: adminToken, payload: { reset: false } });
  expect(cleared.statusCode, cleared.body).toBe(200);
  return { id, email: body.email, token: await ctx.login(body.email, SCENARIO_PASSWORD) };
}

export async function buildScenario(ctx: TestContext): Promise<Scenario> {
  const adminToken = await ctx.login('admin@example.org');
  const tp1 = await createProgram(ctx, adminToken, { name: 'Test Program One', abbv: 'TP1', color: '#112233', desc: 'Scenario program one' });
  const tp2 = await createProgram(ctx, adminToken, { name: 'Test Program Two', abbv: 'TP2', color: '#445566', desc: 'Scenario program two' });
  const org = (name: string, abbv: string, programId: number, rules: Record<string, number>) =>
    createOrganization(ctx, adminToken, { name, abbv, programs: [{ program_id: programId, rules }] });
  const mc = await org('Manager County', 'MC', tp1, { data_interaction_level: 1, category_incidents: 2, category_manage_users: 1 });
  const pc = await org('Plain County', 'PC', tp1, { data_interaction_level: 1 });
  const oc = await org('Other County', 'OC', tp2, { data_interaction_level: 2 });
  const sl = await org('State Lab', 'SL', tp1, { data_interaction_level: 2, category_manage_users: 2 });
  const lc = await org('Log County', 'LC', tp1, { data_interaction_level: 1, category_logs: 1 });
  const user = (first: string, email: string, organization_id: number, programRules: Record<string, Record<string, string>>) =>
    createActiveUser(ctx, adminToken, { first_name: first, last_name: 'Scenario', email, organization_id, programRules });
  return {
    adminToken,
    programs: { tp1, tp2 },
    orgs: { mc, pc, oc, sl, lc },
    users: {
      mgr: await user('Morgan', 'mgr@mc.example.org', mc, { TP1: { DATA_EDITING: 'USER', INCIDENTS: 'ADMIN' } }),
      colleague: await user('Casey', 'colleague@mc.example.org', mc, { TP1: { DATA_EDITING: 'USER' } }),
      plain: await user('Pat', 'plain@pc.example.org', pc, { TP1: { DATA_EDITING: 'USER' } }),
      other: await user('Olive', 'other@oc.example.org', oc, { TP2: { DATA_EDITING: 'ADMIN' } }),
      allmgr: await user('Alex', 'allmgr@sl.example.org', sl, { TP1: { DATA_EDITING: 'USER' } }),
      logger: await user('Lee', 'logger@lc.example.org', lc, { TP1: { DATA_EDITING: 'USER' } }),
    },
  };
}

/** The id of a user by login address, read through the admin's user list. */
export async function userIdByEmail(ctx: TestContext, adminToken: string, email: string): Promise<number> {
  const res = await ctx.call({ method: 'GET', url: `/api/user/list/?search=${encodeURIComponent(email)}`, token: adminToken });
  const match = (res.json().payload.list as { user_id: number; email: string }[]).find((u) => u.email === email);
  if (!match) throw new Error(`no user ${email}`);
  return match.user_id;
}
