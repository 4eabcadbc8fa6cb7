#!/usr/bin/env node
// The first screen's JavaScript budget (decision 0046): after `npm run build`, adds up the gzip size of the JS a
// visitor's browser must fetch before the page can show, for each first-screen route. That is what the page the
// build wrote for the route loads at once (dist/pages/pages.json, vite-plugins/firstScreen.ts): the entry's script
// and every chunk it preloads, which are the static import graph of the entry and of the route's lazily loaded
// page and frame. Chunks loaded later on demand (dynamic imports) are not counted.
// Exits 1 when a route is above the budget or the build is missing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const pagesFile = path.join(dist, 'pages/pages.json');
/** The first-screen routes and their budget; `signedIn`: member pages, with their own budget. */
const { budgetKb, routes, signedIn } = JSON.parse(readFileSync(path.join(web, 'first-screen.json'), 'utf8'));

if (!existsSync(pagesFile)) {
  console.error(
    `check-first-screen: ${path.relative(process.cwd(), pagesFile)} is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}
const pages = JSON.parse(readFileSync(pagesFile, 'utf8'));

/** The scripts the page written for `route` loads at once: its module script and its module preloads. */
function scriptsOf(route) {
  const file = pages.routes[route];
  if (file === undefined) throw new Error(`check-first-screen: no page was written for ${route}`);
  const html = readFileSync(path.join(dist, file), 'utf8');
  const urls = [
    ...html.matchAll(/<script type="module"[^>]*\ssrc="([^"]+)"/g),
    ...html.matchAll(/<link rel="modulepreload"[^>]*\shref="([^"]+)"/g),
  ].map((m) => m[1].replace(/^\//, ''));
  return [...new Set(urls)];
}

const gzipCache = new Map();
/** Gzip size of a built file at the highest level (what the server sends precompressed). */
function gzipSize(file) {
  let size = gzipCache.get(file);
  if (size === undefined) {
    size = gzipSync(readFileSync(path.join(dist, file)), { level: constants.Z_BEST_COMPRESSION }).length;
    gzipCache.set(file, size);
  }
  return size;
}

const kB = (n) => `${(n / 1000).toFixed(1)} kB`;
const verbose = process.argv.includes('--verbose');
let failed = false;
/** Checks one route: the entry and everything the route's page preloads. */
function check(route, budgetKb, note = '') {
  const files = scriptsOf(route).filter((f) => f.endsWith('.js'));
  const sized = files.map((f) => ({ file: f, gzip: gzipSize(f) })).sort((a, b) => b.gzip - a.gzip);
  const total = sized.reduce((sum, f) => sum + f.gzip, 0);
  const budget = budgetKb * 1000;
  const over = total > budget;
  failed ||= over;
  console.log(
    `${over ? 'FAIL' : 'ok  '} ${route.padEnd(16)} ${kB(total).padStart(9)} gzip JS in ${files.length} files (budget ${kB(budget)}${note})`,
  );
  if (verbose || over) {
    for (const f of sized) console.log(`       ${kB(f.gzip).padStart(9)}  ${f.file}`);
  }
}
for (const route of Object.keys(routes)) {
  check(route, budgetKb);
  // The signed-in areas' chunks (vite-plugins/areaChunks.ts) never load with a public first screen.
  const area = scriptsOf(route).filter((f) => /^assets\/(member|admin|frames)-[\w-]+\.js$/.test(f));
  if (area.length > 0) {
    failed = true;
    console.log(`FAIL ${route.padEnd(16)} loads a signed-in area's chunk: ${area.join(', ')}`);
  }
}
// The signed-in member pages (decision 0051): the wallet stack and other on-demand code must stay out.
for (const route of Object.keys(signedIn?.routes ?? {})) {
  const own = signedIn.budgets?.[route];
  check(route, own ?? signedIn.budgetKb, own === undefined ? `, target ${kB(signedIn.targetKb * 1000)}` : '');
}
if (failed) {
  console.error(
    '\nThe first screen needs more JavaScript than its budget: keep heavy code behind lazy routes or dynamic imports.',
  );
  process.exit(1);
}
