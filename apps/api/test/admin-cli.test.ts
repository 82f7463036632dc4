import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { count, eq, isNull } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CODES, isAdminOrganization, LIMITS, PERMISSION_AREAS } from '@beach/domain';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import { openDatabase, runMigrations, type Database } from '../src/db/client';
import { lockFileFor } from '../src/db/data-dir-lock';
import { auditLog, organizations, passwordResetTokens, programs, userProgramPermissions, users } from '../src/db/schema';
import { seedReference } from '../src/db/seed/reference';
import type { AppDeps } from '../src/deps';
import { HttpError } from '../src/lib/http';
import { hashOneTimeToken } from '../src/lib/tokens';
import { createFirstAdministrator, listAdministrators } from '../src/modules/users/first-administrator';
import { WELCOME_LINK_MS } from '../src/modules/users/service';
import { findUserProfile } from '../src/modules/users/repository';
import { createTestDatabase, DATABASE_KIND, TEST_DATABASE_URL } from './db';

/**
 * `npm run admin -- create` (decision 0042): on a production database (reference data only) it makes an
 * administrator who signs in through the printed link and reaches the management screens.
 */

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const NEW_PASSWORD = 'tidal-basin-first-admin-2026';

let database: Database;
let drop: () => Promise<void>;
let deps: AppDeps & { close(): Promise<void> };
let app: FastifyInstance;
let dataDir: string;
const children: ChildProcess[] = [];

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  // What an empty production database gets at start-up: the code lists, nothing else.
  await seedReference(database.db);
  dataDir = mkdtempSync(path.join(tmpdir(), 'bp-admin-cli-'));
  const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: dataDir, JWT_SECRET: randomBytes(32).toString('hex'), PUBLIC_URL: 'https://beaches.example.gov' });
  deps = createDeps(config, database);
  app = await buildApp(deps);
}, 120_000);

afterAll(async () => {
  for (const child of children) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await app?.close();
  deps?.mailer.close();
  await drop?.();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

/** Row counts of everything the command may write: a refusal leaves them all as they were. */
async function written() {
  const db = database.db;
  const n = async (table: typeof users | typeof organizations | typeof programs | typeof auditLog | typeof passwordResetTokens | typeof userProgramPermissions) =>
    Number((await db.select({ n: count() }).from(table))[0]?.n ?? 0);
  return {
    users: await n(users),
    organizations: await n(organizations),
    programs: await n(programs),
    permissions: await n(userProgramPermissions),
    tokens: await n(passwordResetTokens),
    audit: await n(auditLog),
  };
}

async function refusal(promise: Promise<unknown>): Promise<HttpError> {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(HttpError);
  return err as HttpError;
}

const inject = (method: 'GET' | 'POST' | 'PUT', url: string, token?: string, payload?: object) =>
  app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });

describe(`npm run admin -- create on ${DATABASE_KIND}`, () => {
  let firstToken = '';

  it('on a database without programs, asks for the first program and writes nothing', async () => {
    const before = await written();
    expect(before).toMatchObject({ users: 0, organizations: 0, programs: 0 });
    const err = await refusal(createFirstAdministrator(database.db, { email: 'chief@agency.example', name: 'Dana Whitfield' }));
    expect(err.statusCode).toBe(400);
    expect(err.message).toMatch(/no program yet.*--program "<name>" --program-abbv <ABBV>/);
    expect(await written()).toEqual(before);
  });

  it('refuses a bad e-mail address and a name without a last name, writing nothing', async () => {
    const before = await written();
    for (const email of ['not-an-address', '', 'two@@example.org']) {
      const err = await refusal(
        createFirstAdministrator(database.db, { email, name: 'Dana Whitfield', program: { name: 'Ocean Beaches', abbv: 'OCEAN' } }),
      );
      expect(err.statusCode).toBe(400);
      expect(err.payload).toEqual([expect.objectContaining({ field: 'email' })]);
    }
    const err = await refusal(
      createFirstAdministrator(database.db, { email: 'chief@agency.example', name: 'Dana', program: { name: 'Ocean Beaches', abbv: 'OCEAN' } }),
    );
    expect(err.payload).toEqual([expect.objectContaining({ field: 'name', message: expect.stringMatching(/first and last name/) })]);
    expect(await written()).toEqual(before);
  });

  it('creates the admin organization, the first program and the administrator in one go, audited with no acting user', async () => {
    const result = await createFirstAdministrator(database.db, {
      email: '  Chief@Agency.Example ',
      name: 'Dana  Marie Whitfield',
      organization: { name: 'State Beach Program Office', abbv: 'SBPO' },
      program: { name: 'Ocean Beaches', abbv: 'OCEAN' },
    });
    firstToken = result.resetToken;
    // The users service's rules: the login address lower-cased and trimmed.
    expect(result).toMatchObject({
      email: 'chief@agency.example',
      firstName: 'Dana Marie',
      lastName: 'Whitfield',
      organization: { name: 'State Beach Program Office', abbv: 'SBPO', created: true },
      programs: [{ name: 'Ocean Beaches', abbv: 'OCEAN', created: true }],
    });
    // Valid as long as a new user's welcome link.
    expect(Math.abs(result.resetExpiresAt.getTime() - Date.now() - WELCOME_LINK_MS)).toBeLessThan(60_000);
    const [token] = await database.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, result.userId));
    expect(token?.tokenHash).toBe(hashOneTimeToken(result.resetToken));
    expect(token?.tokenHash).not.toContain(result.resetToken);

    const profile = await findUserProfile(database.db, result.userId);
    expect(profile).toMatchObject({ email: 'chief@agency.example', active: true, force_password_reset: true });
    expect(isAdminOrganization(profile!.organization)).toBe(true);
    expect(profile!.program_permissions.map((p) => `${p.program.abbv}:${p.permission.code}:${p.access_level.code}`).sort()).toEqual(
      PERMISSION_AREAS.map((a) => `OCEAN:${a}:ADMIN`).sort(),
    );

    const audit = await database.db.select().from(auditLog).where(isNull(auditLog.userId));
    expect(audit.map((a) => `${a.action} ${a.tableName}`).sort()).toEqual(['CREATE organizations', 'CREATE programs', 'CREATE users']);
    const userAudit = audit.find((a) => a.tableName === 'users')!;
    expect(userAudit.recordId).toBe(String(result.userId));
    expect(JSON.parse(userAudit.after!)).toMatchObject({ email: 'chief@agency.example', force_password_reset: true });
    expect(userAudit.after).not.toMatch(/argon2/);
  });

  it('refuses an e-mail address that exists, in any case, writing nothing', async () => {
    const before = await written();
    const err = await refusal(createFirstAdministrator(database.db, { email: 'CHIEF@agency.example', name: 'Other Person' }));
    expect(err.statusCode).toBe(409);
    expect(err.message).toBe('A user with this e-mail address already exists.');
    expect(await written()).toEqual(before);
  });

  it('the administrator sets a password through the link, signs in and reaches users, organizations and programs', async () => {
    expect((await inject('GET', `/api/login/recover/${firstToken}`)).statusCode).toBe(200);
    const reset = await inject('PUT', `/api/login/recover/${firstToken}`, undefined, { newPassword: NEW_PASSWORD, newPasswordRetype: NEW_PASSWORD });
    expect(reset.statusCode).toBe(200);
    // One use only.
    expect((await inject('GET', `/api/login/recover/${firstToken}`)).statusCode).toBe(404);

    const login = await inject('POST', '/api/login', undefined, { email: 'chief@agency.example', password: NEW_PASSWORD });
    expect(login.statusCode).toBe(200);
    // The link set the password: no second forced change.
    expect(login.json().code).toBe(CODES.LOGIN_SUCCESS);
    const token = login.json<{ payload: { token: string } }>().payload.token;

    const list = await inject('GET', '/api/user/list/', token);
    expect(list.statusCode).toBe(200);
    expect(list.json().payload.list.map((u: { email: string }) => u.email)).toEqual(['chief@agency.example']);
    expect((await inject('GET', '/api/user/filters/', token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/organization/', token)).statusCode).toBe(200);
    expect((await inject('GET', '/api/program/', token)).statusCode).toBe(200);

    const created = await inject('POST', '/api/program', token, { name: 'Lakes and Rivers', abbv: 'LAKES', color: '#0076d6', desc: '' });
    expect(created.statusCode).toBe(201);
    expect((await database.db.select({ abbv: programs.abbv }).from(programs)).map((p) => p.abbv).sort()).toEqual(['LAKES', 'OCEAN']);
  });

  it('a second administrator joins the admin organization, with ADMIN in its programs; --program is refused once programs exist', async () => {
    const before = await written();
    const err = await refusal(
      createFirstAdministrator(database.db, { email: 'deputy@agency.example', name: 'Lee Park', program: { name: 'Bays', abbv: 'BAY' } }),
    );
    expect(err.message).toMatch(/already has programs \(.*OCEAN.*\): create more in Program Management/);
    const notAdmin = await refusal(
      createFirstAdministrator(database.db, { email: 'deputy@agency.example', name: 'Lee Park', organization: { name: 'Somewhere New' } }),
    );
    expect(notAdmin.message).toMatch(/There is no organization Somewhere New: give --abbv/);
    expect(await written()).toEqual(before);

    // No organization named: the only admin organization there is.
    const second = await createFirstAdministrator(database.db, { email: 'deputy@agency.example', name: 'Lee Park' });
    expect(second.organization).toMatchObject({ abbv: 'SBPO', created: false });
    expect(second.programs.map((p) => p.abbv)).toEqual(['OCEAN']);
    expect(await listAdministrators(database.db)).toEqual([
      { email: 'deputy@agency.example', name: 'Lee Park', organization: 'SBPO', active: true, mustChangePassword: true },
      { email: 'chief@agency.example', name: 'Dana Marie Whitfield', organization: 'SBPO', active: true, mustChangePassword: false },
    ]);
    const after = await written();
    expect(after.users - before.users).toBe(1);
    expect(after.organizations - before.organizations).toBe(0);
  });
});

/** Runs the command as the README does, with only the given environment. */
function runAdmin(args: string[], env: Record<string, string>): Promise<{ code: number | null; out: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/admin.ts', ...args], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', NODE_ENV: 'production', ...env },
    });
    children.push(child);
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => resolve({ code, out }));
  });
}

const linkPattern = /https:\/\/beaches\.example\.gov\/reset-password\/([A-Za-z0-9_-]{43})\n/;

describe.runIf(DATABASE_KIND === 'pglite')('the command on the embedded database', () => {
  it('refuses with the lock message while the server has the database open, then creates once it is stopped', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-admin-cli-data-'));
    try {
      // The "server": this process opens DATA_DIR/pglite and so holds its lock.
      const server = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      await runMigrations(server);
      await seedReference(server.db);
      const args = ['create', '--email', 'ops@agency.example', '--name', 'Robin Ops', '--program', 'Ocean Beaches', '--program-abbv', 'OCEAN'];
      const env = { DATA_DIR: dir, PUBLIC_URL: 'https://beaches.example.gov' };
      const refused = await runAdmin(args, env);
      expect(refused.code).toBe(1);
      expect(refused.out).toContain(`Cannot open the embedded database in ${path.join(dir, 'pglite')}: it is in use by process ${process.pid}`);
      expect(refused.out).toMatch(/Stop that process first/);
      expect(Number((await server.db.select({ n: count() }).from(users))[0]?.n)).toBe(0);
      await server.close();

      const created = await runAdmin(args, env);
      expect(created.out).toMatch(/Created Robin Ops <ops@agency\.example>, administrator in Agency Administration \(ADMIN\), a new admin organization: ADMIN in OCEAN \(new program\)/);
      expect(created.out).toMatch(linkPattern);
      expect(created.code).toBe(0);

      const list = await runAdmin(['list'], env);
      expect(list).toMatchObject({ code: 0, out: 'ops@agency.example\tRobin Ops\tADMIN\tactive\tmust change password\n' });
      // Done: the lock went with the command.
      expect(existsSync(lockFileFor(path.join(dir, 'pglite')))).toBe(false);
      const reopened = await openDatabase({ pgliteDir: path.join(dir, 'pglite') });
      const [row] = await reopened.db.select({ id: users.userId }).from(users).where(eq(users.email, 'ops@agency.example'));
      const token = created.out.match(linkPattern)![1]!;
      const [stored] = await reopened.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.userId, row!.id));
      expect(stored?.tokenHash).toBe(hashOneTimeToken(token));
      await reopened.close();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe.runIf(DATABASE_KIND === 'postgres')('the command on PostgreSQL', () => {
  it('creates beside a running api (its pool open on the same database) and refuses a bad e-mail', async () => {
    const name = `bp_admin_cli_${process.pid}_${randomBytes(3).toString('hex')}`;
    const admin = new pg.Client({ connectionString: TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const api = await openDatabase({ url: url.toString(), poolSize: 2, onIdleError: () => undefined });
    try {
      await runMigrations(api);
      await seedReference(api.db);
      await api.db.select({ n: count() }).from(users); // a connection of the "api" stays open in its pool
      const env = { DATABASE_URL: url.toString(), PUBLIC_URL: 'https://beaches.example.gov', DATA_DIR: dataDir };
      const bad = await runAdmin(['create', '--email', 'nobody', '--name', 'No Body', '--program', 'Ocean', '--program-abbv', 'OC'], env);
      expect(bad).toMatchObject({ code: 1, out: expect.stringContaining('Nothing created. email: ') });
      const created = await runAdmin(['create', '--email', 'pg@agency.example', '--name', 'Kim Gray', '--program', 'Ocean', '--program-abbv', 'OC'], env);
      expect(created.code).toBe(0);
      expect(created.out).toMatch(linkPattern);
      const rows = await api.db.select({ email: users.email, force: users.forcePasswordReset }).from(users);
      expect(rows).toEqual([{ email: 'pg@agency.example', force: true }]);
      // The link lives no longer than a welcome link; the recovery link's hour is not what it uses.
      const [stored] = await api.db.select({ expiresAt: passwordResetTokens.expiresAt }).from(passwordResetTokens);
      expect(stored!.expiresAt.getTime() - Date.now()).toBeGreaterThan(LIMITS.recoveryTokenMs);
    } finally {
      await api.close();
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 240_000);
});
