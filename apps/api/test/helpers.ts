import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp, type BuildOptions } from '../src/app';
import { createDeps } from '../src/bootstrap';
import { loadConfig } from '../src/config';
import type { Database } from '../src/db/client';
import { DEMO_PASSWORD } from '../src/db/seed/demo';
import type { AppDeps } from '../src/deps';
import { createTestDatabase } from './db';

export { createTestDatabase, DATABASE_KIND, TEST_DATABASE_URL } from './db';

export interface TestContext {
  app: FastifyInstance;
  deps: AppDeps;
  database: Database;
  /** Logs in a demo account and returns its bearer token. */
  login(email: string, password?: string): Promise<string>;
  /** inject() with an optional bearer token. */
  call(options: InjectOptions & { token?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/** The app on a fresh database with reference data and the small ('test' scale) demo agency. */
export async function createTestContext(options: BuildOptions = {}): Promise<TestContext> {
  const { database, drop } = await createTestDatabase({ seeded: true });
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bp-api-test-'));
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    JWT_SECRET: randomBytes(32).toString('hex'),
    // Never an outside host in a test: the aircraft tests run their own stand-in; here nothing listens.
    AIRCRAFT_CHLOROPHYLL_URL: 'http://127.0.0.1:9/chlorophyll',
    AIRCRAFT_PHYCOCYANIN_URL: 'http://127.0.0.1:9/phycocyanin',
  });
  const deps = createDeps(config, database);
  const app = await buildApp(deps, options);
  const call: TestContext['call'] = ({ token, headers, ...rest }) =>
    app.inject({ ...rest, headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) } });
  return {
    app,
    deps,
    database,
    call,
    async login(email, password = DEMO_PASSWORD) {
      const res = await app.inject({ method: 'POST', url: '/api/login', payload: { email, password } });
      if (res.statusCode !== 200) throw new Error(`login ${email} failed: ${res.statusCode} ${res.body}`);
      return res.json<{ payload: { token: string } }>().payload.token;
    },
    async close() {
      await app.close();
      deps.mailer.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
