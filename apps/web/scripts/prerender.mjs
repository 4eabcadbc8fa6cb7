#!/usr/bin/env node
// The public first screens drawn at build time (decision 0050), run by `npm run build -w @sgx/web` after
// the browser build: the app itself (src/prerender.tsx, built for Node into .prerender/) draws each route of
// first-screen.json's `routes` as a visitor without a session sees it in English, and each page is written as
// dist/prerendered/<name>.html: the route's page of the browser build with the drawn page inside #root, and its .br and .gz copies. The
// server sends that file for that path (apps/api/src/http/static.ts), so a phone paints the page from the HTML,
// before any script has run; the app then takes the page over where it stands (main.tsx: hydration). The drawn
// forms and controls are inert (nothing typed, picked or submitted) until the app has them (PublicLayout's
// TakenOver).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { build } from 'vite';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const serverOut = path.join(web, '.prerender');

/** The file a route's page is written to (the server reads the route back from the page's #root). */
const prerenderedName = (route) => (route === '/' ? 'home' : route.slice(1).replaceAll('/', '_'));

const { routes } = JSON.parse(readFileSync(path.join(web, 'first-screen.json'), 'utf8'));
// Each route's page as the browser build wrote it (vite-plugins/firstScreen.ts: index.html with the tags that
// preload the route's chunks), else index.html.
const pages = JSON.parse(readFileSync(path.join(dist, 'pages/pages.json'), 'utf8'));
const EMPTY_ROOT = '<div id="root"></div>';
const templateOf = (route) => {
  const file = pages.routes[route] ?? 'index.html';
  const html = readFileSync(path.join(dist, file), 'utf8');
  if (!html.includes(EMPTY_ROOT)) throw new Error(`prerender: ${EMPTY_ROOT} not found in dist/${file}`);
  return html;
};

await build({
  root: web,
  configFile: path.join(web, 'vite.config.ts'),
  logLevel: 'warn',
  build: {
    ssr: 'src/prerender.tsx',
    outDir: serverOut,
    emptyOutDir: true,
    sourcemap: false,
    manifest: false,
  },
});
const { render } = await import(path.join(serverOut, 'prerender.js'));

const out = path.join(dist, 'prerendered');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
for (const route of Object.keys(routes)) {
  const page = await render(route);
  // The Content-Security-Policy allows no inline script: a page drawn with one (a part React would send later)
  // would not run, so it is refused here.
  if (/<script\b/i.test(page)) throw new Error(`prerender: ${route} was drawn with an inline script`);
  if (page.length < 500)
    throw new Error(`prerender: ${route} drew almost nothing (${page.length} characters)`);
  // The drawn forms and controls are inert until the app has them (a typed password the form's state never saw, a
  // native submission putting it in the address, a language picked that nothing hears, would be worse than a
  // control that waits); links work as they are. Marked, so that only these are made live (PublicLayout).
  const drawn = page.replace(/<(form|button|input|select|textarea)\b/g, '<$1 inert data-drawn-inert');
  const html = templateOf(route).replace(
    EMPTY_ROOT,
    `<div id="root" data-prerendered="${route}">${drawn}</div>`,
  );
  const file = path.join(out, `${prerenderedName(route)}.html`);
  writeFileSync(file, html);
  writeFileSync(
    `${file}.br`,
    brotliCompressSync(html, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
  );
  writeFileSync(`${file}.gz`, gzipSync(html, { level: 9 }));
  console.log(`prerendered ${route} -> dist/prerendered/${path.basename(file)} (${html.length} bytes)`);
}
if (existsSync(serverOut)) rmSync(serverOut, { recursive: true, force: true });
// The app's modules keep timers (the data cache's garbage collection): nothing else is left to do.
process.exit(0);
