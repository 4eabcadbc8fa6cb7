/**
 * `npm run bench -- --only replica-reads [--replica-seconds N] [--replica-runs R] [--read-concurrency C] [--members N]`
 *
 * Decision 0080's measure: money requests on the primary while the heaviest reads run at the same time, the reads on a
 * streaming replica (decision 0080, the app started with a replica: server-child.ts BENCH_REPLICA_URL) beside the
 * same run with the reads on the primary (the app started without it). One embedded PostgreSQL (the primary) and a
 * real physical replica of it (test/replica.ts) on the same machine, the replica attached in both configurations (its
 * WAL sender and replay cost the same in both).
 *
 * Each run starts the app in one configuration (two instances: one serving the transfers, one the reads, so the reads'
 * JSON and CSV work does not share the transfers' event loop), drives POST /transfer/touser alone, then again while a second load
 * generator drives the reads: a member's CSV statement for the month (members whose history was made first, who write
 * nothing afterwards, so read-your-writes does not send their reads to the primary), GET /tr/all deep pages, the
 * /users/list search and the audit search (admin), plus the proof's balance snapshot (snapshotBalances, what
 * ProofService.buildDay reads through its fresh read: on the replica, or the primary) called from this process.
 * Configurations alternate (A B A B ...); the tables give each run and the medians. CPU from /proc: the primary's
 * postmaster and every backend, the replica's postmaster apart, the app's process. Money verified after each run.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildDeps } from '../src/app';
import { APP_ROLE, connect, type Database, queryOnce } from '../src/db';
import { snapshotBalances } from '../src/modules/proof/proof.snapshot';
import { type Replica, startReplica } from '../test/replica';
import { benchConfig } from './lib/config';
import { postgresCpuMs, postmasterPidIn, processCpuMs } from './lib/cpu';
import { Client, drive, driveAtRate, type LoadResult, type Req } from './lib/load';
import { type BenchPostgres, commitsOf, startBenchPostgres } from './lib/pg';
import { findPgbench, PGBENCH_MISSING, type PgbenchResult, tpcbReference } from './lib/pgbench';
import { codeVersion } from './lib/report';
import { type ServerProcess, startServerProcess } from './lib/server';
import { excerpt, int, loadAverage, median, ms, percentile, printTable } from './lib/stats';
import { requestMaker } from './money-endpoints';
import { type Member, setupMembers } from './money-setup';
import { type Moved, verifyMoney } from './money-verify';

export type ReplicaReadsOptions = {
  seconds: number;
  runs: number;
  members: number;
  /** Transfers in flight (the money section's 32). */
  concurrency: number;
  /** Reads in flight: loops each taking the next of the five reads (the proof's snapshot from this process). */
  readConcurrency: number;
};

type Config = 'replica' | 'primary';
const CONFIG_LABEL: Record<Config, string> = {
  replica: 'reads on the replica',
  primary: 'reads on the primary',
};
/** Members whose statements are read: they get their history first and write nothing during the measured runs. */
const READERS = 100;
/** Transfers each reader sends (and receives) before the runs: the month's history of its statement. */
const HISTORY_PER_READER = 40;
const READ_KINDS = [
  'statement csv',
  'tr/all deep page',
  'users/list search',
  'audit search',
  'proof snapshot',
] as const;
type ReadKind = (typeof READ_KINDS)[number];

/**
 * CPU (ms) used between two readings: the primary (postmaster and backends), the replica's, the app instance serving
 * the transfers, the one serving the reads, this process.
 */
type Cpu = { primary: number; replica: number; app: number; readApp: number; bench: number };
type Phase = {
  transfers: LoadResult;
  cpu: Cpu;
  /** Reads answered 2xx during the transfers, by kind, and their latencies. */
  reads?: {
    ok: Record<ReadKind, number>;
    errors: number;
    firstError: string | null;
    latencies: number[];
    ms: number;
  };
  /** Commits on the replica's bench database during the phase (pg_stat_database): reads that really ran there. */
  replicaCommits: number;
  /** The same on the primary: the transfers' own, and whatever else reached it (reads, session look-ups). */
  primaryCommits: number;
  load: number;
};
type Run = {
  config: Config;
  n: number;
  alone: Phase;
  withReads: Phase;
  /** Transfers alone again, offered open loop at the rate they reached with the reads: CPU per transfer at that rate. */
  paced: Phase;
  routerReads: number | null;
};

const sleep = (msec: number) => new Promise((r) => setTimeout(r, msec));

export async function runReplicaReadsBench(
  o: ReplicaReadsOptions,
  log: (m: string) => void,
): Promise<boolean> {
  const pgbench = findPgbench();
  if (!pgbench) {
    console.error(PGBENCH_MISSING);
    return false;
  }
  let pg: BenchPostgres | undefined;
  let replica: Replica | undefined;
  let folder: string | undefined;
  let database: Database | undefined;
  let replicaDb: Database | undefined;
  let server: ServerProcess | undefined;
  /** A second app instance, in the same configuration, serving the reads (as a platform runs several). */
  let readServer: ServerProcess | undefined;
  const references: PgbenchResult[] = [];
  const runs: Run[] = [];
  const ok: Moved = { transfer: 0, withdrawal: 0, buy: 0, sell: 0, roi: 0 };
  let good = true;
  try {
    pg = await startBenchPostgres('bench', log);
    const postmaster = postmasterPidIn(pg.dir);
    const dbName = new URL(pg.url).pathname.slice(1);
    const maxConnections = Number(
      (await queryOnce<{ max_connections: string }>(pg.url, 'SHOW max_connections'))[0]?.max_connections ??
        100,
    );

    log(`setting up ${o.members.toLocaleString('en')} members through the services`);
    database = connect(pg.url, 8, APP_ROLE, { idleTimeoutMillis: 0 });
    const config = benchConfig();
    const deps = buildDeps(config, database.db);
    const fx = await setupMembers(deps, o.members, log);
    const adminId = await database.db.transaction().execute((tx) =>
      deps.auth.insertMember(tx, {
        email: 'admin@bench.example',
        fullname: 'Bench Admin',
        phone: null,
        passwordHash: 'x',
        sponsorId: null,
        prefix: 'ADM',
        role: 'admin',
      }),
    );
    const adminToken = (
      await deps.sessions.create(database.db, adminId, 'admin', { ip: '127.0.0.1', userAgent: 'sgx-bench' })
    ).token;
    const readers = fx.members.slice(-READERS);
    const senders = fx.members.slice(0, -READERS);

    folder = mkdtempSync(path.join(os.tmpdir(), 'sgx-bench-replica-'));
    log(`starting a streaming replica of it in ${folder} (max_connections ${maxConnections})`);
    replica = await startReplica({
      adminUrl: pg.adminUrl,
      primaryDataDir: path.join(pg.dir, 'pg'),
      replicaDir: path.join(folder, 'pg'),
      maxConnections,
    });
    const replicaPostmaster = postmasterPidIn(path.join(folder, 'pg'));
    const replicaUrl = replica.urlOf(dbName);
    replicaDb = connect(replicaUrl, 2, APP_ROLE, { idleTimeoutMillis: 0 });
    const replicaAdminUrl = replica.urlOf('postgres');
    const commitsOn = (url: string) => commitsOf(url, dbName);
    const replicaCommits = () => commitsOn(replicaAdminUrl);
    const primaryCommits = () => commitsOn((pg as BenchPostgres).adminUrl);
    const cpuNow = () => ({
      primary: postgresCpuMs(postmaster),
      replica: postgresCpuMs(replicaPostmaster),
      app: server ? processCpuMs(server.pid) : 0,
      readApp: readServer ? processCpuMs(readServer.pid) : 0,
      bench: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
    });
    const cpuSince = (before: Cpu): Cpu => {
      const now = cpuNow();
      return {
        primary: now.primary - before.primary,
        replica: now.replica - before.replica,
        app: now.app - before.app,
        readApp: now.readApp - before.readApp,
        bench: now.bench - before.bench,
      };
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

    // The readers' history: each sends and receives HISTORY_PER_READER transfers, then writes nothing more.
    server = await startServerProcess(pg.url);
    {
      const http = new Client(server.base, 16);
      const make = requestMaker('transfer', readers, fx.tokenId, `h${Date.now().toString(36)}`);
      const r = await drive(http, {
        concurrency: 16,
        seconds: 600,
        maxRequests: READERS * HISTORY_PER_READER,
        make,
      });
      ok.transfer += r.ok;
      http.close();
      log(`readers' history: ${r.ok} transfers among ${READERS} members (${r.errors} errors)`);
    }
    await server.stop();
    server = undefined;

    const monthStart = new Date().toISOString().slice(0, 8).concat('01');
    const today = new Date().toISOString().slice(0, 10);
    const configs: Config[] = [];
    for (let i = 0; i < o.runs; i++) configs.push('replica', 'primary');
    let n = 0;
    for (const cfg of configs) {
      n++;
      log(`run ${n}/${configs.length}: ${CONFIG_LABEL[cfg]}`);
      const env: Record<string, string> = cfg === 'replica' ? { BENCH_REPLICA_URL: replicaUrl } : {};
      server = await startServerProcess(pg.url, env);
      readServer = await startServerProcess(pg.url, env);
      const http = new Client(server.base, o.concurrency);
      const readHttp = new Client(readServer.base, o.readConcurrency);
      const runId = `r${n}${Date.now().toString(36)}`;
      let offset = 0;
      const transfers = () => {
        const make = requestMaker('transfer', senders, fx.tokenId, `${runId}-${offset}`);
        offset++;
        return make;
      };
      const warm = await drive(http, { concurrency: 8, seconds: 3, maxRequests: 1_000, make: transfers() });
      ok.transfer += warm.ok;
      // The depth of /tr/all now: its last pages are the deepest OFFSET.
      const first = await readHttp.send({
        method: 'GET',
        path: '/tr/all?page=1&limit=50',
        headers: { authorization: `Bearer ${adminToken}` },
      });
      const lastPage = Math.max(
        1,
        Math.ceil(((JSON.parse(first.body) as { total?: number }).total ?? 50) / 50),
      );

      const measure = async (reads: boolean, rate?: number): Promise<Phase> => {
        const commitsBefore = await replicaCommits();
        const primaryBefore = await primaryCommits();
        let stop = false;
        const readOk = Object.fromEntries(READ_KINDS.map((k) => [k, 0])) as Record<ReadKind, number>;
        let readErrors = 0;
        let firstError: string | null = null;
        const latencies: number[] = [];
        const byKind = Object.fromEntries(READ_KINDS.map((x) => [x, [] as number[]])) as Record<
          ReadKind,
          number[]
        >;
        let k = 0;
        const httpRead = (i: number): { kind: ReadKind; req: Req } | undefined => {
          const admin = { authorization: `Bearer ${adminToken}` };
          const reader = readers[i % readers.length] as Member;
          switch (i % READ_KINDS.length) {
            case 0:
              return {
                kind: 'statement csv',
                req: {
                  method: 'GET',
                  path: `/statements/csv?wallet=deposit&from=${monthStart}&to=${today}`,
                  headers: { authorization: `Bearer ${reader.token}` },
                },
              };
            case 1:
              return {
                kind: 'tr/all deep page',
                req: {
                  method: 'GET',
                  path: `/tr/all?page=${Math.max(1, lastPage - (i % 10))}&limit=50`,
                  headers: admin,
                },
              };
            case 2:
              return {
                kind: 'users/list search',
                req: {
                  method: 'GET',
                  path: `/users/list?page=1&search=bench${i % o.members}`,
                  headers: admin,
                },
              };
            case 3:
              return {
                kind: 'audit search',
                req: { method: 'GET', path: '/admin/audit?limit=200', headers: admin },
              };
            default:
              return undefined;
          }
        };
        const onRead = (kind: ReadKind, good: boolean, what: string, took: number) => {
          latencies.push(took);
          byKind[kind].push(took);
          if (good) readOk[kind]++;
          else {
            readErrors++;
            firstError ??= `${kind}: ${what}`;
          }
        };
        // The proof's snapshot where ProofService's fresh read takes it: the replica, or the primary.
        const proofDb = cfg === 'replica' ? (replicaDb as Database).db : (database as Database).db;
        const loops: Promise<void>[] = [];
        if (reads) {
          // Each loop takes the next read of the round (statement, /tr/all, search, audit, proof): one of each in turn.
          for (let c = 0; c < o.readConcurrency; c++)
            loops.push(
              (async () => {
                while (!stop) {
                  const next = httpRead(k++);
                  const t0 = performance.now();
                  try {
                    if (next) {
                      const res = await readHttp.send(next.req);
                      onRead(next.kind, res.status === 200, `${res.status} ${excerpt(res.body)}`, res.ms);
                    } else {
                      const rows = await snapshotBalances(proofDb, new Date());
                      onRead('proof snapshot', rows.length > 0, 'no leaves', performance.now() - t0);
                    }
                  } catch (err) {
                    onRead(next?.kind ?? 'proof snapshot', false, String(err), performance.now() - t0);
                  }
                }
              })(),
            );
        }
        const t0 = performance.now();
        const before = cpuNow();
        const transfersDone =
          rate === undefined
            ? await drive(http, {
                concurrency: o.concurrency,
                seconds: o.seconds,
                maxRequests: 1_000_000,
                make: transfers(),
              })
            : await driveAtRate(http, { rate, seconds: o.seconds, make: transfers() });
        const cpu = cpuSince(before);
        const took = performance.now() - t0;
        stop = true;
        await Promise.all(loops);
        ok.transfer += transfersDone.ok;
        const phase: Phase = {
          transfers: transfersDone,
          cpu,
          replicaCommits: (await replicaCommits()) - commitsBefore,
          primaryCommits: (await primaryCommits()) - primaryBefore,
          load: os.loadavg()[0] ?? 0,
          ...(reads ? { reads: { ok: readOk, errors: readErrors, firstError, latencies, ms: took } } : {}),
        };
        const readText = phase.reads
          ? `; reads ${(readsDone(phase) / (took / 1000)).toFixed(1)}/s (${READ_KINDS.map((x) => `${x} ${readOk[x]} p50 ${ms(median(byKind[x]))} ms`).join(', ')}), ${readErrors} errors`
          : '';
        log(
          `  ${reads ? 'with reads' : rate === undefined ? 'alone     ' : 'paced     '}: ${int(transfersDone.tps)} transfers/s, p99 ${ms(transfersDone.p99)} ms, ${transfersDone.errors} errors${readText}; replica commits ${phase.replicaCommits}, primary commits ${phase.primaryCommits}`,
        );
        if (phase.reads?.firstError) log(`    first read error: ${excerpt(phase.reads.firstError, 300)}`);
        if (transfersDone.firstError)
          log(`    first transfer error: ${excerpt(transfersDone.firstError, 300)}`);
        return phase;
      };
      const alone = await measure(false);
      const withReads = await measure(true);
      const paced = await measure(false, withReads.transfers.tps);
      const health = await readHttp.send({ method: 'GET', path: '/health/ready' });
      const replicas = (JSON.parse(health.body) as { replicas?: { reads: number }[] }).replicas;
      const routerReads = replicas?.[0]?.reads ?? null;
      if (routerReads !== null)
        log(`  /health/ready: the replica served ${routerReads} reads since the app started`);
      http.close();
      readHttp.close();
      await server.stop();
      server = undefined;
      await readServer.stop();
      readServer = undefined;
      runs.push({ config: cfg, n, alone, withReads, paced, routerReads });
      const verified = await verifyMoney(database.db, ok, 0);
      if (!verified) good = false;
      await sleep(500);
    }
    // Once more after the runs: on a shared machine the load drifts, so the ratio uses the mean.
    await reference(false);
  } finally {
    await server?.stop().catch(() => undefined);
    await readServer?.stop().catch(() => undefined);
    await replicaDb?.close().catch(() => undefined);
    await database?.close().catch(() => undefined);
    await replica?.stop().catch(() => undefined);
    if (folder) rmSync(folder, { recursive: true, force: true });
    await pg?.stop().catch(() => undefined);
  }
  report(o, references, runs);
  return good;
}

const readsDone = (p: Phase) => (p.reads ? READ_KINDS.reduce((s, k) => s + (p.reads?.ok[k] ?? 0), 0) : 0);

function report(o: ReplicaReadsOptions, references: PgbenchResult[], runs: Run[]): void {
  const refTps = references.reduce((s, r) => s + r.tps, 0) / Math.max(1, references.length);
  const refCpu =
    references.reduce((s, r) => s + (r.pgCpuMs ?? 0) / r.transactions, 0) / Math.max(1, references.length);
  const refPerCore =
    references.reduce((s, r) => s + r.transactions / ((r.pgCpuMs ?? 0) / 1000), 0) /
    Math.max(1, references.length);
  console.log(`\nload avg  ${loadAverage()} (1 / 5 / 15 min) after; code ${codeVersion()}`);
  console.log(
    `reference: pgbench TPC-B-like -c 8 -j 2, ${int(refTps)} tps (mean of ${references.length}), PostgreSQL ${refCpu.toFixed(2)} ms CPU a transaction, ${int(refPerCore)} transactions per PostgreSQL core-second\n`,
  );
  const figures = (p: Phase) => {
    const t = p.transfers.ok;
    const reads = readsDone(p);
    const httpReads = reads - (p.reads?.ok['proof snapshot'] ?? 0);
    return {
      tps: p.transfers.tps,
      ratio: p.transfers.tps / refTps,
      p99: p.transfers.p99,
      pgMs: p.cpu.primary / t,
      replicaCores: p.cpu.replica / p.transfers.durationMs,
      primaryCores: p.cpu.primary / p.transfers.durationMs,
      appMs: p.cpu.app / t,
      appCores: p.cpu.app / p.transfers.durationMs,
      readAppMs: httpReads > 0 ? p.cpu.readApp / httpReads : Number.NaN,
      perCore: t / ((p.cpu.primary + p.cpu.app) / 1000),
      readsPerS: p.reads ? reads / (p.reads.ms / 1000) : 0,
      readP50: p.reads
        ? percentile(
            [...p.reads.latencies].sort((a, b) => a - b),
            50,
          )
        : Number.NaN,
      load: p.load,
      commits: p.replicaCommits,
      primaryPerTransfer: p.primaryCommits / t,
    };
  };
  type F = ReturnType<typeof figures>;
  const row = (label: string, f: F, reads: boolean): string[] => [
    label,
    int(f.tps),
    `${f.ratio.toFixed(2)}x`,
    ms(f.p99),
    f.pgMs.toFixed(2),
    `${int(1000 / f.pgMs)} (${(1000 / f.pgMs / refPerCore).toFixed(2)}x)`,
    f.primaryCores.toFixed(2),
    f.replicaCores.toFixed(2),
    f.appMs.toFixed(2),
    f.appCores.toFixed(2),
    reads ? f.readAppMs.toFixed(2) : '',
    int(f.perCore),
    reads ? f.readsPerS.toFixed(1) : '',
    reads ? ms(f.readP50) : '',
    int(f.commits),
    f.primaryPerTransfer.toFixed(2),
    f.load.toFixed(2),
  ];
  const header = [
    'run',
    'transfers/s',
    'vs TPC-B',
    'p99 ms',
    'primary PG CPU ms/transfer',
    'transfers per primary PG core-s (vs TPC-B)',
    'primary PG cores',
    'replica PG cores',
    'app CPU ms/transfer',
    'app cores',
    'read app CPU ms/read',
    'transfers per core-s (primary PG + app)',
    'reads/s',
    'read p50 ms',
    'replica commits',
    'primary commits per transfer',
    'load 1 min',
  ];
  console.log('each run (alone, with the reads, then alone at the rate reached with the reads)');
  printTable(
    header,
    runs.flatMap((r) => [
      row(`${r.n} ${r.config}: transfers alone`, figures(r.alone), false),
      row(`${r.n} ${r.config}: transfers + ${CONFIG_LABEL[r.config]}`, figures(r.withReads), true),
      row(`${r.n} ${r.config}: transfers alone at that rate (open loop)`, figures(r.paced), false),
    ]),
  );
  const med = (fs: F[]): F => {
    const m = (pick: (f: F) => number) => median(fs.map(pick));
    return {
      tps: m((f) => f.tps),
      ratio: m((f) => f.ratio),
      p99: m((f) => f.p99),
      pgMs: m((f) => f.pgMs),
      replicaCores: m((f) => f.replicaCores),
      primaryCores: m((f) => f.primaryCores),
      appMs: m((f) => f.appMs),
      appCores: m((f) => f.appCores),
      readAppMs: m((f) => f.readAppMs),
      perCore: m((f) => f.perCore),
      readsPerS: m((f) => f.readsPerS),
      readP50: m((f) => f.readP50),
      load: m((f) => f.load),
      commits: m((f) => f.commits),
      primaryPerTransfer: m((f) => f.primaryPerTransfer),
    };
  };
  console.log(`\nmedians (${o.runs} runs of each configuration, ${o.seconds} s each phase)`);
  const rows: string[][] = [];
  const summary: string[] = [];
  for (const cfg of ['replica', 'primary'] as const) {
    const mine = runs.filter((r) => r.config === cfg);
    if (mine.length === 0) continue;
    const alone = med(mine.map((r) => figures(r.alone)));
    const loaded = med(mine.map((r) => figures(r.withReads)));
    rows.push(
      row(`transfers alone (app ${cfg === 'replica' ? 'with' : 'without'} the replica)`, alone, false),
    );
    rows.push(row(`transfers + ${CONFIG_LABEL[cfg]}`, loaded, true));
    const paced = med(mine.map((r) => figures(r.paced)));
    rows.push(row('transfers alone at that rate (open loop)', paced, false));
    const change = loaded.ratio / alone.ratio - 1;
    const cpuChange = alone.pgMs / loaded.pgMs - 1;
    summary.push(
      `${CONFIG_LABEL[cfg]}: ratio to TPC-B ${alone.ratio.toFixed(2)}x alone, ${loaded.ratio.toFixed(2)}x with the reads (${(change * 100).toFixed(1)}%); per primary PostgreSQL core-second ${int(1000 / alone.pgMs)} alone, ${int(1000 / loaded.pgMs)} with the reads (${(cpuChange * 100).toFixed(1)}%; the issue asks within 10% with the reads on a replica)`,
    );
    const served = mine.map((r) => r.routerReads).filter((x): x is number => x !== null);
    summary.push(
      `  at the same rate without the reads: ${int(1000 / paced.pgMs)} transfers per primary PostgreSQL core-second ; primary CPU per transfer with the reads / alone at that rate: ${(loaded.pgMs / paced.pgMs).toFixed(2)} (the reads' cost to the primary, the rate's own effect on batching apart)`,
    );
    if (served.length > 0)
      summary.push(`  the replica served ${served.join(', ')} reads (/health/ready) in those runs`);
  }
  printTable(header, rows);
  for (const s of summary) console.log(s);
  console.log(
    `\n${o.concurrency} transfer connections, ${o.readConcurrency} read loops (each taking the next of: statement CSV, /tr/all deep page, /users/list search, audit search, proof snapshot); vs TPC-B = transfers/s over the mean of pgbench's;\nCPU from /proc: primary PG = its postmaster and every backend (reads on the primary included), per 2xx transfer; PG cores = CPU seconds per second of the phase;\nthe replica's postmaster apart (replay, and the reads it served); app = the instance serving the transfers (CPU per 2xx transfer, and cores), read app = a second instance serving the HTTP reads;\ntransfers per core-s = 2xx transfers / (primary PG + transfer app CPU s).\nreplica commits = xact_commit of the bench database on the replica during the phase (its reads; 0 means nothing read there).`,
  );
}
