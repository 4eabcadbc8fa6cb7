// Runs dependency-cruiser's folder-scope rule "no-module-cycle" (.dependency-cruiser-modules.cjs) and fails on
// any cycle among apps/api/src/modules/* that is not in .dependency-cruiser-known-module-cycles.json
// (decision 0059). dependency-cruiser's own --ignore-known does not apply to folder-scope violations, so
// this does the same for them. The list holds the module-to-module imports that were in a cycle when it
// was written; a cycle is new when one of its imports is not listed (no cycle appears without a new import,
// and dependency-cruiser names one cycle a dependency, which may change as imports go).
// `node scripts/check-module-cycles.mjs --baseline` writes the list anew (to shrink it as cycles go).
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';

const KNOWN = '.dependency-cruiser-known-module-cycles.json';
const run = spawnSync(
  'npx',
  ['depcruise', 'apps/api/src', '-c', '.dependency-cruiser-modules.cjs', '--output-type', 'json'],
  { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024 },
);
if (!run.stdout) {
  process.stderr.write(run.stderr);
  process.exit(2);
}
const violations = JSON.parse(run.stdout).summary.violations.filter((v) => v.type === 'cycle');
const short = (folder) => folder.replace('apps/api/src/modules/', '');
/** The imports of a violation's cycle, as 'from → to' between module folders. */
const edges = (v) => {
  const path = [v.from, ...v.cycle.map((c) => c.name)].map(short);
  return path.slice(1).map((to, i) => `${path[i]} → ${to}`);
};

if (process.argv.includes('--baseline')) {
  const list = [...new Set(violations.flatMap(edges))].sort();
  writeFileSync(KNOWN, `${JSON.stringify(list, null, 2)}\n`);
  console.log(`${list.length} module imports in known cycles written to ${KNOWN}`);
  process.exit(0);
}
const known = new Set(existsSync(KNOWN) ? JSON.parse(readFileSync(KNOWN, 'utf8')) : []);
const fresh = violations.filter((v) => edges(v).some((e) => !known.has(e)));
for (const v of fresh)
  console.error(`  error ${v.rule.name}: ${[v.from, ...v.cycle.map((c) => c.name)].map(short).join(' → ')}`);
const seen = new Set(violations.flatMap(edges));
const gone = [...known].filter((e) => !seen.has(e));
if (gone.length)
  console.log(`${gone.length} listed imports are in no cycle now: run with --baseline to drop them.`);
if (fresh.length) {
  console.error(`\nx ${fresh.length} new module cycles (decision 0059).`);
  process.exit(1);
}
console.log(`✔ no new module cycles (${violations.length} known, through the imports listed in ${KNOWN}).`);
