import { once } from 'node:events';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import type { AppDeps } from '../../deps';

/**
 * An export task's file (decisions 0035, 0036), for every kind: DATA_DIR/uploads/{storage key}, written under
 * a temporary name of its own try (`{file}.try{n}.partial`) and renamed into place only when complete, so a
 * half-written file is never offered. A try starts by removing the finished file (a retry's) and what earlier,
 * interrupted tries of the task left behind.
 */

export const storagePathOf = (deps: AppDeps, key: string) => path.join(deps.config.dataDir, 'uploads', key);

export interface TaskFile {
  storageKey: string;
  /** Where the file ends up. */
  full: string;
  /** Where this try writes it. */
  partial: string;
}

export async function startTaskFile(deps: AppDeps, storageKey: string, attempt: number): Promise<TaskFile> {
  const full = storagePathOf(deps, storageKey);
  await mkdir(path.dirname(full), { recursive: true });
  await rm(full, { force: true });
  for (let earlier = 1; earlier < attempt; earlier++) await rm(`${full}.try${earlier}.partial`, { force: true });
  return { storageKey, full, partial: `${full}.try${attempt}.partial` };
}

/** The complete file takes its place; its size in bytes. */
export async function completeTaskFile(file: TaskFile): Promise<number> {
  const { size } = await stat(file.partial);
  await rename(file.partial, file.full);
  return size;
}

/**
 * This try's partial file, open for writing. Opened before any work starts: a stream whose open is still in
 * flight when the try fails would create the file after dropTaskFile removed it, leaving a partial file behind.
 */
export async function openTaskFile(file: TaskFile): Promise<WriteStream> {
  const out = createWriteStream(file.partial, { flags: 'w' });
  await once(out, 'open');
  return out;
}

/** This try's partial file is thrown away (it failed, or a later try took the task over). */
export async function dropTaskFile(file: TaskFile): Promise<void> {
  await rm(file.partial, { force: true });
}
