import { Kysely, PostgresDialect, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// int8 (bigint) columns and aggregates arrive as exact JS bigint, never as float or text.
pg.types.setTypeParser(20, (v) => BigInt(v));
// date columns stay as their 'YYYY-MM-DD' text: a business date has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type DbOrTx = Db | Tx;

export type Database = { db: Db; pool: pg.Pool; close: () => Promise<void> };

/**
 * A pool of connections. With `role`, every connection first takes that database role (the app's
 * `sgx_app`, which may append to the ledger but never update or delete it).
 */
export function connect(url: string, max = 10, role?: string): Database {
  const pool = new pg.Pool({ connectionString: url, max });
  if (role) pool.on('connect', (client) => void client.query(`SET ROLE ${pg.escapeIdentifier(role)}`));
  // An idle connection closed by the server (restart, shutdown) must not crash the process;
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool }) });
  return { db, pool, close: () => db.destroy() };
}

export const APP_ROLE = 'sgx_app';

/** Whether this login may act as the app role (false where the migration could not create it). */
export async function canUseAppRole(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ ok: boolean }>(
      "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role(current_user, $1, 'MEMBER') AS ok",
      [APP_ROLE],
    );
    return rows[0]?.ok ?? false;
  } finally {
    await client.end();
  }
}
