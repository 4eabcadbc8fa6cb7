// `npm start` builds the web app only when its build is missing or older than its sources.
import { execSync } from 'node:child_process';
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
  console.log('web app: building...');
  execSync('npm run build -w @sgx/web', { cwd: root, stdio: 'inherit' });
}
