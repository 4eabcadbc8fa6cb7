/**
 * `npm run bench`: throughput of the hot paths on a real embedded PostgreSQL, on this machine.
 * Not a test: it prints numbers to compare before and after a change.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseUnits } from '@sgx/money';
import { buildApp, buildDeps } from '../src/app';
import { loadConfig } from '../src/config';
import { APP_ROLE, connect } from '../src/db';
import { startEmbeddedPostgres } from '../src/db/embedded';
import { migrate } from '../src/db/migrate';
import { hashPassword } from '../src/modules/auth/passwords';
import { post } from '../src/modules/ledger/ledger.service';

async function pool<T>(total: number, concurrency: number, task: (i: number) => Promise<T>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < total) await task(next++);
    }),
  );
  return performance.now() - started;
}

const rate = (n: number, ms: number) => `${Math.round((n / ms) * 1000).toLocaleString('en')}/s`;

const dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-bench-'));
const pg = await startEmbeddedPostgres(dir, 'bench');
try {
  const migrator = connect(pg.url, 1);
  await migrate(migrator.pool);
  await migrator.close();
  const database = connect(pg.url, 20, APP_ROLE);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: pg.url,
    RATE_LIMIT_SIGNIN_PER_IP: '1000000',
    HOST: '127.0.0.1',
    PORT: '0',
  });
  const deps = buildDeps(config, database.db);
  const app = await buildApp(deps);
  const base = await app.listen({ host: '127.0.0.1', port: 0 });

  const hash = await hashPassword('Bench1234');
  const members: bigint[] = [];
  await database.db.transaction().execute(async (tx) => {
    for (let i = 0; i < 200; i++) {
      members.push(
        await deps.auth.insertMember(tx, {
          email: `bench${i}@example.com`,
          fullname: 'Bench',
          phone: null,
          passwordHash: hash,
          sponsorId: null,
          prefix: 'BEN',
          role: 'user',
        }),
      );
    }
  });
  for (const m of members) {
    await database.db.transaction().execute((tx) =>
      post(tx, {
        key: `fund:${m}`,
        kind: 'deposit',
        entries: [
          { account: { owner: m, kind: 'deposit' }, amount: parseUnits('1000000') },
          { account: { owner: null, kind: 'cash' }, amount: -parseUnits('1000000') },
        ],
      }),
    );
  }

  const results: [string, string][] = [];
  const N = 3000;
  const ledgerMs = await pool(N, 16, (i) => {
    const from = members[i % members.length] ?? 0n;
    const to = members[(i + 1) % members.length] ?? 0n;
    return database.db.transaction().execute((tx) =>
      post(tx, {
        key: `bench:${i}`,
        kind: 'transfer',
        entries: [
          { account: { owner: from, kind: 'deposit' }, amount: -1n },
          { account: { owner: to, kind: 'deposit' }, amount: 1n },
        ],
      }),
    );
  });
  results.push(['ledger transfers (16 at once)', rate(N, ledgerMs)]);

  const hotMs = await pool(500, 16, (i) =>
    database.db.transaction().execute((tx) =>
      post(tx, {
        key: `hot:${i}`,
        kind: 'transfer',
        entries: [
          { account: { owner: members[0] ?? 0n, kind: 'deposit' }, amount: -1n },
          { account: { owner: members[1] ?? 0n, kind: 'deposit' }, amount: 1n },
        ],
      }),
    ),
  );
  results.push(['ledger transfers on one hot account', rate(500, hotMs)]);

  const httpMs = await pool(N, 32, () => fetch(`${base}/api/v1/plans/list`).then((r) => r.arrayBuffer()));
  results.push(['GET /plans/list over HTTP (32 at once)', rate(N, httpMs)]);

  const signin = await fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'bench0@example.com', password: 'Bench1234' }),
  });
  const token = ((await signin.json()) as { auth: { token: string } }).auth.token;
  const authedMs = await pool(N, 32, () =>
    fetch(`${base}/api/v1/users/${members[0]}`, { headers: { authorization: `Bearer ${token}` } }).then((r) =>
      r.arrayBuffer(),
    ),
  );
  results.push(['GET /users/{id} with session check', rate(N, authedMs)]);

  const signinMs = await pool(200, 8, (i) =>
    fetch(`${base}/api/v1/auth/signin`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: `bench${i % 200}@example.com`, password: 'Bench1234' }),
    }).then((r) => r.arrayBuffer()),
  );
  results.push(['POST /auth/signin (argon2id)', rate(200, signinMs)]);

  console.log('\nSocialGenX benchmarks (this machine, embedded PostgreSQL)\n');
  for (const [name, value] of results) console.log(`${name.padEnd(44)} ${value}`);
  console.log();
  await app.close();
  await database.close();
} finally {
  await pg.stop();
  await rm(dir, { recursive: true, force: true });
}
