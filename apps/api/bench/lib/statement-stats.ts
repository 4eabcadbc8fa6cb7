import type pg from 'pg';
import { queryOnce } from '../../src/db';

/** One normalized statement as pg_stat_statements saw it: calls and the server's time (planning + execution). */
export type StatementStat = { query: string; calls: number; ms: number; planMs: number };

/**
 * The server's own time per statement, from pg_stat_statements (startBenchPostgres with `statementStats`):
 * reset before a measured step, read after it. Counts every top-level statement of the database, BEGIN and
 * COMMIT included (the COMMIT's time holds the WAL flush), triggers inside the statements that fired them.
 */
export async function resetStatementStats(url: string): Promise<void> {
  await queryOnce(url, "SELECT pg_stat_statements_reset(), pg_stat_reset_shared('io')");
}

/**
 * Milliseconds PostgreSQL spent writing and flushing WAL since the reset (pg_stat_io, track_wal_io_timing): the
 * commits' flushes, which pg_stat_statements leaves out (a COMMIT's flush happens after its statement ends).
 * The pool's connections are told to report their figures first (they would otherwise wait up to 10 s).
 */
export async function readWalIoMs(url: string, pool: pg.Pool): Promise<number> {
  const clients = await Promise.all(Array.from({ length: pool.options.max ?? 1 }, () => pool.connect()));
  try {
    await Promise.all(clients.map((c) => c.query('SELECT pg_stat_force_next_flush()')));
  } finally {
    for (const c of clients) c.release();
  }
  const rows = await queryOnce<{ ms: number | null }>(
    url,
    "SELECT sum(coalesce(write_time, 0) + coalesce(fsync_time, 0))::float8 AS ms FROM pg_stat_io WHERE object = 'wal'",
  );
  return rows[0]?.ms ?? 0;
}

export async function readStatementStats(url: string): Promise<StatementStat[]> {
  const rows = await queryOnce<{ query: string; calls: string; ms: number; plan_ms: number }>(
    url,
    `SELECT s.query, s.calls::text AS calls, (s.total_exec_time + s.total_plan_time)::float8 AS ms,
            s.total_plan_time::float8 AS plan_ms
     FROM pg_stat_statements s JOIN pg_database d ON d.oid = s.dbid
     WHERE d.datname = current_database() AND s.query NOT ILIKE '%pg_stat_statements%'
     ORDER BY ms DESC`,
  );
  return rows.map((r) => ({
    query: r.query.replace(/\s+/g, ' ').trim(),
    calls: Number(r.calls),
    ms: r.ms,
    planMs: r.plan_ms,
  }));
}

/**
 * Times every statement the pool's connections send, as the app sees it (round trip included): counts and
 * milliseconds since the last `take()`. Installed once per pool, on each connection as it is checked out.
 */
export function watchPool(pool: pg.Pool): { take: () => { statements: number; ms: number } } {
  let statements = 0;
  let ms = 0;
  const wrapped = new WeakSet<pg.PoolClient>();
  pool.on('acquire', (client) => {
    if (wrapped.has(client)) return;
    wrapped.add(client);
    const query = client.query.bind(client) as (...args: unknown[]) => unknown;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      const result = query(...args);
      if (!(result instanceof Promise)) return result;
      const started = performance.now();
      statements++;
      return result.finally(() => {
        ms += performance.now() - started;
      });
    };
  });
  return {
    take: () => {
      const out = { statements, ms };
      statements = 0;
      ms = 0;
      return out;
    },
  };
}

/**
 * The `top` statements by the server's time since the last reset, per request of `requests` (nested ones too
 * when the server tracks them): where an endpoint's PostgreSQL time goes.
 */
export async function printTopStatements(url: string, requests: number, top = 15): Promise<void> {
  const stats = await readStatementStats(url);
  const total = stats.reduce((sum, s) => sum + s.ms, 0);
  console.log(
    `    PostgreSQL statements per request (of ${requests.toLocaleString('en')}; nested included):`,
  );
  for (const s of stats.slice(0, top)) {
    console.log(
      `    ${(s.ms / requests).toFixed(3).padStart(7)} ms (plan ${(s.planMs / requests).toFixed(3)}) ${(s.calls / requests).toFixed(2).padStart(5)} calls  ${s.query.slice(0, 130)}`,
    );
  }
  console.log(
    `    ${(total / requests).toFixed(3).padStart(7)} ms in all (statements nest: a function's time holds its own)`,
  );
}
