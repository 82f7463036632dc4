import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { fastifyTrustProxy } from '../src/app';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('gives the embedded one-machine defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.programTimeZone).toBe('America/New_York');
    expect(config.pageRenderWaitMs).toBe(1000);
    expect(loadConfig({ DATA_DIR: dir, PAGE_RENDER_WAIT_MS: '20000' }).pageRenderWaitMs).toBe(20_000);
    // The generated secret is kept in DATA_DIR so sessions survive a restart.
    expect(readFileSync(path.join(dir, 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    expect(loadConfig({ DATA_DIR: dir }).jwtSecret).toBe(config.jwtSecret);
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT/],
    [{ DATABASE_URL: 'not a url' }, /DATABASE_URL/],
    [{ NODE_ENV: 'production' }, /JWT_SECRET: required/],
    [{ JWT_SECRET: 'short' }, /JWT_SECRET/],
    [{ DEMO_DATA: 'maybe' }, /DEMO_DATA/],
    [{ TZ_PROGRAM: 'Mars/Olympus' }, /TZ_PROGRAM/],
    [{ TRUST_PROXY: 'yes' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/33' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.0/0' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.300' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '10.0.0.1,,10.0.0.2' }, /TRUST_PROXY/],
    [{ TRUST_PROXY: '-1' }, /TRUST_PROXY/],
    [{ PAGE_RENDER_WAIT_MS: '-5' }, /PAGE_RENDER_WAIT_MS/],
    [{ PAGE_RENDER_WAIT_MS: '90000' }, /PAGE_RENDER_WAIT_MS/],
  ])('stops with a clear message for %j', (env, message) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-config-'));
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });

  describe('DATA_DIR', () => {
    const secret = { JWT_SECRET: 'x'.repeat(32) };

    it('resolves a relative directory against the directory npm was run in (INIT_CWD)', () => {
      const root = mkdtempSync(path.join(tmpdir(), 'bp-config-root-'));
      const workspace = path.join(root, 'apps', 'api');
      // `npm start` at the repository root runs the api in apps/api with INIT_CWD set to the root.
      expect(loadConfig({ ...secret, INIT_CWD: root }, workspace).dataDir).toBe(path.join(root, 'data'));
      expect(loadConfig({ ...secret, INIT_CWD: root, DATA_DIR: '.data' }, workspace).dataDir).toBe(path.join(root, '.data'));
      expect(loadConfig({ ...secret, INIT_CWD: root, DATA_DIR: '../elsewhere' }, workspace).dataDir).toBe(path.resolve(root, '../elsewhere'));
    });

    it('falls back to the current directory without npm, and keeps an absolute directory as it is', () => {
      const cwd = mkdtempSync(path.join(tmpdir(), 'bp-config-cwd-'));
      expect(loadConfig(secret, cwd).dataDir).toBe(path.join(cwd, 'data'));
      expect(loadConfig({ ...secret, INIT_CWD: '' }, cwd).dataDir).toBe(path.join(cwd, 'data'));
      const absolute = mkdtempSync(path.join(tmpdir(), 'bp-config-abs-'));
      expect(loadConfig({ ...secret, INIT_CWD: cwd, DATA_DIR: absolute }, '/somewhere/else').dataDir).toBe(absolute);
    });

    it('puts the generated secret in the resolved directory', () => {
      const root = mkdtempSync(path.join(tmpdir(), 'bp-config-root-'));
      const config = loadConfig({ INIT_CWD: root, DATA_DIR: 'state' }, path.join(root, 'apps', 'api'));
      expect(readFileSync(path.join(root, 'state', 'jwt-secret'), 'utf8').trim()).toBe(config.jwtSecret);
    });
  });

  describe('TRUST_PROXY', () => {
    const load = (TRUST_PROXY?: string) =>
      loadConfig({ DATA_DIR: mkdtempSync(path.join(tmpdir(), 'bp-config-')), JWT_SECRET: 'x'.repeat(32), TRUST_PROXY }).trustProxy;

    it('trusts no proxy by default', () => {
      expect(load()).toBe(false);
      expect(load('')).toBe(false);
      expect(load('false')).toBe(false);
    });

    it.each([
      ['true', true],
      ['TRUE', true],
      ['1', 1],
      ['2', 2],
      ['127.0.0.1', ['127.0.0.1']],
      ['10.0.0.0/8, 192.168.1.1 ,::1,fd00::/8', ['10.0.0.0/8', '192.168.1.1', '::1', 'fd00::/8']],
      ['loopback,uniquelocal', ['loopback', 'uniquelocal']],
    ])('reads %j in a form Fastify accepts', async (value, expected) => {
      const trust = load(value);
      expect(trust).toEqual(expected);
      const app = Fastify({ trustProxy: fastifyTrustProxy(trust) });
      await app.close();
    });
  });
});
