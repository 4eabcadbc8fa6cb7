import { Kysely, PostgresDialect, type PostgresPool, type Transaction } from 'kysely';
import pg from 'pg';
import type { DB } from './schema';

// int8 (bigint) columns and aggregates arrive as exact JS bigint, never as float or text.
pg.types.setTypeParser(20, (v) => BigInt(v));
// date columns stay as their 'YYYY-MM-DD' text: a business date has no time zone.
pg.types.setTypeParser(1082, (v) => v);

export type Db = Kysely<DB>;
export type Tx = Transaction<DB>;
export type DbOrTx = Db | Tx;

export type Database = {
  db: Db;
  pool: pg.Pool;
  /** Milliseconds since a connection of the pool was last given back in working order (or it was made). */
  sinceProgress: () => number;
  close: () => Promise<void>;
};

export type ConnectOptions = {
  /**
   * How long a request waits for a connection (a new one, or a free one when all are busy) before it
   * fails with 503 instead of hanging while the database is down or unreachable.
   */
  connectionTimeoutMillis?: number;
  /** How long an idle connection stays open (node-postgres' default 10 s; 0: until the pool ends). */
  idleTimeoutMillis?: number;
  /**
   * 'transaction': `url` is a connection pooler in transaction mode (PgBouncer, decision 0078), where each
   * transaction may run on another server connection. Then nothing is kept per connection: the marked statements go
   * unnamed (a name prepared on one server connection is unknown on the next), and no role is taken (SET ROLE would
   * stay on the server connection for whichever client gets it next: `url` must be the app role's own login).
   */
  pooler?: 'transaction';
};

/** Getting a connection failed: the database is down, refusing us, or none was free in time. */
export class DatabaseConnectError extends Error {
  /** SQLSTATE 08001 (the client could not establish a connection), whatever the underlying error said. */
  readonly code = '08001';
  constructor(cause: unknown) {
    super(`Could not get a database connection: ${cause instanceof Error ? cause.message : String(cause)}`, {
      cause,
    });
    this.name = 'DatabaseConnectError';
  }
}

/**
 * A pool of connections. With `role`, every connection first takes that database role (the app's
 * `sgx_app`, which may append to the ledger but never update or delete it).
 *
 * A connection PostgreSQL ends (pg_terminate_backend, a restart, a failover) fails only the queries
 * that were using it: node-postgres emits 'error' on a client even while it is checked out, so every
 * client has a listener from its first moment (an unheard 'error' event would end the process), and
 * a client that saw one goes back to the pool as broken, to be closed, never handed out again.
 */
export function connect(url: string, max = 10, role?: string, options: ConnectOptions = {}): Database {
  if (options.pooler && role) {
    throw new Error(
      `Through a transaction pooler the pool signs in as ${role} itself: SET ROLE is session state the pooler does not keep`,
    );
  }
  const broken = new WeakSet<pg.ClientBase>();
  let progressAt = Date.now();
  const pool = new pg.Pool({
    connectionString: url,
    max,
    connectionTimeoutMillis: options.connectionTimeoutMillis ?? 5_000,
    ...(options.idleTimeoutMillis === undefined ? {} : { idleTimeoutMillis: options.idleTimeoutMillis }),
    // A peer that vanished without closing (a failover, a cut network) is noticed by the kernel.
    keepAlive: true,
    // Awaited before the connection is used; a failure here fails that checkout, not the process.
    onConnect: async (client: pg.ClientBase) => {
      // The failing query reports the error to its caller; this only keeps the process alive.
      client.on('error', () => broken.add(client));
      if (role) await client.query(`SET ROLE ${pg.escapeIdentifier(role)}`);
      if (!options.pooler) prepareMarked(client);
    },
  });
  // An idle connection closed by the server (restart, shutdown) must not crash the process either;
  // the pool drops it and the next query opens a new one.
  pool.on('error', () => undefined);
  const dialectPool: PostgresPool = {
    connect: async () => {
      const client = await pool.connect().catch((err: unknown) => {
        throw new DatabaseConnectError(err);
      });
      const release = client.release;
      // kysely releases without a reason; a broken client is released with one, so the pool ends it.
      client.release = (err?: Error | boolean) => {
        const lost = err ?? (broken.has(client) ? new Error('The connection was lost.') : undefined);
        if (!lost) progressAt = Date.now();
        return release(lost);
      };
      return client;
    },
    end: () => pool.end(),
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: dialectPool }) });
  return {
    db,
    pool,
    sinceProgress: () => Date.now() - progressAt,
    // Kysely ends the pool only if it used it; one used directly (the migrator) is ended here.
    close: async () => {
      await db.destroy();
      if (!pool.ending) await pool.end();
    },
  };
}

export const APP_ROLE = 'sgx_app';

/** `/* prepare:name *\/` in a statement's text: see prepareMarked. */
const PREPARE_MARK = /\/\* prepare:([a-z_]+) \*\//;

/**
 * The hottest statements (the session check every request makes, the money functions' calls) carry a mark,
 * `/* prepare:name *\/`, and are sent as named prepared statements: parsed and planned once per connection
 * instead of on every request (decision 0047: planning was 0.1-0.2 ms of PostgreSQL a statement). Only marked
 * statements: their set is fixed and small, so a connection never gathers an unbounded number of them.
 * Not through a transaction pooler (decision 0078): there the mark is only a comment and the statement goes unnamed.
 */
function prepareMarked(client: pg.ClientBase): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    const [text, values] = args;
    if (typeof text === 'string' && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      const name = PREPARE_MARK.exec(text)?.[1];
      if (name) return query({ name, text, values });
    }
    return query(...args);
  };
}

/** Whether this login may act as the app role (false where the migration could not create it). */
export async function canUseAppRole(url: string): Promise<boolean> {
  const rows = await queryOnce<{ ok: boolean }>(
    url,
    "SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = $1) AND pg_has_role(current_user, $1, 'MEMBER') AS ok",
    [APP_ROLE],
  );
  return rows[0]?.ok ?? false;
}

/** `url` signed in as the app role with `password` instead of its own user. */
export function appUrlOf(url: string, password: string): string {
  const u = new URL(url);
  u.username = APP_ROLE;
  u.password = encodeURIComponent(password);
  return u.toString();
}

/**
 * Gives the app role (a LOGIN role since migration 0038) `password`, as the owner at `ownerUrl`, and
 * returns the app's own URL. Said at every start: the password file is the truth.
 */
export async function enableAppLogin(ownerUrl: string, password: string): Promise<string> {
  await queryOnce(ownerUrl, `ALTER ROLE ${APP_ROLE} LOGIN PASSWORD ${pg.escapeLiteral(password)}`);
  return appUrlOf(ownerUrl, password);
}

/** What the login at `url` may do beyond reading and writing rows: each should be false for the app. */
export async function loginRights(
  url: string,
): Promise<{ user: string; superuser: boolean; createRole: boolean; createDb: boolean }> {
  const rows = await queryOnce<{ user: string; superuser: boolean; createRole: boolean; createDb: boolean }>(
    url,
    `SELECT rolname AS user, rolsuper AS superuser, rolcreaterole AS "createRole", rolcreatedb AS "createDb"
       FROM pg_roles WHERE rolname = session_user`,
  );
  const r = rows[0];
  if (!r) throw new Error('No such login');
  return r;
}

/** One statement on a connection of its own (a few at start, and the liveness check's fresh probe). */
export async function queryOnce<R extends pg.QueryResultRow>(
  url: string,
  text: string,
  values: unknown[] = [],
  connectionTimeoutMillis = 5_000,
): Promise<R[]> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis });
  client.on('error', () => undefined);
  try {
    await client.connect();
    return (await client.query<R>(text, values)).rows;
  } finally {
    await client.end().catch(() => undefined);
  }
}
