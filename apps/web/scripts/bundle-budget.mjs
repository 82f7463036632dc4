#!/usr/bin/env node
// The landing page's first view on the wire (decision 0020): starts the real api on a free port with the
// production build (apps/web/dist: run `npm run build -w @beach/web` first) and the demo agency, asks for `/`
// and everything the page loads before its map is usable, as a browser does (`Accept-Encoding: br, gzip`),
// and adds up the bytes each response took on the wire: status line, headers and body as sent. Fails above
// BUDGET_KB (1 KB = 1000 bytes).
//
// Counted: the document; what it names (scripts, modulepreloads, stylesheets, the icon, what the boot script starts); the Link header's
// preloads; the workers those chunks start; the map page's chunks and the Leaflet map's (first-view.json "chunks", from the Vite manifest,
// with their static imports and stylesheets); the api reads the page makes before the map is usable
// (first-view.json "reads"; a browser test keeps that list honest). Each once. Not counted: base-map tiles
// (another host) and the welcome pop-up, which waits until the page has loaded.
//
// Also fails when a counted text response above 1 KB goes uncompressed, and when a counted chunk holds
// portal code or a library the landing page does not need (NOT_ON_LANDING_PAGE, through the source maps).
//
// Usage: node apps/web/scripts/bundle-budget.mjs [--dist <dir>] [--budget <KB>] [--base <url of a running api>]
import { existsSync, readFileSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { startProductionServer } from '../../../scripts/serve-production.mjs';

const BUDGET_KB = 170;
/** Code the landing page must not load (checked through the source maps). */
const NOT_ON_LANDING_PAGE = [
  /\/src\/app\/(layouts\/PortalLayout\.tsx|portal-(menu|pages|routes)\.tsx?)$/,
  /\/src\/features\/auth\/\w*(Page|Form)\.tsx$/,
  /\/src\/features\/(dashboard|users|organizations|programs|lhas|audit|results|verification|geomeans)\//,
  /\/src\/i18n\/(en-pages|es)\.ts$/,
  /\/src\/styles\/uswds\/(portal|content|modal)\.scss$/,
  /\/packages\/domain\/src\/permissions\/menu\.ts$/,
  /\/node_modules\/(zod|react-hook-form|@hookform\/[^/]+|@trussworks\/react-uswds|i18next|react-i18next)\//,
  // The news editor (Tiptap on ProseMirror) is for the News management screen only.
  /\/node_modules\/(@tiptap\/[^/]+|prosemirror-[^/]+)\//,
  // The QR code library is for the printable beach signs only (decision 0061).
  /\/node_modules\/(qrcode|dijkstrajs|pngjs)\//,
  /\/src\/features\/signs\//,
  // The offline banner and the worker's registration load after the page (decision 0066).
  /\/src\/offline\//,
  /\/src\/i18n\/e[ns]-offline\.ts$/,
];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(option('--dist') ?? path.join(webRoot, 'dist'));
const budgetKb = Number(option('--budget') ?? BUDGET_KB);
const firstView = JSON.parse(readFileSync(path.join(webRoot, 'scripts', 'first-view.json'), 'utf8'));

function fail(message) {
  console.error(`bundle-budget: ${message}`);
  process.exit(1);
}

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) fail(`${manifestPath} not found: build the web app first (npm run build -w @beach/web).`);
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, css?: string[], assets?: string[], imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

/** One GET on a connection of its own: the bytes that crossed the wire (status line, headers, body). */
function get(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { agent: false, headers: { 'accept-encoding': 'br, gzip', accept: '*/*' } }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () => {
        const wire = res.socket.bytesRead;
        const raw = Buffer.concat(chunks);
        const coding = res.headers['content-encoding'];
        const body = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
        res.socket.destroy();
        resolve({ status: res.statusCode, headers: res.headers, wire, coding: coding ?? null, size: body.length, body });
      });
      res.on('error', reject);
    });
    request.on('error', reject);
  });
}

function withStaticImports(key, into = new Set()) {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, into);
  return into;
}

const server = option('--base') ? null : await startProductionServer({ webDist: dist });
const base = option('--base') ?? server.base;
let failed = false;
try {
  const counted = new Map();
  const count = async (url, why) => {
    if (counted.has(url)) return counted.get(url);
    const res = await get(`${base}${url}`);
    counted.set(url, { ...res, why });
    if (res.status !== 200) {
      console.error(`  ${url} answered ${res.status}`);
      failed = true;
    }
    return res;
  };

  const page = await count('/', 'document');
  const html = page.body.toString('utf8');
  for (const match of html.matchAll(/<(script|link)\b[^>]*>/g)) {
    const tag = match[0];
    const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1];
    if (url?.startsWith('/')) await count(url, 'named by the document');
    // The boot script of a rendered page names the entry and the modules it loads after the first paint (decision 0072).
    const started = [/\bdata-entry="([^"]+)"/.exec(tag)?.[1], ...(/\bdata-preload="([^"]*)"/.exec(tag)?.[1] ?? '').split(' ')];
    for (const file of started) if (file?.startsWith('/')) await count(file, 'started by the boot script');
  }
  for (const part of String(page.headers.link ?? '').split(/,\s*(?=<)/)) {
    const url = /^<([^>]+)>/.exec(part)?.[1];
    if (url?.startsWith('/') && !/rel=preconnect/.test(part)) await count(url, 'Link header');
  }
  for (const source of firstView.chunks) {
    const key = Object.keys(manifest).find((k) => k === source || manifest[k].src === source);
    if (!key) fail(`no chunk for ${source} in the manifest: was it renamed? Update first-view.json.`);
    for (const k of withStaticImports(key)) {
      await count(`/${manifest[k].file}`, path.basename(source));
      for (const css of manifest[k].css ?? []) await count(`/${css}`, path.basename(source));
    }
  }
  // Workers a counted chunk starts (the ICU warm-up, decision 0048): Vite lists them as the chunk's assets.
  for (const chunk of Object.values(manifest).filter((m) => counted.has(`/${m.file}`))) {
    for (const asset of chunk.assets ?? []) if (asset.endsWith('.js')) await count(`/${asset}`, 'worker');
  }
  for (const read of firstView.reads) await count(read, 'api read');

  let total = 0;
  console.log(`First view of '/' on the wire (Accept-Encoding: br, gzip), budget ${budgetKb} KB:`);
  console.log(`  ${'bytes'.padStart(8)}  ${'coding'.padEnd(6)} ${'body'.padStart(8)}  url`);
  for (const [url, res] of [...counted].sort((a, b) => b[1].wire - a[1].wire)) {
    total += res.wire;
    console.log(`  ${String(res.wire).padStart(8)}  ${(res.coding ?? '-').padEnd(6)} ${String(res.size).padStart(8)}  ${url}`);
    const textual = /^(text\/|application\/(json|javascript)|image\/svg)/.test(String(res.headers['content-type']));
    if (textual && !res.coding && res.size > 1024) {
      console.error(`  ^ ${url} went uncompressed (${res.size} bytes)`);
      failed = true;
    }
  }
  console.log(`  ${String(total).padStart(8)}  total, ${counted.size} responses: ${(total / 1000).toFixed(1)} KB`);

  // Code that does not belong on the landing page: the sources each counted chunk's source map lists.
  const leaks = new Set();
  for (const url of counted.keys()) {
    const mapFile = path.join(dist, `${url.replace(/^\//, '')}.map`);
    if (!url.startsWith('/assets/') || !existsSync(mapFile)) continue;
    const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8'));
    for (const source of sources) {
      const absolute = path.resolve(path.dirname(mapFile), source).split(path.sep).join('/');
      if (!NOT_ON_LANDING_PAGE.some((pattern) => pattern.test(absolute))) continue;
      const library = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(absolute)?.[1];
      leaks.add(`${url}: ${library ?? path.relative(webRoot, absolute)}`);
    }
  }
  if (leaks.size) {
    console.error(`\nCode the landing page must not load (NOT_ON_LANDING_PAGE):\n  ${[...leaks].join('\n  ')}`);
    failed = true;
  }
  if (total > budgetKb * 1000) {
    console.error(`\nOver budget: ${(total / 1000).toFixed(1)} KB > ${budgetKb} KB on the wire.`);
    failed = true;
  }
  if (!failed) console.log(`Within budget (${((budgetKb * 1000 - total) / 1000).toFixed(1)} KB to spare); no portal code.`);
} finally {
  await server?.stop();
}
if (failed) process.exit(1);
