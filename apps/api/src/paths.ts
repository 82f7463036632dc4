import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The nearest directory at or above `start` whose package.json names the package `name`; null when none does. */
export function packageDirAbove(start: string, name: string): string | null {
  for (let dir = start; ; dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { name?: string }).name === name) return dir;
    if (path.dirname(dir) === dir) return null;
  }
}

function apiRoot(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const dir = packageDirAbove(here, '@beach/api');
  if (dir === null) throw new Error(`No @beach/api package.json above ${here}`);
  return dir;
}

/**
 * The api package's own directory (the one holding its package.json), whether this code runs from its
 * TypeScript sources (`src/`, through tsx or vitest) or from the production bundle (`dist/`, decision 0047).
 * Files the api reads at run time (migrations, the demo rainfall feed, the password list, the web build) are
 * named from here, not from `import.meta.url`, which differs between the two.
 */
export const API_ROOT = apiRoot();
/** The repository (or image) root: the workspace holding apps/ and packages/. */
export const REPO_ROOT = path.resolve(API_ROOT, '../..');
/** Drizzle's SQL migrations and their journal. */
export const MIGRATIONS_DIR = path.join(API_ROOT, 'src/db/migrations');

/** Where a file of the api's sources lies, for the data files kept beside them. */
export function apiSourceFile(relative: string): string {
  return path.join(API_ROOT, 'src', relative);
}
