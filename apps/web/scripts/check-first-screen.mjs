#!/usr/bin/env node
// The first screen's JavaScript budget (issue 10): after `npm run build`, adds up the gzip size of the JS a
// visitor's browser must fetch before the page can show, for each first-screen route. That is the static
// import graph of the entry (index.html) plus that of the route's lazily loaded page, read from Vite's
// manifest (dist/.vite/manifest.json); chunks loaded later on demand (dynamic imports) are not counted.
// Exits 1 when a route is above the budget or the manifest is missing.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';

const web = path.resolve(import.meta.dirname, '..');
const dist = path.join(web, 'dist');
const manifestFile = path.join(dist, '.vite/manifest.json');
/**
 * The first-screen routes, each with the page module the router loads for it, and the budget; `signedIn`:
 * member pages, each with the modules the router loads for it after the entry (frame, page table, page).
 */
const { budgetKb, routes, signedIn } = JSON.parse(readFileSync(path.join(web, 'first-screen.json'), 'utf8'));

if (!existsSync(manifestFile)) {
  console.error(
    `check-first-screen: ${path.relative(process.cwd(), manifestFile)} is missing: run \`npm run build\` first.`,
  );
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));

/** Every chunk key reached from `key` through static imports (the key itself included). */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (chunk === undefined) throw new Error(`check-first-screen: ${key} is not in the manifest`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
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
/** Checks one route: the entry's static graph plus that of each module the route loads. */
function check(route, modules, budgetKb, note = '') {
  const keys = staticClosure('index.html');
  for (const key of modules) staticClosure(key, keys);
  const files = [...keys].map((k) => manifest[k].file).filter((f) => f.endsWith('.js'));
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
for (const [route, page] of Object.entries(routes)) check(route, [page], budgetKb);
// The signed-in member pages (issue 22): the wallet stack and other on-demand code must stay out.
for (const [route, modules] of Object.entries(signedIn?.routes ?? {})) {
  check(route, modules, signedIn.budgetKb, `, target ${kB(signedIn.targetKb * 1000)}`);
}
if (failed) {
  console.error(
    '\nThe first screen needs more JavaScript than its budget: keep heavy code behind lazy routes or dynamic imports.',
  );
  process.exit(1);
}
