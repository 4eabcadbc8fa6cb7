import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

interface FirstScreen {
  routes: Record<string, string>;
  signedIn?: { routes: Record<string, string[]> };
  /** A signed-in frame -> the path prefixes of the pages drawn in it. */
  frames?: Record<string, string[]>;
}

/** What the server reads to pick a path's page (apps/api/src/http/static.ts): route or prefix -> file. */
export interface PagesManifest {
  routes: Record<string, string>;
  prefixes: [string, string][];
}

/** The folder of the pages written here, and their manifest in it. */
export const PAGES_DIR = 'pages';
export const PAGES_MANIFEST = `${PAGES_DIR}/pages.json`;

/** The file a route's or a frame's page is written to. */
export const pageName = (key: string) =>
  key === '/' ? 'home' : key.replace(/^\/+|\/+$/g, '').replace(/[^\w-]+/g, '_') || 'page';

/** Every chunk file reached from `file` through static imports, `file` included. */
function closure(bundle: OutputBundle, file: string, into = new Set<string>()): Set<string> {
  if (into.has(file)) return into;
  into.add(file);
  const chunk = bundle[file];
  if (chunk?.type === 'chunk') for (const imported of chunk.imports) closure(bundle, imported, into);
  return into;
}

/**
 * The first-screen pages are lazy chunks, so the browser would only ask for them once the entry has run:
 * a second round trip before the page shows. For the first-screen routes of first-screen.json, the signed-in
 * frames (`frames`: every page under `/user/` gets the member frame's chunks, under `/admin/` the admin's) and
 * the signed-in pages listed (the member dashboard, where a member lands), this writes a copy of index.html
 * with `<link rel="modulepreload">` tags for the page's chunks (those the entry does not already preload) and
 * `<link rel="stylesheet">` for their styles, under dist/pages/, with pages.json naming which path gets which
 * (decisions 0046, 0050). The server sends that copy for its path; other paths get index.html.
 *
 * Tags in the HTML, not a script adding them: the browser's preload scanner asks for them with the entry and
 * the stylesheet, while a script would first wait for the stylesheet, then add each link one by one (24 ms of a
 * phone's main thread for the dashboard's 60, measured), and the page would need an inline script in its CSP.
 */
export function firstScreenPreload(configFile: string): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'sgx:first-screen-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    generateBundle(_options, bundle) {
      const index = bundle['index.html'];
      if (index?.type !== 'asset' || typeof index.source !== 'string') return;
      const template = index.source;
      if (!template.includes('</head>')) throw new Error('first screen: index.html has no </head>');
      // The Content-Security-Policy allows scripts from the app's files only (apps/api/src/http/security.ts).
      if (/<script\b(?![^>]*\bsrc=)[^>]*>/i.test(template)) {
        throw new Error('first screen: index.html has an inline script, which the CSP would refuse');
      }
      const { routes, signedIn, frames = {} } = JSON.parse(readFileSync(configFile, 'utf8')) as FirstScreen;
      const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
      const entry = chunks.find((c) => c.isEntry);
      if (entry === undefined) return;
      const preloaded = closure(bundle, entry.fileName);
      const entryCss = new Set(entry.viteMetadata?.importedCss ?? []);
      const chunkOf = (source: string, route: string) => {
        const id = path.resolve(root, source);
        // Its own chunk, or the group's it is in (vite-plugins/areaChunks.ts).
        const page =
          chunks.find((c) => c.facadeModuleId === id) ?? chunks.find((c) => c.moduleIds.includes(id));
        if (page === undefined) throw new Error(`first screen: no chunk for ${source} (route ${route})`);
        return page.fileName;
      };
      /** index.html with the tags for `files` (the entry's own left out, as index.html has them). */
      const pageWith = (files: Set<string>) => {
        const tags: string[] = [];
        const css = new Set<string>();
        for (const file of files) {
          if (preloaded.has(file)) continue;
          tags.push(`<link rel="modulepreload" crossorigin href="${base}${file}">`);
          const chunk = bundle[file];
          if (chunk?.type === 'chunk') for (const c of chunk.viteMetadata?.importedCss ?? []) css.add(c);
        }
        for (const file of css) {
          if (!entryCss.has(file)) tags.push(`<link rel="stylesheet" crossorigin href="${base}${file}">`);
        }
        return template.replace('</head>', `${tags.map((t) => `    ${t}\n`).join('')}  </head>`);
      };
      const manifest: PagesManifest = { routes: {}, prefixes: [] };
      const emit = (key: string, files: Set<string>) => {
        const fileName = `${PAGES_DIR}/${pageName(key)}.html`;
        this.emitFile({ type: 'asset', fileName, source: pageWith(files) });
        return fileName;
      };
      // Each frame's page (every path under one of its prefixes), then each listed page with its frame's files.
      const framed = Object.entries(frames).map(([source, prefixes]) => {
        const files = closure(bundle, chunkOf(source, `${prefixes.join(', ')}*`));
        const fileName = emit(path.basename(source, path.extname(source)), files);
        for (const prefix of prefixes) manifest.prefixes.push([prefix, fileName]);
        return { prefixes, files };
      });
      const pages: [string, string[]][] = [
        ...Object.entries(routes).map(([route, source]): [string, string[]] => [route, [source]]),
        ...Object.entries(signedIn?.routes ?? {}),
      ];
      for (const [route, sources] of pages) {
        const frame = framed.find((f) => f.prefixes.some((prefix) => route.startsWith(prefix)));
        const files = new Set(frame?.files ?? []);
        for (const source of sources) closure(bundle, chunkOf(source, route), files);
        manifest.routes[route] = emit(route, files);
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGES_MANIFEST,
        source: `${JSON.stringify(manifest, null, 2)}\n`,
      });
    },
  };
}
