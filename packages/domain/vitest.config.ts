import { defineProject } from 'vitest/config';

export default defineProject({
  // One module graph per worker, not per file (decision 0071).
  test: { name: 'domain', include: ['src/**/*.test.ts'], environment: 'node', isolate: false },
});
