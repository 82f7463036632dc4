import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SAME_ON_EVERY_DATABASE } from '../vitest.config';

const apiDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const testDb = path.join(apiDir, 'test/db.ts');

/** The files a file reaches through relative imports (static and dynamic), within apps/api. */
function reachable(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = readFileSync(file, 'utf8');
  for (const [, spec] of text.matchAll(/(?:from|import\()\s*'(\.{1,2}\/[^']+)'/g)) {
    const base = path.resolve(path.dirname(file), spec!);
    const target = [base, `${base}.ts`, base.replace(/\.(m?js)$/, '.ts'), path.join(base, 'index.ts')].find((f) => existsSync(f) && !f.endsWith('/'));
    if (target && target.startsWith(apiDir) && !target.includes('/node_modules/') && /\.(ts|mjs)$/.test(target)) reachable(target, seen);
  }
  return seen;
}

describe('the files the PostgreSQL pass leaves out (vitest.config.ts SAME_ON_EVERY_DATABASE)', () => {
  it.each(SAME_ON_EVERY_DATABASE)('%s never opens the test database', (file) => {
    const absolute = path.join(apiDir, file);
    expect(existsSync(absolute), `${file} is listed but does not exist`).toBe(true);
    const files = reachable(absolute);
    expect([...files].filter((f) => f === testDb || /process\.env\.TEST_DATABASE_URL/.test(readFileSync(f, 'utf8'))).map((f) => path.relative(apiDir, f))).toEqual([]);
  });

  it('finds the test database through the helpers, so a listed file that took them up would fail above', () => {
    expect(reachable(path.join(apiDir, 'test/permission-matrix.test.ts')).has(testDb)).toBe(true);
  });
});
