import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODES } from '@beach/domain';

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached. Returns false
 * (and serves nothing) when there is no build.
 */
export async function registerWeb(app: FastifyInstance, root: string): Promise<boolean> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`web build not found at ${root}: run "npm run build" to serve the site`);
    return false;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    setHeaders(reply, filePath) {
      reply.header(
        'cache-control',
        filePath.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    },
  });
  return true;
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/** Unknown API paths get the JSON envelope; with a web build, any other GET loads the app (client-side routes). */
export function notFoundHandler(webServed: boolean) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    const wantsPage = webServed && !isApiPath(request.url) && (request.method === 'GET' || request.method === 'HEAD');
    if (wantsPage) return reply.header('cache-control', 'no-cache').sendFile('index.html');
    return reply
      .status(404)
      .send({ code: CODES.NOT_FOUND, message: `No route for ${request.method} ${request.url}`, payload: null });
  };
}
