import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { leafletLite } from './build/leaflet-lite.ts';
import { precompress, splitCss } from './build/plugins.ts';
import { serviceWorker } from './build/service-worker.ts';

// The api also answers the embeddable status pages (decision 0062), outside /api.
const apiProxy = {
  '/api': { target: 'http://localhost:3000', changeOrigin: true },
  '/embed': { target: 'http://localhost:3000', changeOrigin: true },
};

// React Router's package exports point at its development build only (remix-run/react-router#12532,
// #14102), so a production bundle ships its dev warnings. Builds take its production files instead.
const reactRouterDist = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production',
);

// USWDS's Sass packages folder (its exports name no package.json; './scss/*' maps to packages/*/_index.scss).
const uswdsPackages = path.dirname(path.dirname(createRequire(import.meta.url).resolve('@uswds/uswds/scss/uswds-core')));

// '@beach/domain' resolves through the npm workspace link; its package exports TypeScript source,
// which Vite compiles like our own files.
// `vite build --ssr` (the second step of `npm run build`) builds the server's render of the public pages
// (src/server/render-page.tsx, decision 0067) into dist/.ssr/, which the api loads: the same sources and
// aliases, without the client build's CSS splitting, chunk groups and compressed copies.
const SSR_OUT = 'dist/.ssr';

export default defineConfig(({ command, isSsrBuild }) => isSsrBuild ? ssrConfig() : ({
  root: fileURLToPath(new URL('.', import.meta.url)),
  plugins: [
    react(),
    leafletLite(),
    splitCss({
      site: 'src/styles/uswds/site.scss',
      rest: 'src/styles/uswds/content.scss',
      entry: 'src/main.tsx',
      landing: 'src/features/map/MapPage.tsx',
      // Libraries that write class names: Leaflet on the map; react-uswds in the portal and its dialogs.
      libraries: {
        '../../node_modules/leaflet/dist/leaflet-src.esm.js': 'landing',
        '../../node_modules/@trussworks/react-uswds/lib/index.js': 'other',
      },
    }),
    // The installable site's worker, manifest and icons (decision 0066): the worker keeps the files of the pages
    // that work offline (`/`, the map's list, a beach page, in both languages).
    serviceWorker({
      favicon: 'public/favicon.svg',
      name: 'Beach Portal',
      shortName: 'Beaches',
      // The boot script is read by the api and put inline in each rendered page (plugins/web.ts): no page asks for it.
      inlined: ['src/boot.ts'],
      pages: [
        'src/features/map/MapPage.tsx',
        'src/features/map/StationMap.tsx',
        'src/features/map/panels.ts',
        'src/features/map/StationList.tsx',
        'src/features/beach/BeachPage.tsx',
        'src/features/beach/api.ts',
        'src/i18n/es.ts',
        'src/offline/start.ts',
      ],
    }),
    precompress(),
  ],
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
          ]
        : [],
  },
  css: {
    preprocessorOptions: {
      // USWDS's per-component Sass packages (src/styles/uswds/*.scss, decision 0020).
      scss: { loadPaths: [uswdsPackages], quietDeps: true },
    },
  },
  server: { proxy: apiProxy },
  preview: { proxy: apiProxy },
  build: {
    outDir: 'dist',
    // Leaflet's stylesheet names images the map never shows (marker icons, the layers control): left as files
    // (never fetched) instead of inlined into the map's CSS. Other small assets are inlined as usual.
    assetsInlineLimit: (file: string) => (/[\\/]leaflet[\\/]dist[\\/]images[\\/]/.test(file) ? false : undefined),
    emptyOutDir: true,
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs reads it to measure what the landing page loads.
    manifest: true,
    // Every browser the site supports preloads modules itself: no polyfill in the entry (decision 0020).
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // The app (index.html and main.tsx), and the boot script a rendered beach page or Beach Actions starts it with
      // after its first paint (decision 0072): an entry of its own, so it carries nothing of the app; the api puts
      // it inline.
      input: { index: fileURLToPath(new URL('index.html', import.meta.url)), boot: fileURLToPath(new URL('src/boot.ts', import.meta.url)) },
      output: {
        // Seven characters of hash instead of eight (the fewest the bundler allows for this many chunks): the app chunk
        // names some seventy files for its preloads and the page names its own, each name a run of bytes that no
        // compression shortens (decision 0080).
        entryFileNames: 'assets/[name]-[hash:7].js',
        chunkFileNames: 'assets/[name]-[hash:7].js',
        assetFileNames: 'assets/[name]-[hash:7][extname]',
        codeSplitting: {
          // Everything index.html loads statically in one chunk (the entry itself stays apart, so the
          // manifest keeps it): every page loads all of it anyway, and one file compresses better than
          // the dozen small shared chunks the bundler would otherwise make of it.
          groups: [
            { name: 'app', tags: ['$initial'], test: (id) => !/[\\/](index\.html|src[\\/](main|boot)\.tsx?)$/.test(id) },
            // Small modules lazy pages share (a public page's frame, the map's helpers, the domain's map modules such
            // as the list view's filters): one request for them all rather than one apiece (a response's headers
            // cost about as much as such a file; decision 0020).
            {
              name: 'shared',
              minShareCount: 2,
              test: (id) =>
                /rolldown[:/]runtime|[\\/]src[\\/](components[\\/](PublicPage|PublicLoadError)|features[\\/]map[\\/][^\\/]+)\.tsx?$|[\\/]packages[\\/]domain[\\/]src[\\/](map[\\/][^\\/]+|names)\.ts$/.test(id),
            },
          ],
        },
      },
    },
  },
}));

function ssrConfig() {
  return {
    root: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [react(), leafletLite()],
    publicDir: false as const,
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: path.join(reactRouterDist, 'index.mjs') },
        { find: /^react-router\/dom$/, replacement: path.join(reactRouterDist, 'dom-export.mjs') },
      ],
    },
    css: { preprocessorOptions: { scss: { loadPaths: [uswdsPackages], quietDeps: true } } },
    // React Router through the alias above (its production build), so bundled, like the workspace's domain package;
    // other packages load from node_modules.
    ssr: { noExternal: ['react-router', '@beach/domain'] },
    build: {
      outDir: SSR_OUT,
      emptyOutDir: true,
      sourcemap: true,
      // The same asset names as the client build (the logo's URL in the markup): assets are the client's to emit.
      ssrEmitAssets: false,
      assetsInlineLimit: (file: string) => (/[\\/]leaflet[\\/]dist[\\/]images[\\/]/.test(file) ? false : undefined),
    },
  };
}

