import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODES } from '@beach/domain';

/** What the api knows of the built web app: whether there is one, and the hints to send with its pages. */
export interface WebApp {
  /** The Link header for a page's first load (preloads of its chunk and first reads), or null. */
  linkFor(url: string): string | null;
}

/**
 * Serves the built web app: hashed assets cached for a year, index.html never cached. Every text file is
 * served from the build's brotli or gzip copy when the browser accepts one (`Vary: Accept-Encoding`,
 * decision 0020). Returns null (and serves nothing) when there is no build.
 */
export async function registerWeb(app: FastifyInstance, root: string, options: { tileUrl?: string } = {}): Promise<WebApp | null> {
  if (!existsSync(path.join(root, 'index.html'))) {
    app.log.warn(`web build not found at ${root}: run "npm run build" to serve the site`);
    return null;
  }
  await app.register(fastifyStatic, {
    root,
    wildcard: false,
    index: false,
    preCompressed: true,
    // Hashed names and ETags say all a cache needs: no Last-Modified, and no ranges (the files are small and
    // sent compressed), a few dozen bytes fewer on every response.
    lastModified: false,
    acceptRanges: false,
    setHeaders(reply, filePath) {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      // A hashed file never changes under its name and is never revalidated: its ETag would only cost bytes.
      if (hashed) reply.removeHeader('etag');
    },
  });
  return { linkFor: pageHints(readManifest(root), options.tileUrl) };
}

type Manifest = Record<string, { file: string; css?: string[]; imports?: string[]; isEntry?: boolean; src?: string }>;

function readManifest(root: string): Manifest {
  try {
    return JSON.parse(readFileSync(path.join(root, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return {};
  }
}

/**
 * Preload hints per public page (decision 0020): the page's own chunk and its stylesheet, and the reads its
 * first view makes, so they download while the entry script does instead of after it has run. The map also
 * gets a preconnect to the tile server. Pages not named here get none.
 */
export function pageHints(manifest: Manifest, tileUrl?: string): (url: string) => string | null {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry);
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key]!.imports ?? []) walk(next, into);
  };
  if (entry) walk(Object.keys(manifest).find((key) => manifest[key] === entry)!, inEntry);
  const chunk = (source: string): string[] => {
    const key = Object.keys(manifest).find((k) => k === source);
    if (!key) return [];
    const keys = new Set<string>();
    walk(key, keys);
    const links: string[] = [];
    for (const k of keys) {
      if (inEntry.has(k)) continue;
      // Module scripts are fetched in CORS mode with same-origin credentials whatever the attribute says.
      links.push(`</${manifest[k]!.file}>; rel=modulepreload`);
      for (const css of manifest[k]!.css ?? []) links.push(`</${css}>; rel=preload; as=style; crossorigin`);
    }
    return links;
  };
  const read = (url: string) => `<${url}>; rel=preload; as=fetch; crossorigin`;
  const tiles = /^(https?:\/\/[^/{}]+)\//.exec(tileUrl ?? '')?.[1];
  // The map page's first view reads the lean statuses (they carry the tile URL and time zone) and the switches
  // (a first visit's welcome pop-up); its legend and side panels wait until the map is drawn.
  const map = [
    ...chunk('src/features/map/MapPage.tsx'),
    read('/api/public/map/statuses'),
    read('/api/public/switches/'),
    ...(tiles ? [`<${tiles}>; rel=preconnect`] : []),
  ].join(', ');
  const beach = chunk('src/features/beach/BeachPage.tsx');
  const actions = [...chunk('src/features/beach-actions/BeachActionsPage.tsx'), read('/api/public/beachActions'), read('/api/public/config'), read('/api/public/switches/')].join(', ');
  return (url) => {
    const [pathname = '', query] = url.split('?', 2);
    if (PORTAL_PAGE.test(pathname)) return null;
    if (pathname === '/') return query ? null : map;
    if (pathname === '/beach-actions' && !query) return actions;
    const id = /^\/beach\/(\d{1,9})$/.exec(pathname)?.[1];
    if (id) return [...beach, read(`/api/public/beaches/${id}`), read('/api/public/switches/')].join(', ');
    // Every public page waits briefly for the switches before its first render (main.tsx).
    return read('/api/public/switches/');
  };
}

/** Pages of the staff portal's layout (main.tsx does not wait for the switches there). */
const PORTAL_PAGE = /^\/(portal|login|forgotten-password|reset-password)(\/|$)/;

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Unknown API paths and missing build files get the JSON envelope's 404; with a web build, any other GET loads
 * the app (client-side routes), with its page's preload hints.
 */
export function notFoundHandler(web: WebApp | null) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    // A missing build file (a chunk a page built before the last deploy asks for) is a 404, not the page.
    const wantsPage =
      web !== null && !isApiPath(request.url) && !request.url.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD');
    if (wantsPage) {
      const link = web.linkFor(request.url);
      if (link) reply.header('link', link);
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply
      .status(404)
      .send({ code: CODES.NOT_FOUND, message: `No route for ${request.method} ${request.url}`, payload: null });
  };
}
