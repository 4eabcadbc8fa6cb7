#!/usr/bin/env node
// `npm run bench:web` (decision 0046): Lighthouse in its default mobile mode (phone emulation, simulated
// slow 4G and 4x CPU slowdown) over the public first screens and the signed-in member pages, on the real app
// started the way the browser tests start it (apps/web/playwright.config.ts: a fresh embedded PostgreSQL with
// the demo data, a local anvil chain). Prints the median of N runs per page and writes them into
// docs/benchmarks.md ("Web (Lighthouse, mobile)"). Not a test: the figures depend on the machine's load.
//
//   npm run bench:web                         # 3 runs per page
//   npm run bench:web -- --runs 5 --pages /user/dashboard --no-write
//
// Flags: --runs N (default 3), --pages a,b (default all), --port P (app, default 4180; not a port browsers refuse, like 4190),
// --chain-port C (the local chain, C and C+1; default P+4500), --debug-port D (Chromium's DevTools; default P+5500),
// --mail-ports S,W (the mail catcher's SMTP and web ports; default P+20000,P+25000); each also from the environment
// (BENCH_WEB_PORT, BENCH_WEB_CHAIN_PORT, BENCH_WEB_DEBUG_PORT, BENCH_WEB_MAIL_PORTS), a flag winning; --print-ports (print
// the ports a run would take, and stop),
// --no-write (do not touch docs/benchmarks.md), --save DIR (each run's Lighthouse report, and FCP, SI, CLS and the
// LCP element printed).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { constants, gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';

const root = path.resolve(import.meta.dirname, '../../..');
const args = process.argv.slice(2);
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] !== undefined ? args[i + 1] : fallback;
};
const RUNS = Number(flag('runs', '3'));
/** A port, or the bench stops saying which setting is not one. */
const asPort = (setting, text) => {
  const port = Number(text);
  if (!/^\d+$/.test(String(text).trim()) || port < 1 || port > 65535) {
    console.error(`${setting}: ${text} is not a port (1 to 65535)`);
    process.exit(2);
  }
  return port;
};
/** A port from its flag, else its environment variable, else the default. */
const portOf = (name, env, fallback) =>
  asPort(`--${name} (or ${env})`, flag(name, process.env[env] ?? String(fallback)));
const PORT = portOf('port', 'BENCH_WEB_PORT', 4180);
const CHAIN_PORT = portOf('chain-port', 'BENCH_WEB_CHAIN_PORT', PORT + 4500);
const DEBUG_PORT = portOf('debug-port', 'BENCH_WEB_DEBUG_PORT', PORT + 5500);
const mailPorts = (
  flag('mail-ports', process.env.BENCH_WEB_MAIL_PORTS) ?? `${PORT + 20000},${PORT + 25000}`
).split(',');
const MAIL_SMTP_PORT = asPort('--mail-ports (or BENCH_WEB_MAIL_PORTS), SMTP', mailPorts[0]);
const MAIL_WEB_PORT = asPort('--mail-ports (or BENCH_WEB_MAIL_PORTS), web', mailPorts[1]);
if (args.includes('--print-ports')) {
  // The ports a run would take, and nothing else (for checking a choice before a long run).
  console.log(
    JSON.stringify({
      app: PORT,
      chain: [CHAIN_PORT, CHAIN_PORT + 1],
      debug: DEBUG_PORT,
      mail: [MAIL_SMTP_PORT, MAIL_WEB_PORT],
    }),
  );
  process.exit(0);
}
const BASE = `http://127.0.0.1:${PORT}`;
const WRITE = !args.includes('--no-write');
/** --save DIR: every run's full Lighthouse report as JSON in DIR (to read what the score is made of). */
const SAVE = flag('save', null);
const MEMBER = { email: 'member@example.com', password: 'Lantern-Orbit-42' };

/** The pages measured; `member` ones with the demo member signed in. */
const ALL_PAGES = [
  { path: '/', name: 'Landing', member: false },
  { path: '/login', name: 'Sign in', member: false },
  { path: '/registration', name: 'Registration', member: false },
  { path: '/user/dashboard', name: 'Member dashboard', member: true },
  { path: '/user/web3-deposit', name: 'Web3 deposit', member: true },
];
const only = flag('pages', null)?.split(',');
const PAGES = only ? ALL_PAGES.filter((p) => only.includes(p.path)) : ALL_PAGES;

const children = [];
/** Starts a shell command in its own process group (stopped with its children at the end). */
function start(command) {
  const child = spawn('sh', ['-c', command], {
    cwd: root,
    detached: true,
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let err = '';
  child.stderr.on('data', (d) => {
    err = (err + d).slice(-4000);
  });
  child.lastError = () => err;
  children.push(child);
  return child;
}
function stopAll() {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {}
  }
}
process.on('SIGINT', () => {
  stopAll();
  process.exit(130);
});

async function waitFor(url, child, seconds) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${url}: the server stopped.\n${child.lastError()}`);
    try {
      if ((await fetch(url, { signal: AbortSignal.timeout(3000) })).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`${url} not ready after ${seconds} s.\n${child.lastError()}`);
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const gzipSizes = new Map();
/** The gzip size (level 9, as `check:first-screen` counts) of a built file of the app, by its URL. */
function gzipOf(url) {
  const file = path.join(root, 'apps/web/dist', new URL(url).pathname);
  if (!gzipSizes.has(file)) {
    gzipSizes.set(
      file,
      existsSync(file) ? gzipSync(readFileSync(file), { level: constants.Z_BEST_COMPRESSION }).length : 0,
    );
  }
  return gzipSizes.get(file);
}

/** One Lighthouse run's figures: scores, TBT, LCP and the JavaScript the page loaded. */
function figures(lhr) {
  // The page's own script requests, each URL once: the service worker's copies of the app shell (it caches
  // the entry's scripts when it installs) are not what the page waits for.
  const seen = new Set();
  const scripts = lhr.audits['network-requests'].details.items.filter((r) => {
    if (r.resourceType !== 'Script' || !r.url.startsWith(BASE) || seen.has(r.url)) return false;
    if (r.sessionTargetType !== undefined && r.sessionTargetType !== 'page') return false;
    seen.add(r.url);
    return true;
  });
  if (process.env.BENCH_WEB_LIST) {
    for (const r of scripts)
      console.log(`    ${(r.transferSize / 1024).toFixed(1)} KiB ${r.url.slice(BASE.length)}`);
  }
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    tbt: lhr.audits['total-blocking-time'].numericValue,
    lcp: lhr.audits['largest-contentful-paint'].numericValue,
    jsKiB: scripts.reduce((sum, r) => sum + gzipOf(r.url), 0) / 1024,
    wireKiB: scripts.reduce((sum, r) => sum + r.transferSize, 0) / 1024,
    jsFiles: scripts.length,
    finalUrl: lhr.finalDisplayedUrl,
  };
}

async function main() {
  const load = { before: os.loadavg()[0] };
  console.log(`bench:web: building the web app if stale, then starting the app on ${BASE} ...`);
  execFileSync('node', ['scripts/build-web-if-stale.mjs'], { cwd: root, stdio: 'inherit' });
  // The same start as playwright.config.ts's webServer (its own ports and database folder).
  const chain = start(`E2E_CHAIN_PORT=${CHAIN_PORT} npx tsx apps/web/e2e/chain-server.ts`);
  await waitFor(`http://127.0.0.1:${CHAIN_PORT + 1}/ready`, chain, 60);
  const chainURL = `http://127.0.0.1:${CHAIN_PORT}`;
  const app = start(
    `rm -rf .tmp/bench-web-${PORT} && DATA_DIR=.tmp/bench-web-${PORT} PORT=${PORT} RATE_LIMIT_SIGNIN_PER_IP=10000 ` +
      `CHAIN_RPC_URL_56=${chainURL} PUBLIC_RPC_URL_56=${chainURL} CHAIN_POLL_SECONDS=1 ` +
      `MAIL_CATCHER_SMTP_PORT=${MAIL_SMTP_PORT} MAIL_CATCHER_WEB_PORT=${MAIL_WEB_PORT} npm start`,
  );
  await waitFor(`${BASE}/api/v1/health/ready`, app, 180);

  const profile = mkdtempSync(path.join(os.tmpdir(), 'sgx-bench-web-'));
  const browserProcess = spawn(
    '/usr/bin/chromium',
    [
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--remote-debugging-port=${DEBUG_PORT}`,
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { detached: true, stdio: 'ignore' },
  );
  children.push(browserProcess);
  await waitFor(`http://127.0.0.1:${DEBUG_PORT}/json/version`, browserProcess, 30);
  // The browser's default context: Lighthouse's tabs share its storage, so the session signed in here.
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${DEBUG_PORT}`);
  const context = browser.contexts()[0];
  const page = context.pages()[0] ?? (await context.newPage());
  const cdp = await context.newCDPSession(page);

  const results = [];
  let signedIn = false;
  for (const target of [...PAGES].sort((a, b) => Number(a.member) - Number(b.member))) {
    if (target.member && !signedIn) {
      await page.goto(`${BASE}/login`);
      await page.getByRole('textbox', { name: 'Email or username', exact: true }).fill(MEMBER.email);
      await page.getByRole('textbox', { name: 'Password', exact: true }).fill(MEMBER.password);
      await page.getByRole('button', { name: 'Sign in', exact: true }).click();
      await page.waitForURL('**/user/**', { timeout: 30_000 });
      await page.goto('about:blank');
      signedIn = true;
    }
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const run = async () => {
        if (target.member) {
          // A cold load but the session kept: Lighthouse's own storage reset would sign the member out, so
          // the HTTP cache, the service worker and its caches are cleared here instead.
          await cdp.send('Network.clearBrowserCache');
          await cdp.send('Storage.clearDataForOrigin', {
            origin: BASE,
            storageTypes: 'service_workers,cache_storage,indexeddb',
          });
        }
        return lighthouse(`${BASE}${target.path}`, {
          port: DEBUG_PORT,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance', 'accessibility'],
          disableStorageReset: target.member,
        });
      };
      let result = await run();
      // A run Lighthouse could not measure (no LCP in its trace, a protocol timeout) is said and run once more,
      // rather than counted as a score of 0 in the median; a second failure is counted as it is.
      const failure = (lhr) =>
        lhr.runtimeError?.code ??
        lhr.audits['largest-contentful-paint']?.errorMessage ??
        (Number.isFinite(lhr.audits['largest-contentful-paint']?.numericValue) ? null : 'no LCP');
      const failed = failure(result.lhr);
      if (failed) {
        console.log(
          `  ${target.path} run ${i + 1}/${RUNS}: Lighthouse could not measure it (${failed}); run again`,
        );
        result = await run();
      }
      const f = figures(result.lhr);
      if (SAVE) {
        const name = `${target.path.replace(/\W+/g, '_') || 'root'}-${i + 1}.json`;
        mkdirSync(SAVE, { recursive: true });
        writeFileSync(path.join(SAVE, name), JSON.stringify(result.lhr));
        const a = result.lhr.audits;
        console.log(
          `    FCP ${(a['first-contentful-paint'].numericValue / 1000).toFixed(2)} s, SI ` +
            `${(a['speed-index'].numericValue / 1000).toFixed(2)} s, CLS ${a['cumulative-layout-shift'].numericValue.toFixed(3)}, ` +
            `LCP element: ${a['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet ?? '?'}`,
        );
      }
      if (target.member && !new URL(f.finalUrl).pathname.startsWith('/user/')) {
        throw new Error(`${target.path}: ended on ${f.finalUrl}, the session was lost.`);
      }
      runs.push(f);
      console.log(
        `  ${target.path} run ${i + 1}/${RUNS}: performance ${f.performance}, accessibility ${f.accessibility}, ` +
          `TBT ${Math.round(f.tbt)} ms, LCP ${(f.lcp / 1000).toFixed(1)} s, JS ${f.jsKiB.toFixed(0)} KiB gzip ` +
          `(${f.wireKiB.toFixed(0)} KiB on the wire with headers) in ${f.jsFiles} files`,
      );
    }
    const pick = (k) => median(runs.map((r) => r[k]));
    results.push({
      ...target,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      tbt: pick('tbt'),
      lcp: pick('lcp'),
      jsKiB: pick('jsKiB'),
      wireKiB: pick('wireKiB'),
      jsFiles: pick('jsFiles'),
    });
  }
  await browser.close().catch(() => {});
  stopAll();
  // Chromium may still be writing its profile while it stops.
  await new Promise((r) => setTimeout(r, 1000));
  rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 500 });
  load.after = os.loadavg()[0];

  const order = new Map(ALL_PAGES.map((p, i) => [p.path, i]));
  results.sort((a, b) => order.get(a.path) - order.get(b.path));
  const table = [
    '| Page | Performance | Accessibility | TBT | LCP | JS loaded (KiB gzip) | on the wire (KiB, with headers) | JS files |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...results.map(
      (r) =>
        `| ${r.name} \`${r.path}\`${r.member ? ' (signed in)' : ''} | ${r.performance} | ${r.accessibility} | ` +
        `${Math.round(r.tbt)} ms | ${(r.lcp / 1000).toFixed(1)} s | ${r.jsKiB.toFixed(0)} | ${r.wireKiB.toFixed(0)} | ${r.jsFiles} |`,
    ),
  ].join('\n');
  const stamp = new Date().toISOString().slice(0, 16).replace('T', ' ');
  const cores = os.cpus().length;
  const heading =
    `Run of ${stamp} UTC, median of ${RUNS} runs per page, ${cores} cores shared with other work ` +
    `(load average ${load.before.toFixed(2)} before, ${load.after.toFixed(2)} after: a noisy machine, so ` +
    'TBT and the performance score move by several points between runs).';
  console.log(`\n${heading}\n\n${table}\n`);
  if (WRITE) writeDocs(`${heading}\n\n${table}`);
}

/** Replaces the last run's figures (between the markers) in docs/benchmarks.md. */
function writeDocs(block) {
  const file = path.join(root, 'docs/benchmarks.md');
  const text = readFileSync(file, 'utf8');
  const start = '<!-- bench:web:start -->';
  const end = '<!-- bench:web:end -->';
  const a = text.indexOf(start);
  const b = text.indexOf(end);
  if (a < 0 || b < a) {
    console.error(`docs/benchmarks.md has no ${start} ... ${end} markers: figures not written.`);
    return;
  }
  writeFileSync(file, `${text.slice(0, a + start.length)}\n${block}\n${text.slice(b)}`);
  console.log('Written to docs/benchmarks.md ("Web (Lighthouse, mobile)").');
}

main().catch((error) => {
  console.error(error);
  stopAll();
  process.exit(1);
});
