import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { CODES } from '@beach/domain';
import { isStaffPage } from '@beach/domain/site-paths';
import { pageCookies } from '@beach/domain/page-cookies';
import { DEFAULT_PAGE_RENDER_WAIT_MS } from '../config';
import { preferredCoding, varyWithAcceptEncoding } from '../lib/compression';
import { REQUEST_ID_HEADER } from '../lib/logging';
import { codedEtag, compressedBody, etagMatches, PUBLIC_TTL_MS, strongEtag, type CachedBody, type PublicReadCache } from '../lib/public-cache';

/** What the api knows of the built web app: whether there is one, and the hints to send with its pages. */
export interface WebApp {
  /**
   * The Link header for a page's first load (preloads of its chunk unless `modules` is false, and of its first reads
   * unless `reads` is false), or null.
   */
  linkFor(url: string, options?: { reads?: boolean; modules?: boolean }): string | null;
  /** Sends the app's page (index.html) for `request`: a public page with the site switches in it. */
  sendPage(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
}

/** A read's answer as the server's render takes it (the web's served-reads.ts ServedAnswer). */
export interface ServedAnswer {
  status: number;
  body: unknown;
}

/**
 * The server's render of the public pages (the web's src/server/render-page.tsx, built by `vite build --ssr`
 * into the build's .ssr/ folder; decision 0067).
 */
export interface PageRenderer {
  renderPage(input: { url: string; cookie: string | undefined; read(key: string): Promise<ServedAnswer> }): Promise<{
    html: string;
    language: string;
    title: string;
    reads: Record<string, ServedAnswer>;
    status: number;
    /** The source modules of the page's chunks, as the build's manifest names them. */
    sources: string[];
    /** The ids of the elements the page's first view ends with (the web's app/first-view.ts). */
    firstViewEnds?: string[];
  } | null>;
}

/** Where a served page carries its first reads' answers (the web's served-reads.ts). */
export const SERVED_READS_ELEMENT_ID = 'served-reads';

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
export async function registerWeb(
  app: FastifyInstance,
  root: string,
  options: { tileUrl?: string; renderer?: PageRenderer | null; cache?: PublicReadCache; renderWaitMs?: number } = {},
): Promise<WebApp | null> {
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
      // A hashed file never changes under its name and is never revalidated: its ETag would only cost bytes, and so
      // would a request id (for finding an api call in the logs; a build file has nothing to find).
      if (hashed) {
        reply.removeHeader('etag');
        reply.removeHeader(REQUEST_ID_HEADER);
      }
    },
  });
  const manifest = readManifest(root);
  const linkFor = pageHints(manifest, options.tileUrl);
  const paintFirst = paintFirstModules(manifest);
  const stylesFor = pageStyles(manifest);
  const boot = bootScript(manifest, root);
  const template = readFileSync(path.join(root, 'index.html'), 'utf8');
  const renderer = options.renderer === undefined ? await loadRenderer(app, root) : options.renderer;
  // The page a version of the switches makes, with its ETag: the same bytes for every visitor until they change.
  const pages = new Map<string, CachedBody>();
  const pageWith = (switches: string | null): CachedBody => {
    const key = switches ?? '';
    let page = pages.get(key);
    if (!page) {
      const body = Buffer.from(fillTemplate(template, { switches }));
      page = { body, etag: strongEtag(body) };
      // A few versions (the portal's page without switches, the public one with the current switches).
      if (pages.size >= 4) pages.delete(pages.keys().next().value as string);
      pages.set(key, page);
    }
    return page;
  };
  // A public page with its main content rendered by the server (decision 0067), from the api's own public reads:
  // kept with them in the public read cache (a staff write forgets both at once), so a change reaches the page as
  // soon as it reaches the JSON. Null when there is no render (no renderer, a portal page, a failure, too slow).
  const renderedPage = async (
    request: FastifyRequest,
    switches: string | null,
  ): Promise<{ page: CachedBody; status: number; booted: boolean } | null> => {
    if (!renderer) return null;
    const url = request.url;
    const cookie = request.headers.cookie;
    const render = async () => {
      const rendered = await renderer.renderPage({ url, cookie, read: (key) => publicRead(app, key) });
      if (!rendered) return null;
      // A page whose content is all in its HTML starts its app after its first paint (decision 0072).
      const modules = boot ? paintFirst(url) : null;
      const scripts = boot && modules ? { boot: boot.code, preload: modules } : undefined;
      const body = Buffer.from(fillTemplate(template, { switches, ...rendered, styles: stylesFor(rendered.sources), scripts }));
      return { page: { body, etag: strongEtag(body) }, status: rendered.status, booted: scripts !== undefined };
    };
    // One copy per language and per state of the welcome pop-up: what the cookies change in the render.
    const { spanish, welcomeDismissed } = pageCookies(cookie);
    const key = `web-page:${spanish ? 'es' : 'en'}:${welcomeDismissed ? 'welcomed' : 'first'}:${strongEtag(switches ?? '')}:${url}`;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), options.renderWaitMs ?? DEFAULT_PAGE_RENDER_WAIT_MS)));
    try {
      const answer = options.cache ? options.cache.get(key, PUBLIC_TTL_MS, render) : render();
      return await Promise.race([answer, late]);
    } catch (error) {
      request.log.error({ err: error }, 'server render of a public page failed; the page goes without it');
      return null;
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    linkFor,
    async sendPage(request, reply) {
      const publicPage = !isStaffPage(request.url.split('?', 1)[0]!);
      const switches = publicPage ? await switchesAnswer(app) : null;
      const rendered = publicPage ? await renderedPage(request, switches) : null;
      // Without the switches in it, a public page reads them first thing: preload them as before. A rendered page
      // answers its first reads itself: no preloads of them; and its boot script preloads its modules after the
      // first paint (decision 0072): none in the header, which the browser acts on before it paints.
      const hints = linkFor(request.url, { reads: rendered === null, modules: !rendered?.booted });
      const link = [hints, publicPage && switches === null ? `<${SWITCHES_READ}>; rel=preload; as=fetch; crossorigin` : null].filter(Boolean).join(', ');
      if (link) reply.header('link', link);
      // The boot script is inline (no request of its own before the first paint), allowed by its hash alone.
      const policy = reply.getHeader('content-security-policy');
      if (rendered?.booted && boot && typeof policy === 'string') reply.header('content-security-policy', policy.replace("script-src 'self'", `script-src 'self' '${boot.hash}'`));
      const page = rendered?.page ?? pageWith(switches);
      const coding = preferredCoding(request.headers['accept-encoding']);
      reply
        .code(rendered?.status ?? 200)
        .header('cache-control', 'no-cache')
        .header('vary', varyWithAcceptEncoding(reply.getHeader('vary')))
        .header('etag', coding ? codedEtag(page.etag, coding) : page.etag);
      // The page is rendered in the visitor's language and with or without the welcome pop-up (the cookies that
      // mirror those choices): a shared cache must not give one visitor's page to another.
      if (rendered) reply.header('vary', `${String(reply.getHeader('vary'))}, Cookie`);
      if (etagMatches(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      reply.header('content-type', 'text/html; charset=utf-8');
      if (!coding) return reply.send(page.body);
      const body = await compressedBody(page, coding).catch(() => null);
      return body ? reply.header('content-encoding', coding).send(body) : reply.header('etag', page.etag).send(page.body);
    },
  };
}

/** A JSON data block the browser never runs (the page's CSP allows no inline script); '<' escaped, so its text cannot close the element. */
function dataBlock(id: string, json: string): string {
  return `<script type="application/json" id="${id}">${json.replace(/</g, '\\u003c')}</script>`;
}

/**
 * The built index.html with the site switches (a data block) and, for a rendered page, its language, title, main
 * content (in #root) and first reads' answers (a data block). Everything rendered arrives escaped by React; the
 * title is the page's escaped heading.
 */
export function fillTemplate(
  template: string,
  page: {
    switches: string | null;
    html?: string;
    language?: string;
    title?: string;
    reads?: Record<string, ServedAnswer>;
    styles?: string[];
    /** The ids of the elements the page's first view ends with: its first paint waits until they are parsed. */
    firstViewEnds?: string[];
    /** A rendered page's boot script (its code) and the page's modules, which it starts after the first paint. */
    scripts?: { boot: string; preload: string[] };
  },
): string {
  let html = template;
  if (page.html !== undefined) {
    if (page.scripts) html = bootInstead(html, page.scripts.boot, page.scripts.preload);
    // The page's own stylesheets, render-blocking like the site's: the served markup is drawn with the styles the
    // app's render will have, so the takeover moves nothing (the page's chunk finds them there and adds none).
    // A page whose first view ends with marked elements (decision 0091) holds its first frame until the browser has
    // parsed them: without this, a slow phone's parser could yield after the header, which was painted alone, with
    // the page's status or the welcome pop-up (the largest text) 100-200 ms later, after the boot script had started
    // the app's files.
    const expect = (page.firstViewEnds ?? [])
      .filter((id) => ELEMENT_ID.test(id))
      .map((id) => `<link rel="expect" href="#${id}" blocking="render">`)
      .join('');
    const links = expect + (page.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${href}">`).join('');
    if (links) html = html.replace('</head>', () => `${links}</head>`);
    html = html.replace(/<div id="root"><\/div>/, () => `<div id="root">${page.html}</div>`);
    if (page.language) html = html.replace(/<html lang="[^"]*">/, () => `<html lang="${page.language === 'es' ? 'es' : 'en'}">`);
    if (page.title) html = html.replace(/<title>[^<]*<\/title>/, () => `<title>${page.title}</title>`);
  }
  const data =
    (page.switches === null ? '' : dataBlock(SWITCHES_ELEMENT_ID, page.switches)) +
    (page.reads && Object.keys(page.reads).length ? dataBlock(SERVED_READS_ELEMENT_ID, JSON.stringify(page.reads)) : '');
  return html.includes('</body>') ? html.replace('</body>', () => `${data}</body>`) : html + data;
}

/** An element id that needs nothing escaped in an attribute or a URL's fragment. */
const ELEMENT_ID = /^[\w-]+$/;

/** A build file's address as the manifest names it: nothing in it that an attribute would need escaped. */
const BUILD_FILE = /^\/[\w./-]+$/;

/**
 * The template's entry script and its module preloads replaced by the boot script (decision 0072), inline, which
 * names them (the entry, then the entry's imports and the page's modules, each once) and loads them after the
 * page's first paint. A template without an entry script is left as it is.
 */
export function bootInstead(template: string, bootCode: string, pageModules: string[]): string {
  const entry = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>/.exec(template);
  if (!entry || !BUILD_FILE.test(entry[1]!) || /<\/script/i.test(bootCode)) return template;
  const preloads = [...template.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"[^>]*>\s*/g)];
  const preload = [...new Set([...preloads.map((m) => m[1]!), ...pageModules])].filter((href) => BUILD_FILE.test(href) && href !== entry[1]);
  const script = `<script type="module" data-entry="${entry[1]}" data-preload="${preload.join(' ')}">${bootCode}</script>`;
  let html = template.replace(entry[0], () => script);
  for (const link of preloads) html = html.replace(link[0], '');
  return html;
}

/** The boot script's key in the build's manifest: an entry of its own, never the app's (decision 0072). */
const BOOT_SOURCE = 'src/boot.ts';

/**
 * The boot script of the build (src/boot.ts, an entry of its own, built into a file of its own): its code, without
 * its source map's comment, to be put inline, and the hash a page's Content-Security-Policy allows it by. Null in a
 * build without one.
 */
export function bootScript(manifest: Manifest, root: string): { code: string; hash: string } | null {
  const file = manifest[BOOT_SOURCE]?.file;
  if (!file || !existsSync(path.join(root, file))) return null;
  const code = readFileSync(path.join(root, file), 'utf8').replace(/\n?\/\/# sourceMappingURL=\S*\s*$/, '');
  return { code, hash: `sha256-${createHash('sha256').update(code).digest('base64')}` };
}

/**
 * A public read for the server's render, through the api's own route (its cache, schema and public rules: the
 * page shows only what the public JSON shows). Anything but a public GET is refused.
 */
async function publicRead(app: FastifyInstance, key: string): Promise<ServedAnswer> {
  if (!/^public\/[\w./?=&%-]*$/.test(key) || key.includes('..')) return { status: 400, body: { code: 'BAD_REQUEST', message: 'Not a public read', payload: null } };
  const res = await app.inject({ method: 'GET', url: `/api/${key}` });
  try {
    return { status: res.statusCode, body: JSON.parse(res.body) as unknown };
  } catch {
    return { status: 502, body: { code: 'BAD_GATEWAY', message: 'Not JSON', payload: null } };
  }
}

/** The build's server render (.ssr/render-page.js), or null without one (the browser then renders every page). */
async function loadRenderer(app: FastifyInstance, root: string): Promise<PageRenderer | null> {
  const file = path.join(root, '.ssr', 'render-page.js');
  if (!existsSync(file)) {
    app.log.warn(`no server render at ${file}: public pages are sent without their content (run "npm run build")`);
    return null;
  }
  try {
    return (await import(pathToFileURL(file).href)) as PageRenderer;
  } catch (error) {
    app.log.error({ err: error }, `the server render at ${file} could not load: public pages are sent without their content`);
    return null;
  }
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

/** The build files and first reads of each public page with hints (decision 0020), by address. */
interface PageFiles {
  /** The page's chunks outside the entry's (module scripts). */
  modules: string[];
  /** Their stylesheets. */
  styles: string[];
  /** The reads its first view makes. */
  reads: string[];
  /** The tile server's origin, for the map. */
  preconnect: string | null;
}

/**
 * The build files of page chunks outside the entry's, from their source modules (the manifest's keys): their
 * module scripts, with their static imports', and the stylesheets of those.
 */
function chunkFiles(manifest: Manifest): (...sources: string[]) => { modules: string[]; styles: string[] } {
  const entry = Object.values(manifest).find((chunk) => chunk.isEntry && chunk.src !== BOOT_SOURCE);
  const inEntry = new Set<string>();
  const walk = (key: string, into: Set<string>) => {
    if (into.has(key) || !manifest[key]) return;
    into.add(key);
    for (const next of manifest[key]!.imports ?? []) walk(next, into);
  };
  if (entry) walk(Object.keys(manifest).find((key) => manifest[key] === entry)!, inEntry);
  return (...sources) => {
    const keys = new Set<string>();
    for (const source of sources) walk(source, keys);
    const own = [...keys].filter((k) => !inEntry.has(k));
    return { modules: own.map((k) => `/${manifest[k]!.file}`), styles: own.flatMap((k) => (manifest[k]!.css ?? []).map((css) => `/${css}`)) };
  };
}

function pageFiles(manifest: Manifest, tileUrl?: string): (url: string) => PageFiles | null {
  const chunks = chunkFiles(manifest);
  const tiles = /^(https?:\/\/[^/{}]+)\//.exec(tileUrl ?? '')?.[1] ?? null;
  // The map page's first view reads the lean statuses (they carry the tile URL and time zone); the switches (a
  // first visit's welcome pop-up) come in the page itself (sendPage); its legend and side panels wait until the
  // map is drawn.
  const map: PageFiles = { ...chunks('src/features/map/MapPage.tsx'), reads: ['/api/public/map/statuses'], preconnect: tiles };
  // The beach page's chunk, and its reads' module, which main.tsx imports to read the profile before the first
  // render (decision 0050).
  const beach = chunks('src/features/beach/BeachPage.tsx', 'src/features/beach/api.ts');
  const actions: PageFiles = {
    ...chunks('src/features/beach-actions/BeachActionsPage.tsx', 'src/features/beach-actions/api.ts'),
    reads: ['/api/public/beachActions', '/api/public/config'],
    preconnect: null,
  };
  return (url) => {
    const pathname = url.split('?', 1)[0]!;
    if (isStaffPage(pathname)) return null;
    if (pathname === '/') return map;
    if (pathname === '/beach-actions') return actions;
    const id = /^\/beach\/(\d{1,9})$/.exec(pathname)?.[1];
    return id ? { ...beach, reads: [`/api/public/beaches/${id}`], preconnect: null } : null;
  };
}

/**
 * Preload hints per public page (decision 0020): the page's own chunk and its stylesheet, and the reads its
 * first view makes, so they download while the entry script does instead of after it has run. The map also
 * gets a preconnect to the tile server. Pages not named here get none.
 */
export function pageHints(manifest: Manifest, tileUrl?: string): (url: string, options?: { reads?: boolean; modules?: boolean }) => string | null {
  const filesOf = pageFiles(manifest, tileUrl);
  // `reads` false: the page came rendered with its first reads' answers in it (decision 0067), which it does not
  // ask for again. `modules` false: its boot script preloads them (decision 0072).
  return (url, { reads = true, modules = true } = {}) => {
    // The map and Beach Actions with a query (a list view, a filter, a day) read other things first: no hints.
    const [pathname, query] = url.split('?', 2);
    const files = query && (pathname === '/' || pathname === '/beach-actions') ? null : filesOf(url);
    if (!files) return null;
    const links = [
      // Module scripts are fetched in CORS mode with same-origin credentials whatever the attribute says.
      ...(modules ? files.modules.map((file) => `<${file}>; rel=modulepreload`) : []),
      ...files.styles.map((css) => `<${css}>; rel=preload; as=style; crossorigin`),
      ...(files.preconnect ? [`<${files.preconnect}>; rel=preconnect`] : []),
      ...(reads ? files.reads.map((read) => `<${read}>; rel=preload; as=fetch; crossorigin`) : []),
    ];
    return links.join(', ') || null;
  };
}

/**
 * The modules of a page that starts its app after its first paint (decision 0072), outside the entry's, for the boot
 * script to preload; null for a page without hints (it starts the app at once). Every rendered public page has its
 * main content in its HTML: a beach page's status, Beach Actions' table, and the map page's status list with a first
 * visit's welcome pop-up (decision 0073). The app makes it interactive, and draws the map.
 */
export function paintFirstModules(manifest: Manifest): (url: string) => string[] | null {
  const filesOf = pageFiles(manifest);
  return (url) => filesOf(url)?.modules ?? null;
}

/**
 * The stylesheets of a rendered page's chunks, from their source modules (the render names them: the web's
 * page-sources.ts), with their static imports', less the entry's: what the page's chunks add when they run, linked
 * in the rendered page's head (decision 0067), on every public page.
 */
export function pageStyles(manifest: Manifest): (sources: string[]) => string[] {
  const chunks = chunkFiles(manifest);
  return (sources) => [...new Set(chunks(...sources).styles)];
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
