import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
    // One test file per core (vitest's default leaves one core to itself): on CI's 2 cores the suite on PGlite
    // took 557 s instead of 901 s (decision 0055). The main process mostly waits on its workers.
    maxWorkers: availableParallelism(),
  },
});
