import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { postgresCpuMs, settled } from './cpu';
import { ms, percentile } from './stats';

const CANDIDATES = [
  '/usr/bin/pgbench',
  '/usr/lib/postgresql/18/bin/pgbench',
  '/usr/lib/postgresql/17/bin/pgbench',
  '/usr/lib/postgresql/16/bin/pgbench',
  '/usr/lib/postgresql/15/bin/pgbench',
];

export const PGBENCH_MISSING = `pgbench was not found (looked for ${CANDIDATES.join(', ')}).
Install it with:  apt-get install postgresql-client   (Debian/Ubuntu; it brings pgbench)
or skip the reference with --no-reference (the ratio column then stays empty).`;

export function findPgbench(): string | undefined {
  return CANDIDATES.find((p) => existsSync(p));
}

export type PgbenchResult = {
  version: string;
  tps: number;
  transactions: number;
  failed: number;
  latencyAvgMs: number;
  p50: number;
  p99: number;
  initMs: number;
  /** PostgreSQL's CPU during the run, in ms (with `postmaster`). */
  pgCpuMs?: number;
};

function run(bin: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(bin, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.stderr.on('data', (c: Buffer) => {
      err += c.toString();
    });
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0
        ? resolve(`${out}\n${err}`)
        : reject(new Error(`${bin} ${args.join(' ')} exited ${code}:\n${err}`)),
    );
  });
}

const num = (text: string, re: RegExp): number => {
  const m = re.exec(text);
  return m?.[1] ? Number(m[1]) : Number.NaN;
};

/**
 * The reference: pgbench's TPC-B-like script on the same PostgreSQL, in a database of its own
 * (`pgbench -i -s <scale>`, then `-c <clients> -j <threads> -T <seconds>`), with every transaction's
 * latency logged so p50 and p99 come from the same definition as the HTTP numbers.
 */
export async function runPgbench(o: {
  bin: string;
  url: string;
  scale: number;
  clients: number;
  threads: number;
  seconds: number;
  /** Create and fill the pgbench tables first (`-i`); false to run again on them. */
  init: boolean;
  /**
   * A script of our own instead of TPC-B (`-n -f file -M prepared`: each statement parsed and planned once per
   * connection, as the app's hot statements are, db/index.ts prepareMarked).
   */
  script?: string;
  /** The server's postmaster pid: PostgreSQL's CPU during the run is measured. */
  postmaster?: number;
}): Promise<PgbenchResult> {
  const u = new URL(o.url);
  const conn = ['-h', u.hostname, '-p', u.port, '-U', decodeURIComponent(u.username)];
  const db = u.pathname.slice(1);
  const env = { ...process.env, PGPASSWORD: decodeURIComponent(u.password), PGSSLMODE: 'disable' };
  const version = (await run(o.bin, ['--version'], env)).trim().split('\n')[0] ?? '';
  const started = performance.now();
  if (o.init) await run(o.bin, ['-i', '-q', '-s', String(o.scale), ...conn, db], env);
  const initMs = performance.now() - started;
  const logDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-pgbench-'));
  try {
    const cpuBefore = o.postmaster === undefined ? 0 : postgresCpuMs(o.postmaster);
    const out = await run(
      o.bin,
      [
        ...(o.script ? ['-n', '-f', o.script, '-M', 'prepared'] : []),
        '-c',
        String(o.clients),
        '-j',
        String(o.threads),
        '-T',
        String(o.seconds),
        '-l',
        `--log-prefix=${path.join(logDir, 'tx')}`,
        ...conn,
        db,
      ],
      env,
    );
    // pgbench's backends end with it: read once they are gone and counted in the postmaster's children's time.
    if (o.postmaster !== undefined) await settled(o.postmaster);
    const pgCpuMs = o.postmaster === undefined ? undefined : postgresCpuMs(o.postmaster) - cpuBefore;
    // Per-transaction log lines: client_id transaction_no latency_us script_no epoch epoch_us
    const latencies: number[] = [];
    for (const f of await readdir(logDir)) {
      for (const line of (await readFile(path.join(logDir, f), 'utf8')).split('\n')) {
        const us = Number(line.split(' ')[2]);
        if (line && Number.isFinite(us)) latencies.push(us / 1000);
      }
    }
    latencies.sort((a, b) => a - b);
    return {
      version,
      tps: num(out, /tps = ([\d.]+) \(without initial connection time\)/),
      transactions: num(out, /number of transactions actually processed: (\d+)/),
      failed: num(out, /number of failed transactions: (\d+)/) || 0,
      latencyAvgMs: num(out, /latency average = ([\d.]+) ms/),
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      initMs,
      ...(pgCpuMs === undefined ? {} : { pgCpuMs }),
    };
  } finally {
    await rm(logDir, { recursive: true, force: true });
  }
}

/**
 * A bench section's TPC-B-like reference (`-c 8 -j 2`, scale 10) on its PostgreSQL's `pgbench_ref` database, logged:
 * run before a section's runs (`init`: the tables made first) and after them, since the load drifts on a shared host.
 */
export async function tpcbReference(o: {
  bin: string;
  /** The database's URL (created if missing: BenchPostgres.database). */
  url: string;
  seconds: number;
  init: boolean;
  postmaster: number;
  log: (m: string) => void;
}): Promise<PgbenchResult> {
  o.log(
    `reference: ${o.init ? 'pgbench -i -s 10, then ' : 'pgbench '}-c 8 -j 2 -T ${o.seconds} (TPC-B-like)`,
  );
  const r = await runPgbench({
    bin: o.bin,
    url: o.url,
    scale: 10,
    clients: 8,
    threads: 2,
    seconds: o.seconds,
    init: o.init,
    postmaster: o.postmaster,
  });
  o.log(
    `  ${r.version}: ${r.tps.toFixed(0)} tps, p99 ${ms(r.p99)} ms, PostgreSQL ${((r.pgCpuMs ?? 0) / r.transactions).toFixed(3)} ms CPU a transaction`,
  );
  return r;
}
