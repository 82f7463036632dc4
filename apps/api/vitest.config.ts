import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // The migrated and the seeded database every test file clones, made once per run (decision 0068).
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not per file (decision 0071): each file imported the whole app again, 2.6 s
    // of a 7.6 s file on average. Every file builds its own app on its own database (createTestContext).
    isolate: false,
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
