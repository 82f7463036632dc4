import { promisify } from 'node:util';
import zlib from 'node:zlib';

/**
 * HTTP compression (decision 0020): which coding a client accepts, and compressing a body in the thread pool
 * (zlib's async calls), never on the event loop.
 */
export type ContentCoding = 'br' | 'gzip';

/** Bodies this size or smaller go as they are: compressing them saves less than the header costs. */
export const COMPRESS_MIN_BYTES = 1024;

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * The coding to send for an Accept-Encoding header: br when accepted (it is smaller), else gzip, else none.
 * A coding with q=0 is refused; `*` stands for any coding not named.
 */
export function preferredCoding(acceptEncoding: string | string[] | undefined): ContentCoding | null {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return null;
  const weights = new Map<string, number>();
  for (const part of header.toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    if (!name) continue;
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    weights.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const weight = (coding: ContentCoding) => weights.get(coding) ?? weights.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

/**
 * Compresses a whole body. `effort` trades CPU for bytes: 'max' (brotli 11, gzip 9) for answers compressed once
 * and sent many times (a public read's version), 'fast' (brotli 4, gzip 6) for answers made per request.
 */
export function compressBody(body: Buffer, coding: ContentCoding, effort: 'max' | 'fast'): Promise<Buffer> {
  if (coding === 'gzip') return gzip(body, { level: effort === 'max' ? 9 : 6 });
  // Brotli 11 costs about 1 ms per kilobyte: beyond 256 KB (a national program's whole status list) it
  // would hold the answer back too long, and quality 6 is within a few per cent of it.
  const quality = effort === 'fast' ? 4 : body.length <= 256 * 1024 ? 11 : 6;
  return brotli(body, {
    params: {
      [zlib.constants.BROTLI_PARAM_QUALITY]: quality,
      [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
    },
  });
}

/** A streaming compressor for bodies sent as they are produced (CSV downloads): fast settings, flat memory. */
export function compressStream(coding: ContentCoding): zlib.BrotliCompress | zlib.Gzip {
  if (coding === 'gzip') return zlib.createGzip({ level: 1 });
  return zlib.createBrotliCompress({
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 1, [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT },
  });
}

/** Adds Accept-Encoding to a Vary header value (kept once). */
export function varyWithAcceptEncoding(current: string | number | string[] | undefined): string {
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value.split(',').map((t) => t.trim().toLowerCase());
  if (tokens.includes('accept-encoding') || tokens.includes('*')) return value;
  return value ? `${value}, Accept-Encoding` : 'Accept-Encoding';
}
