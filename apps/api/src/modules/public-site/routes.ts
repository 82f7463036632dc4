import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { beachRoutes } from './routes/beach';
import { contentRoutes } from './routes/content';
import { fileRoutes } from './routes/files';
import { mapRoutes } from './routes/map';

/**
 * The public site's reads (no login). Every answer is memoised per process for a few seconds and sent
 * with ETag and Cache-Control (lib/public-cache.ts, decision 0005); all read from the read replica.
 */
export const publicSiteRoutes: FastifyPluginAsyncZod<AppDeps> = async (app, deps) => {
  await app.register(mapRoutes, deps);
  await app.register(beachRoutes, deps);
  await app.register(contentRoutes, deps);
  await app.register(fileRoutes, deps);
};
