/**
 * Errors that mean "the database cannot be reached right now", not "this request is wrong": the
 * connection was terminated (pg_terminate_backend, a restart, a failover), refused, reset or timed
 * out, or PostgreSQL is starting, shutting down or out of connection slots. The request that met one
 * is answered 503 (its transaction is rolled back by PostgreSQL when the connection ends) and may be
 * retried with the same Idempotency-Key; every other request and the process go on.
 */

/**
 * SQLSTATEs: 57P01 admin shutdown (pg_terminate_backend), 57P02 crash shutdown, 57P03 cannot connect
 * now (starting or stopping), 57P04 database dropped, class 08 connection exceptions (08001 is also
 * what db/index.ts gives any failure to get a pooled connection), 53300 too many connections.
 */
const unavailableSqlStates = new Set([
  '57P01',
  '57P02',
  '57P03',
  '57P04',
  '08000',
  '08001',
  '08003',
  '08004',
  '08006',
  '53300',
]);

/** Node's socket errors on the way to PostgreSQL. */
const unavailableSocketCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** node-postgres and pg-pool say these in words only, without a code. */
const unavailableMessages = [
  /^Connection terminated/, // '... unexpectedly', '... due to connection timeout', plain 'Connection terminated'
  /^timeout exceeded when trying to connect$/, // pg-pool: no free connection within connectionTimeoutMillis
  /^Client has encountered a connection error and is not queryable$/,
  /^Client was closed and is not queryable$/,
  /^Cannot use a pool after calling end on the pool$/, // a request still running while the server stops
];

/** Whether `err` (or what caused it) says the database is unreachable; never true for bad input. */
export function isDatabaseUnavailable(err: unknown): boolean {
  return saysUnavailable(err, 0, true);
}

/**
 * Socket codes count only on the error itself (and the members of Node's AggregateError for a host
 * with several addresses): down a `cause` chain they may come from elsewhere, e.g. a chain node's
 * `fetch failed`, which is not the database.
 */
function saysUnavailable(err: unknown, depth: number, socketCodes: boolean): boolean {
  if (depth > 4 || typeof err !== 'object' || err === null) return false;
  const { code, message, cause, errors } = err as {
    code?: unknown;
    message?: unknown;
    cause?: unknown;
    errors?: unknown;
  };
  if (typeof code === 'string' && unavailableSqlStates.has(code)) return true;
  if (socketCodes && typeof code === 'string' && unavailableSocketCodes.has(code)) return true;
  if (typeof message === 'string' && unavailableMessages.some((m) => m.test(message))) return true;
  if (Array.isArray(errors) && errors.some((e) => saysUnavailable(e, depth + 1, socketCodes))) return true;
  return saysUnavailable(cause, depth + 1, false);
}

/** The body of the 503; `UNAVAILABLE` is the stable code a client can retry on. */
export const databaseUnavailableBody = {
  message: 'The database is unavailable. Please try again in a moment.',
  code: 'UNAVAILABLE',
} as const;

/** Seconds a client should wait before retrying (the Retry-After header of the 503). */
export const databaseRetryAfterSeconds = 2;
