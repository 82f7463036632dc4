#!/usr/bin/env node
// Landing-page JavaScript budget: the gzip size of every script the browser loads for '/' before the map
// is interactive must stay within BUDGET_KB. Reads the built app (run `npm run build -w @beach/web` first):
// dist/.vite/manifest.json (vite.config.ts sets build.manifest) and the chunks it names.
//
// Counted: the index.html entry and its static imports (the modulepreloads), recursively; the '/' route's
// page chunk (MapPage) and the map component it always loads (StationMap, with Leaflet), each with their
// static imports. A chunk shared by several of these counts once. 1 KB = 1000 bytes, as Vite reports.
// It also fails when a chunk of the landing page holds portal code or a library the page does not need
// (NOT_ON_LANDING_PAGE, checked through the chunks' source maps).
//
// Usage: node apps/web/scripts/bundle-budget.mjs [--dist <dir>] [--budget <KB>] [--verbose]
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
/** What '/' loads after the entry: the route's page and the map component the default view always shows. */
const LAZY_FOR_LANDING = ['src/features/map/MapPage.tsx', 'src/features/map/StationMap.tsx'];
/**
 * Code the landing page must not load (checked through the source maps): the staff portal's layout, menu,
 * route table and pages, and the libraries only the portal or lazy dialogs need.
 */
const NOT_ON_LANDING_PAGE = [
  /\/src\/app\/(layouts\/PortalLayout\.tsx|portal-(menu|pages|routes)\.tsx?)$/,
  /\/src\/features\/auth\/\w*(Page|Form)\.tsx$/,
  /\/src\/features\/(dashboard|users|organizations|programs|lhas|audit|results|verification|geomeans)\//,
  /\/packages\/domain\/src\/permissions\/menu\.ts$/,
  /\/node_modules\/(zod|react-hook-form|@hookform\/[^/]+|@trussworks\/react-uswds|i18next|react-i18next)\//,
];

const args = process.argv.slice(2);
const option = (name) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dist = path.resolve(option('--dist') ?? path.join(webRoot, 'dist'));
const budgetKb = Number(option('--budget') ?? BUDGET_KB);
const verbose = args.includes('--verbose');

function fail(message) {
  console.error(`bundle-budget: ${message}`);
  process.exit(1);
}

const manifestPath = path.join(dist, '.vite', 'manifest.json');
if (!existsSync(manifestPath)) fail(`${manifestPath} not found: build the web app first (npm run build -w @beach/web).`);
/** @type {Record<string, {file: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[]}>} */
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry && key.endsWith('index.html'));
if (!entryKey) fail('the manifest has no index.html entry.');

function keyOf(source) {
  const key = Object.keys(manifest).find((k) => k === source || k.endsWith(`/${source}`) || manifest[k].src === source);
  if (!key) fail(`no chunk for ${source} in the manifest: was it renamed? Update LAZY_FOR_LANDING in this script.`);
  return key;
}

/** A chunk and everything it imports statically (what the browser fetches with it), in load order. */
function withStaticImports(key, into = new Set()) {
  if (into.has(key)) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withStaticImports(imported, into);
  return into;
}

// Every lazy chunk the landing page loads must really be loaded by it: reachable by dynamic import.
const reachable = new Set();
(function walk(key) {
  if (reachable.has(key)) return;
  reachable.add(key);
  for (const next of [...(manifest[key].imports ?? []), ...(manifest[key].dynamicImports ?? [])]) walk(next);
})(entryKey);

const groups = [{ label: 'entry + modulepreloads', keys: withStaticImports(entryKey) }];
for (const source of LAZY_FOR_LANDING) {
  const key = keyOf(source);
  if (!reachable.has(key)) fail(`${source} is not reachable from index.html.`);
  groups.push({ label: path.basename(source, path.extname(source)), keys: withStaticImports(key) });
}

const gzipBytes = new Map();
const sizeOf = (file) => {
  if (!gzipBytes.has(file)) gzipBytes.set(file, gzipSync(readFileSync(path.join(dist, file))).length);
  return gzipBytes.get(file);
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} KB`;

const counted = new Set();
let total = 0;
console.log(`Landing page '/' JavaScript (gzip), budget ${budgetKb} KB:`);
for (const group of groups) {
  const files = [...group.keys].map((key) => manifest[key].file).filter((file) => file.endsWith('.js') && !counted.has(file));
  const bytes = files.reduce((sum, file) => sum + sizeOf(file), 0);
  files.forEach((file) => counted.add(file));
  total += bytes;
  console.log(`  ${group.label.padEnd(24)} ${kb(bytes).padStart(9)}  (${files.length} file${files.length === 1 ? '' : 's'}, running total ${kb(total)})`);
  if (verbose) {
    for (const file of files.sort((a, b) => sizeOf(b) - sizeOf(a))) console.log(`      ${kb(sizeOf(file)).padStart(9)}  ${file}`);
  }
}

// Code that does not belong on the landing page: look at the sources each counted chunk's source map lists.
const leaks = new Set();
for (const file of counted) {
  const mapFile = path.join(dist, `${file}.map`);
  if (!existsSync(mapFile)) continue;
  const { sources = [] } = JSON.parse(readFileSync(mapFile, 'utf8'));
  for (const source of sources) {
    const absolute = path.resolve(path.dirname(mapFile), source).split(path.sep).join('/');
    if (!NOT_ON_LANDING_PAGE.some((pattern) => pattern.test(absolute))) continue;
    // A library is named once, not file by file.
    const library = /\/node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(absolute)?.[1];
    leaks.add(`${file}: ${library ?? path.relative(webRoot, absolute)}`);
  }
}

console.log(`  ${'total for /'.padEnd(24)} ${kb(total).padStart(9)}`);
let failed = false;
if (leaks.size) {
  console.error(`\nCode the landing page must not load (NOT_ON_LANDING_PAGE):\n  ${[...leaks].join('\n  ')}`);
  failed = true;
}
if (total > budgetKb * 1000) {
  console.error(`\nOver budget: ${kb(total)} > ${budgetKb} KB (run with --verbose for the chunk list).`);
  failed = true;
}
if (failed) process.exit(1);
console.log(`Within budget (${kb(budgetKb * 1000 - total)} to spare); no portal code.`);
