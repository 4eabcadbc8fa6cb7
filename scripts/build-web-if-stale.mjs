// `npm start` builds the web app only when its build is missing or older than its sources, quietly: the
// bundler's report (a line per asset) is shown only when the build fails. `npm run build` shows it all.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { isStale } from './stale.mjs';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/first-screen.json',
  'apps/web/scripts/prerender.mjs',
  'apps/web/package.json',
  'packages/contracts/src',
  'packages/money/src',
  'packages/chain/src',
];

if (!existsSync(path.join(root, 'apps/web/index.html'))) {
  console.log('web app: no sources yet, serving the API only');
} else if (!isStale(root, built, sources)) {
  console.log('web app: build is up to date');
} else {
  console.log('web app: building (about a minute)...');
  const started = Date.now();
  const run = spawnSync('npm', ['run', 'build', '-w', '@sgx/web'], {
    cwd: root,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
    maxBuffer: 64 * 1024 * 1024,
  });
  if (run.status !== 0) {
    process.stdout.write(run.stdout ?? '');
    process.stderr.write(run.stderr ?? '');
    console.error(`web app: the build failed${run.error ? ` (${run.error.message})` : ''}`);
    process.exit(run.status ?? 1);
  }
  console.log(`web app: built in ${Math.round((Date.now() - started) / 1000)} s`);
}
