import { pipeline, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPRESS_MIN_BYTES, compressBody, compressStream, preferredCoding, varyWithAcceptEncoding } from '../lib/compression';

/**
 * What goes on the wire (decision 0020):
 * - JSON answers above 1 KB are compressed (brotli, else gzip) when the client accepts it, in zlib's thread
 *   pool. Public reads arrive here already compressed once per version (lib/public-cache.ts); the built
 *   web app's files are served from their precompressed copies (plugins/web.ts).
 * - CSV downloads (streams) go through a streaming compressor when the client accepts it: still streaming,
 *   memory still flat.
 * - Headers that only a document obeys are not repeated on JSON answers and on the web app's hashed assets: a
 *   script, a stylesheet or a JSON answer never becomes the page. A JSON answer keeps what protects an API
 *   answer (decision 0019, ASVS 14.4): nosniff, HSTS, and a short Content-Security-Policy that lets nothing
 *   load or frame it, instead of the page's long one. Hashed assets keep nosniff only.
 */
const ANSWER_CSP = "default-src 'none'; frame-ancestors 'none'";
const DOCUMENT_ONLY_HEADERS = [
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  // Requests a script or a JSON answer makes follow the page's policy; the stylesheets fetch nothing.
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

function isStream(payload: unknown): payload is Readable {
  return typeof payload === 'object' && payload !== null && typeof (payload as Readable).pipe === 'function';
}

function contentType(reply: FastifyReply): string {
  return String(reply.getHeader('content-type') ?? '').toLowerCase();
}

async function onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> {
  const type = contentType(reply);
  const json = type.startsWith('application/json');
  if (json) {
    for (const name of DOCUMENT_ONLY_HEADERS) reply.removeHeader(name);
    reply.header('content-security-policy', ANSWER_CSP);
  } else if (request.url.startsWith('/assets/')) {
    // Hashed scripts and stylesheets: served as what they are (nosniff), never a document; the page's HSTS
    // and CSP govern them. About 1 KB less on the first view's dozen responses.
    for (const name of [...DOCUMENT_ONLY_HEADERS, 'content-security-policy', 'strict-transport-security']) reply.removeHeader(name);
  }

  if (reply.getHeader('content-encoding') || reply.statusCode === 204 || reply.statusCode === 304 || request.method === 'HEAD') {
    return payload;
  }
  if (json && (typeof payload === 'string' || Buffer.isBuffer(payload))) {
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    if (body.length <= COMPRESS_MIN_BYTES) return payload;
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    const compressed = await compressBody(body, coding, 'fast');
    reply.header('content-encoding', coding).removeHeader('content-length');
    return compressed;
  }
  if (type.startsWith('text/csv') && isStream(payload)) {
    reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
    const coding = preferredCoding(request.headers['accept-encoding']);
    if (!coding) return payload;
    reply.header('content-encoding', coding).removeHeader('content-length');
    // pipeline: an error on either side (a failed query, a closed connection) ends both.
    return pipeline(payload, compressStream(coding), () => undefined);
  }
  return payload;
}

export const wirePlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onSend', onSend);
  },
  { name: 'wire' },
);
