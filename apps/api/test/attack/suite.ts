/**
 * The attack suite (security issue 8), driven by GET /api/openapi.json: every operation the API has, and
 * every one added later, without editing this file.
 *
 * (a) Access: each staff operation is called anonymously, with forged tokens (bad signature, another key,
 *     expired, alg none, revoked, deactivated account, not a JWT) and as each demo account with its ids
 *     aimed at records the account cannot reach (attack/targets.ts). 2xx where the permission model says
 *     no is a leak, and so are another program's rows in an answer. The order is 401, then 403, then 400:
 *     no token gives 401 whatever the input; a role without the route's right (attack/rights.ts) or with a
 *     pending password change gets 403 whatever the input. (A record named in the path that the role may
 *     not reach but refused only after the body was validated is listed, not failed: the issue asks for
 *     the route's right first, not every record's.)
 * (b) Malformed input: per operation, from its schema: wrong types, missing fields, huge strings, numbers
 *     out of range, bad dates, injection strings, wrong content types, invalid JSON, truncated multipart,
 *     sent as the admin (who reaches everything) so they pass authorization, each on a fresh input the
 *     server accepts. No answer is a 5xx or breaks off, none carries a stack trace, SQL or driver text, a
 *     JSON operation takes no other content type and an undeclared method is never served.
 * (c) Every answer carries nosniff and a CSP and no X-Powered-By; staff answers are never cached.
 * (stall) Health answers within seconds while hostile 19 MB files are uploaded to every operation that reads CSV
 *     (attack/stall.ts; run from attack-malformed.test.ts).
 *
 * It prints its counts and fails listing each finding with method, path, role and input. Probes that a
 * 400 stopped before any access check are printed as inconclusive (coverage gaps, not failures).
 *
 * Its parts run from two test files, so that the two halves of its work run side by side (decision 0055):
 * attack-suite.test.ts (the resolvers, the classification, (a), (d), (e), (f), (ssrf): attack/stored-urls.ts) and attack-malformed.test.ts
 * ((b)); each checks (c) on the answers it saw.
 */

import { appendFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { CODES, isProgramAccessible, type UserProfile } from '@beach/domain';
import { queryRows } from '../../src/db/client';
import { createTestContext, DATABASE_KIND, type TestContext } from '../helpers';
import { installJobQueue } from '../job-queue';
import { DEMO_ACCOUNTS } from '../management-scenario';
import { Ledger, report, type Finding } from './findings';
import { forgedTokens, type ForgedToken } from './forged-tokens';
import { operationsOf, PAGES_OUTSIDE_THE_DOCUMENT, PUBLIC_OUTSIDE_PUBLIC_PREFIX, urlOf, type Operation } from './openapi';
import { routeRightOf, SELF_SERVICE } from './rights';
import {
  buildWorld,
  foreignProgramOf,
  isAdmin,
  looksLikeId,
  MissingResolverError,
  resolve,
  resolverFor,
  VALUE_FROM_SCHEMA,
  type Mode,
  type Role,
  type Target,
  type World,
} from './targets';
import { badParamValues, instance, malformedVariants, type Fill, type RequestInput } from './values';
import { controlProbes, integerProbes, readWhole, type Probe } from './boundaries';
import { stallProbes } from './stall';
import { internalsIn } from './findings';
import { storedUrlProbes } from './stored-urls';

let ctx: TestContext;
let world: World;
let operations: Operation[];
let openapi: unknown;
let roles: Role[];
let admin: Role;
let forged: ForgedToken[];
const ledger = new Ledger();
const started = Date.now();

/** A resolved request and what each id in it is aimed at. */
interface Built {
  input: RequestInput;
  targets: { where: string; name: string; target: Target }[];
}

/**
 * The request for an operation: for a staff operation every parameter and id field comes from the
 * resolvers for this role; for a public one from its schema. `level` says how much of the body to fill.
 */
function build(op: Operation, role: Role, level: Fill | 'csv' = 'ids'): Built {
  const targets: Built['targets'] = [];
  const staff = !op.isPublic;
  const pick = (name: string, where: 'path' | 'query' | 'header' | 'body'): { value: unknown } | undefined => {
    if (!staff) return undefined;
    let kind;
    try {
      kind = resolverFor(op, name, where);
    } catch (err) {
      // Body fields that are no ids are made up from the schema; ids and parameters need a row.
      if (where === 'body' && !looksLikeId(name) && err instanceof MissingResolverError) return undefined;
      throw err;
    }
    const target = resolve(kind, world, role, op);
    if (target.value === VALUE_FROM_SCHEMA) return undefined;
    targets.push({ where, name, target });
    return { value: target.value };
  };
  const input: RequestInput = { path: {}, query: {}, header: {} };
  for (const p of op.params) {
    const chosen = pick(p.name, p.in);
    // Optional headers (an Idempotency-Key) stay out of a full input: one key sent with many bodies is refused.
    const wanted = p.required || p.in === 'path' || (level === 'full' && p.in !== 'header');
    const value = chosen ? chosen.value : wanted ? instance(p.schema, p.name, p.name, () => undefined) : undefined;
    if (value === undefined) continue;
    input[p.in][p.name] = String(value);
  }
  if (op.body) input.json = instance(op.body, 'body', '', (name) => pick(name, 'body'), level === 'csv' ? 'ids' : level);
  else if (level === 'csv') input.raw = { payload: LAB_FILE, contentType: 'text/csv' };
  return { input, targets };
}

/**
 * For a write whose body the document does not describe (the file uploads: their consumes list is lost
 * without a body schema), a small lab file as text/csv is the second thing tried after no body at all.
 */
const LAB_FILE = 'Program_Name,Station_Name,Beach_Name,Result_Date,Result_Time,Result_Measure,Units_Name,Result_Type_Name\nAttack,Attack,Attack,06/02/2025,09:00,10,CFU/100mL,Enterococcus\n';

/** Bodies to try when the first one is refused before the access check (400, or 415 without a documented body). */
const retryLevels = (op: Operation, status: number): (Fill | 'csv')[] =>
  op.body ? (status === 400 ? ['scalars', 'full', 'required'] : []) : status === 415 && op.method !== 'GET' ? ['csv'] : [];

/** ATTACK_SUITE_TRACE=<file> writes one line per request (status, operation, role, input, answer) for review. */
const TRACE = process.env.ATTACK_SUITE_TRACE;

let address = 0;
/** Each request from its own address: the login and recovery throttles count per address. */
const nextAddress = () => {
  address++;
  return `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;
};

function injectOptions(op: Operation, input: RequestInput, token: string | null): InjectOptions {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(input.header)) if (value !== undefined) headers[name] = value;
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const options: InjectOptions = { method: op.method, url: urlOf(op, input.path, input.query), headers, remoteAddress: nextAddress() };
  if (input.raw) {
    headers['content-type'] = input.raw.contentType;
    options.payload = input.raw.payload;
  } else if (input.json !== undefined) {
    headers['content-type'] = 'application/json';
    options.payload = JSON.stringify(input.json);
  }
  return options;
}

const describeInput = (label: string, input: RequestInput) => {
  const body = input.raw ? `${input.raw.contentType} body` : input.json === undefined ? '' : ` body ${JSON.stringify(input.json).slice(0, 160)}`;
  const part = (name: string, values: Record<string, unknown>) => (Object.keys(values).length ? `${name} ${JSON.stringify(values).slice(0, 120)} ` : '');
  return `${label} (${part('path', input.path)}${part('query', input.query)}${part('header', input.header)}${body})`;
};

/** inject(), with an answer that breaks off mid-way (a stream failing after its header) recorded, not thrown. */
async function inject(options: InjectOptions, where: Omit<Finding, 'kind' | 'status' | 'detail'>, staff: boolean): Promise<LightMyRequestResponse> {
  try {
    return ledger.seen(await ctx.app.inject(options), where, staff);
  } catch (err) {
    ledger.counted();
    ledger.add({ kind: 'broken response', ...where, status: 0, detail: String(err) });
    const stub = { statusCode: 0, body: '', headers: {}, json: () => null };
    return stub as unknown as LightMyRequestResponse;
  }
}

/** Sends one request and has the ledger check it; a role whose token an earlier probe revoked signs in again once. */
async function send(op: Operation, input: RequestInput, who: Role | ForgedToken | null, label: string): Promise<LightMyRequestResponse> {
  const roleName = who === null ? 'anonymous' : 'email' in who ? who.email : `forged token (${who.label})`;
  const where = { operation: op.key, role: roleName, input: describeInput(label, input) };
  let res = await inject(injectOptions(op, input, who?.token ?? null), where, !op.isPublic);
  if (res.statusCode === 401 && who !== null && 'email' in who) {
    who.token = await ctx.login(who.email);
    res = await inject(injectOptions(op, input, who.token), where, !op.isPublic);
  }
  if (TRACE) appendFileSync(TRACE, `${res.statusCode}\t${where.operation}\t${where.role}\t${where.input.slice(0, 300)}\t${res.body.slice(0, 200).replace(/\s+/g, ' ')}\n`);
  return res;
}

/** One or two malformed inputs for the ordering probes: an unreadable body, a parameter of the wrong type. */
function orderingVariants(op: Operation, valid: RequestInput): { label: string; input: RequestInput }[] {
  const list: { label: string; input: RequestInput }[] = [];
  if (op.method !== 'GET') list.push({ label: 'invalid JSON body', input: { ...valid, json: undefined, raw: { payload: '{"a": ', contentType: 'application/json' } } });
  const param = op.params.find((p) => p.in === 'path') ?? op.params[0];
  if (param) {
    const bad = badParamValues(param.schema, param.name)[0]!;
    list.push({ label: `${param.in} ${param.name} = ${JSON.stringify(bad).slice(0, 30)}`, input: { ...valid, [param.in]: { ...valid[param.in], [param.name]: bad } } });
  }
  return list;
}

/**
 * Programs whose records an answer carries: objects with a `program_id` and an id of their own (a result,
 * a station, an audit row...). A bare program reference ({ program_id, name, abbv } or an organization's
 * { program_id, rules }) is not a record of the program: names of programs are public.
 */
function programRowsIn(value: unknown, found = new Set<number>()): Set<number> {
  if (Array.isArray(value)) for (const v of value) programRowsIn(v, found);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const ownId = Object.keys(record).some((k) => /_id$/.test(k) && !['program_id', 'organization_id'].includes(k));
    if (typeof record.program_id === 'number' && ownId) found.add(record.program_id);
    for (const v of Object.values(record)) programRowsIn(v, found);
  }
  return found;
}

/** Inputs tried, fullest first, for the base the malformed variants mutate. */
const baseLevels = (op: Operation): (Fill | 'csv')[] =>
  op.body ? ['full', 'scalars', 'ids', 'required'] : op.method === 'GET' ? ['full', 'ids'] : ['full', 'csv'];
/** The fullest input level the server accepts for an operation (the base variants mutate), found once. */
const levels = new Map<string, Fill | 'csv'>();
async function acceptedLevel(op: Operation): Promise<Fill | 'csv'> {
  const known = levels.get(op.key);
  if (known) return known;
  let level: Fill | 'csv' = 'full';
  for (const candidate of baseLevels(op)) {
    await world.stock(admin.foreignProgramId);
    const res = await send(op, build(op, admin, candidate).input, op.isPublic ? null : admin, `valid input (${candidate})`);
    if (is2xx(res.statusCode)) {
      level = candidate;
      break;
    }
  }
  levels.set(op.key, level);
  return level;
}

/** Sends each probe on a fresh valid input (as the admin, or anonymously to a public operation); a 2xx a probe forbids is a finding. */
async function runProbes(op: Operation, probesOf: (op: Operation, sample: RequestInput) => Probe[]) {
  const level = await acceptedLevel(op);
  await world.stock(admin.foreignProgramId);
  for (const probe of probesOf(op, build(op, admin, level).input)) {
    await world.stock(admin.foreignProgramId);
    const input = probe.apply(build(op, admin, level).input);
    const res = await send(op, input, op.isPublic ? null : admin, probe.label);
    if (probe.wrongIfAccepted && is2xx(res.statusCode)) {
      ledger.add({
        kind: probe.wrongIfAccepted.kind,
        operation: op.key,
        role: op.isPublic ? 'anonymous' : admin.email,
        input: describeInput(probe.label, input),
        status: res.statusCode,
        detail: probe.wrongIfAccepted.detail,
      });
    }
  }
}

const TOKEN_CODES: string[] = [CODES.UNAUTHENTICATED, CODES.VERIFICATION_FAILED_EXPIRED];
const is2xx = (status: number) => status >= 200 && status < 300;
const modeOf = (op: Operation): Mode => (op.method === 'GET' ? 'read' : 'write');

async function accessProbes(op: Operation) {
  await world.stock(admin.foreignProgramId);
  const base = build(op, admin).input;
  const malformed = orderingVariants(op, base);
  const expect401 = async (input: RequestInput, who: ForgedToken | null, label: string) => {
    const res = await send(op, input, who, label);
    if (res.statusCode !== 401) {
      ledger.add({
        kind: '401 first',
        operation: op.key,
        role: who ? `forged token (${who.label})` : 'anonymous',
        input: describeInput(label, input),
        status: res.statusCode,
        detail: res.body.slice(0, 160),
      });
    }
  };
  await expect401(base, null, 'valid input');
  for (const v of malformed) await expect401(v.input, null, v.label);
  for (const token of forged) await expect401(base, token, 'valid input');
  const otherKey = forged.find((t) => t.label === 'signed with another key')!;
  for (const v of malformed) await expect401(v.input, otherKey, v.label);

  // The admin last: its writes (a delete) must not spoil another role's probe.
  for (const role of [...roles.filter((r) => r !== admin), admin]) {
    await world.stock(role.foreignProgramId);
    const right = routeRightOf(op);
    const pending = role.profile.force_password_reset && !SELF_SERVICE.has(op.key);
    const lacksRight = pending || !right.may(role.profile);
    let { input, targets } = build(op, role);
    let res = await send(op, input, role, 'ids of records it cannot reach');
    // A body the schema accepts but a rule behind it refuses (400) never reaches the access check: try
    // fuller and barer bodies before calling the probe inconclusive.
    if (!lacksRight) {
      for (const level of retryLevels(op, res.statusCode)) {
        await world.stock(role.foreignProgramId);
        const next = build(op, role, level);
        const r = await send(op, next.input, role, `ids of records it cannot reach (${level} body)`);
        if (r.statusCode !== 400 && r.statusCode !== 415) {
          ({ input, targets } = next);
          res = r;
          break;
        }
      }
    }
    const unreachable = targets.filter((t) => !t.target.reachable(modeOf(op)));
    const reasons = [
      ...(pending ? ['a pending password change'] : []),
      ...(!right.may(role.profile) ? [`no ${right.label} right`] : []),
      ...unreachable.map((t) => `${t.where} ${t.name} = ${JSON.stringify(t.target.value)} (${t.target.kind} it cannot reach)`),
    ];
    const where = (label: string, i: RequestInput) => ({ operation: op.key, role: role.email, input: describeInput(label, i) });
    if (is2xx(res.statusCode) && reasons.length) {
      ledger.add({ kind: 'leak', ...where('ids of records it cannot reach', input), status: res.statusCode, detail: `allowed despite ${reasons.join(', ')}` });
    } else if (is2xx(res.statusCode) && op.method === 'GET' && !isAdmin(role)) {
      const foreign = [...programRowsIn(safeJson(res))].filter((id) => world.demoProgramIds.includes(id) && !isProgramAccessible(role.profile, id));
      if (foreign.length) {
        ledger.add({ kind: 'leak', ...where('its own scope', input), status: res.statusCode, detail: `answer carries rows of program(s) ${foreign.join(', ')} it cannot access` });
      }
    } else if ((res.statusCode === 400 || res.statusCode === 415) && reasons.length && !lacksRight) {
      ledger.inconclusive.push(`${op.key} as ${role.email}: ${res.statusCode} before its access check (${res.body.slice(0, 120)})`);
    }

    if (lacksRight) {
      // 403 whatever the input: the valid one and the malformed ones alike.
      for (const v of [{ label: 'ids of records it cannot reach', input }, ...orderingVariants(op, input)]) {
        const r = v.input === input ? res : await send(op, v.input, role, v.label);
        if (r.statusCode !== 403 && !is2xx(r.statusCode) && r.statusCode < 500) {
          ledger.add({ kind: '403 before 400', ...where(v.label, v.input), status: r.statusCode, detail: `expected 403 (${reasons.join(', ')}): ${r.body.slice(0, 140)}` });
        }
      }
    } else {
      // A record named in the path the role cannot reach is refused before the body is read.
      const pathTargets = unreachable.filter((t) => t.where === 'path');
      if (pathTargets.length && op.method !== 'GET') {
        for (const v of [{ label: 'ids of records it cannot reach', input }, ...orderingVariants(op, input).filter((x) => x.label === 'invalid JSON body')]) {
          const r = v.input === input ? res : await send(op, v.input, role, v.label);
          if (r.statusCode === 400) {
            ledger.pathTargetAfterBody.push(
              `${op.key} as ${role.email} with ${v.label}: 400 before refusing ${pathTargets.map((t) => `${t.name} (${t.target.kind})`).join(', ')}`,
            );
          }
        }
      }
    }
  }
}

function safeJson(res: LightMyRequestResponse): unknown {
  try {
    return res.json();
  } catch {
    return null;
  }
}

const fail = (findings: Finding[]) => expect(findings.length, `\n${report(findings)}\n`).toBe(0);

/** The suite's parts (see above). */
export type AttackPart = 'resolvers' | 'public' | 'a' | 'b' | 'd' | 'e' | 'f' | 'ssrf' | 'stall' | 'c';

/** Registers the suite's set-up and the parts named. */
export function defineAttackSuite(parts: readonly AttackPart[]) {
  beforeAll(async () => {
    ctx = await createTestContext();
    // GET /api/health/ready answers 200 (not 503) once the job queue answers, as in any running install.
    await installJobQueue(ctx.database);
    const doc = await ctx.call({ method: 'GET', url: '/api/openapi.json' });
    if (doc.statusCode !== 200) throw new Error(`GET /api/openapi.json: ${doc.statusCode}`);
    openapi = doc.json();
    // The document's operations and the pages it does not describe (the embeddable status, decision 0062).
    operations = [...operationsOf(openapi), ...PAGES_OUTSIDE_THE_DOCUMENT];
    ledger.operations = operations.length;

    const signIn = async (email: string) => {
      const token = await ctx.login(email);
      const me = await ctx.call({ method: 'GET', url: '/api/user/current/', token });
      if (me.statusCode !== 200) throw new Error(`${email}: GET /api/user/current/ ${me.statusCode}`);
      return { token, profile: me.json().payload as UserProfile };
    };
    const adminSession = await signIn('admin@example.org');
    world = await buildWorld(ctx, adminSession.token, await ctx.login('rachel.nguyen@example.org'));
    roles = [];
    for (const email of DEMO_ACCOUNTS) {
      const { token, profile } = await signIn(email);
      if (profile.organization_id === world.foreignOrganizationId) throw new Error(`${email} belongs to the foreign organization`);
      roles.push({ email, token, profile, foreignProgramId: foreignProgramOf(profile, world.demoProgramIds) });
    }
    admin = roles.find((r) => r.email === 'admin@example.org')!;

    const revoked = await ctx.login('samuel.ortiz@example.org');
    const logout = await ctx.call({ method: 'GET', url: '/api/logout', token: revoked });
    if (logout.statusCode !== 200) throw new Error(`logout: ${logout.statusCode}`);
    const [inactive] = await queryRows<{ user_id: number }>(ctx.database.db, sql`select user_id from users where not active order by user_id limit 1`);
    if (!inactive) throw new Error('the demo data has no deactivated account');
    forged = await forgedTokens(ctx, { adminToken: admin.token, adminId: admin.profile.user_id, inactiveUserId: inactive.user_id, revokedToken: revoked });
  }, 240_000);

  afterAll(async () => {
    console.log(`${ledger.summary()} (${DATABASE_KIND}, ${Math.round((Date.now() - started) / 1000)} s)`);
    console.log(ledger.byClass());
    if (ledger.inconclusive.length) console.log(`inconclusive access probes (400 before the access check could run):\n${ledger.inconclusive.join('\n')}`);
    if (ledger.pathTargetAfterBody.length) {
      console.log(`records named in the path refused only after the body was validated (not failures):\n${ledger.pathTargetAfterBody.join('\n')}`);
    }
    await ctx?.close();
  });


  describe(`attack suite on ${DATABASE_KIND}: ${parts.join(', ')}`, () => {
    if (parts.includes('resolvers')) it('reads every operation from the OpenAPI document and has a resolver for every parameter and id', async () => {
      expect(operations.length).toBeGreaterThan(50);
      const missing: string[] = [];
      for (const op of operations.filter((o) => !o.isPublic)) {
        await world.stock(admin.foreignProgramId);
        try {
          build(op, admin, 'full');
        } catch (err) {
          if (err instanceof MissingResolverError) missing.push(err.message);
          else throw err;
        }
      }
      expect(missing, missing.join('\n')).toEqual([]);
      for (const key of PUBLIC_OUTSIDE_PUBLIC_PREFIX) expect(operations.map((o) => o.key), `listed public route ${key} is not in the document`).toContain(key);
    });

    if (parts.includes('public')) it('public operations answer without a token; every other operation answers 401 without one', async () => {
      ledger.probeClass = 'access';
      for (const op of operations) {
        await world.stock(admin.foreignProgramId);
        const { input } = build(op, admin);
        const res = await send(op, input, null, 'valid input');
        // A login refused for a wrong password is a 401 too: asking for a token is 401 with these codes.
        const asksForToken = res.statusCode === 401 && TOKEN_CODES.includes((safeJson(res) as { code?: string } | null)?.code ?? '');
        if (op.isPublic === asksForToken) {
          ledger.add({
            kind: 'classification',
            operation: op.key,
            role: 'anonymous',
            input: describeInput('valid input', input),
            status: res.statusCode,
            detail: op.isPublic
              ? 'listed as public but asks for a token'
              : 'answers without a token: a staff route by its path (add it to PUBLIC_OUTSIDE_PUBLIC_PREFIX only if it is meant to be public)',
          });
        }
      }
      fail(ledger.of('classification'));
    }, 120_000);

    if (parts.includes('a')) it('(a) every staff operation: 401 without a valid token, 403 for a role without the right, no leaks, whatever the input', async () => {
      ledger.probeClass = 'access';
      for (const op of operations.filter((o) => !o.isPublic)) await accessProbes(op);
      fail(ledger.of('leak', '401 first', '403 before 400'));
    }, 600_000);

    if (parts.includes('b')) it('(b) malformed input to every operation: no 5xx, no stack trace or SQL in any answer', async () => {
      ledger.probeClass = 'malformed input';
      for (const op of operations) {
        // The base the variants mutate: the fullest input the server accepts, so that values of the right
        // type (NUL bytes, 100 KB strings, far dates) get past the schema to the code and the database.
        const level = await acceptedLevel(op);
        await world.stock(admin.foreignProgramId);
        const variants = malformedVariants(op, build(op, admin, level).input, (pointer, schema, name) => instance(schema, name, pointer, () => undefined));
        for (const v of variants) {
          // A fresh base each time: records it names (a result to edit, an LHA to delete) are new.
          await world.stock(admin.foreignProgramId);
          const input = v.apply(build(op, admin, level).input);
          const res = await send(op, input, op.isPublic ? null : admin, v.label);
          // An operation that declares a JSON body takes nothing else.
          if (op.body && input.raw && !/^application\/json\b/.test(input.raw.contentType) && is2xx(res.statusCode)) {
            ledger.add({ kind: 'accepted what it should refuse', operation: op.key, role: 'admin@example.org', input: describeInput(v.label, input), status: res.statusCode, detail: 'a JSON operation took another content type' });
          }
        }
      }
      // Methods a path does not declare are never served (the router ignores a trailing slash, so /x and /x/
      // are one path; another route's parameter may still match it and refuse it, e.g. PUT user/current/).
      const byPath = new Map<string, Operation[]>();
      const norm = (path: string) => path.replace(/\/$/, '');
      for (const op of operations) byPath.set(norm(op.path), [...(byPath.get(norm(op.path)) ?? []), op]);
      for (const ops of byPath.values()) {
        const declared = new Set(ops.map((o) => o.method));
        for (const method of (['GET', 'POST', 'PUT', 'DELETE', 'PATCH'] as const).filter((m) => !declared.has(m))) {
          const op: Operation = { ...ops[0]!, method, key: `${method} ${ops[0]!.path}`, body: null, bodyTypes: [] };
          await world.stock(admin.foreignProgramId);
          const input = { ...build(ops[0]!, admin).input, json: method === 'GET' ? undefined : {}, raw: undefined };
          const res = await send(op, input, ops[0]!.isPublic ? null : admin, 'a method the path does not declare');
          if (is2xx(res.statusCode)) {
            ledger.add({ kind: 'accepted what it should refuse', operation: op.key, role: 'admin@example.org', input: 'undeclared method', status: res.statusCode, detail: res.body.slice(0, 120) });
          }
        }
      }
      fail(ledger.of('500', 'broken response', 'internals in body', 'accepted what it should refuse'));
    }, 600_000);

    if (parts.includes('d')) it('(d) every integer at 0, -1, 2^31-1, 2^31 and 2^53: never a 5xx, and an id outside 1..2^31-1 is 400 or 404 (issue 27)', async () => {
      ledger.probeClass = 'integer boundaries';
      for (const op of operations) await runProbes(op, integerProbes);
      fail(ledger.of('500', 'broken response', 'internals in body', 'accepted out-of-range id').filter((f) => f.probeClass === 'integer boundaries'));
    }, 900_000);

    if (parts.includes('e')) it('(e) control, bidi and invisible characters in every string: never a 5xx, never stored outside a multi-line field (issue 27)', async () => {
      ledger.probeClass = 'control characters';
      for (const op of operations) await runProbes(op, controlProbes);
      fail(ledger.of('500', 'broken response', 'internals in body', 'accepted control characters').filter((f) => f.probeClass === 'control characters'));
    }, 900_000);

    if (parts.includes('f')) it('(f) every download, read over a socket in each coding, fails before its first byte or completes (issue 27)', async () => {
      ledger.probeClass = 'streams';
      await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = ctx.app.server.address() as AddressInfo;
      const downloads: string[] = [];
      for (const op of operations.filter((o) => o.method === 'GET')) {
        await world.stock(admin.foreignProgramId);
        const valid = build(op, admin, 'ids').input;
        const who = op.isPublic ? null : admin;
        const first = await send(op, valid, who, 'valid input');
        // A download: a 2xx that is not a JSON answer or a page of the web app.
        const type = String(first.headers['content-type'] ?? '');
        if (!is2xx(first.statusCode) || /^(application\/json|text\/html)/.test(type)) continue;
        downloads.push(op.key);
        // The valid input, and every integer at its boundaries (a filter the database refuses mid-stream).
        const inputs = [{ label: 'valid input', input: valid }, ...integerProbes(op, valid).map((p) => ({ label: p.label, input: p.apply(build(op, admin, 'ids').input) }))];
        for (const { label, input } of inputs) {
          for (const coding of ['identity', 'gzip', 'br']) {
            const headers: Record<string, string> = { 'accept-encoding': coding };
            if (who) headers.authorization = `Bearer ${who.token}`;
            const where = { operation: op.key, role: who ? who.email : 'anonymous', input: describeInput(`${label}, Accept-Encoding: ${coding}`, input) };
            ledger.counted();
            const answer = await readWhole(port, urlOf(op, input.path, input.query), headers);
            const text = answer.body.toString('utf8');
            if (answer.broken) ledger.add({ kind: 'broken response', ...where, status: answer.status, detail: answer.broken });
            if (answer.status >= 500) ledger.add({ kind: '500', ...where, status: answer.status, detail: text.slice(0, 200) });
            const leaked = internalsIn(text);
            if (leaked) ledger.add({ kind: 'internals in body', ...where, status: answer.status, detail: leaked });
            // An error answer is a readable JSON envelope whatever the download had set before it failed.
            if (!answer.broken && answer.status >= 400 && !/^application\/json/.test(String(answer.headers['content-type'] ?? ''))) {
              ledger.add({ kind: 'broken response', ...where, status: answer.status, detail: `an error answered as ${String(answer.headers['content-type'])}: ${text.slice(0, 120)}` });
            }
          }
        }
      }
      console.log(`downloads read over a socket: ${downloads.join(', ')}`);
      expect(downloads.length, 'the suite found no download to read').toBeGreaterThan(1);
      fail(ledger.of('500', 'broken response', 'internals in body').filter((f) => f.probeClass === 'streams'));
    }, 600_000);

    if (parts.includes('ssrf')) it('(ssrf) every stored web address refuses this machine, its networks and the metadata service, in every spelling (issue 27 item 4)', async () => {
      ledger.probeClass = 'stored URLs';
      const { fields, unproven } = await storedUrlProbes({
        operations,
        document: openapi,
        base: async (op) => {
          const level = await acceptedLevel(op);
          await world.stock(admin.foreignProgramId);
          return build(op, admin, level).input;
        },
        send: (op, input, label) => send(op, input, op.isPublic ? null : admin, label),
        add: (finding) => ledger.add(finding),
        describeInput,
      });
      console.log(`stored web address fields: ${fields.join(', ')}`);
      expect(fields, 'the suite found no GIS service address').toContain('POST /api/gisService/ url');
      expect(unproven, 'fields whose public address was refused: their refusals prove nothing').toEqual([]);
      fail(ledger.of('500', 'broken response', 'internals in body', 'accepted inner address').filter((f) => f.probeClass === 'stored URLs'));
    }, 600_000);

    if (parts.includes('stall')) it('(stall) health answers within seconds while two hostile 19 MB files are uploaded to each CSV upload (issue 27 item 3)', async () => {
      ledger.probeClass = 'stall';
      if (!ctx.app.server.listening) await ctx.app.listen({ port: 0, host: '127.0.0.1' });
      const { readers, lines } = await stallProbes({
        operations,
        port: (ctx.app.server.address() as AddressInfo).port,
        token: admin.token,
        build: async (op) => {
          await world.stock(admin.foreignProgramId);
          const { input } = build(op, admin, 'ids');
          return { input, url: urlOf(op, input.path, input.query) };
        },
        send: (op, input, label) => send(op, input, admin, label),
        counted: (n) => {
          for (let i = 0; i < n; i++) ledger.counted();
        },
        add: (finding) => ledger.add(finding),
      });
      console.log(`stall check:\n  ${lines.join('\n  ')}`);
      expect(readers, 'the suite found no CSV upload').toContain('POST /api/results/upload/preview');
      fail(ledger.of('stall', '500', 'internals in body').filter((f) => f.probeClass === 'stall'));
    }, 600_000);

    if (parts.includes('c')) it('(c) every answer carries nosniff and a CSP, no X-Powered-By, and no staff answer may be cached', () => {
      fail(ledger.of('headers'));
    }, 600_000);
  });
}
