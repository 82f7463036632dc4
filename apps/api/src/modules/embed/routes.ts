import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { publicIdParamsSchema, todayIn } from '@beach/domain';
import { embedListQuerySchema, embedQuerySchema, type EmbedLanguage } from '@beach/domain/embed';
import type { AppDeps } from '../../deps';
import { ok, HttpError } from '../../lib/http';
import { cachedJson, publicReadCache, sendCachedBody, strongEtag, PUBLIC_TTL_MS, type CachedBody } from '../../lib/public-cache';
import { beachProfileSchema } from '../public-site/schemas/beach';
import { PUBLIC_CODES } from '../public-site/schemas/common';
import { beachProfile } from '../public-site/service/beach';
import { beachPage, EMBED_CSP, listPage, messagePage, type EmbedBeach } from './html';

const HTML = 'text/html; charset=utf-8';

/**
 * The embeddable status (issue 31 item 4, decision 0062): GET /embed/beach/{id} and GET /embed/beaches?ids=1,2,3,
 * with ?lang=es. A page for an <iframe> on a town's site, not an API call: hidden from the OpenAPI document, and
 * every answer (refusals too) is HTML. Its data is the public beach page's own answer (GET public/beaches/{id},
 * same memo key and computation), so it shows exactly that status, since and reason: never a nowcast, an
 * unverified result or a station that is not public (404).
 */
export async function embedRoutes(app: FastifyInstance, deps: AppDeps) {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const tz = deps.config.programTimeZone;

  /** The public beach page's answer for `id`, from the same memo entry GET public/beaches/{id} uses. */
  const profile = async (id: number): Promise<EmbedBeach> => {
    const cached = await cachedJson(cache, `beach:${id}`, beachProfileSchema, async () =>
      ok(PUBLIC_CODES.BEACH_FOUND, await beachProfile(db, tz, todayIn(tz), id)),
    );
    return (JSON.parse(cached.body.toString('utf8')) as { payload: EmbedBeach }).payload;
  };
  const html = (text: string): CachedBody => {
    const body = Buffer.from(text);
    return { body, etag: strongEtag(body) };
  };

  app.get('/embed/beach/:id', { schema: { hide: true } }, async (request, reply) => {
    const params = publicIdParamsSchema.safeParse(request.params);
    const query = embedQuerySchema.safeParse(request.query);
    const lang = languageOf(request);
    if (!params.success || !query.success) return refuse(reply, 400, messagePage('badRequest', lang));
    const id = params.data.id;
    try {
      const page = await cache.get(`embed:beach:${id}:${lang}`, PUBLIC_TTL_MS, async () => html(beachPage(await profile(id), lang)));
      return await send(request, reply, page);
    } catch (error) {
      if (error instanceof HttpError && error.statusCode === 404) return refuse(reply, 404, messagePage('notFound', lang));
      throw error;
    }
  });

  app.get('/embed/beaches', { schema: { hide: true } }, async (request, reply) => {
    const query = embedListQuerySchema.safeParse(request.query);
    const lang = languageOf(request);
    if (!query.success) return refuse(reply, 400, messagePage('badRequest', lang));
    const ids = query.data.ids;
    // A beach that is not public is left out (as if not asked for); none public is the 404 page.
    const page = await cache.get(`embed:beaches:${ids.join(',')}:${lang}`, PUBLIC_TTL_MS, async () => {
      const found = await Promise.all(
        ids.map((id) => profile(id).catch((error: unknown) => (error instanceof HttpError && error.statusCode === 404 ? null : Promise.reject(error)))),
      );
      const shown = found.filter((beach): beach is EmbedBeach => beach !== null);
      return shown.length ? html(listPage(shown, lang)) : null;
    });
    if (!page) return refuse(reply, 404, messagePage('notFound', lang));
    return send(request, reply, page);
  });
}

/** The language asked for, for a refusal too (English unless ?lang=es). */
function languageOf(request: FastifyRequest): EmbedLanguage {
  return (request.query as { lang?: unknown } | undefined)?.lang === 'es' ? 'es' : 'en';
}

/** The embed's own headers: its narrow CSP with frame-ancestors *, no X-Frame-Options, loadable from any site. */
function embedHeaders(reply: FastifyReply): FastifyReply {
  reply.removeHeader('x-frame-options');
  return reply
    .header('content-security-policy', EMBED_CSP)
    .header('cross-origin-resource-policy', 'cross-origin')
    .header('referrer-policy', 'no-referrer');
}

function send(request: FastifyRequest, reply: FastifyReply, page: CachedBody) {
  return sendCachedBody(request, embedHeaders(reply), page, HTML);
}

function refuse(reply: FastifyReply, status: 400 | 404, text: string) {
  return embedHeaders(reply).code(status).header('cache-control', 'no-store').type(HTML).send(text);
}
