import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Drops the CSS rules no page can match (decision 0020). USWDS's packages bring every variant of what they
 * style (every alert type, button kind, grid column, spacing value); the site uses a few. A selector stays
 * when every class it names occurs in the built app's scripts (as a whole word, or after a prefix the
 * scripts build names from, such as `usa-icon--size-` or Leaflet's `leaflet-`); rules without classes
 * (elements, attributes) always stay. So a class written anywhere in the app, the portal or a library keeps
 * its rules, whichever page draws it.
 */
export function dropUnusedCss(): Plugin {
  return {
    name: 'beach:drop-unused-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      let scripts = '';
      for (const file of Object.values(bundle)) if (file.type === 'chunk') scripts += `\n${file.code}`;
      const words = new Set(scripts.match(/[A-Za-z0-9_:-]+/g) ?? []);
      // A word ending in '-' or '--' before an expression: `usa-icon--size-${n}`, 'leaflet-' + name.
      const prefixes = [...words].filter((word) => word.length > 3 && /[a-z]-{1,2}$/.test(word));
      const used = (name: string) => words.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
      const classesOf = (selector: string) => [...selector.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
      for (const file of Object.values(bundle)) {
        if (file.type !== 'asset' || !file.fileName.endsWith('.css')) continue;
        const root = postcss.parse(String(file.source));
        root.walkRules((rule) => {
          if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
          const kept = rule.selectors.filter((selector) => classesOf(selector).every(used));
          if (kept.length === 0) rule.remove();
          else if (kept.length < rule.selectors.length) rule.selectors = kept;
        });
        root.walkAtRules((atRule) => {
          if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
        });
        file.source = root.toString();
      }
    },
  };
}

/**
 * Writes a brotli (.br, quality 11) and a gzip (.gz, level 9) copy beside every text file of the build, once,
 * so the api serves the smallest one the browser accepts without compressing per request (decision 0020).
 * Source maps are left alone: browsers fetch them only with their developer tools open.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'beach:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      const walk = (dir: string): string[] =>
        readdirSync(dir).flatMap((name) => {
          const file = path.join(dir, name);
          return statSync(file).isDirectory() ? walk(file) : [file];
        });
      for (const file of walk(outDir)) {
        if (!/\.(js|mjs|css|html|svg|json|txt|xml|ico)$/.test(file) || file.includes(`${path.sep}.vite${path.sep}`)) continue;
        const body = readFileSync(file);
        if (body.length < 256) continue;
        const br = brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
        });
        const gz = gzipSync(body, { level: 9 });
        if (br.length < body.length) writeFileSync(`${file}.br`, br);
        if (gz.length < body.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}
