import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// int8 (bigint) columns and aggregates arrive as exact JS bigint, never as float or text.
pg.types.setTypeParser(20, (v) => BigInt(v));

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

export function connect(url: string, max = 10): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  // An idle connection closed by the server (restart, shutdown) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}
