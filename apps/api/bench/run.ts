/**
 * `npm run bench [-- --only transfer,buy,scan] [--seconds N] [--members N] [--concurrency N] [--no-reference]
 *   [--scan-members N] [--scan-runs R] [--payout-runs R]`
 *
 * Throughput and latency of the money endpoints over real HTTP, compared with what the same PostgreSQL
 * does under pgbench's TPC-B-like script (the reference). Starts its own embedded PostgreSQL in a
 * temporary folder, runs pgbench, sets up members through the app's services, starts the real app in a
 * child process on loopback, drives each endpoint at a fixed concurrency for a fixed time, then checks
 * the money moved and the ledger reconciles. Then (`scan`) the deposit scan of issue 20 on a real anvil
 * (scan-bench.ts), and (`payouts`) the payout batches of issue 21 (payout-bench.ts). Not a test: numbers depend on the machine and its load.
 */
import { buildDeps } from '../src/app';
import { loadConfig } from '../src/config';
import { APP_ROLE, connect, type Database } from '../src/db';
import { checkKnown, intFlag, listFlag, parseFlags } from './lib/args';
import { Client, drive, type LoadResult, type Req, type Res } from './lib/load';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { findPgbench, PGBENCH_MISSING, type PgbenchResult, runPgbench } from './lib/pgbench';
import { codeVersion, logger, onInterrupt, printHeader } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { excerpt, int, loadAverage, ms, printTable } from './lib/stats';
import {
  claimRequest,
  ENDPOINTS,
  type EndpointName,
  LABELS,
  requestMaker,
  sellMaker,
  TARGETS,
  watchRequest,
} from './money-endpoints';
import { ensureHoldings, type Fixture, type Member, prng, setupMembers } from './money-setup';
import { type Moved, verifyMoney } from './money-verify';
import { runPayoutBench } from './payout-bench';
import { runScanBench } from './scan-bench';

const flags = parseFlags();
checkKnown(flags, [
  'only',
  'seconds',
  'members',
  'concurrency',
  'no-reference',
  'scan-members',
  'scan-runs',
  'payout-runs',
]);
const sections = listFlag(flags, 'only', [...ENDPOINTS, 'scan', 'payouts'] as const);
const only = sections.filter((s): s is EndpointName => s !== 'scan' && s !== 'payouts');
/** The deposit scan of issue 20 (scan-bench.ts), after the money endpoints. */
const scanSection = async () => {
  if (!sections.includes('scan')) return;
  printHeader('SocialGenX deposit scan: 10,000 Transfers, 1,000 to members (npm run bench -- --only scan)');
  const scanned = await runScanBench(
    {
      members: intFlag(flags, 'scan-members', 1_000_000),
      transfers: 10_000,
      toMembers: 1_000,
      runs: intFlag(flags, 'scan-runs', 3),
    },
    logger(),
  );
  console.log(
    scanned
      ? 'scan verified: every credit checked, ledger reconciles\n'
      : 'SCAN VERIFICATION FAILED (see above)\n',
  );
  if (!scanned) process.exitCode = 1;
};
/** The payout batches of issue 21 (payout-bench.ts), after the deposit scan. */
const payoutSection = async () => {
  if (!sections.includes('payouts')) return;
  printHeader(
    'SocialGenX payout batches: 200 payouts prepared and verified (npm run bench -- --only payouts)',
  );
  const paid = await runPayoutBench({ payouts: 200, runs: intFlag(flags, 'payout-runs', 5) }, logger());
  console.log(
    paid
      ? 'payouts verified: every batch paid in full, ledger reconciles\n'
      : 'PAYOUT VERIFICATION FAILED (see above)\n',
  );
  if (!paid) process.exitCode = 1;
};
if (only.length === 0) {
  await scanSection();
  await payoutSection();
  process.exit();
}
const seconds = intFlag(flags, 'seconds', 15);
const memberCount = intFlag(flags, 'members', 2000);
const concurrency = intFlag(flags, 'concurrency', 32);
const withReference = !flags.has('no-reference');
const MAX_REQUESTS = 1_000_000;
const WATCH_SECONDS = 10;

const pgbench = findPgbench();
if (withReference && !pgbench) {
  console.error(PGBENCH_MISSING);
  process.exit(1);
}

printHeader('SocialGenX money endpoints vs pgbench TPC-B (npm run bench)');
console.log(
  `endpoints ${only.join(', ')}; ${seconds} s each at ${concurrency} connections; ${memberCount.toLocaleString('en')} members\n`,
);
const log = logger();
type Row = { label: string; result: LoadResult; target: (typeof TARGETS)[EndpointName] | 'report' };
/** Drives one endpoint at the set concurrency for the set time and records its row. */
type Measure = (
  label: string,
  make: (k: number) => Req | undefined,
  max: number,
  target: Row['target'],
  counted?: EndpointName,
  onResponse?: (k: number, res: Res) => void,
) => Promise<LoadResult>;
const rows: Row[] = [];
const ok: Moved = { transfer: 0, withdrawal: 0, buy: 0, sell: 0, roi: 0 };

let pg: BenchPostgres | undefined;
let database: Database | undefined;
let server: ServerProcess | undefined;
let client: Client | undefined;
const cleanup = async () => {
  client?.close();
  await server?.stop().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await pg?.stop().catch(() => undefined);
};
onInterrupt(cleanup);

let verified = false;
const references: { when: string; r: PgbenchResult }[] = [];
try {
  pg = await startBenchPostgres('bench', log);

  const reference = async (when: string, init: boolean) => {
    if (!withReference || !pgbench || !pg) return;
    log(
      `reference ${when}: ${init ? 'pgbench -i -s 10, then ' : 'pgbench '}-c 8 -j 2 -T ${seconds} (TPC-B-like)`,
    );
    const r = await runPgbench({
      bin: pgbench,
      url: await pg.database('pgbench_ref'),
      scale: 10,
      clients: 8,
      threads: 2,
      seconds,
      init,
    });
    references.push({ when, r });
    log(`  ${r.version}: ${r.tps.toFixed(0)} tps, p99 ${ms(r.p99)} ms`);
  };
  await reference('before', true);

  log(`setting up ${memberCount} members through the services`);
  database = connect(pg.url, 8, APP_ROLE);
  const config = loadConfig({
    NODE_ENV: 'production',
    LOG_LEVEL: 'silent',
    RUN_JOBS: 'false',
  });
  const deps = buildDeps(config, database.db);
  const fx: Fixture = await setupMembers(deps, memberCount, log);

  server = await startServerProcess(pg.url);
  client = new Client(server.base, concurrency);
  log(`app listening at ${server.base} (pid ${server.pid}), code ${codeVersion()}`);
  const http = client;

  const measure: Measure = async (label, make, max, target, counted, onResponse) => {
    log(`driving ${label}`);
    const result = await drive(http, { concurrency, seconds, maxRequests: max, make, onResponse });
    if (counted) ok[counted] += result.ok;
    rows.push({ label, result, target });
    log(`  ${int(result.tps)} tps, p99 ${ms(result.p99)} ms, ${result.errors} errors`);
    return result;
  };
  const warm = async (name: EndpointName, make: (k: number) => Req | undefined) => {
    const r = await drive(http, { concurrency: 8, seconds: 3, maxRequests: 200, make });
    ok[name] += r.ok;
  };

  let prepBuys = 0;
  for (const name of only) {
    const runId = `b${Date.now().toString(36)}`;
    if (name === 'transfer' || name === 'withdrawal' || name === 'buy') {
      const make = requestMaker(name, fx.members, fx.tokenId, runId);
      await warm(name, (k) => make(MAX_REQUESTS + k));
      await measure(LABELS[name], make, MAX_REQUESTS, TARGETS[name], name);
    } else if (name === 'sell') {
      const before = await database.db
        .selectFrom('token_transactions')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      const holders = await ensureHoldings(deps, fx, Math.min(500, fx.members.length), 100n * 100_000_000n);
      const after = await database.db
        .selectFrom('token_transactions')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .executeTakeFirstOrThrow();
      prepBuys += Number(after.n - before.n);
      const sell = sellMaker(holders, fx.tokenId, runId);
      await warm('sell', (k) => sell.make(MAX_REQUESTS + k));
      await measure(LABELS.sell, sell.make, sell.capacity, TARGETS.sell, 'sell');
    } else {
      await roiPhase(fx.members, measure);
    }
  }

  client.close();
  await server.stop();
  // Once more after the endpoints: on a shared machine the load drifts, so the ratio uses the mean.
  await reference('after', false);
  verified = await verifyMoney(database.db, ok, prepBuys);
} finally {
  await cleanup();
}

/**
 * Watch sessions (one per member), the 10 s the server requires, then one claim per member: 2,000 members of whom
 * 1,000 under one leader (money-setup.ts sponsorIndex), all claiming at once at the set concurrency.
 */
async function roiPhase(members: Member[], measure: Measure): Promise<void> {
  const claimable: Member[] = [];
  await measure(LABELS.watch, watchRequest(members), members.length, 'report', undefined, (k, res) => {
    const m = members[k];
    if (m && res.status === 201) claimable.push(m);
  });
  log(`waiting ${WATCH_SECONDS + 1} s: a claim needs a ${WATCH_SECONDS}-second watch`);
  await new Promise((r) => setTimeout(r, (WATCH_SECONDS + 1) * 1000));
  // All at once in a mixed order (issue 25): the leader's team and the rest arrive interleaved, not one half first.
  const random = prng(25);
  for (let i = claimable.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [claimable[i], claimable[j]] = [claimable[j] as Member, claimable[i] as Member];
  }
  await measure(LABELS.roi, claimRequest(claimable), claimable.length, TARGETS.roi, 'roi');
}

const refTps = references.length
  ? references.reduce((sum, x) => sum + x.r.tps, 0) / references.length
  : undefined;
console.log(`\nload avg  ${loadAverage()} (1 / 5 / 15 min) after\n`);
const table: string[][] = references.map(({ when, r }) => [
  `pgbench TPC-B-like -c 8 -j 2 (reference, ${when})`,
  int(r.transactions),
  int(r.tps),
  refTps ? `${(r.tps / refTps).toFixed(2)}x` : '',
  ms(r.p50),
  ms(r.p99),
  String(r.failed),
  '',
  '',
]);
const notes: string[] = [];
for (const r of rows) {
  const ratio = refTps ? r.result.tps / refTps : Number.NaN;
  const t = r.target;
  const targetText = t === 'report' || t === null ? 'report only' : `≥${t.ratio}x, p99 ≤${t.p99} ms`;
  const met =
    t === 'report' || t === null
      ? ''
      : !Number.isFinite(ratio)
        ? '?'
        : ratio >= t.ratio && r.result.p99 <= t.p99
          ? 'met'
          : 'missed';
  if (r.result.firstError) notes.push(`${r.label}: first error ${r.result.firstError}`);
  table.push([
    r.label,
    int(r.result.requests),
    int(r.result.tps),
    Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-',
    ms(r.result.p50),
    ms(r.result.p99),
    String(r.result.errors),
    targetText,
    met,
  ]);
}
printTable(['endpoint', 'requests', 'tps', 'vs TPC-B', 'p50 ms', 'p99 ms', 'errors', 'target', ''], table);
for (const n of notes) console.log(`  ${excerpt(n, 300)}`);
console.log(
  `\n${concurrency} connections, ${seconds} s per endpoint (fewer when the members ran out: one ROI claim per member a day); tps counts 2xx responses;\nvs TPC-B = tps / the mean of the pgbench runs before and after.`,
);
console.log(verified ? 'money verified, ledger reconciles\n' : 'VERIFICATION FAILED (see above)\n');
process.exitCode = verified ? 0 : 1;
await scanSection();
await payoutSection();
