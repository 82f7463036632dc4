import { createReadStream, type ReadStream } from 'node:fs';
import { mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Where uploaded bytes live, by storage key. One interface for every file of the portal (photos, reports,
 * FAQ photos, flight files, trackdown files, exports): the local folder DATA_DIR/uploads today, an
 * S3-compatible object store later behind the same four calls.
 */
export interface FileStore {
  put(key: string, bytes: Buffer): Promise<void>;
  /** The stored file's size and a stream of it, or null when it is missing. */
  open(key: string): Promise<{ size: number; stream: () => ReadStream } | null>;
  /** Removes the file; a missing one is not an error. */
  remove(key: string): Promise<void>;
}

/** Storage keys are ours (never a user's file name): folders and a name of letters, digits, '-', '_' and '.'. */
const KEY = /^(?:[a-z0-9][a-z0-9_-]*\/)*[a-z0-9][a-z0-9_.-]*$/i;

export function localFileStore(root: string): FileStore {
  const base = path.resolve(root);
  const resolve = (key: string) => {
    const full = path.resolve(base, key);
    if (!KEY.test(key) || key.includes('..') || !full.startsWith(base + path.sep)) throw new Error(`Refused storage key: ${key}`);
    return full;
  };
  return {
    async put(key, bytes) {
      const full = resolve(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Written beside and renamed into place: a reader never sees half a file.
      const partial = `${full}.${process.pid}.partial`;
      await writeFile(partial, bytes, { flag: 'wx' });
      await rename(partial, full);
    },
    async open(key) {
      let full: string;
      try {
        full = resolve(key);
        const info = await stat(full);
        if (!info.isFile()) return null;
        return { size: info.size, stream: () => createReadStream(full) };
      } catch {
        return null;
      }
    },
    async remove(key) {
      await rm(resolve(key), { force: true });
    },
  };
}

const stores = new WeakMap<object, FileStore>();

/** The store of an app (one per DATA_DIR), made on first use. */
export function fileStore(owner: { config: { dataDir: string } }): FileStore {
  let store = stores.get(owner);
  if (!store) {
    store = localFileStore(path.join(owner.config.dataDir, 'uploads'));
    stores.set(owner, store);
  }
  return store;
}
