/**
 * The app under test, in a process of its own so the load generator does not share its event loop:
 * the real buildDeps/buildApp on BENCH_DATABASE_URL as the app role (or on BENCH_POOLED_URL through PgBouncer),
 * a pool of 20 like server.ts, rate limits raised, settings kept in memory as server.ts keeps them, no jobs,
 * listening on loopback. Each response carries `server-timing: app;dur=<ms>` (Fastify's own elapsed time) so the
 * scale benchmark can report server time.
 */
import { buildApp, buildDeps } from '../../src/app';
import { APP_ROLE, connect } from '../../src/db';
import { ReadRouter, replicaName } from '../../src/db/read-router';
import { benchConfig } from './config';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !process.send) throw new Error('server-child runs under bench/lib/server.ts');

// Connections kept open: a backend that ends during a run would take its CPU time out of the count (cpu.ts).
// BENCH_POOLED_URL: the requests' pool through a transaction-mode PgBouncer as the app's own login, built as
// server.ts builds it under DATABASE_POOLER (decision 0078); the settings LISTEN below stays on the direct URL.
const pooledUrl = process.env.BENCH_POOLED_URL;
const database = pooledUrl
  ? connect(pooledUrl, Number(process.env.BENCH_POOL ?? 20), undefined, {
      idleTimeoutMillis: 0,
      pooler: 'transaction',
    })
  : connect(url, Number(process.env.BENCH_POOL ?? 20), APP_ROLE, { idleTimeoutMillis: 0 });
const config = benchConfig({
  // BENCH_LOG_LEVEL=error shows what a 500 was about.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  SEED_DEMO: 'false',
  RATE_LIMIT_SIGNIN_PER_IP: '100000000',
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000000',
  RATE_LIMIT_REGISTER_PER_IP: '100000000',
});
// BENCH_REPLICA_URL: reads of history on that streaming replica (decision 0080), routed as server.ts routes them, the
// replica's pool signed in as the app's role like the primary's (replica-reads-bench.ts).
const replicaUrl = process.env.BENCH_REPLICA_URL;
const router = replicaUrl
  ? new ReadRouter(
      database,
      [
        {
          name: replicaName(replicaUrl),
          database: connect(replicaUrl, Number(process.env.BENCH_POOL ?? 20), APP_ROLE, {
            idleTimeoutMillis: 0,
            connectionTimeoutMillis: 1_000,
          }),
        },
      ],
      {
        maxLagMs: config.databaseReplicas.maxLagMs,
        checkEveryMs: config.databaseReplicas.checkEveryMs,
        warn: () => undefined,
      },
    )
  : undefined;
await router?.start();
const deps = buildDeps(config, database.db, router?.reads);
deps.readRouter = router;
// As server.ts runs it: settings kept in memory, dropped when they change (not read by every money request).
await deps.settings.listen(url);
const app = await buildApp(deps);
app.addHook('onSend', async (_request, reply, payload) => {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`);
  return payload;
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ base });

// The statements the app sends, with their values, between {capture: true} and {capture: false} (server.ts
// captureSql): what `npm run bench` replays through pgbench as "the same SQL".
let captured: { text: string; values: unknown[] }[] | null = null;
/** A statement value as it can cross to the bench process (JSON): bytea as PostgreSQL's hex text. */
const plain = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(plain)
    : v instanceof Date
      ? v.toISOString()
      : Buffer.isBuffer(v)
        ? `\\x${v.toString('hex')}`
        : typeof v === 'bigint'
          ? v.toString()
          : v;
const wrapped = new WeakSet<object>();
database.pool.on('acquire', (client) => {
  if (wrapped.has(client)) return;
  wrapped.add(client);
  const query = client.query.bind(client) as (...args: unknown[]) => unknown;
  (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
    if (captured) {
      const [first, second] = args as [unknown, unknown];
      const config =
        typeof first === 'object' && first !== null
          ? (first as { text: string; values?: unknown[] })
          : undefined;
      captured.push({
        text: config ? config.text : String(first),
        values: ((config?.values ?? (Array.isArray(second) ? second : [])) as unknown[]).map(plain),
      });
    }
    return query(...args);
  };
});

process.on('message', (m) => {
  if (typeof m === 'object' && m !== null && 'capture' in m) {
    if ((m as { capture: boolean }).capture) {
      captured = [];
      process.send?.({ capturing: true });
    } else {
      process.send?.({ statements: captured ?? [] });
      captured = null;
    }
    return;
  }
  if (m !== 'stop') return;
  void (async () => {
    await app.close();
    await router?.stop();
    await database.close();
    process.exit(0);
  })();
});
process.on('disconnect', () => process.exit(0));
