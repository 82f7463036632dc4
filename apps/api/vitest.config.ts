import { defineProject } from 'vitest/config';

export default defineProject({
  test: {
    name: 'api',
    include: ['test/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    // The migrated and the seeded database every test file clones, made once per run (decision 0068).
    globalSetup: ['test/global-setup.ts'],
    testTimeout: 90_000,
    hookTimeout: 240_000,
  },
});
