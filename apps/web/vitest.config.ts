import react from '@vitejs/plugin-react';
import { configDefaults, defineProject } from 'vitest/config';

/**
 * Test files that replace a module with vi.mock, or start what cannot be undone (offline/start: a service worker
 * container and the window's online and offline listeners): they run in a fresh module graph and document of their
 * own (the `web-isolated` project), since in a shared one the real module may already be loaded, or outlive them.
 */
const ISOLATED = ['src/features/beach-management/beach-management.test.tsx', 'src/offline/start.test.tsx'];

/** The web project's settings: `isolated` for the files above, else the rest of the web tests. */
export function webProject(isolated: boolean) {
  return defineProject({
    plugins: [react()],
    root: import.meta.dirname,
    test: {
      name: isolated ? 'web-isolated' : 'web',
      environment: 'jsdom',
      include: isolated ? ISOLATED : ['src/**/*.test.tsx', 'src/**/*.test.ts'],
      exclude: isolated ? configDefaults.exclude : [...configDefaults.exclude, ...ISOLATED],
      setupFiles: ['./src/test/setup.ts'],
      // One module graph and one document per worker, not per file (decision 0071): importing the app and
      // setting up jsdom again for each of 79 files was most of this project's time. setup.ts ends every test
      // as the next one expects to start.
      isolate: isolated,
      // Whole-app tests load lazy routes; the first import of each is transformed on demand.
      testTimeout: 30_000,
    },
  });
}

export default webProject(false);
