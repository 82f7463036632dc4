#!/usr/bin/env node
// The browser tests' api servers (playwright.config.ts): the production bundle built once, then one server per
// worker started side by side (each seeds its own embedded database), and a readiness answer on READY_PORT once
// every one of them answers. Ends them all when it is ended, and ends itself when one of them stops.
import { spawn, spawnSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';

const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
const readyPort = Number(process.env.READY_PORT);
const build = spawnSync(process.execPath, ['../apps/api/scripts/build.mjs'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const children = servers.map(({ env, dataDir: dir }) => {
  // An absolute path: the server resolves a relative DATA_DIR against INIT_CWD (where npm was run), not against
  // this folder, so a relative one would be removed here and reused there, run after run.
  const dataDir = path.resolve(dir);
  rmSync(dataDir, { recursive: true, force: true });
  const child = spawn(process.execPath, ['--max-semi-space-size=4', '../apps/api/dist/server.js'], { env: { ...process.env, ...env, DATA_DIR: dataDir }, stdio: 'inherit' });
  child.on('exit', (code, signal) => {
    console.error(`api server on port ${env.PORT} stopped (${signal ?? code})`);
    stopAll(1);
  });
  return child;
});

function stopAll(code) {
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGTERM', () => stopAll(0));
process.on('SIGINT', () => stopAll(0));

const answers = async (url) => {
  try {
    return (await fetch(url)).ok;
  } catch {
    return false;
  }
};
for (;;) {
  const ready = await Promise.all(servers.map((s) => answers(`http://127.0.0.1:${s.env.PORT}/api/openapi.json`)));
  if (ready.every(Boolean)) break;
  await new Promise((resolve) => setTimeout(resolve, 250));
}
http.createServer((_req, res) => res.end('ready')).listen(readyPort, '127.0.0.1');
