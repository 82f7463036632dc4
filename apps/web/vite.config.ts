import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiProxy = { '/api': { target: 'http://localhost:3000', changeOrigin: true } };

// React Router's package exports point at its development build only (remix-run/react-router#12532,
// #14102), so a production bundle ships its dev warnings. Builds take its production files instead.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

// '@beach/domain' resolves through the npm workspace link; its package exports TypeScript source,
// which Vite compiles like our own files.
export default defineConfig(({ command }) => ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [react()],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
          ]
        : [],
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs reads it to measure what the landing page loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything index.html loads statically in one chunk (the entry itself stays apart, so the
          // manifest keeps it): every page loads all of it anyway, and one file compresses better than
          // the dozen small shared chunks the bundler would otherwise make of it.
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !/[\\/](index\.html|src[\\/]main\.tsx)$/.test(id) }],
        },
      },
    },
  },
}));
