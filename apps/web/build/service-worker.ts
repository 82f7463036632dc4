import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { buildSync } from 'esbuild';
import type { Plugin } from 'vite';

/**
 * The installable public site (issue 31, decision 0066): after the app's build, writes into the build
 *
 * - `sw.js`, the service worker (src/offline/sw.ts bundled on its own, not hashed: the browser checks it on every
 *   visit), with its version (a hash of the build's manifest and of the worker itself) and the files it keeps at
 *   install: the app's shell (index.html), the manifest, the icons, and the public pages' hashed files;
 * - `manifest.webmanifest`;
 * - `icons/*.png`, drawn from public/favicon.svg with sharp.
 *
 * Runs when the build's files are written, so `precompress` (at closeBundle) compresses sw.js and the manifest too.
 */
export function serviceWorker(options: {
  favicon: string;
  name: string;
  shortName: string;
  pages: string[];
  /** Entries no page loads as a file (the boot script, which the api puts inline in a rendered page): not kept. */
  inlined?: string[];
}): Plugin {
  let outDir = '';
  let root = '';
  return {
    name: 'beach:service-worker',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = path.resolve(config.root, config.build.outDir);
    },
    // writeBundle: the build's files (and Vite's manifest) are written; precompress's closeBundle comes after.
    async writeBundle() {
      const manifestText = readFileSync(path.join(outDir, '.vite', 'manifest.json'), 'utf8');
      const manifest = JSON.parse(manifestText) as Record<string, { file: string; css?: string[]; imports?: string[]; assets?: string[]; isEntry?: boolean }>;
      const files = new Set<string>();
      const walk = (key: string) => {
        const chunk = manifest[key];
        if (!chunk || files.has(`/${chunk.file}`)) return;
        files.add(`/${chunk.file}`);
        for (const css of chunk.css ?? []) files.add(`/${css}`);
        for (const asset of chunk.assets ?? []) if (asset.endsWith('.js')) files.add(`/${asset}`);
        for (const next of chunk.imports ?? []) walk(next);
      };
      for (const [key, chunk] of Object.entries(manifest)) if (chunk.isEntry && !options.inlined?.includes(key)) walk(key);
      for (const page of options.pages) {
        if (!manifest[page]) throw new Error(`service worker: no chunk for ${page} in the manifest (renamed? update vite.config.ts)`);
        walk(page);
      }

      mkdirSync(path.join(outDir, 'icons'), { recursive: true });
      const icons = await drawIcons(path.resolve(root, options.favicon), path.join(outDir, 'icons'));
      const webManifest = {
        name: options.name,
        short_name: options.shortName,
        description: 'Beach water-quality status, advisories and closures.',
        start_url: '/',
        scope: '/',
        display: 'standalone',
        background_color: '#ffffff',
        theme_color: '#1a4480',
        lang: 'en',
        icons,
      };
      writeFileSync(path.join(outDir, 'manifest.webmanifest'), `${JSON.stringify(webManifest, null, 2)}\n`);

      const precache = ['/index.html', '/manifest.webmanifest', ...icons.map((icon) => icon.src), ...[...files].sort()];
      const source = path.resolve(root, 'src/offline/sw.ts');
      const version = createHash('sha256').update(manifestText).update(readFileSync(source)).update(JSON.stringify(webManifest)).digest('hex').slice(0, 12);
      buildSync({
        entryPoints: [source],
        bundle: true,
        format: 'iife',
        platform: 'browser',
        target: 'es2022',
        minify: true,
        legalComments: 'none',
        outfile: path.join(outDir, 'sw.js'),
        define: { __SW_VERSION__: JSON.stringify(version), __SW_PRECACHE__: JSON.stringify(precache) },
        logLevel: 'warning',
      });
    },
  };
}

/** The site's icon as PNGs: 192 and 512 (any), 512 maskable (the round icon on its own blue, inside the safe zone). */
async function drawIcons(favicon: string, dir: string) {
  const { default: sharp } = await import('sharp');
  const svg = readFileSync(favicon);
  const icons: { src: string; sizes: string; type: string; purpose: string }[] = [];
  for (const size of [192, 512]) {
    await sharp(svg, { density: (72 * size) / 36 }).resize(size, size).png().toFile(path.join(dir, `icon-${size}.png`));
    icons.push({ src: `/icons/icon-${size}.png`, sizes: `${size}x${size}`, type: 'image/png', purpose: 'any' });
  }
  // Maskable: the platform crops to a shape within the middle 80%; the round icon at 70% on the icon's blue.
  const inner = await sharp(svg, { density: (72 * 358) / 36 }).resize(358, 358).png().toBuffer();
  await sharp({ create: { width: 512, height: 512, channels: 4, background: '#1a4480' } })
    .composite([{ input: inner, gravity: 'center' }])
    .png()
    .toFile(path.join(dir, 'icon-maskable-512.png'));
  icons.push({ src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' });
  return icons;
}
