/**
 * `npm run bench [-- --only transfer,buy,scan] [--seconds N] [--members N] [--concurrency N] [--no-reference] [--outbox]
 *   [--replica-seconds N] [--replica-runs R] [--read-concurrency C] (`--only replica-reads`: replica-reads-bench.ts)
 *   [--instance-seconds N] [--instance-runs R] [--instance-no-pin] [--instance-pool N] [--instance-pgbouncer N]
 *   [--instance-rate N]
 *   (`--only instances`: instances-bench.ts)
 *   [--scan-members N] [--scan-runs R] [--payout-runs R] [--merkle-leaves N] [--merkle-runs R]`
 *
 * Throughput and latency of the money endpoints over real HTTP, compared with what the same PostgreSQL
 * does under pgbench's TPC-B-like script (the reference). Starts its own embedded PostgreSQL in a
 * temporary folder, runs pgbench, sets up members through the app's services, starts the real app in a
 * child process on loopback, drives each endpoint at a fixed concurrency for a fixed time, then checks
 * the money moved and the ledger reconciles. Then (`scan`) the deposit scan of decision 0033 on a real anvil
 * (scan-bench.ts), (`payouts`) the payout batches of decision 0034 (payout-bench.ts), and (`merkle`) the proof's
 * Merkle-sum tree of 200,000 leaves built in memory (merkle-bench.ts), and (`webhooks`) the webhook outbox delivered to a
 * local receiver (webhooks-bench.ts), and (`sanctions`) the sanctions check at 100,000 listed addresses
 * (sanctions-bench.ts). Not a test: numbers depend on the machine and its load.
 */

import os from 'node:os';
import { buildDeps } from '../src/app';
import { APP_ROLE, connect, type Database } from '../src/db';
import { runInstancesBench } from './instances-bench';
import { checkKnown, intFlag, listFlag, parseFlags } from './lib/args';
import { benchConfig } from './lib/config';
import { type CpuUse, cpuMeter, postmasterPidIn } from './lib/cpu';
import { Client, drive, driveAtRate, type LoadResult, type Req, type Res } from './lib/load';
import { type BenchPostgres, startBenchPostgres } from './lib/pg';
import { findPgbench, PGBENCH_MISSING, type PgbenchResult, runPgbench } from './lib/pgbench';
import { codeVersion, logger, onInterrupt, printHeader } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { printTopStatements, resetStatementStats } from './lib/statement-stats';
import { excerpt, int, loadAverage, ms, printTable } from './lib/stats';
import { runMerkleBench } from './merkle-bench';
import {
  claimRequest,
  ENDPOINTS,
  type EndpointName,
  LABELS,
  requestFacts,
  requestMaker,
  sellMaker,
  TARGETS,
  watchRequest,
} from './money-endpoints';
import { ensureHoldings, type Fixture, type Member, prng, setupMembers } from './money-setup';
import { type Moved, verifyMoney } from './money-verify';
import { type OutboxOn, startOutbox } from './outbox-on';
import { runPayoutBench } from './payout-bench';
import { runReplicaReadsBench } from './replica-reads-bench';
import { prepareSameSql } from './same-sql';
import { runSanctionsBench } from './sanctions-bench';
import { runScanBench } from './scan-bench';
import { runWebhooksBench } from './webhooks-bench';

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
  'merkle-leaves',
  'merkle-runs',
  'webhook-events',
  'webhook-runs',
  'sanctions-addresses',
  'sanctions-checks',
  'sanctions-runs',
  'statements',
  'outbox',
  'replica-seconds',
  'replica-runs',
  'read-concurrency',
  'instance-seconds',
  'instance-runs',
  'instance-no-pin',
  'instance-pool',
  'instance-pgbouncer',
  'instance-rate',
]);
/** --statements: pg_stat_statements printed per endpoint (nested statements too) and per instances phase: where its time goes. */
const statements = flags.has('statements');
const sections = listFlag(flags, 'only', [
  ...ENDPOINTS,
  'scan',
  'payouts',
  'merkle',
  'webhooks',
  'sanctions',
  'replica-reads',
  'instances',
] as const);
const only = sections.filter(
  (s): s is EndpointName =>
    s !== 'scan' &&
    s !== 'payouts' &&
    s !== 'merkle' &&
    s !== 'webhooks' &&
    s !== 'sanctions' &&
    s !== 'replica-reads' &&
    s !== 'instances',
);
/** The deposit scan of decision 0033 (scan-bench.ts), after the money endpoints. */
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
/** The payout batches of decision 0034 (payout-bench.ts), after the deposit scan. */
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
/** The proof's Merkle-sum tree built in memory (merkle-bench.ts; docs/decisions/0060-fast-unit-project.md). */
const merkleSection = async () => {
  if (!sections.includes('merkle')) return;
  const leaves = intFlag(flags, 'merkle-leaves', 200_000);
  printHeader(
    `SocialGenX proof tree: ${leaves.toLocaleString('en')} leaves built in memory (npm run bench -- --only merkle)`,
  );
  const built = await runMerkleBench({ leaves, runs: intFlag(flags, 'merkle-runs', 3) }, logger());
  console.log(built ? 'trees verified: totals and a proof each\n' : 'TREE VERIFICATION FAILED (see above)\n');
  if (!built) process.exitCode = 1;
};
/** The webhook outbox delivered to a local receiver (webhooks-bench.ts; decision 0072). */
const webhooksSection = async () => {
  if (!sections.includes('webhooks')) return;
  const events = intFlag(flags, 'webhook-events', 5_000);
  printHeader(
    `SocialGenX webhooks: ${events.toLocaleString('en')} events delivered to a local receiver (npm run bench -- --only webhooks)`,
  );
  const delivered = await runWebhooksBench({ events, runs: intFlag(flags, 'webhook-runs', 3) }, logger());
  console.log(
    delivered ? 'webhooks verified: each event once, signed\n' : 'WEBHOOK VERIFICATION FAILED (see above)\n',
  );
  if (!delivered) process.exitCode = 1;
};
/** The sanctions check at 100,000 listed addresses (sanctions-bench.ts; decision 0075). */
const sanctionsSection = async () => {
  if (!sections.includes('sanctions')) return;
  const addresses = intFlag(flags, 'sanctions-addresses', 100_000);
  printHeader(
    `SocialGenX sanctions check: ${addresses.toLocaleString('en')} listed addresses (npm run bench -- --only sanctions)`,
  );
  const checked = await runSanctionsBench(
    {
      addresses,
      checks: intFlag(flags, 'sanctions-checks', 10_000),
      runs: intFlag(flags, 'sanctions-runs', 3),
    },
    logger(),
  );
  console.log(
    checked ? 'checks verified: every hit found, no miss listed\n' : 'SANCTIONS CHECK FAILED (see above)\n',
  );
  if (!checked) process.exitCode = 1;
};
/** Transfers while the heaviest reads run, the reads on a streaming replica vs on the primary (decision 0080; docs/benchmarks.md). */
const replicaReadsSection = async () => {
  if (!sections.includes('replica-reads')) return;
  printHeader(
    'SocialGenX transfers while the heaviest reads run: reads on a replica vs on the primary (npm run bench -- --only replica-reads)',
  );
  const verified = await runReplicaReadsBench(
    {
      seconds: intFlag(flags, 'replica-seconds', 10),
      runs: intFlag(flags, 'replica-runs', 2),
      members: intFlag(flags, 'members', 2000),
      concurrency: intFlag(flags, 'concurrency', 32),
      readConcurrency: intFlag(flags, 'read-concurrency', 4),
    },
    logger(),
  );
  console.log(
    verified ? 'money verified after each run, ledger reconciles\n' : 'VERIFICATION FAILED (see above)\n',
  );
  if (!verified) process.exitCode = 1;
};
/** 1, 2 and 4 app instances on one PostgreSQL at one total load (decision 0082; docs/benchmarks.md). */
const instancesSection = async () => {
  if (!sections.includes('instances')) return;
  printHeader(
    'SocialGenX instances in front of one PostgreSQL: 1, 2 and 4 at one total load (npm run bench -- --only instances)',
  );
  const verified = await runInstancesBench(
    {
      seconds: intFlag(flags, 'instance-seconds', 8),
      runs: intFlag(flags, 'instance-runs', 3),
      members: intFlag(flags, 'members', 2000),
      concurrency: intFlag(flags, 'concurrency', 32),
      pin: !flags.has('instance-no-pin') && os.cpus().length >= 2,
      pool: flags.has('instance-pool') ? intFlag(flags, 'instance-pool', 20) : undefined,
      pgbouncer: flags.has('instance-pgbouncer') ? intFlag(flags, 'instance-pgbouncer', 2) : undefined,
      rate: flags.has('instance-rate') ? intFlag(flags, 'instance-rate', 400) : undefined,
      statements,
    },
    logger(),
  );
  console.log(
    verified ? 'money verified after each run, ledger reconciles\n' : 'VERIFICATION FAILED (see above)\n',
  );
  if (!verified) process.exitCode = 1;
};
if (only.length === 0) {
  await scanSection();
  await payoutSection();
  await merkleSection();
  await webhooksSection();
  await sanctionsSection();
  await replicaReadsSection();
  await instancesSection();
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
type Row = {
  label: string;
  result: LoadResult;
  target: (typeof TARGETS)[EndpointName] | 'report';
  /** CPU used during the run (PostgreSQL, the app, the load generator), ms. */
  cpu: CpuUse;
  /** The same endpoint offered at half the measured rate (open loop). */
  halfRate?: LoadResult;
};
/** pgbench running the SQL the app sent for one request (same-sql.ts), per endpoint. */
const sameSql: { name: EndpointName; r: PgbenchResult; app: LoadResult; statements: number }[] = [];
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
let outbox: OutboxOn | undefined;
const cleanup = async () => {
  client?.close();
  await outbox?.stop().catch(() => undefined);
  await server?.stop().catch(() => undefined);
  await database?.close().catch(() => undefined);
  await pg?.stop().catch(() => undefined);
};
onInterrupt(cleanup);

let verified = false;
let postmaster = 0;
const references: { when: string; r: PgbenchResult }[] = [];
try {
  pg = await startBenchPostgres('bench', log, { statementStats: statements, nested: statements });
  postmaster = postmasterPidIn(pg.dir);

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
      postmaster,
    });
    references.push({ when, r });
    log(`  ${r.version}: ${r.tps.toFixed(0)} tps, p99 ${ms(r.p99)} ms`);
  };
  await reference('before', true);

  log(`setting up ${memberCount} members through the services`);
  // Kept open: a backend ending during a measured run would take its CPU time out of the count (lib/cpu.ts).
  database = connect(pg.url, 8, APP_ROLE, { idleTimeoutMillis: 0 });
  const config = benchConfig();
  const deps = buildDeps(config, database.db);
  const fx: Fixture = await setupMembers(deps, memberCount, log);
  if (flags.has('outbox')) outbox = await startOutbox(database.db, log);

  server = await startServerProcess(pg.url);
  client = new Client(server.base, concurrency);
  log(`app listening at ${server.base} (pid ${server.pid}), code ${codeVersion()}`);
  const http = client;

  const measure: Measure = async (label, make, max, target, counted, onResponse) => {
    log(`driving ${label}`);
    if (statements && pg) await resetStatementStats(pg.url);
    const stop = cpuMeter({ postmaster, app: server?.pid }).start();
    const result = await drive(http, { concurrency, seconds, maxRequests: max, make, onResponse });
    const cpu = stop();
    if (statements && pg) await printTopStatements(pg.url, result.requests);
    if (counted) ok[counted] += result.ok;
    rows.push({ label, result, target, cpu });
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
      const result = await measure(LABELS[name], make, MAX_REQUESTS, TARGETS[name], name);
      await atHalfRate(name, result, (k) => make(2 * MAX_REQUESTS + k));
      if (name !== 'buy') await sameSqlRun(name, result, runId, make);
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
      const result = await measure(LABELS.sell, sell.make, sell.capacity, TARGETS.sell, 'sell');
      await atHalfRate('sell', result, (k) => sell.make(2 * MAX_REQUESTS + k));
    } else {
      await roiPhase(fx.members, measure);
    }
  }

  /** The same requests offered at half the rate just measured: p99 when the platform is not saturated. */
  async function atHalfRate(name: EndpointName, full: LoadResult, make: (k: number) => Req | undefined) {
    const rate = full.tps / 2;
    log(`  offering ${int(rate)} requests/s (half the measured rate)`);
    const half = await driveAtRate(http, { rate, seconds, make });
    ok[name] += half.ok;
    const row = rows.at(-1);
    if (row) row.halfRate = half;
    log(`  p99 ${ms(half.p99)} ms at half rate, ${half.errors} errors`);
  }

  /** One request's statements captured from the app, then replayed by pgbench at the app's pool size. */
  async function sameSqlRun(
    name: 'transfer' | 'withdrawal',
    app: LoadResult,
    runId: string,
    make: (k: number) => Req | undefined,
  ) {
    if (!pgbench || !pg || !server) return;
    const k = 3 * MAX_REQUESTS;
    const facts = requestFacts(name, fx.members, runId, k);
    const req = make(k);
    if (!facts || !req) return;
    const statements = await server.captureSql(async () => {
      const res = await http.send(req);
      if (res.status >= 200 && res.status < 300) ok[name]++;
    });
    const all = fx.members.map((_, i) => requestFacts(name, fx.members, runId, i));
    const script = await prepareSameSql(
      pg.url,
      name,
      statements,
      { from: facts.from.id, to: facts.to?.id, token: facts.from.token, key: facts.key },
      all.flatMap((f) => (f ? [{ from: f.from.id, to: f.to?.id, token: f.from.token }] : [])),
    );
    log(`  the same SQL through pgbench (${statements.length} statements a request, -c 20 -M prepared)`);
    const r = await runPgbench({
      bin: pgbench,
      url: pg.url,
      scale: 0,
      clients: 20,
      threads: 2,
      seconds,
      init: false,
      script,
      postmaster,
    });
    ok[name] += r.transactions;
    sameSql.push({ name, r, app, statements: statements.length });
    log(`  pgbench: ${int(r.tps)} tps, p99 ${ms(r.p99)} ms; app / pgbench ${(app.tps / r.tps).toFixed(2)}`);
  }

  client.close();
  await server.stop();
  if (outbox) {
    const { received } = await outbox.stop();
    outbox = undefined;
    log(`outbox: ${received} deliveries received`);
  }
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
  // All at once in a mixed order (decision 0048): the leader's team and the rest arrive interleaved, not one half first.
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
/** PostgreSQL's CPU per TPC-B transaction, the mean of the reference runs. */
const refCpu = references.length
  ? references.reduce((sum, x) => sum + (x.r.pgCpuMs ?? 0) / x.r.transactions, 0) / references.length
  : undefined;
const perReq = (cpuMs: number, n: number) => (n > 0 ? (cpuMs / n).toFixed(2) : '-');
const table: string[][] = references.map(({ when, r }) => [
  `pgbench TPC-B-like -c 8 -j 2 (reference, ${when})`,
  int(r.transactions),
  int(r.tps),
  refTps ? `${(r.tps / refTps).toFixed(2)}x` : '',
  ms(r.p50),
  ms(r.p99),
  '',
  perReq(r.pgCpuMs ?? 0, r.transactions),
  '',
  '',
  '',
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
  const served = r.result.ok;
  table.push([
    r.label,
    int(r.result.requests),
    int(r.result.tps),
    Number.isFinite(ratio) ? `${ratio.toFixed(2)}x` : '-',
    ms(r.result.p50),
    ms(r.result.p99),
    r.halfRate ? ms(r.halfRate.p99) : '',
    perReq(r.cpu.pg, served),
    refCpu ? `${(r.cpu.pg / served / refCpu).toFixed(1)}x` : '',
    perReq(r.cpu.app, served),
    served > 0 ? int(served / ((r.cpu.pg + r.cpu.app) / 1000)) : '-',
    String(r.result.errors),
    targetText,
    met,
  ]);
}
printTable(
  [
    'endpoint',
    'requests',
    'tps',
    'vs TPC-B',
    'p50 ms',
    'p99 ms',
    'p99 ms at half rate',
    'PG CPU ms/req',
    'PG CPU vs TPC-B tx',
    'app CPU ms/req',
    'req per core-s',
    'errors',
    'target',
    '',
  ],
  table,
);
if (sameSql.length > 0) {
  console.log(
    '\nthe same SQL through pgbench (the statements the app sent for one request, -c 20 -M prepared)',
  );
  printTable(
    ['endpoint', 'statements', 'pgbench tps', 'p99 ms', 'PG CPU ms/tx', 'app tps', 'app / pgbench'],
    sameSql.map(({ name, r, app, statements }) => [
      LABELS[name],
      String(statements),
      int(r.tps),
      ms(r.p99),
      perReq(r.pgCpuMs ?? 0, r.transactions),
      int(app.tps),
      (app.tps / r.tps).toFixed(2),
    ]),
  );
}
for (const n of notes) console.log(`  ${excerpt(n, 300)}`);
console.log(
  `\n${concurrency} connections, ${seconds} s per endpoint (fewer when the members ran out: one ROI claim per member a day); tps counts 2xx responses;\nvs TPC-B = tps / the mean of the pgbench runs before and after. CPU from /proc: PostgreSQL (every backend, gone ones too) and the app's process,\nper 2xx answer; req per core-s = 2xx answers / (PostgreSQL + app CPU seconds). Half rate: the same requests offered open loop at half the tps measured,\nlatency counted from when each was due.`,
);
console.log(verified ? 'money verified, ledger reconciles\n' : 'VERIFICATION FAILED (see above)\n');
process.exitCode = verified ? 0 : 1;
await scanSection();
await payoutSection();
await merkleSection();
