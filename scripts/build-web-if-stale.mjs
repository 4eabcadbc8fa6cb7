// `npm start` builds the web app only when its build is missing or older than its sources.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const built = path.join(root, 'apps/web/dist/index.html');
const sources = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/vite-plugins',
  'apps/web/first-screen.json',
  'packages/contracts/src',
  'packages/money/src',
  'packages/chain/src',
];

function newest(p) {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let max = st.mtimeMs;
  for (const e of readdirSync(p)) max = Math.max(max, newest(path.join(p, e)));
  return max;
}

const builtAt = existsSync(built) ? statSync(built).mtimeMs : 0;
const changedAt = Math.max(...sources.map((s) => newest(path.join(root, s))));
if (!existsSync(path.join(root, 'apps/web/index.html'))) {
  console.log('web app: no sources yet, serving the API only');
} else if (builtAt >= changedAt) {
  console.log('web app: build is up to date');
} else {
  console.log('web app: building...');
  execSync('npm run build -w @sgx/web', { cwd: root, stdio: 'inherit' });
}
