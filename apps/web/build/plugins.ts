import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import postcss from 'postcss';
import type { Plugin } from 'vite';

/**
 * Drops the CSS rules no page can match, and moves those only other pages match out of the first view's
 * stylesheet (decision 0020).
 *
 * USWDS's packages bring every variant of what they style (every alert type, button kind, grid column, spacing
 * value); the site uses a few. A selector is matched by some code when every class it names occurs in it (as a
 * whole word, or after a prefix the code builds names from, such as `usa-icon--size-` or Leaflet's `leaflet-`);
 * rules without classes (elements, attributes) always count as matched. The code is read from the sources
 * before the build starts (the app's src/ and the libraries that write markup), so each stylesheet is final
 * before its file name is hashed: a stylesheet that changes gets a new name.
 * - Rules nothing matches are dropped from every stylesheet the app imports.
 * - `site` (src/styles/uswds/site.scss, loaded with index.html, render-blocking) keeps what the landing page
 *   can draw: the files main.tsx loads, and the map page's with what it loads later (the map, the list view,
 *   the panels). What only the portal or other public pages draw moves to the front of `rest`
 *   (src/styles/uswds/content.scss, which those pages load), in its original order.
 */
export function splitCss(options: { site: string; rest: string; entry: string; landing: string; libraries: Record<string, 'landing' | 'other'> }): Plugin {
  let root = '';
  let anyPage: (selector: string) => boolean = () => true;
  let landing: (selector: string) => boolean = () => true;
  let movedReady: (css: string) => void = () => undefined;
  let moved = new Promise<string>((resolve) => (movedReady = resolve));
  const classesOf = (selector: string) => [...selector.matchAll(/\.((?:\\.|[A-Za-z0-9_-])+)/g)].map((m) => m[1]!.replace(/\\(.)/g, '$1'));
  const matcher = (code: string) => {
    const words = new Set(code.match(/[A-Za-z0-9_:-]+/g) ?? []);
    // A word ending in '-' or '--' before an expression: `usa-icon--size-${n}`, 'leaflet-' + name.
    const prefixes = [...words].filter((word) => word.length > 3 && /[a-z]-{1,2}$/.test(word));
    const used = (name: string) => words.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
    return (selector: string) => classesOf(selector).every(used);
  };
  return {
    name: 'beach:split-css',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    buildStart() {
      moved = new Promise<string>((resolve) => (movedReady = resolve));
      const src = path.join(root, 'src');
      const files = walkFiles(src).filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$|[\\/]test[\\/]/.test(file));
      // Comments name classes too ('… the usa-nav__submenu …'): only the code counts.
      const stripComments = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, ' ').replace(/^\s*\/\/.*$/gm, ' ');
      const code = new Map(files.map((file) => [file, stripComments(readFileSync(file, 'utf8'))]));
      // The landing page's files: main.tsx's static imports, then the map page's static and lazy ones.
      const landingFiles = new Set<string>();
      const visit = (file: string, lazy: boolean) => {
        if (landingFiles.has(file) || !code.has(file)) return;
        landingFiles.add(file);
        const text = code.get(file)!;
        const specifiers = [...text.matchAll(/\bfrom\s+'(\.[^']+)'|\bimport\s+'(\.[^']+)'/g)].map((m) => m[1] ?? m[2]);
        if (lazy) specifiers.push(...[...text.matchAll(/\bimport\('(\.[^']+)'\)/g)].map((m) => m[1]));
        for (const specifier of specifiers) {
          const base = path.resolve(path.dirname(file), specifier!);
          const found = [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts'), path.join(base, 'index.tsx')].find((f) => code.has(f));
          if (found) visit(found, lazy);
        }
      };
      visit(path.join(root, options.entry), false);
      visit(path.join(root, options.landing), true);
      const library = (kind?: 'landing' | 'other') =>
        Object.entries(options.libraries)
          .filter(([, k]) => kind === undefined || k === kind)
          .map(([file]) => readFileSync(path.join(root, file), 'utf8'))
          .join('\n');
      anyPage = matcher([...code.values(), library()].join('\n'));
      landing = matcher([...[...landingFiles].map((file) => code.get(file)!), library('landing')].join('\n'));
    },
    async transform(css, id) {
      const file = id.split('?')[0]!;
      if (!/\.(s?css)$/.test(file)) return null;
      const sheet = postcss.parse(css);
      const later = postcss.root();
      const isSite = file === path.join(root, options.site);
      sheet.walkRules((rule) => {
        if (rule.parent?.type === 'atrule' && /keyframes$/.test((rule.parent as postcss.AtRule).name)) return;
        const kept = rule.selectors.filter(anyPage);
        const first = isSite ? kept.filter(landing) : kept;
        const rest = isSite ? kept.filter((selector) => !landing(selector)) : [];
        if (rest.length) {
          // Moved with the at-rules (@media, @supports) around it.
          let copy: postcss.ChildNode = rule.clone({ selectors: rest });
          for (let parent = rule.parent; parent && parent.type === 'atrule'; parent = parent.parent) {
            copy = (parent as postcss.AtRule).clone({ nodes: [copy] });
          }
          later.append(copy);
        }
        if (first.length === 0) rule.remove();
        else if (first.length < rule.selectors.length) rule.selectors = first;
      });
      sheet.walkAtRules((atRule) => {
        if (atRule.nodes && atRule.nodes.length === 0) atRule.remove();
      });
      if (isSite) movedReady(later.toString());
      const out = file === path.join(root, options.rest) ? `${await moved}\n${sheet.toString()}` : sheet.toString();
      return { code: out, map: null };
    },
  };
}

function walkFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    return statSync(file).isDirectory() ? walkFiles(file) : [file];
  });
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
      for (const file of walkFiles(outDir)) {
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
