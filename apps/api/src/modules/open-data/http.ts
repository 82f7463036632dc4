import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../../deps';
import { COMPRESS_MIN_BYTES, preferredCoding, varyWithAcceptEncoding } from '../../lib/compression';
import { HttpError } from '../../lib/http';
import { codedEtag, etagMatches, PUBLIC_CACHE_CONTROL, strongEtag } from '../../lib/public-cache';

/**
 * What every /api/public/v1 answer carries (decision 0045), added by hooks of the v1 scope only:
 * - CORS open for reading: Access-Control-Allow-Origin *, no credentials, preflight answered;
 * - a rate limit per client address from the shared throttle store (so it holds across processes), with
 *   RateLimit-Limit / -Remaining / -Reset / -Policy on every answer and 429 with Retry-After past it.
 */
const EXPOSED = ['ETag', 'Link', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'RateLimit-Policy', 'Retry-After', 'Content-Disposition'];
/** Request headers a cross-origin reader may send; credentials (cookies, Authorization) are never asked for. */
const ALLOWED_HEADERS = ['Accept', 'Accept-Language', 'Cache-Control', 'If-None-Match', 'If-Modified-Since', 'Content-Type'];
const PREFLIGHT_MAX_AGE = 86_400;

export const RATE_LIMITED = 'RATE_LIMITED';

export function corsHeaders(reply: FastifyReply): void {
  reply
    .header('access-control-allow-origin', '*')
    .header('access-control-expose-headers', EXPOSED.join(', '))
    // helmet's same-origin would stop other sites' pages from embedding an answer; the data is public.
    .header('cross-origin-resource-policy', 'cross-origin');
}

/** The v1 scope's hooks and its preflight route. */
export async function openDataHttp(app: FastifyInstance, deps: AppDeps): Promise<void> {
  app.addHook('onRequest', async (request, reply) => {
    corsHeaders(reply);
    // Read per request, so a test (or a future reload) can change it.
    const { limit, windowSeconds } = deps.config.openDataRateLimit;
    const taken = await deps.throttle.take(`open-data:${request.ip}`, limit, windowSeconds * 1000);
    const reset = Math.max(1, Math.ceil(taken.resetMs / 1000));
    reply
      .header('ratelimit-limit', String(limit))
      .header('ratelimit-remaining', String(Math.max(0, limit - taken.count)))
      .header('ratelimit-reset', String(reset))
      .header('ratelimit-policy', `${limit};w=${windowSeconds}`);
    if (!taken.allowed) {
      reply.header('retry-after', String(reset));
      throw new HttpError(429, RATE_LIMITED, `Too many requests: ${limit} per ${windowSeconds} seconds from one address. Try again in ${reset} seconds.`);
    }
  });
  // Errors keep the CORS headers, so a browser script can read why it was refused.
  app.addHook('onSend', async (_request, reply) => {
    corsHeaders(reply);
  });

  app.options('/*', { schema: { hide: true } }, (request, reply) => {
    const asked = String(request.headers['access-control-request-headers'] ?? '')
      .split(',')
      .map((h) => h.trim().toLowerCase())
      .filter(Boolean);
    const allowed = ALLOWED_HEADERS.filter((h) => asked.includes(h.toLowerCase()));
    void reply
      .code(204)
      .header('access-control-allow-methods', 'GET, HEAD, OPTIONS')
      .header('access-control-allow-headers', (allowed.length ? allowed : ALLOWED_HEADERS).join(', '))
      .header('access-control-max-age', String(PREFLIGHT_MAX_AGE))
      .header('cache-control', `public, max-age=${PREFLIGHT_MAX_AGE}`)
      .send();
  });
}

/**
 * Sends a body computed for this request (a results page: not memoised, each may be large) with a strong
 * ETag of its bytes, a short public Cache-Control, and 304 when the client holds it. Compression is the wire
 * plugin's (decision 0020); the ETag names the coding it will use.
 */
export function sendWithEtag(request: FastifyRequest, reply: FastifyReply, body: Buffer, contentType: string, stream?: () => NodeJS.ReadableStream): FastifyReply {
  const etag = strongEtag(body);
  // The wire plugin compresses a stream whatever its size, a JSON body above COMPRESS_MIN_BYTES.
  const compressible = stream !== undefined || body.length > COMPRESS_MIN_BYTES;
  const coding = compressible ? preferredCoding(request.headers['accept-encoding']) : null;
  if (compressible) reply.header('vary', varyWithAcceptEncoding(reply.getHeader('vary')));
  reply.header('etag', coding ? codedEtag(etag, coding) : etag).header('cache-control', PUBLIC_CACHE_CONTROL);
  if (etagMatches(request.headers['if-none-match'], etag)) return reply.code(304).send();
  reply.header('content-type', contentType);
  return reply.send(stream ? stream() : body);
}
