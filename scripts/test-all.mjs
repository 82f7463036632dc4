#!/usr/bin/env node
// `npm test`: every suite that can run here, in order, with one summary line at the end.
// Steps: lint, typecheck, unit/API/component tests (vitest), web build, browser tests (Playwright), container image.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser'].find((p) => existsSync(p));
const steps = [
  { name: 'lint', cmd: 'npx', args: ['eslint', '.', '--max-warnings', '0'] },
  { name: 'typecheck', cmd: 'npm', args: ['run', 'typecheck', '--silent'] },
  // The API suite runs on embedded PGlite first, then again on PostgreSQL when TEST_DATABASE_URL is set.
  { name: 'unit, API (PGlite) and component tests', cmd: 'npx', args: vitestArgs('vitest-pglite'), env: { TEST_DATABASE_URL: '' }, report: 'vitest-pglite' },
  { name: 'web build', cmd: 'npm', args: ['run', 'build', '--silent'] },
  // Starts the api on the build and counts the bytes '/' takes on the wire before its map is usable (170 KB).
  { name: "first view of '/' on the wire (budget)", cmd: 'node', args: ['apps/web/scripts/bundle-budget.mjs'] },
];
if (process.env.TEST_DATABASE_URL) {
  steps.push({ name: 'API tests (PostgreSQL)', cmd: 'npx', args: [...vitestArgs('vitest-postgres'), '--project', 'api'], report: 'vitest-postgres' });
}
if (chromium) {
  steps.push({ name: 'browser tests (Playwright, Chromium)', cmd: 'npx', args: ['playwright', 'test', '-c', 'e2e/playwright.config.ts'], env: { CHROMIUM_PATH: chromium }, report: 'playwright' });
}

// The container image (Dockerfile): built and started only where docker or podman works; exit 3 means skipped.
steps.push({ name: 'container image (docker or podman)', cmd: 'node', args: ['scripts/check-image.mjs'], skipExitCode: 3 });

function vitestArgs(report) {
  return ['vitest', 'run', '--reporter=default', '--reporter=json', `--outputFile.json=test-results/${report}.json`];
}

let passed = 0;
let failed = 0;
let skipped = 0;
const failedSteps = [];
const skippedSteps = [];
rmSync('test-results', { recursive: true, force: true });

for (const step of steps) {
  console.log(`\n=== ${step.name} ===`);
  const res = spawnSync(step.cmd, step.args, { stdio: 'inherit', env: { ...process.env, ...step.env } });
  if (step.skipExitCode !== undefined && res.status === step.skipExitCode) {
    skipped += 1;
    skippedSteps.push(step.name);
    continue;
  }
  const reportFile = `test-results/${step.report}.json`;
  const failedBefore = failed;
  if (step.report?.startsWith('vitest') && existsSync(reportFile)) {
    const r = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed += r.numPassedTests;
    failed += r.numFailedTests;
    skipped += r.numPendingTests + r.numTodoTests;
  }
  if (step.report === 'playwright' && existsSync(reportFile)) {
    const r = JSON.parse(readFileSync(reportFile, 'utf8'));
    passed += r.stats.expected + r.stats.flaky;
    failed += r.stats.unexpected;
    skipped += r.stats.skipped;
  }
  if (res.status !== 0) {
    failedSteps.push(step.name);
    // A step can fail with every test passing (lint, a build, or errors outside any test): count it once,
    // so the closing line never reads '0 failed' on a red run.
    if (failed === failedBefore) failed += 1;
  }
}

if (!chromium) {
  console.log('\n!!! No Chromium found (set CHROMIUM_PATH or install Debian\'s chromium): the browser tests were SKIPPED, not passed. !!!');
}
if (skippedSteps.length) console.log(`\n!!! SKIPPED, not passed: ${skippedSteps.join(', ')} (see the step's SKIPPED line). !!!`);
if (failedSteps.length) console.log(`\nFailed steps: ${failedSteps.join(', ')}`);
console.log(`\n${passed} passed, ${failed} failed, ${skipped} skipped`);
process.exit(failedSteps.length || failed ? 1 : 0);
