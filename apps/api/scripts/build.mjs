// Builds the api for production (decision 0047): each entry bundled with esbuild into one ES module in
// apps/api/dist/, run by plain Node. The api's own sources and the workspace packages (@beach/*) are
// bundled; every other package stays external and loads from node_modules as usual (native modules, WASM and
// package data files work unchanged). No TypeScript compiler or loader runs in production: the process holds
// about 50 MB less than under tsx, and starts faster. Files the api reads at run time (migrations, data files)
// are found from its package directory (src/paths.ts), so the bundle reads them from src/ as the sources do.
//
// Usage: node apps/api/scripts/build.mjs [--entry name=path ...]   (default: server and worker)
// As a module: buildApi({ server: 'src/server.ts' }) -> { server: '/abs/dist/server.js' }
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { build } from 'esbuild';

const apiRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The entries `npm start` and `npm run worker` run. */
export const DEFAULT_ENTRIES = { server: 'src/server.ts', worker: 'src/worker.ts' };

/**
 * V8 flags every production api process runs with: a young generation of 4 MB semi-spaces instead of 16 keeps
 * a streaming download's garbage from growing the process by tens of MB (bench: peak RSS 197 -> 150 MB on a
 * 3-year download of the national seed), at no measurable cost to download or count throughput.
 */
export const NODE_FLAGS = ['--max-semi-space-size=4'];

/** Bundles `entries` (name -> path relative to apps/api, or absolute) into apps/api/dist/{name}.js. */
export async function buildApi(entries = DEFAULT_ENTRIES) {
  const outdir = path.join(apiRoot, 'dist');
  const result = await build({
    write: false,
    entryPoints: Object.fromEntries(Object.entries(entries).map(([name, file]) => [name, path.resolve(apiRoot, file)])),
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    sourcemap: 'linked',
    logLevel: 'warning',
    // Bundled CommonJS code that calls require() gets Node's, as it would unbundled.
    banner: { js: "import { createRequire as __beachCreateRequire } from 'node:module'; const require = __beachCreateRequire(import.meta.url);" },
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          // Bare imports are packages: external, except the workspace's own (their sources are TypeScript).
          b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@beach/') ? undefined : { external: true }));
        },
      },
    ],
  });
  // Each file is written under a name of its own and renamed into place: `npm start` and `npm run worker`
  // started together both build, and neither may start from a file the other is half-way through writing.
  mkdirSync(outdir, { recursive: true });
  for (const file of result.outputFiles) {
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
  return Object.fromEntries(Object.keys(entries).map((name) => [name, path.join(outdir, `${name}.js`)]));
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const { values } = parseArgs({ options: { entry: { type: 'string', multiple: true } } });
  const entries = values.entry ? Object.fromEntries(values.entry.map((e) => e.split('='))) : DEFAULT_ENTRIES;
  const started = Date.now();
  const built = await buildApi(entries);
  console.log(`api built in ${Date.now() - started} ms: ${Object.values(built).map((f) => path.relative(process.cwd(), f)).join(', ')}`);
}
