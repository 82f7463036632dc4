#!/usr/bin/env node
// `npm run lighthouse`: Lighthouse (mobile, its default simulated throttling) on the public site's `/`, a beach
// page and `/beach-actions`, in Debian's Chromium, against the production build served by the real api.
// Not part of npm test (it takes minutes and its figures depend on the machine's load).
//
// Without --base it builds nothing: it starts the api on a free port with apps/web/dist (run
// `npm run build` first) on a fresh embedded database with the demo agency, and a local blank-tile
// stand-in as TILE_URL, so nothing calls an outside host. With --base it measures a server already running.
//
// Usage: npm run lighthouse -- [--base http://127.0.0.1:3000] [--runs 3] [--pages /,/beach-actions]
//        [--json out.json] [--label after] [--web-dist path/to/another/dist] [--cpu-slowdown 7] [--throttling devtools]
//        [--traces dir] [--compare path/to/another/dist]
// The api it starts listens on a free port the system picks (never a fixed one, so it collides with nothing);
// --web-dist serves another build than apps/web/dist (e.g. a copy of the build before a change, to measure
// before and after in one session). Keep the copy inside the repository (apps/web/dist-before, say): its server
// render (.ssr/render-page.js) loads React and the other libraries from the node_modules above it, and a copy in
// /tmp has none, so the api would send every page without its content. Each page is checked for that first.
// --throttling devtools slows the network and CPU while the page loads (Lighthouse's "applied" throttling) instead of
// simulating them from an unthrottled load (its default, Lantern). On loopback every file arrives within a quarter
// second, so the browser runs the app's script before its first paint and Lantern's estimate of the first paint
// waits for the script's download: a page whose HTML carries its content (decision 0067) shows it only when the
// network is really slow.
// --traces saves each run's own trace (the unthrottled load Lantern simulates from) as dir/<page>-<run>.json, to open
// in DevTools' Performance panel or read with scripts/long-tasks.mjs.
// --cpu-slowdown replaces the default 4x CPU multiplier (network throttling unchanged). The 4x default assumes a
// host of Lighthouse's "high-end desktop" class (benchmark index 1500-2000); each run prints this host's index, and
// on a faster host a calibrated multiplier (about 4 x index / 1750) shows what a mid-tier phone would see.
// --compare measures another build side by side with this one (a second api serving it): each page's runs alternate
// between the two (this, that, that, this, ...), so a host whose speed drifts during the runs (the benchmark index
// has moved by half within minutes) slows both alike. Both medians are shown, with each run's TBT.
// Before and after the runs it prints two figures of the host itself (probeHost): a CPU loop, and the cost of memory
// touched for the first time, which a virtual machine can make many times a real one's.
// Each run also says when the browser fetched the offline worker (sw.js) and when its trace ends: the worker's install
// is part of the figures only when it runs inside the trace (decision 0088).
// Each page is measured --runs times in a fresh browser profile (a first visit); the median run by
// performance score is shown. Chromium: CHROMIUM_PATH, else /usr/bin/chromium.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { parseArgs } from 'node:util';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import * as lighthouseConstants from 'lighthouse/core/config/constants.js';
import { startBlankTiles } from './blank-tiles.mjs';
import { startProductionServer } from './serve-production.mjs';

const { values: args } = parseArgs({
  options: {
    base: { type: 'string' },
    runs: { type: 'string', default: '3' },
    pages: { type: 'string' },
    json: { type: 'string' },
    label: { type: 'string', default: '' },
    'web-dist': { type: 'string' },
    'cpu-slowdown': { type: 'string' },
    throttling: { type: 'string', default: 'simulate' },
    traces: { type: 'string' },
    compare: { type: 'string' },
  },
});

/** The issue's figures for `/` (Lighthouse 13, mobile) before this work, printed beside ours. */
const ISSUE_BASELINE = { performance: 34, fcp: 6.5, lcp: 10.4, cls: 1.15, transferKiB: 1681 };
// Issue 31's goals for the three pages (performance >= 98, LCP <= 1.2 s); CLS, TBT and accessibility as before.
const GOALS = { performance: 98, lcp: 1.2, cls: 0.05, tbt: 150, accessibility: 100 };

const chromePath = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
if (!chromePath) {
  console.error('lighthouse: no Chromium (set CHROMIUM_PATH or install Debian\'s chromium).');
  process.exit(1);
}

let server = null;
let compared = null;
let tiles = null;
let base = args.base;
if (!base || args.compare) tiles = await startBlankTiles();
if (!base) {
  server = await startProductionServer({ tileUrl: tiles.tileUrl, webDist: args['web-dist'] });
  base = server.base;
}

try {
  if (args.compare) compared = await startProductionServer({ tileUrl: tiles.tileUrl, webDist: args.compare });
  // What is measured: this build and, with --compare, the other one, their runs alternating.
  const targets = [{ label: args.label || (args['web-dist'] ?? 'apps/web/dist'), base }];
  if (compared) targets.push({ label: args.compare, base: compared.base });
  const pages = args.pages ? args.pages.split(',') : ['/', await beachPath(base), '/beach-actions'];
  const runs = Math.max(1, Number(args.runs));
  console.log(`Host before the runs: ${probeHost()}`);
  console.log(`Lighthouse ${await lighthouseVersion()} (mobile, ${args.throttling === 'devtools' ? 'applied (devtools)' : 'simulated'} throttling${args['cpu-slowdown'] ? `, CPU ${args['cpu-slowdown']}x instead of 4x` : ''}) on ${targets.map((t) => t.base).join(' and ')}, ${runs} run(s) per page, Chromium ${chromePath}`);
  for (const target of targets) for (const page of pages) await expectServerRendered(`${target.base}${page}`);
  const results = targets.map(() => []);
  for (const page of pages) {
    const samples = targets.map(() => []);
    for (let i = 0; i < runs; i++) {
      const order = targets.map((_, t) => t);
      if (i % 2) order.reverse();
      for (const t of order) {
        const sample = await measureWithRetry(`${targets[t].base}${page}`, t === 0 ? tracePath(page, i + 1) : null);
        samples[t].push(sample);
        const who = targets.length > 1 ? ` [${targets[t].label}]` : '';
        console.log(`  ${page} run ${i + 1}${who}: ${line(sample)}  (load ${loadavg()[0].toFixed(1)}, host CPU benchmark ${sample.benchmarkIndex}, CPU ${sample.cpuSlowdown}x)`);
      }
    }
    samples.forEach((list, t) => {
      const tbts = list.map((x) => Math.round(x.tbt));
      list.sort((a, b) => a.performance - b.performance);
      results[t].push({ page, median: list[Math.floor(list.length / 2)], samples: list, tbts });
    });
  }
  console.log(`\nHost after the runs: ${probeHost()}`);
  targets.forEach((target, t) => report(targets.length > 1 ? target.label : args.label, results[t], runs));
  if (args.json) writeFileSync(args.json, JSON.stringify({ base, label: args.label, results: results[0], ...(compared ? { compared: { dist: args.compare, results: results[1] } } : {}) }, null, 2));
} finally {
  await compared?.stop();
  await server?.stop();
  tiles?.server.close();
}

/**
 * What this host costs, in two figures that need no browser: a fixed CPU loop, and a first write to fresh memory
 * against a second write to the same memory (per GiB). A page load touches tens of MB for the first time (a new
 * renderer, its heap, decoded images and canvases), and Lantern multiplies that time by 4 like any other. A host
 * whose page faults are slow (a virtual machine's) thus gets a low benchmark index and a high TBT with the same build,
 * however fast its CPU loop. On the host of 2026-12-02 the loop took 0.41 s, as fast as in the session whose last runs
 * met every goal (0.43-0.77 s), while the first write took 50 times the second (3.2 s per GiB) and the benchmark
 * index was 400-1,900 (2,500-3,800 in the sessions that met the goals).
 */
function probeHost() {
  let start = performance.now();
  let sum = 0;
  for (let i = 0; i < 3e8; i++) sum += i % 7;
  const loopMs = performance.now() - start;
  const memory = Buffer.allocUnsafeSlow(256 * 1024 * 1024);
  start = performance.now();
  memory.fill(1);
  const firstMs = (performance.now() - start) * 4;
  start = performance.now();
  memory.fill(sum & 0xff);
  const againMs = (performance.now() - start) * 4;
  return `CPU loop of 3·10^8 in ${loopMs.toFixed(0)} ms; first write to fresh memory ${(firstMs / 1000).toFixed(2)} s per GiB, a second write ${(againMs / 1000).toFixed(2)} s (${(firstMs / againMs).toFixed(0)}x)`;
}

/** The medians of one build's runs, against the issue's goals. */
function report(label, results, runs) {
  const benchmarks = results.flatMap((r) => r.samples.map((x) => x.benchmarkIndex)).sort((a, b) => a - b);
  console.log(`\nMedian of ${runs} ${label ? `(${label})` : ''}; Lighthouse's host CPU benchmark ${benchmarks[0]}-${benchmarks[benchmarks.length - 1]} (median ${benchmarks[Math.floor(benchmarks.length / 2)]}; higher is faster, and TBT scales with it)`);
  console.log(`  ${'page'.padEnd(22)} perf  FCP s  LCP s   CLS    TBT ms  SI s   KiB    a11y`);
  for (const { page, median } of results) console.log(`  ${page.padEnd(22)} ${row(median)}`);
  console.log(`  ${'issue, `/` before'.padEnd(22)} ${String(ISSUE_BASELINE.performance).padStart(4)}  ${ISSUE_BASELINE.fcp.toFixed(1).padStart(5)}  ${ISSUE_BASELINE.lcp.toFixed(1).padStart(5)}  ${ISSUE_BASELINE.cls.toFixed(2).padStart(5)}  ${'-'.padStart(7)}  ${'-'.padStart(4)}  ${String(ISSUE_BASELINE.transferKiB).padStart(5)}  -`);
  console.log(`  goals: performance >= ${GOALS.performance}, LCP <= ${GOALS.lcp} s, CLS <= ${GOALS.cls}, TBT <= ${GOALS.tbt} ms, accessibility ${GOALS.accessibility}`);
  for (const { page, median } of results) {
    const misses = [];
    if (median.performance < GOALS.performance) misses.push(`performance ${median.performance}`);
    if (median.lcp > GOALS.lcp * 1000) misses.push(`LCP ${(median.lcp / 1000).toFixed(1)} s`);
    if (median.cls > GOALS.cls) misses.push(`CLS ${median.cls.toFixed(3)}`);
    if (median.tbt > GOALS.tbt) misses.push(`TBT ${median.tbt.toFixed(0)} ms`);
    if (median.accessibility < GOALS.accessibility) misses.push(`accessibility ${median.accessibility}`);
    console.log(`  ${page}: ${misses.length ? `MISSES ${misses.join(', ')}` : 'meets every goal'}`);
  }
  if (results.length && results[0].tbts.length > 1) {
    for (const { page, tbts } of results) console.log(`  ${page}: TBT of each run ${tbts.join(', ')} ms`);
  }
}

/**
 * A public page comes with its content in its HTML (decision 0067). One sent with an empty #root (the build's server
 * render did not load: see the api's log) would be measured as another page, slower to paint: refused.
 */
async function expectServerRendered(url) {
  const html = await (await fetch(url)).text();
  if (/<div id="root">\s*<\/div>/.test(html)) {
    throw new Error(`${url} was sent without its server render (an empty #root): its figures would not be the site's. Is --web-dist a copy outside the repository?`);
  }
}

/** A beach page: the first primary station the public statuses list. */
async function beachPath(origin) {
  const res = await fetch(`${origin}/api/public/beaches/statuses/`);
  const { payload } = await res.json();
  const station = payload.statuses.find((s) => s.type === 'PRIMARY') ?? payload.statuses[0];
  return `/beach/${station.beach_station_id}`;
}

async function lighthouseVersion() {
  const { readFile } = await import('node:fs/promises');
  return JSON.parse(await readFile(new URL('../node_modules/lighthouse/package.json', import.meta.url), 'utf8')).version;
}

/**
 * Lighthouse now and then fails to record a trace (NO_NAVSTART, NO_FCP...): such a run is tried again. On the host of
 * 2026-12-03 NO_NAVSTART came in about 1 run of 10, on every build, and once three times in a row, which ended a set.
 */
async function measureWithRetry(url, trace, tries = 5) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url, trace);
    } catch (error) {
      if (attempt >= tries) throw error;
      console.log(`  ${url}: ${error.message.split('\n')[0]}; trying again`);
    }
  }
}

/** Where --traces saves a page's run: `/beach/108`, run 2 -> dir/beach-108-2.json. */
function tracePath(page, run) {
  if (!args.traces) return null;
  mkdirSync(args.traces, { recursive: true });
  return `${args.traces}/${page.replace(/^\/$/, 'home').replace(/^\//, '').replace(/[^\w-]+/g, '-')}-${run}.json`;
}

async function measure(url, trace) {
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-dev-shm-usage', '--no-first-run'],
  });
  try {
    const slowdown = args['cpu-slowdown'] ? Number(args['cpu-slowdown']) : undefined;
    const throttling = slowdown ? { ...lighthouseConstants.throttling.mobileSlow4G, cpuSlowdownMultiplier: slowdown } : undefined;
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      throttlingMethod: args.throttling === 'devtools' ? 'devtools' : 'simulate',
      ...(throttling ? { throttling } : {}),
    });
    const { lhr, artifacts } = result;
    const recorded = artifacts.Trace ?? artifacts.traces?.defaultPass;
    if (trace) writeFileSync(trace, JSON.stringify(recorded));
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? NaN;
    return {
      performance: Math.round(lhr.categories.performance.score * 100),
      accessibility: Math.round(lhr.categories.accessibility.score * 100),
      fcp: audit('first-contentful-paint'),
      lcp: audit('largest-contentful-paint'),
      cls: audit('cumulative-layout-shift'),
      tbt: audit('total-blocking-time'),
      si: audit('speed-index'),
      transferBytes: audit('total-byte-weight'),
      // Lighthouse's own measure of the host CPU (higher is faster). Simulated throttling scales the host's
      // main-thread times by 4, so TBT and the score depend on it: compare runs of similar benchmarks only.
      benchmarkIndex: Math.round(lhr.environment?.benchmarkIndex ?? NaN),
      cpuSlowdown: lhr.configSettings?.throttling?.cpuSlowdownMultiplier ?? null,
      lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? null,
      // Where the main thread went (for --json): the long tasks by script, and each script's evaluation time.
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((t) => ({ url: t.url, start: Math.round(t.startTime), duration: Math.round(t.duration) })),
      bootup: (lhr.audits['bootup-time']?.details?.items ?? []).map((b) => ({ url: b.url, total: Math.round(b.total), scripting: Math.round(b.scripting), parse: Math.round(b.scriptParseCompile) })),
      worker: workerInTrace(recorded?.traceEvents ?? []),
      failedA11y: Object.values(lhr.audits).filter((a) => a.score === 0 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id)).map((a) => a.id),
    };
  } finally {
    await chrome.kill();
  }
}

/**
 * When the browser fetched the offline worker (sw.js) and when the trace ends, in ms from the page's own request (the
 * navigation's mark comes up to 1.7 s before it on some pages). The worker's install counts in the figures only while
 * it runs inside the trace; work moved past its end would read as a gain that no visitor gets (decisions 0087, 0088).
 */
function workerInTrace(events) {
  const navigation = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.startsWith('http'));
  if (!navigation) return null;
  const request = events.find((e) => e.name === 'ResourceSendRequest' && e.args?.data?.url === navigation.args.data.documentLoaderURL);
  const origin = (request ?? navigation).ts;
  const fetched = events.find((e) => e.name === 'ThrottlingURLLoader::OnReceiveResponse' && /\/sw\.js$/.test(e.args?.url ?? ''));
  const end = events.reduce((last, e) => Math.max(last, e.ts ?? 0), 0);
  return { fetchedMs: fetched ? (fetched.ts - origin) / 1000 : null, traceMs: (end - origin) / 1000 };
}

function workerText(worker) {
  if (!worker) return '';
  const traced = `${(worker.traceMs / 1000).toFixed(1)} s trace`;
  return worker.fetchedMs === null ? `, no worker fetched in its ${traced}` : `, worker fetched ${(worker.fetchedMs / 1000).toFixed(1)} s into its ${traced}`;
}

function line(s) {
  return `perf ${s.performance}, FCP ${(s.fcp / 1000).toFixed(1)} s, LCP ${(s.lcp / 1000).toFixed(1)} s, CLS ${s.cls.toFixed(3)}, TBT ${s.tbt.toFixed(0)} ms, ${(s.transferBytes / 1024).toFixed(0)} KiB, a11y ${s.accessibility}${s.failedA11y.length ? ` (${s.failedA11y.join(', ')})` : ''}${workerText(s.worker)}`;
}

function row(s) {
  return [
    String(s.performance).padStart(4),
    (s.fcp / 1000).toFixed(1).padStart(5),
    (s.lcp / 1000).toFixed(1).padStart(5),
    s.cls.toFixed(3).padStart(6),
    s.tbt.toFixed(0).padStart(6),
    (s.si / 1000).toFixed(1).padStart(5),
    (s.transferBytes / 1024).toFixed(0).padStart(6),
    String(s.accessibility).padStart(5),
  ].join('  ');
}
