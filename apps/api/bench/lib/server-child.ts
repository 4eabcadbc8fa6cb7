/**
 * The app under test, in a process of its own so the load generator does not share its event loop:
 * the real buildDeps/buildApp on BENCH_DATABASE_URL as the app role, a pool of 20 like server.ts, rate
 * limits raised, no jobs, listening on loopback. Each response carries `server-timing: app;dur=<ms>`
 * (Fastify's own elapsed time) so the scale benchmark can report server time.
 */
import { buildApp, buildDeps } from '../../src/app';
import { loadConfig } from '../../src/config';
import { APP_ROLE, connect } from '../../src/db';

const url = process.env.BENCH_DATABASE_URL;
if (!url || !process.send) throw new Error('server-child runs under bench/lib/server.ts');

const database = connect(url, Number(process.env.BENCH_POOL ?? 20), APP_ROLE);
const config = loadConfig({
  NODE_ENV: 'production',
  // BENCH_LOG_LEVEL=error shows what a 500 was about.
  LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
  HOST: '127.0.0.1',
  PORT: '0',
  RUN_JOBS: 'false',
  SEED_DEMO: 'false',
  RATE_LIMIT_SIGNIN_PER_IP: '100000000',
  RATE_LIMIT_SIGNIN_PER_ACCOUNT: '100000000',
  RATE_LIMIT_REGISTER_PER_IP: '100000000',
});
const deps = buildDeps(config, database.db);
const app = await buildApp(deps);
app.addHook('onSend', async (_request, reply, payload) => {
  reply.header('server-timing', `app;dur=${reply.elapsedTime.toFixed(3)}`);
  return payload;
});
const base = await app.listen({ host: '127.0.0.1', port: 0 });
process.send({ base });

process.on('message', (m) => {
  if (m !== 'stop') return;
  void (async () => {
    await app.close();
    await database.close();
    process.exit(0);
  })();
});
process.on('disconnect', () => process.exit(0));
