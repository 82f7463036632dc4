import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config';

describe('loadConfig', () => {
  it('gives the embedded one-machine defaults', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-config-'));
    const config = loadConfig({ DATA_DIR: dir });
    expect(config.port).toBe(3000);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.programTimeZone).toBe('America/New_York');
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
  ])('stops with a clear message for %j', (env, message) => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bp-config-'));
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(ConfigError);
    expect(() => loadConfig({ DATA_DIR: dir, ...env })).toThrow(message);
  });
});
