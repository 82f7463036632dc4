import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, notFound } from '../../../lib/http';
import { publicReadCache, PUBLIC_TTL_MS } from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import { sendStoredFile } from '../../files/service';
import { findPublicFile } from '../repository/files';
import { publicFileQuerySchema as fileQuery, publicIdParamsSchema as idParams } from '@beach/domain';
import { DOCUMENT_POLICY } from '../../../lib/uploads/prepare';
import { storedFile } from '../../../plugins/openapi';

/**
 * A stored file never changes: a new upload is a new id and an edit that replaces a file points at the new
 * one. So browsers and shared caches may keep it for a week without asking again.
 */
const FILE_CACHE_CONTROL = 'public, max-age=604800, immutable';

/**
 * Uploaded files that public content shows: photos, report files, FAQ photos, flight photos, news images.
 * `?size=thumb` answers an image's small copy (the display copy when it has none).
 */
export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;

  app.get(
    '/files/:id',
    { schema: { tags: ['public'], params: idParams, querystring: fileQuery, response: { 200: storedFile(DOCUMENT_POLICY), 400: errorEnvelope, 404: errorEnvelope } } },
    async (request, reply) => {
      // The reply is typed for the JSON error shapes; a file answer uses its untyped surface.
      const send = reply as unknown as FastifyReply;
      const id = request.params.id;
      const file = await cache.get(`file:${id}`, PUBLIC_TTL_MS, () => findPublicFile(db, id));
      if (!file) throw notFound('File');
      return sendStoredFile(deps, send, file, {
        cacheControl: FILE_CACHE_CONTROL,
        thumbnail: request.query.size === 'thumb',
        ifNoneMatch: request.headers['if-none-match'],
      });
    },
  );
};
