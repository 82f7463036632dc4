import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApi } from '../scripts/build.mjs';
import { DEMO_RAINFALL_FILE } from '../src/modules/nowcast/demo-feed';
import { API_ROOT, apiSourceFile, MIGRATIONS_DIR, REPO_ROOT } from '../src/paths';
import { freePort, startChild } from './process-child';

/**
 * What production runs (decision 0047): `npm start` and `npm run worker` build the api into dist/ with esbuild
 * and run it with plain Node, no TypeScript loader. The bundle must find the files the sources read at run time
 * (migrations, data files) from the package directory, start, migrate an empty database, answer, and drain.
 */

const tmp = mkdtempSync(path.join(tmpdir(), 'bp-bundle-'));
const env = { NODE_ENV: 'test', JWT_SECRET: 'b'.repeat(64), LOG_LEVEL: 'info', DEMO_DATA: 'off', DATABASE_URL: undefined, HOST: '127.0.0.1' };
let built: Record<string, string>;

beforeAll(async () => {
  built = await buildApi();
}, 60_000);
afterAll(() => rmSync(tmp, { recursive: true, force: true }));

describe('paths the api reads at run time', () => {
  it('name the api package, the repository and the migrations, wherever the code runs from', () => {
    expect(JSON.parse(readFileSync(path.join(API_ROOT, 'package.json'), 'utf8')).name).toBe('@beach/api');
    expect(JSON.parse(readFileSync(path.join(REPO_ROOT, 'package.json'), 'utf8')).workspaces).toBeDefined();
    expect(existsSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'))).toBe(true);
    // The data files kept beside the sources: the bundle reads them from src/ too.
    expect(existsSync(apiSourceFile('lib/common-passwords.txt'))).toBe(true);
    expect(existsSync(DEMO_RAINFALL_FILE)).toBe(true);
  });
});

describe('the production bundle', () => {
  it('builds dist/server.js and dist/worker.js with no TypeScript loader in them', () => {
    expect(Object.keys(built).sort()).toEqual(['server', 'worker']);
    for (const file of Object.values(built)) {
      expect(path.dirname(file)).toBe(path.join(API_ROOT, 'dist'));
      expect(readFileSync(file, 'utf8')).not.toMatch(/from ["']tsx/);
    }
  });

  it('two builds at once (npm start and npm run worker started together) leave whole files and no partial ones', async () => {
    const script = path.join(API_ROOT, 'scripts/build.mjs');
    const builds = [0, 1].map(() => startChild(script, [], {}));
    expect(await Promise.all(builds.map((b) => b.exited))).toEqual([0, 0]);
    expect(readdirSync(path.join(API_ROOT, 'dist')).filter((f) => f.endsWith('.partial'))).toEqual([]);
    for (const file of Object.values(built)) expect(execFileSync(process.execPath, ['--check', file]).toString()).toBe('');
  }, 60_000);

  it('dist/server.js migrates an empty embedded database, answers ready, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const server = startChild('dist/server.js', [], { ...env, DATA_DIR: path.join(tmp, 'server'), PORT: String(port) });
    await server.waitFor(/Beach Portal is running/, 60_000);
    const ready = await fetch(`http://127.0.0.1:${port}/api/health/ready`);
    const body = (await ready.json()) as { status: string; checks: Record<string, { status: string }> };
    expect(ready.status).toBe(200);
    // The migrations check reads the journal from src/db/migrations: found from the bundle too.
    expect(body.checks.migrations!.status).toBe('ok');
    expect((await fetch(`http://127.0.0.1:${port}/api/public/data/counts`)).status).toBe(200);
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 90_000);

  it('dist/worker.js runs the job queue on the same database, answers ready on WORKER_PORT, and exits 0 on SIGTERM', async () => {
    const port = await freePort();
    const worker = startChild('dist/worker.js', [], { ...env, DATA_DIR: path.join(tmp, 'server'), WORKER_PORT: String(port) });
    await worker.waitFor(/worker ready/, 60_000);
    expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
    worker.process.kill('SIGTERM');
    expect(await worker.exited).toBe(0);
  }, 90_000);
});
