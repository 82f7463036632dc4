#!/usr/bin/env node
// Reads a trace that `npm run lighthouse -- --traces dir` saved (or one saved from DevTools' Performance panel) and
// lists the page's main-thread tasks that Lighthouse's simulated throttling makes long: a task of d ms observed
// counts as 4 x d simulated, so anything over 12.5 ms observed adds 4 x d - 50 ms to the total blocking time (TBT).
// Each task shows what it was made of (script evaluation, a function call and its script, style, layout, the
// compositor's commit...), so a change can be aimed at the task that costs.
//
// Usage: node scripts/long-tasks.mjs trace.json [--slowdown 4] [--min 12.5]
// The estimate is the sum over tasks after the first contentful paint; Lighthouse's own TBT also moves tasks
// around in its simulation, so compare estimates with estimates.
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

const { values: args, positionals } = parseArgs({
  allowPositionals: true,
  options: { slowdown: { type: 'string', default: '4' }, min: { type: 'string' } },
});
if (positionals.length === 0) {
  console.error('usage: node scripts/long-tasks.mjs trace.json [--slowdown 4] [--min 12.5]');
  process.exit(1);
}
const slowdown = Number(args.slowdown);
const minMs = args.min ? Number(args.min) : 50 / slowdown;

/** The renderer's main thread that ran the most: the page's. */
function mainThread(events) {
  const busy = new Map();
  const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && e.name === 'RunTask' && mains.has(key)) busy.set(key, (busy.get(key) ?? 0) + (e.dur ?? 0));
  }
  return [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
}

const SCRIPT_EVENTS = new Set(['FunctionCall', 'EvaluateScript', 'TimerFire', 'FireAnimationFrame', 'EventDispatch', 'v8.evaluateModule', 'v8.callFunction', 'RunMicrotasks', 'FireIdleCallback']);

function label(event) {
  if (!SCRIPT_EVENTS.has(event.name)) return event.name;
  const data = event.args?.data ?? {};
  const url = String(data.url ?? data.scriptName ?? '').replace(/^.*\/assets\//, '').replace(/^https?:\/\/[^/]+/, '');
  return [event.name, url, data.functionName ?? data.type ?? ''].filter(Boolean).join(' ');
}

function describe(events) {
  const main = mainThread(events);
  if (!main) return '  no renderer main thread in this trace';
  const own = events.filter((e) => `${e.pid}:${e.tid}` === main && e.ph === 'X').sort((a, b) => a.ts - b.ts || b.dur - a.dur);
  const navigation = events.find((e) => e.name === 'navigationStart' && `${e.pid}:${e.tid}` === main && e.args?.data?.isLoadingMainFrame && e.args.data.documentLoaderURL?.startsWith('http'));
  const origin = navigation?.ts ?? own[0].ts;
  const fcp = events.find((e) => e.name === 'firstContentfulPaint' && `${e.pid}:${e.tid}` === main && e.ts >= origin);
  const lines = [`  first contentful paint at ${fcp ? Math.round((fcp.ts - origin) / 1000) : '?'} ms; tasks of ${minMs} ms or more (x${slowdown} simulated):`];
  let estimate = 0;
  const tasks = own.filter((e) => e.name === 'RunTask' && e.ts >= origin && e.dur >= minMs * 1000);
  for (const task of tasks) {
    const end = task.ts + task.dur;
    const parts = new Map();
    let cursor = task.ts;
    // The task's direct parts (events nested in a part are inside its time already).
    for (const e of own) {
      if (e.ts < task.ts || e === task) continue;
      if (e.ts >= end) break;
      if (e.ts < cursor) continue;
      // A call without a script named (v8.callFunction, microtasks): named by the first script event inside it.
      const named = SCRIPT_EVENTS.has(e.name) && !e.args?.data?.url ? (own.find((n) => n.ts >= e.ts && n.ts < e.ts + e.dur && n !== e && n.args?.data?.url) ?? e) : e;
      const name = named === e ? label(e) : `${e.name} > ${label(named)}`;
      parts.set(name, (parts.get(name) ?? 0) + (e.dur ?? 0));
      cursor = e.ts + (e.dur ?? 0);
    }
    const simulated = (task.dur / 1000) * slowdown;
    const afterPaint = fcp && task.ts > fcp.ts;
    if (afterPaint) estimate += Math.max(0, simulated - 50);
    const breakdown = [...parts].sort((a, b) => b[1] - a[1]).slice(0, 4).map(([name, us]) => `${name} ${(us / 1000).toFixed(1)}`).join(' | ');
    lines.push(`  @${String(Math.round((task.ts - origin) / 1000)).padStart(5)} ms  ${(task.dur / 1000).toFixed(1).padStart(5)} ms (${Math.round(simulated)} simulated)${afterPaint ? '' : ' before paint'}: ${breakdown}`);
  }
  lines.push(`  blocking time estimate after the first paint: ${Math.round(estimate)} ms`);
  return lines.join('\n');
}

for (const file of positionals) {
  const raw = JSON.parse(readFileSync(file, 'utf8'));
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  console.log(`${file}\n${describe(events)}`);
}
