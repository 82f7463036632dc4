import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { publicConfigSchema, todayIn } from '@beach/domain';
import { envelope, ok } from '../../lib/http';
import { publicReadCache, replyPublicJson } from '../../lib/public-cache';
import type { AppDeps } from '../../deps';
import { serverErrors } from '../../plugins/openapi';

/** `{ code, payload }` around @beach/domain's publicConfigSchema. */
export const publicConfigResponse = envelope(publicConfigSchema);

/** GET /api/public/config: the few server settings the public web needs (no secrets). */
export const publicConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/public/config',
    { schema: { tags: ['public'], response: { 200: publicConfigResponse, ...serverErrors } } },
    (request, reply) => {
      const timeZone = deps.config.programTimeZone;
      replyPublicJson(publicReadCache(deps), request, reply, 'config', publicConfigResponse, async () =>
        ok('CONFIG_FOUND', { tile_url: deps.config.tileUrl, time_zone: timeZone, today: todayIn(timeZone) }),
      );
    },
  );
};
