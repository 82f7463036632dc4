/**
 * A small tar (ustar) writer and a streaming reader, enough for the backup archive (decision 0039): regular
 * files and directories, names up to 255 bytes (ustar's prefix and name), sizes up to 8 GiB. The reader checks
 * every header's checksum, refuses other entry types and unsafe names (absolute, `..`, backslashes), and
 * says when the archive ends early; it hands each file's bytes to a sink as they arrive, so nothing is held
 * in memory.
 */

const BLOCK = 512;
const MAX_SIZE = 8 ** 11 - 1; // eleven octal digits

export class TarFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TarFormatError';
  }
}

export interface TarEntry {
  /** Relative path with `/` separators; a directory's has no trailing slash. */
  name: string;
  type: 'file' | 'directory';
  size: number;
  mode: number;
  /** Seconds since 1970. */
  mtime: number;
}

/** The 512-byte header of an entry. */
export function tarHeader(entry: TarEntry): Buffer {
  checkName(entry.name);
  if (entry.type === 'file' && (!Number.isInteger(entry.size) || entry.size < 0 || entry.size > MAX_SIZE)) {
    throw new TarFormatError(`${entry.name}: size ${entry.size} does not fit a tar header`);
  }
  const header = Buffer.alloc(BLOCK);
  const [prefix, name] = splitName(entry.type === 'directory' ? `${entry.name}/` : entry.name);
  header.write(name, 0, 100, 'utf8');
  writeOctal(header, entry.mode & 0o7777, 100, 8);
  writeOctal(header, 0, 108, 8); // uid
  writeOctal(header, 0, 116, 8); // gid
  writeOctal(header, entry.type === 'file' ? entry.size : 0, 124, 12);
  writeOctal(header, Math.max(0, Math.floor(entry.mtime)), 136, 12);
  header.write(entry.type === 'file' ? '0' : '5', 156, 'latin1');
  header.write('ustar\u000000', 257, 'latin1');
  header.write(prefix, 345, 155, 'utf8');
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  header.write(`${sum.toString(8).padStart(6, '0')}\u0000 `, 148, 'latin1');
  return header;
}

/** Zero bytes that pad a file's content of `size` bytes to a whole block. */
export function tarPadding(size: number): Buffer {
  return Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);
}

/** The two zero blocks that end an archive. */
export function tarEnd(): Buffer {
  return Buffer.alloc(2 * BLOCK);
}

/** Where a file entry's bytes go while the archive is read. */
export interface TarSink {
  write(chunk: Buffer): void | Promise<void>;
  end(): void | Promise<void>;
}

/**
 * Reads a tar stream (already decompressed), calling `onEntry` for each entry in order; for a file, the sink
 * it returns receives the content. Throws TarFormatError on a damaged header or a truncated archive.
 */
export async function readTar(source: AsyncIterable<Buffer>, onEntry: (entry: TarEntry) => Promise<TarSink | null>): Promise<void> {
  const header = Buffer.alloc(BLOCK);
  let headerFill = 0;
  let body: { entry: TarEntry; remaining: number; sink: TarSink | null } | null = null;
  let skip = 0; // padding after a file's content
  let ended = false;

  for await (const chunk of source) {
    if (ended) continue;
    let pos = 0;
    while (pos < chunk.length && !ended) {
      if (skip > 0) {
        const n = Math.min(skip, chunk.length - pos);
        skip -= n;
        pos += n;
      } else if (body) {
        const n = Math.min(body.remaining, chunk.length - pos);
        if (n > 0) await body.sink?.write(chunk.subarray(pos, pos + n));
        body.remaining -= n;
        pos += n;
        if (body.remaining === 0) {
          await body.sink?.end();
          skip = tarPadding(body.entry.size).length;
          body = null;
        }
      } else {
        const n = Math.min(BLOCK - headerFill, chunk.length - pos);
        chunk.copy(header, headerFill, pos, pos + n);
        headerFill += n;
        pos += n;
        if (headerFill < BLOCK) continue;
        headerFill = 0;
        if (header.every((byte) => byte === 0)) {
          ended = true;
          break;
        }
        const entry = parseHeader(header);
        const sink = await onEntry(entry);
        if (entry.type === 'file') {
          body = { entry, remaining: entry.size, sink };
          if (entry.size === 0) {
            await sink?.end();
            body = null;
          }
        }
      }
    }
    // After the end blocks the rest is read to its end too (and ignored), so a damaged tail of the compressed
    // stream (gzip's checksum) still fails the read.
  }
  if (!ended) throw new TarFormatError('the archive ends early: it is incomplete or damaged');
}

function parseHeader(header: Buffer): TarEntry {
  const stored = readOctal(header, 148, 8);
  header.fill(' ', 148, 156);
  const sum = header.reduce((total, byte) => total + byte, 0);
  if (stored === null || stored !== sum) throw new TarFormatError('a header checksum does not match: the archive is damaged');
  const name = readString(header, 0, 100);
  const prefix = readString(header, 345, 155);
  const full = (prefix ? `${prefix}/${name}` : name).replace(/\/$/, '');
  const flag = String.fromCharCode(header[156]!);
  const type = flag === '0' || flag === '\u0000' ? 'file' : flag === '5' ? 'directory' : null;
  if (!type) throw new TarFormatError(`${full}: entry type '${flag}' is not a file or a directory`);
  checkName(full);
  const size = readOctal(header, 124, 12);
  const mode = readOctal(header, 100, 8);
  const mtime = readOctal(header, 136, 12);
  if (size === null || mode === null || mtime === null) throw new TarFormatError(`${full}: unreadable header fields`);
  return { name: full, type, size: type === 'file' ? size : 0, mode, mtime };
}

/** Refuses names that could land outside the directory an archive is read into. */
function checkName(name: string): void {
  const parts = name.split('/');
  if (!name || name.startsWith('/') || name.includes('\\') || name.includes('\u0000') || parts.some((p) => p === '' || p === '.' || p === '..')) {
    throw new TarFormatError(`unsafe or empty entry name '${name}'`);
  }
}

/** ustar keeps up to 155 bytes of leading directories in `prefix` and the rest (<= 100 bytes) in `name`. */
function splitName(name: string): [string, string] {
  if (Buffer.byteLength(name) <= 100) return ['', name];
  for (let i = name.indexOf('/'); i > 0; i = name.indexOf('/', i + 1)) {
    const prefix = name.slice(0, i);
    const rest = name.slice(i + 1);
    if (Buffer.byteLength(prefix) <= 155 && Buffer.byteLength(rest) <= 100 && rest) return [prefix, rest];
  }
  throw new TarFormatError(`${name}: the name is too long for a tar header`);
}

function writeOctal(buffer: Buffer, value: number, offset: number, length: number): void {
  const text = value.toString(8).padStart(length - 1, '0');
  if (text.length > length - 1) throw new TarFormatError(`value ${value} does not fit a tar header field`);
  buffer.write(`${text}\u0000`, offset, length, 'latin1');
}

function readOctal(buffer: Buffer, offset: number, length: number): number | null {
  const field = buffer.subarray(offset, offset + length);
  const end = field.indexOf(0);
  const text = field.toString('latin1', 0, end === -1 ? length : end).trim();
  if (!/^[0-7]+$/.test(text)) return text === '' ? 0 : null;
  return Number.parseInt(text, 8);
}

function readString(buffer: Buffer, offset: number, length: number): string {
  const field = buffer.subarray(offset, offset + length);
  const end = field.indexOf(0);
  return field.toString('utf8', 0, end === -1 ? length : end);
}
