import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * Office files (.docx, .xlsx) are ZIP archives. One that inflates far past its size (a "zip bomb": 204 KB
 * to 200 MB in issue 27 item 6) would fill the disk or the memory of whoever opens it. Decision 0052: such an
 * archive is refused at upload; every entry is inflated for real (in zlib's thread pool, never on the event
 * loop) up to the size its directory declares, so a directory that lies is caught too.
 */
export const ARCHIVE_LIMITS = {
  /** All entries together, inflated. */
  inflatedBytes: 100 * 1024 * 1024,
  /** Inflated bytes per stored byte, over the whole file (real Office files: about 2 to 20). */
  ratio: 100,
  entries: 10_000,
} as const;

export type ArchiveVerdict = { ok: true; inflatedBytes: number; entries: number } | { ok: false; reason: string };

const inflateRaw = promisify(zlib.inflateRaw) as (buffer: Buffer, options: zlib.ZlibOptions) => Promise<Buffer>;

const EOCD = 0x06054b50;
const CENTRAL = 0x02014b50;
const LOCAL = 0x04034b50;

/** The end of central directory record: the last one in the file's final 64 KB + 22 bytes. */
function findEndOfDirectory(bytes: Buffer): number {
  const lowest = Math.max(0, bytes.length - 22 - 0xffff);
  for (let i = bytes.length - 22; i >= lowest; i--) if (bytes.readUInt32LE(i) === EOCD) return i;
  return -1;
}

/** Reads the archive's directory and inflates each entry against the limits. */
export async function checkArchive(bytes: Buffer, limits = ARCHIVE_LIMITS): Promise<ArchiveVerdict> {
  const refuse = (reason: string): ArchiveVerdict => ({ ok: false, reason });
  if (bytes.length < 22) return refuse('it is not a complete archive');
  const end = findEndOfDirectory(bytes);
  if (end < 0) return refuse('it is not a complete archive');
  const count = bytes.readUInt16LE(end + 10);
  const directorySize = bytes.readUInt32LE(end + 12);
  const directoryOffset = bytes.readUInt32LE(end + 16);
  if (count === 0xffff || directoryOffset === 0xffffffff) return refuse('it uses ZIP64, which an Office file of this size never needs');
  if (count > limits.entries) return refuse(`it holds more than ${limits.entries} parts`);
  if (directoryOffset + directorySize > end) return refuse('its directory is damaged');

  const budget = Math.min(limits.inflatedBytes, bytes.length * limits.ratio);
  let declared = 0;
  let inflated = 0;
  let at = directoryOffset;
  for (let n = 0; n < count; n++) {
    if (at + 46 > end || bytes.readUInt32LE(at) !== CENTRAL) return refuse('its directory is damaged');
    const flags = bytes.readUInt16LE(at + 8);
    const method = bytes.readUInt16LE(at + 10);
    const compressedSize = bytes.readUInt32LE(at + 20);
    const size = bytes.readUInt32LE(at + 24);
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraLength = bytes.readUInt16LE(at + 30);
    const commentLength = bytes.readUInt16LE(at + 32);
    const localOffset = bytes.readUInt32LE(at + 42);
    at += 46 + nameLength + extraLength + commentLength;
    if (flags & 0x1) return refuse('it is encrypted');
    if (compressedSize === 0xffffffff || size === 0xffffffff || localOffset === 0xffffffff) return refuse('it uses ZIP64, which an Office file of this size never needs');
    declared += size;
    if (declared > budget) return refuse(tooBig(limits));

    if (localOffset + 30 > bytes.length || bytes.readUInt32LE(localOffset) !== LOCAL) return refuse('its directory is damaged');
    const dataStart = localOffset + 30 + bytes.readUInt16LE(localOffset + 26) + bytes.readUInt16LE(localOffset + 28);
    if (dataStart + compressedSize > bytes.length) return refuse('its directory is damaged');
    const data = bytes.subarray(dataStart, dataStart + compressedSize);
    let out: number;
    if (method === 0) out = data.length;
    else if (method === 8) {
      try {
        // One byte more than declared: an entry that inflates past its declared size is caught, not trusted.
        out = (await inflateRaw(data, { maxOutputLength: size + 1 })).length;
      } catch (err) {
        if (err instanceof RangeError || (err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') return refuse('a part is larger than the archive declares');
        return refuse('a part is damaged');
      }
    } else return refuse('a part uses a compression Office files do not use');
    if (out !== size) return refuse('a part is larger than the archive declares');
    inflated += out;
  }
  return { ok: true, inflatedBytes: inflated, entries: count };
}

const tooBig = (limits: typeof ARCHIVE_LIMITS) =>
  `it inflates to more than ${limits.inflatedBytes / (1024 * 1024)} MB or ${limits.ratio} times its size (a compression bomb)`;
