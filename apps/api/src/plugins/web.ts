import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODES } from '@beach/domain';
import { isStaffPage } from '@beach/domain/site-paths';
import { preferredCoding, varyWithAcceptEncoding } from '../lib/compression';
import { codedEtag, compressedBody, etagMatches, strongEtag, type CachedBody } from '../lib/public-cache';

/** What the api knows of the built web app: whether there is one, and the hints to send with its pages. */
export interface WebApp {
  /** The Link header for a page's first load (preloads of its chunk and first reads), or null. */
  linkFor(url: string): string | null;
  /** Sends the app's page (index.html) for `request`: a public page with the site switches in it. */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** Where a public page carries the site switches (main.tsx reads them before the first render). */
export const SWITCHES_ELEMENT_ID = 'site-switches';
const SWITCHES_READ = '/api/public/switches/';
/** A page waits this long at most for the switches before it goes without them (the browser then asks). */
const SWITCHES_WAIT_MS = 250;

/**
 * Serves the built web app: hashed assets cached for a year, the page (index.html) revalidated every time. Every
 * build file is served from the build's brotli or gzip copy when the browser accepts one (`Vary:
 * Accept-Encoding`, decision 0020); the page, which carries the site switches, is compressed once per version of
 * them. Returns null (and serves nothing) when there is no build.
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
  const linkFor = pageHints(readManifest(root), options.tileUrl);
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  // The page a version of the switches makes, with its ETag: the same bytes for every visitor until they change.
  const pages = new Map<string, CachedBody>();
  const pageWith = (switches: string | null): CachedBody => {
    const key = switches ?? '';
    let page = pages.get(key);
    if (!page) {
      // A data block the browser never runs (the page's CSP allows no inline script); '<' escaped, so the JSON
      // cannot close the element.
      const data = switches === null ? '' : `<script type="application/json" id="${SWITCHES_ELEMENT_ID}">${switches.replace(/</g, '\\u003c')}</script>`;
      const html = template.includes('</body>') ? template.replace('</body>', `${data}</body>`) : template + data;
      const body = Buffer.from(html);
      page = { body, etag: strongEtag(body) };
      // A few versions (the portal's page without switches, the public one with the current switches).
      if (pages.size >= 4) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    }
    return page;
  };

  return {
    linkFor,
    async sendPage(request, reply) {
      const publicPage = !isStaffPage(request.url.split('?', 1)[0]!);
      const switches = publicPage ? await switchesAnswer(app) : null;
      // Without the switches in it, a public page reads them first thing: preload them as before.
      const link = [linkFor(request.url), publicPage && switches === null ? `<${SWITCHES_READ}>; rel=preload; as=fetch; crossorigin` : null].filter(Boolean).join(', ');
      if (link) reply.header('link', link);
      const page = pageWith(switches);
      const coding = preferredCoding(request.headers['accept-encoding']);
      reply
        .header('cache-control', 'no-cache')
        .header('vary', varyWithAcceptEncoding(reply.getHeader('vary')))
        .header('etag', coding ? codedEtag(page.etag, coding) : page.etag);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      reply.header('content-type', 'text/html; charset=utf-8');
      if (!coding) return reply.send(page.body);
      const body = await compressedBody(page, coding).catch(() => null);
      return body ? reply.header('content-encoding', coding).send(body) : reply.header('etag', page.etag).send(page.body);
    },
  };
}

/**
 * The public switches' answer (GET public/switches/, through the api's own route and its memo) for a page to
 * carry, so the page neither reads them nor waits for them before its first render (decision 0020). Null when
 * they do not come in time or do not come at all: the page then reads them itself.
 */
async function switchesAnswer(app: FastifyInstance): Promise<string | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), SWITCHES_WAIT_MS)));
  const answer = app.inject({ method: 'GET', url: SWITCHES_READ }).then(
    (res) => (res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json') ? res.body : null),
    () => null,
  );
  try {
    return await Promise.race([answer, late]);
  } finally {
    clearTimeout(timer);
  }
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
  // The map page's first view reads the lean statuses (they carry the tile URL and time zone); the switches (a
  // first visit's welcome pop-up) come in the page itself (sendPage); its legend and side panels wait until the
  // map is drawn.
  const map = [...chunk('src/features/map/MapPage.tsx'), read('/api/public/map/statuses'), ...(tiles ? [`<${tiles}>; rel=preconnect`] : [])].join(', ');
  // The beach page's chunk, and its reads' module, which main.tsx imports to read the profile before the first
  // render (decision 0050).
  const beach = [...new Set([...chunk('src/features/beach/BeachPage.tsx'), ...chunk('src/features/beach/api.ts')])];
  const actions = [...chunk('src/features/beach-actions/BeachActionsPage.tsx'), read('/api/public/beachActions'), read('/api/public/config')].join(', ');
  return (url) => {
    const [pathname = '', query] = url.split('?', 2);
    if (isStaffPage(pathname)) return null;
    if (pathname === '/') return query ? null : map;
    if (pathname === '/beach-actions' && !query) return actions;
    const id = /^\/beach\/(\d{1,9})$/.exec(pathname)?.[1];
    if (id) return [...beach, read(`/api/public/beaches/${id}`)].join(', ');
    return null;
  };
}

const isApiPath = (url: string) => url === '/api' || url.startsWith('/api/') || url.startsWith('/api?');

/**
 * Unknown API paths and missing build files get the JSON envelope's 404; with a web build, any other GET loads
 * the app (client-side routes), with its page's preload hints and, on a public page, the site switches.
 */
export function notFoundHandler(web: WebApp | null) {
  return (request: FastifyRequest, reply: FastifyReply) => {
    // A missing build file (a chunk a page built before the last deploy asks for) is a 404, not the page.
    const wantsPage =
      web !== null && !isApiPath(request.url) && !request.url.startsWith('/assets/') && (request.method === 'GET' || request.method === 'HEAD');
    if (wantsPage) return web.sendPage(request, reply);
    return reply
      .status(404)
      .send({ code: CODES.NOT_FOUND, message: `No route for ${request.method} ${request.url}`, payload: null });
  };
}
