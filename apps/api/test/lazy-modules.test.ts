import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The modules a server process loads, as the server runs (tsx): a resolve hook in the child records every
 * module it resolves whose URL matches, then the child builds the app on the given database options.
 */
function modulesLoaded(databaseOptions: string, match: RegExp): string[] {
  const dir = mkdtempSync(path.join(tmpdir(), 'bp-lazy-'));
  const log = path.join(dir, 'resolved.txt');
  const hooks = path.join(dir, 'hooks.mjs');
  writeFileSync(
    hooks,
    `import { appendFileSync } from 'node:fs';
export async function resolve(specifier, context, next) {
  const result = await next(specifier, context);
  if (${match.toString()}.test(result.url)) appendFileSync(${JSON.stringify(log)}, result.url + '\\n');
  return result;
}`,
  );
  const register = path.join(dir, 'register.mjs');
  writeFileSync(register, `import { register } from 'node:module';\nregister(${JSON.stringify(pathToFileURL(hooks).href)});\n`);
  const script = `
    const { buildApp } = await import(${JSON.stringify(pathToFileURL(path.join(apiRoot, 'src/app.ts')).href)});
    const { openDatabase } = await import(${JSON.stringify(pathToFileURL(path.join(apiRoot, 'src/db/client.ts')).href)});
    const database = await openDatabase(${databaseOptions});
    await buildApp({ config: { trustProxy: false, tileUrl: 'https://tile.example/{z}/{x}/{y}.png' }, database, tokens: {}, throttle: {}, mailer: {} });
    await database.close();
  `;
  execFileSync(process.execPath, ['--import', 'tsx', '--import', register, '--input-type=module', '-e', script], { cwd: apiRoot, stdio: 'pipe' });
  return existsSync(log) ? readFileSync(log, 'utf8').split('\n').filter(Boolean) : [];
}

describe('modules the server loads', () => {
  // Loaded through tsx, PGlite and its Drizzle driver cost some 40 MB of resident memory (decision 0020): a
  // server on PostgreSQL must not load them.
  const embedded = /[\\/]node_modules[\\/](@electric-sql[\\/]pglite|drizzle-orm[\\/]pglite)[\\/]/;

  it('leaves PGlite unloaded on a PostgreSQL server', () => {
    // pg.Pool connects on the first query: nothing is asked of this address.
    expect(modulesLoaded(`{ url: 'postgres://nobody@127.0.0.1:9/none' }`, embedded)).toEqual([]);
  });

  it('loads it for the embedded database (the check sees it when it is loaded)', () => {
    expect(modulesLoaded('{}', embedded).length).toBeGreaterThan(0);
  });
});
