import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

interface FirstScreen {
  routes: Record<string, string>;
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
 * entry does not already preload), so they download alongside the entry (issue 10).
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
        const { routes } = JSON.parse(readFileSync(configFile, 'utf8')) as FirstScreen;
        const chunks = Object.values(bundle).filter((o): o is OutputChunk => o.type === 'chunk');
        const entry = chunks.find((c) => c.isEntry);
        if (entry === undefined) return;
        const preloaded = closure(bundle, entry.fileName);
        const byRoute: Record<string, string[]> = {};
        for (const [route, source] of Object.entries(routes)) {
          const page = chunks.find((c) => c.facadeModuleId === path.resolve(root, source));
          if (page === undefined) throw new Error(`first screen: no chunk for ${source} (route ${route})`);
          byRoute[route] = [...closure(bundle, page.fileName)]
            .filter((f) => !preloaded.has(f))
            .map((f) => `${base}${f}`);
        }
        const script = `(function(m){var p=location.pathname.replace(/\\/+$/,'')||'/';(m[p]||[]).forEach(function(h){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=h;document.head.appendChild(l)})})(${JSON.stringify(byRoute)})`;
        return [{ tag: 'script', children: script, injectTo: 'head' }];
      },
    },
  };
}
