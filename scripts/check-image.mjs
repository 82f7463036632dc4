#!/usr/bin/env node
// The container image (decision 0039), in CI only where a container tool works: builds the Dockerfile, then
// starts the image on its embedded database and checks it answers /api/health/ready, runs as a user other
// than root and holds no build tools. Without a working docker or podman (`<tool> info` fails) it prints
// "SKIPPED: no container tool" and exits 3, which `npm test` counts as skipped, never as passed.
// CONTAINER_TOOL=docker|podman picks one; IMAGE_TAG names the image (default beach-portal:check).
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export const SKIPPED_EXIT_CODE = 3;
const tag = process.env.IMAGE_TAG ?? 'beach-portal:check';

function run(tool, args, options = {}) {
  return spawnSync(tool, args, { encoding: 'utf8', ...options });
}

function works(tool) {
  const res = run(tool, ['info'], { stdio: 'ignore', timeout: 30_000 });
  return res.status === 0;
}

const candidates = process.env.CONTAINER_TOOL ? [process.env.CONTAINER_TOOL] : ['docker', 'podman'];
const tool = candidates.find(works);
if (!tool) {
  console.log(`SKIPPED: no container tool (${candidates.map((t) => `${t} info`).join(' and ')} failed: no daemon or not installed); the image was not built.`);
  process.exit(SKIPPED_EXIT_CODE);
}

function fail(message) {
  console.error(`FAILED: ${message}`);
  process.exit(1);
}

console.log(`Building ${tag} with ${tool}...`);
const started = Date.now();
const build = run(tool, ['build', '-t', tag, '.'], { stdio: 'inherit' });
if (build.status !== 0) fail(`${tool} build exited with ${build.status}`);
const seconds = ((Date.now() - started) / 1000).toFixed(0);
const size = run(tool, ['image', 'inspect', tag, '--format', '{{.Size}}']).stdout.trim();
console.log(`Built ${tag} in ${seconds} s: ${(Number(size) / 1e6).toFixed(0)} MB.`);

// What runs: not root, no dev tools, no tests or local data in the image. (React and the web app's other libraries
// are there: the server renders the public pages with them, decision 0067.)
const look = run(tool, [
  'run', '--rm', '--entrypoint', 'sh', tag, '-c',
  'id -u; for p in /app/node_modules/vite /app/node_modules/vitest /app/node_modules/typescript /app/apps/api/test /app/e2e /app/.git /app/.data; do [ -e "$p" ] && echo "present: $p"; done; [ -f /app/apps/web/dist/index.html ] || echo "missing: web build"; [ -f /app/apps/api/dist/server.js ] || echo "missing: api bundle"; [ -d /app/node_modules/tsx ] || echo "missing: tsx"',
]);
if (look.status !== 0) fail(`could not look inside the image: ${look.stderr}`);
const [uid, ...problems] = look.stdout.trim().split('\n');
if (uid === '0') fail('the image runs as root');
if (problems.length) fail(`the image holds what it should not, or lacks what it needs:\n  ${problems.join('\n  ')}`);

// It starts on its embedded database and becomes ready.
const name = `beach-portal-check-${randomBytes(3).toString('hex')}`;
const start = run(tool, ['run', '-d', '--name', name, '-p', '127.0.0.1::3000', '-e', `JWT_SECRET=${randomBytes(32).toString('hex')}`, tag]);
if (start.status !== 0) fail(`the image did not start: ${start.stderr}`);
let problem = null;
try {
  const port = run(tool, ['port', name, '3000/tcp']).stdout.trim().split('\n')[0]?.split(':').pop();
  const deadline = Date.now() + 240_000;
  let ready = false;
  while (!ready && Date.now() < deadline) {
    try {
      ready = (await fetch(`http://127.0.0.1:${port}/api/health/ready`)).ok;
    } catch {
      // not listening yet
    }
    if (!ready) await new Promise((resolve) => setTimeout(resolve, 2000));
  }
  if (!ready) problem = `the container did not become ready in 4 minutes:\n${run(tool, ['logs', name]).stdout}`;
  else {
    const home = await fetch(`http://127.0.0.1:${port}/`);
    if (!home.ok) problem = `GET / answered ${home.status}`;
    // Rendered by the server (decision 0067), not the empty shell a render that cannot load leaves.
    else if (!/<div id="root"><[a-z]/.test(await home.text())) problem = `GET / came without its server render:\n${run(tool, ['logs', name]).stdout}`;
  }
} finally {
  run(tool, ['rm', '-f', '-v', name], { stdio: 'ignore' }); // -v: its anonymous data volume too
}
if (problem) fail(problem);
console.log(`The container is ready (/api/health/ready) and serves the web app, its public pages rendered; it runs as uid ${uid}.`);
