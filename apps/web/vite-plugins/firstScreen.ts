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
 * a second round trip before the page shows. This writes into index.html a small script that, for the
 * first-screen routes of first-screen.json, adds `modulepreload` links for the page's chunks (those the
 * entry does not already preload), so they download alongside the entry (issue 10). The same for the signed-in
 * frames (`frames`: every page under `/user/` gets the member frame's chunks, under `/admin/` the admin's) and
 * the signed-in pages listed (the member dashboard, where a member lands), issue 22: without them a phone waited
 * for the entry, then the frame, then the page, each a round trip on a slow network.
 */
export function firstScreenPreload(configFile: string): Plugin {
  let root = process.cwd();
  let base = '/';
  return {
    name: 'sgx:first-screen-preload',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      base = config.base;
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (bundle === undefined) return;
        const { routes, signedIn, frames = {} } = JSON.parse(readFileSync(configFile, 'utf8')) as FirstScreen;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (entry === undefined) return;
        const preloaded = closure(bundle, entry.fileName);
        const chunkOf = (source: string, route: string) => {
          const page = chunks.find((c) => c.facadeModuleId === path.resolve(root, source));
          if (page === undefined) throw new Error(`first screen: no chunk for ${source} (route ${route})`);
          return page.fileName;
        };
        const urls = (files: Set<string>, known: Set<string>) =>
          [...files].filter((f) => !known.has(f)).map((f) => `${base}${f}`);
        // The frames first (every page under one of their prefixes), each frame's list written once, then each
        // listed page without what its frame has.
        const framed = Object.entries(frames).map(([source, prefixes]) => ({
          prefixes,
          files: closure(bundle, chunkOf(source, `${prefixes.join(', ')}*`)),
        }));
        const byFrame = framed.map((f) => [f.prefixes, urls(f.files, preloaded)]);
        const pages: [string, string[]][] = [
          ...Object.entries(routes).map(([route, source]): [string, string[]] => [route, [source]]),
          ...Object.entries(signedIn?.routes ?? {}),
        ];
        const byRoute: Record<string, string[]> = {};
        for (const [route, sources] of pages) {
          const files = new Set<string>();
          for (const source of sources) closure(bundle, chunkOf(source, route), files);
          const frame = framed.find((f) => f.prefixes.some((prefix) => route.startsWith(prefix)));
          const known = new Set([...preloaded, ...(frame?.files ?? [])]);
          byRoute[route] = urls(files, known);
        }
        const script = `(function(m,f){var p=location.pathname.replace(/\\/+$/,'')||'/';var l=(m[p]||[]).slice();f.forEach(function(x){if(x[0].some(function(k){return p.indexOf(k)===0}))l=l.concat(x[1])});l.forEach(function(h){var e=document.createElement('link');e.rel='modulepreload';e.crossOrigin='';e.href=h;document.head.appendChild(e)})})(${JSON.stringify(byRoute)},${JSON.stringify(byFrame)})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
