/**
 * `npm run bench -- --only instances [--instance-seconds N] [--instance-runs R] [--instance-pool N]
 *   [--instance-pgbouncer N] [--instance-rate N] [--members N] [--concurrency C]`
 *
 * Decision 0082's measure: what adding API instances in front of one PostgreSQL costs the database per request.
 * 1, 2 and 4 instances of the real app (bench/lib/server-child.ts), each a process of its own, take POST /transfer/touser
 * spread over them in turn (as a load balancer does), at one total load: first closed loop with the same `concurrency`
 * connections in all (split between the instances), then open loop at one common rate (60% of what one instance
 * reached in the first run), the fairest comparison, since group commit's batches grow with the rate. Configurations
 * alternate (1 2 4 1 2 4 ...). Per phase: PostgreSQL's CPU per transfer (/proc: the postmaster and every backend),
 * the instances' CPU per transfer (all of them), and transfers per commit (pg_stat_database.xact_commit of the bench
 * database: how many transfers each commit carried). Before the phases, the instances run a phase's length with no
 * request: the database's CPU a second then is what their own background work (jobs, pollers) costs it. Money
 * verified after each run; pgbench TPC-B before and after.
 * `--statements`: each phase also lists its statements with the most server time (pg_stat_statements, as the endpoints
 * section does).
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildDeps } from '../src/app';
import { APP_ROLE, connect, type Database, enableAppLogin, queryOnce } from '../src/db';
import { type Bouncer, startPgBouncer } from '../test/pgbouncer';
import { benchConfig } from './lib/config';
import { postgresCpuMs, postmasterPidIn, processCpuMs } from './lib/cpu';
import { Client, drive, driveAtRate, type LoadResult, type Req, type Res } from './lib/load';
import { type BenchPostgres, commitsOf, startBenchPostgres } from './lib/pg';
import { findPgbench, PGBENCH_MISSING, type PgbenchResult, tpcbReference } from './lib/pgbench';
import { codeVersion } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { printTopStatements, resetStatementStats } from './lib/statement-stats';
import { excerpt, int, loadAverage, median, ms, printTable } from './lib/stats';
import { requestMaker } from './money-endpoints';
import { setupMembers } from './money-setup';
import { type Moved, verifyMoney } from './money-verify';

export type InstancesOptions = {
  seconds: number;
  runs: number;
  members: number;
  concurrency: number;
  /**
   * PostgreSQL on the first half of the cores, the instances and this load generator on the rest (taskset), so the
   * database's CPU per transfer measures its own work, not the instances' processes competing with it for cores.
   */
  pin: boolean;
  /**
   * The database connections of all instances together, split evenly (each instance's pool ceil(pool / count)), so
   * the database sees the same number of backends whatever the count. Unset: 20 each, as server.ts opens.
   */
  pool?: number;
  /** Each phase's statements with the most server time (bench/lib/statement-stats.ts). */
  statements: boolean;
  /**
   * Every instance's requests through one PgBouncer in transaction mode (decision 0078) with this many server
   * connections (`default_pool_size`), for 1, 2 and 4 instances alike: N instances then share the same few backends,
   * as one instance's pool shares its own. Its CPU is counted on its own and in the per-core figure.
   */
  pgbouncer?: number;
  /** The open loop's rate (transfers/s); unset: 60% of what one instance reached in the first closed loop. */
  rate?: number;
};

/** The cores of the two halves: PostgreSQL's, and the instances' (with the load generator's). */
function halves(): { db: string; apps: string } {
  const n = os.cpus().length;
  const cut = Math.max(1, Math.floor(n / 2));
  const list = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i).join(',');
  return { db: list(0, cut), apps: list(cut, n) };
}

/** Every thread of `pid` (and, for the postmaster, each of its children now running) onto `cores`. */
function pin(pid: number, cores: string, children = false): void {
  execFileSync('taskset', ['-a', '-p', '-c', cores, String(pid)], { stdio: 'ignore' });
  if (!children) return;
  for (const child of readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/))
    if (child) execFileSync('taskset', ['-a', '-p', '-c', cores, child], { stdio: 'ignore' });
}

const COUNTS = [1, 2, 4] as const;

type Phase = {
  result: LoadResult;
  pgMs: number;
  appMs: number;
  /** PgBouncer's CPU (0 without `pgbouncer`). */
  poolerMs: number;
  commits: number;
  /** transfer_touser_batch statements (pg_stat_statements). */
  batches: number;
  load: number;
};
type Run = {
  instances: number;
  n: number;
  /**
   * PostgreSQL's CPU a second (ms) with the instances running and no request sent for a phase's length: what their
   * own background work costs it. No commit count: idle backends report theirs to pg_stat_database up to 10 s late
   * (PGSTAT_IDLE_INTERVAL), so the warm-up's commits would land in it.
   */
  restPgMsPerS: number;
  closed: Phase;
  paced: Phase;
};

/** Requests spread over the instances in turn, as a round-robin load balancer spreads them. */
class Spread {
  private next = 0;
  constructor(private readonly clients: Client[]) {}
  send(r: Req): Promise<Res> {
    const c = this.clients[this.next++ % this.clients.length] as Client;
    return c.send(r);
  }
  close(): void {
    for (const c of this.clients) c.close();
  }
}

export async function runInstancesBench(o: InstancesOptions, log: (m: string) => void): Promise<boolean> {
  const pgbench = findPgbench();
  if (!pgbench) {
    console.error(PGBENCH_MISSING);
    return false;
  }
  let pg: BenchPostgres | undefined;
  let database: Database | undefined;
  let servers: ServerProcess[] = [];
  let bouncer: Bouncer | undefined;
  let bouncerDir: string | undefined;
  const references: PgbenchResult[] = [];
  const runs: Run[] = [];
  const ok: Moved = { transfer: 0, withdrawal: 0, buy: 0, sell: 0, roi: 0 };
  let good = true;
  let rate = o.rate ?? 0;
  try {
    // pg_stat_statements: the transfer batches counted (transfers per batch statement).
    pg = await startBenchPostgres('bench', log, { statementStats: true });
    const primaryUrl = pg.url;
    const postmaster = postmasterPidIn(pg.dir);
    const dbName = new URL(pg.url).pathname.slice(1);
    log(`setting up ${o.members.toLocaleString('en')} members through the services`);
    database = connect(pg.url, 8, APP_ROLE, { idleTimeoutMillis: 0 });
    const deps = buildDeps(benchConfig(), database.db);
    const fx = await setupMembers(deps, o.members, log);
    const commits = () => commitsOf((pg as BenchPostgres).adminUrl, dbName);
    const batches = async () =>
      Number(
        (
          await queryOnce<{ n: string }>(
            (pg as BenchPostgres).url,
            `SELECT coalesce(sum(calls), 0)::text AS n FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
             WHERE d.datname = current_database() AND s.query LIKE '%transfer_touser_batch(%'`,
          )
        )[0]?.n ?? 0,
      );
    const atRest = async (): Promise<number> => {
      const pg0 = postgresCpuMs(postmaster);
      const t0 = performance.now();
      await new Promise((r) => setTimeout(r, o.seconds * 1000));
      return (postgresCpuMs(postmaster) - pg0) / ((performance.now() - t0) / 1000);
    };
    const reference = async (init: boolean) => {
      references.push(
        await tpcbReference({
          bin: pgbench,
          url: await (pg as BenchPostgres).database('pgbench_ref'),
          seconds: o.seconds,
          init,
          postmaster,
          log,
        }),
      );
    };
    await reference(true);
    const childEnv: Record<string, string> = {};
    if (o.pgbouncer) {
      // The instances sign in as the app's own login through PgBouncer (no SET ROLE through a pooler).
      const password = randomBytes(18).toString('base64url');
      await enableAppLogin(pg.url, password);
      bouncerDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-bench-pgbouncer-'));
      bouncer = await startPgBouncer({
        serverUrl: pg.url,
        users: [{ name: APP_ROLE, password }],
        dir: path.join(bouncerDir, 'pgbouncer'),
        poolSize: o.pgbouncer,
      });
      childEnv.BENCH_POOLED_URL = bouncer.urlOf(dbName, APP_ROLE);
      log(`PgBouncer (transaction mode, ${o.pgbouncer} server connections) in front of every instance`);
    }
    const cores = halves();
    if (o.pin) {
      // Backends forked later (the instances' connections) inherit the postmaster's cores.
      pin(postmaster, cores.db, true);
      pin(process.pid, cores.apps);
      // PgBouncer is the instances' side of the wire: with them.
      if (bouncer) pin(bouncer.pid, cores.apps);
      log(
        `pinned: PostgreSQL on cores ${cores.db}, the instances${bouncer ? ', PgBouncer' : ''} and the load generator on ${cores.apps}`,
      );
    }
    const poolerCpu = () => (bouncer ? processCpuMs(bouncer.pid) : 0);

    let n = 0;
    for (let i = 0; i < o.runs; i++)
      for (const count of COUNTS) {
        n++;
        log(`run ${n}/${o.runs * COUNTS.length}: ${count} instance${count === 1 ? '' : 's'}`);
        const env: Record<string, string> = {
          ...childEnv,
          ...(o.pool ? { BENCH_POOL: String(Math.ceil(o.pool / count)) } : {}),
        };
        servers = await Promise.all(Array.from({ length: count }, () => startServerProcess(primaryUrl, env)));
        if (o.pin) for (const s of servers) pin(s.pid, cores.apps);
        const spread = new Spread(servers.map((s) => new Client(s.base, Math.ceil(o.concurrency / count))));
        const runId = `i${n}${Date.now().toString(36)}`;
        let offset = 0;
        const transfers = () => requestMaker('transfer', fx.members, fx.tokenId, `${runId}-${offset++}`);
        ok.transfer += (
          await drive(spread, { concurrency: 8, seconds: 2, maxRequests: 500, make: transfers() })
        ).ok;
        const restPgMsPerS = await atRest();
        log(`  at rest (no request): PG ${restPgMsPerS.toFixed(1)} ms CPU a second`);
        const measure = async (paced: boolean): Promise<Phase> => {
          const pids = servers.map((s) => s.pid);
          const appCpu = () => pids.reduce((s, p) => s + processCpuMs(p), 0);
          // Reset first: the batch count below is read from the same statistics.
          if (o.statements) await resetStatementStats((pg as BenchPostgres).url);
          const c0 = await commits();
          const b0 = await batches();
          const pg0 = postgresCpuMs(postmaster);
          const app0 = appCpu();
          const pooler0 = poolerCpu();
          const result = paced
            ? await driveAtRate(spread, { rate, seconds: o.seconds, make: transfers() })
            : await drive(spread, {
                concurrency: o.concurrency,
                seconds: o.seconds,
                maxRequests: 1_000_000,
                make: transfers(),
              });
          const pgMs = postgresCpuMs(postmaster) - pg0;
          const appMs = appCpu() - app0;
          const poolerMs = poolerCpu() - pooler0;
          // The batch count before (on the bench database) commits once: taken off.
          const phase = {
            result,
            pgMs,
            appMs,
            poolerMs,
            commits: (await commits()) - c0 - 1,
            batches: (await batches()) - b0,
            load: os.loadavg()[0] ?? 0,
          };
          ok.transfer += result.ok;
          log(
            `  ${paced ? `open loop at ${int(rate)}/s` : `closed loop, ${o.concurrency} connections`}: ${int(result.tps)} transfers/s, p99 ${ms(result.p99)} ms, PG ${(pgMs / result.ok).toFixed(3)} ms CPU a transfer, ${(result.ok / Math.max(1, phase.commits)).toFixed(2)} transfers a commit, ${(result.ok / Math.max(1, phase.batches)).toFixed(2)} a batch, ${result.errors} errors`,
          );
          if (result.firstError) log(`    first error: ${excerpt(result.firstError, 300)}`);
          if (o.statements) await printTopStatements((pg as BenchPostgres).url, result.ok, 8);
          return phase;
        };
        const closed = await measure(false);
        if (rate === 0) rate = Math.max(50, Math.round(closed.result.tps * 0.6));
        const paced = await measure(true);
        runs.push({ instances: count, n, restPgMsPerS, closed, paced });
        spread.close();
        await Promise.all(servers.map((s) => s.stop()));
        servers = [];
        if (!(await verifyMoney(database.db, ok, 0))) good = false;
      }
    await reference(false);
  } finally {
    await Promise.all(servers.map((s) => s.stop().catch(() => undefined)));
    await bouncer?.stop().catch(() => undefined);
    if (bouncerDir) await rm(bouncerDir, { recursive: true, force: true });
    await database?.close().catch(() => undefined);
    await pg?.stop().catch(() => undefined);
  }
  report(o, references, runs, rate);
  if (o.pin)
    console.log(
      `pinned (taskset): PostgreSQL on cores ${halves().db}; the instances and the load generator on ${halves().apps}. TPC-B's first run was before the pinning, its second after.`,
    );
  return good;
}

function report(o: InstancesOptions, references: PgbenchResult[], runs: Run[], rate: number): void {
  const refTps = references.reduce((s, r) => s + r.tps, 0) / Math.max(1, references.length);
  const refCpu =
    references.reduce((s, r) => s + (r.pgCpuMs ?? 0) / r.transactions, 0) / Math.max(1, references.length);
  console.log(`\nload avg  ${loadAverage()} (1 / 5 / 15 min) after; code ${codeVersion()}`);
  console.log(
    `reference: pgbench TPC-B-like -c 8 -j 2, ${int(refTps)} tps (mean of ${references.length}), PostgreSQL ${refCpu.toFixed(3)} ms CPU a transaction\n`,
  );
  const figures = (p: Phase) => ({
    tps: p.result.tps,
    ratio: p.result.tps / refTps,
    p99: p.result.p99,
    pgMs: p.pgMs / p.result.ok,
    appMs: p.appMs / p.result.ok,
    poolerMs: p.poolerMs / p.result.ok,
    perCommit: p.result.ok / Math.max(1, p.commits),
    perBatch: p.result.ok / Math.max(1, p.batches),
    perCore: p.result.ok / ((p.pgMs + p.appMs + p.poolerMs) / 1000),
    load: p.load,
  });
  type F = ReturnType<typeof figures>;
  const header = [
    'run',
    'transfers/s',
    'vs TPC-B',
    'p99 ms',
    'PG CPU ms/transfer',
    'vs 1 instance',
    'app CPU ms/transfer (all instances)',
    ...(o.pgbouncer ? ['PgBouncer CPU ms/transfer'] : []),
    'transfers per commit',
    'transfers per batch',
    `transfers per core-s (PG + app${o.pgbouncer ? ' + PgBouncer' : ''})`,
    'errors',
    'load 1 min',
  ];
  const row = (label: string, f: F, one: F | undefined, errors: number | string): string[] => [
    label,
    int(f.tps),
    `${f.ratio.toFixed(2)}x`,
    ms(f.p99),
    f.pgMs.toFixed(3),
    one ? `${(f.pgMs / one.pgMs).toFixed(2)}` : '',
    f.appMs.toFixed(3),
    ...(o.pgbouncer ? [f.poolerMs.toFixed(3)] : []),
    f.perCommit.toFixed(2),
    f.perBatch.toFixed(2),
    int(f.perCore),
    String(errors),
    f.load.toFixed(2),
  ];
  const label = (r: { instances: number }) => `${r.instances} instance${r.instances === 1 ? '' : 's'}`;
  console.log('each run');
  printTable(
    header,
    runs.flatMap((r) => [
      row(`${r.n} ${label(r)}: closed loop`, figures(r.closed), undefined, r.closed.result.errors),
      row(
        `${r.n} ${label(r)}: open loop at ${int(rate)}/s`,
        figures(r.paced),
        undefined,
        r.paced.result.errors,
      ),
    ]),
  );
  const med = (fs: F[]): F => {
    const m = (pick: (f: F) => number) => median(fs.map(pick));
    return {
      tps: m((f) => f.tps),
      ratio: m((f) => f.ratio),
      p99: m((f) => f.p99),
      pgMs: m((f) => f.pgMs),
      appMs: m((f) => f.appMs),
      poolerMs: m((f) => f.poolerMs),
      perCommit: m((f) => f.perCommit),
      perBatch: m((f) => f.perBatch),
      perCore: m((f) => f.perCore),
      load: m((f) => f.load),
    };
  };
  console.log(`\nmedians (${o.runs} runs of each, ${o.seconds} s a phase)`);
  const rows: string[][] = [];
  const summary: string[] = [];
  for (const phase of ['closed', 'paced'] as const) {
    const one = med(runs.filter((r) => r.instances === 1).map((r) => figures(r[phase])));
    for (const count of COUNTS) {
      const mine = runs.filter((r) => r.instances === count);
      if (mine.length === 0) continue;
      const f = med(mine.map((r) => figures(r[phase])));
      const errors = mine.reduce((s, r) => s + r[phase].result.errors, 0);
      rows.push(
        row(
          `${label({ instances: count })}: ${phase === 'closed' ? `closed loop, ${o.concurrency} connections` : `open loop at ${int(rate)}/s`}`,
          f,
          one,
          errors,
        ),
      );
      if (count > 1)
        summary.push(
          `${phase === 'closed' ? 'closed loop' : `open loop at ${int(rate)}/s`}, ${count} instances: PostgreSQL CPU per transfer ${(f.pgMs / one.pgMs).toFixed(2)}x one instance's (the issue asks within 1.15x), ${f.perCommit.toFixed(2)} transfers a commit against ${one.perCommit.toFixed(2)}, ${f.perBatch.toFixed(2)} a batch against ${one.perBatch.toFixed(2)}, throughput ${(f.tps / one.tps).toFixed(2)}x`,
        );
    }
  }
  printTable(header, rows);
  for (const s of summary) console.log(s);
  const rest = COUNTS.map((count) => {
    const mine = runs.filter((r) => r.instances === count);
    return `${label({ instances: count })} ${median(mine.map((r) => r.restPgMsPerS)).toFixed(1)} ms CPU a second`;
  });
  console.log(`PostgreSQL at rest (the instances running, no request, medians): ${rest.join('; ')}`);
  console.log(
    `\ndatabase connections: ${o.pool ? `${o.pool} in all, split between the instances (ceil(${o.pool} / count) each)` : '20 in each instance'}${o.pgbouncer ? `, through one PgBouncer in transaction mode with ${o.pgbouncer} server connections (its marked statements unnamed, planned per call: decision 0078)` : ''}`,
  );
  console.log(
    `POST /transfer/touser spread in turn over the instances; closed loop: ${o.concurrency} connections in all; open loop: one rate for every configuration (${o.rate ? 'set by --instance-rate' : "60% of one instance's closed-loop rate in run 1"}).\nCPU from /proc: PG = the postmaster and every backend, app = every instance's process, per 2xx transfer; transfers per commit = 2xx transfers / xact_commit of the bench database in the phase (session look-ups commit too);\ntransfers per batch = 2xx transfers / transfer_touser_batch statements (pg_stat_statements).`,
  );
}
