import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readTar, tarEnd, tarHeader, tarPadding, TarFormatError, type TarEntry } from '../src/lib/tar';

/** The backup archive's tar writer and reader (decision 0039). */

const dir = mkdtempSync(path.join(tmpdir(), 'bp-tar-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const longName = `uploads/${'a'.repeat(60)}/${'b'.repeat(60)}/${'c'.repeat(90)}.jpg`; // 222 bytes: prefix + name
const files: [string, Buffer][] = [
  ['pglite/PG_VERSION', Buffer.from('18\n')],
  ['pglite/empty', Buffer.alloc(0)],
  ['pglite/base/1/1259', randomBytes(1025)],
  [longName, randomBytes(512)],
];

function archive(entries: [string, Buffer][], directories: string[] = []): Buffer {
  const parts: Buffer[] = [];
  for (const d of directories) parts.push(tarHeader({ name: d, type: 'directory', size: 0, mode: 0o755, mtime: 1_700_000_000 }));
  for (const [name, bytes] of entries) {
    parts.push(tarHeader({ name, type: 'file', size: bytes.length, mode: 0o600, mtime: 1_700_000_000 }), bytes, tarPadding(bytes.length));
  }
  parts.push(tarEnd());
  return Buffer.concat(parts);
}

/** Reads an archive given in chunks of `chunkSize` bytes; returns each entry and its bytes. */
async function read(bytes: Buffer, chunkSize = 7): Promise<{ entry: TarEntry; bytes: Buffer }[]> {
  async function* chunks() {
    for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
  }
  const out: { entry: TarEntry; bytes: Buffer }[] = [];
  await readTar(chunks(), async (entry) => {
    const parts: Buffer[] = [];
    out.push({ entry, bytes: Buffer.alloc(0) });
    return {
      write: (chunk) => void parts.push(Buffer.from(chunk)),
      end: () => void (out.at(-1)!.bytes = Buffer.concat(parts)),
    };
  });
  return out;
}

/** A header whose fields were changed after it was made, with its checksum made right again. */
function forged(header: Buffer, change: (h: Buffer) => void): Buffer {
  const h = Buffer.from(header);
  change(h);
  h.fill(' ', 148, 156);
  const sum = h.reduce((total, byte) => total + byte, 0);
  h.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return h;
}

const hasTar = spawnSync('tar', ['--version']).status === 0;

describe('tar', () => {
  it('reads back what it writes, whatever the chunk sizes: directories, empty files, long names', async () => {
    const bytes = archive(files, ['pglite', 'pglite/pg_tblspc']);
    for (const size of [1, 7, 512, 100_000]) {
      const got = await read(bytes, size);
      expect(got.map((e) => [e.entry.name, e.entry.type])).toEqual([
        ['pglite', 'directory'],
        ['pglite/pg_tblspc', 'directory'],
        ...files.map(([name]) => [name, 'file']),
      ]);
      for (const [name, content] of files) expect(got.find((e) => e.entry.name === name)!.bytes.equals(content)).toBe(true);
      expect(got.find((e) => e.entry.name === 'pglite/base/1/1259')!.entry).toMatchObject({ size: 1025, mode: 0o600, mtime: 1_700_000_000 });
    }
  });

  it.skipIf(!hasTar)('writes what GNU tar extracts, and reads what GNU tar writes in ustar form', async () => {
    const file = path.join(dir, 'ours.tar');
    writeFileSync(file, archive(files, ['pglite']));
    const out = path.join(dir, 'gnu-out');
    mkdirSync(out);
    const extract = spawnSync('tar', ['-xf', file, '-C', out]);
    expect(extract.stderr.toString()).toBe('');
    for (const [name, content] of files) expect(readFileSync(path.join(out, name)).equals(content)).toBe(true);

    const theirs = path.join(dir, 'theirs.tar');
    expect(spawnSync('tar', ['--format=ustar', '-cf', theirs, '-C', out, 'pglite']).status).toBe(0);
    const got = await read(readFileSync(theirs), 4096);
    for (const [name, content] of files.filter(([n]) => n.startsWith('pglite/'))) {
      expect(got.find((e) => e.entry.name === name)?.bytes.equals(content), name).toBe(true);
    }
  });

  it('refuses unsafe names, links, damaged headers and a cut-off archive', async () => {
    for (const name of ['../etc/passwd', '/etc/passwd', 'a/../../b', 'a\\b', 'a//b', '']) {
      expect(() => tarHeader({ name, type: 'file', size: 0, mode: 0o644, mtime: 0 }), name).toThrow(TarFormatError);
    }
    const good = tarHeader({ name: 'uploads/abcd', type: 'file', size: 0, mode: 0o644, mtime: 0 });
    const traversal = forged(good, (h) => {
      h.fill(0, 0, 100);
      h.write('../../home/node/.bashrc', 0, 'utf8');
    });
    await expect(read(Buffer.concat([traversal, tarEnd()]))).rejects.toThrow("unsafe or empty entry name '../../home/node/.bashrc'");
    const link = forged(good, (h) => h.write('2', 156, 'latin1'));
    await expect(read(Buffer.concat([link, tarEnd()]))).rejects.toThrow(/entry type '2' is not a file or a directory/);
    const badSum = Buffer.from(good);
    badSum[10] = 0x41;
    await expect(read(Buffer.concat([badSum, tarEnd()]))).rejects.toThrow(/header checksum does not match/);
    const whole = archive(files);
    await expect(read(whole.subarray(0, 512 * 3 + 100))).rejects.toThrow(/ends early/);
    await expect(read(whole.subarray(0, whole.length - 1024))).rejects.toThrow(/ends early/);
    expect(() => tarHeader({ name: `${'x'.repeat(101)}`, type: 'file', size: 0, mode: 0o644, mtime: 0 })).toThrow(/too long/);
    expect(() => tarHeader({ name: 'big', type: 'file', size: 8 ** 11, mode: 0o644, mtime: 0 })).toThrow(/does not fit/);
  });
});
