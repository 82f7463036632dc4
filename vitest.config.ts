import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';
import { webProject } from './apps/web/vitest.config.ts';

export default defineConfig({
  test: {
    // The web tests that mock a module run in a project of their own (apps/web/vitest.config.ts).
    projects: ['packages/domain', 'apps/api', 'apps/web', webProject(true)],
    // One test file per core (vitest's default leaves one core to itself): on CI's 2 cores the suite on PGlite
    // took 557 s instead of 901 s (decision 0055). The main process mostly waits on its workers.
    maxWorkers: availableParallelism(),
  },
});
