import { createReadStream } from 'node:fs';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorEnvelope, notFound } from '../../../lib/http';
import { etagMatches, publicReadCache, PUBLIC_TTL_MS } from '../../../lib/public-cache';
import type { AppDeps } from '../../../deps';
import { idParams } from '../schemas/common';
import { contentDisposition, servablePublicFile } from '../service/files';

/** A stored file changes only by a new upload (a new id), so browsers may keep one for an hour. */
const FILE_CACHE_CONTROL = 'public, max-age=3600';

/** Uploaded files that public content shows: photos, report files, FAQ photos, flight photos. */
export const fileRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  const cache = publicReadCache(deps);
  const db = deps.database.readDb;
  const dataDir = deps.config.dataDir;

  app.get(
    '/files/:id',
    { schema: { tags: ['public'], params: idParams, response: { 400: errorEnvelope, 404: errorEnvelope } } },
    (request, reply) => {
      // The reply is typed for the JSON error shapes; a file answer uses its untyped surface.
      const send = reply as unknown as FastifyReply;
      const id = request.params.id;
      cache.get(`file:${id}`, PUBLIC_TTL_MS, () => servablePublicFile(db, dataDir, id)).then(
        (file) => {
          if (!file) return send.send(notFound('File'));
          send
            .header('etag', file.etag)
            .header('cache-control', FILE_CACHE_CONTROL)
            .header('content-type', file.mimeType)
            .header('content-disposition', contentDisposition(file));
          if (etagMatches(request.headers['if-none-match'], file.etag)) return send.code(304).send();
          return send.header('content-length', file.size).send(createReadStream(file.path));
        },
        (error: unknown) => send.send(error),
      );
    },
  );
};
