import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { todayIn } from '@beach/domain';
import { envelope, ok } from '../../lib/http';
import { publicReadCache, replyPublicJson } from '../../lib/public-cache';
import type { AppDeps } from '../../deps';

export const publicConfigSchema = envelope(
  z.object({
    /** Leaflet tile template ({z}/{x}/{y}) for the base map (TILE_URL). */
    tile_url: z.string(),
    /** The programs' time zone: dates the public picks (snapshots, date filters) are its local days. */
    time_zone: z.string(),
    /** The local day now, so a browser in another zone still caps date pickers at the program's tomorrow. */
    today: z.string(),
  }),
);

/** GET /api/public/config: the few server settings the public web needs (no secrets). */
export const publicConfigRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  app.get(
    '/public/config',
    { schema: { tags: ['public'], response: { 200: publicConfigSchema } } },
    (request, reply) => {
      const timeZone = deps.config.programTimeZone;
      replyPublicJson(publicReadCache(deps), request, reply, 'config', publicConfigSchema, async () =>
        ok('CONFIG_FOUND', { tile_url: deps.config.tileUrl, time_zone: timeZone, today: todayIn(timeZone) }),
      );
    },
  );
};
