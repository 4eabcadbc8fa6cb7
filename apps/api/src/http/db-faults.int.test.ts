import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { buildApp, buildDeps } from '../app';
import { loadConfig } from '../config';
import { connect, DatabaseConnectError } from '../db';
import { type JobRunner, startJobs } from '../jobs/runner';
import { post } from '../modules/ledger/ledger.service';
import { databaseUnavailableBody, isDatabaseUnavailable } from './db-faults';
import { closedPort, silentServer, startApiProcess } from './db-faults.fixture';

// PostgreSQL ends the app's connections in the middle of requests: only those requests fail (503),
// the process lives on, the pool reconnects, and the ledger still reconciles (t.close()).

let t: TestApp;
let admin: pg.Client;
let dbName: string;
let plan: number;

beforeAll(async () => {
  t = await buildTestApp();
  dbName = new URL(t.url).pathname.slice(1);
  // The server's own database, never the one under test: terminating that one's backends spares it.
  admin = new pg.Client({ connectionString: inject('pgAdminUrl') });
  admin.on('error', () => undefined);
  await admin.connect();
  const adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: '100', ROI_day: '0.5', Sponser_bonus: '5', plan_period: 365 },
  });
  expect(res.statusCode).toBe(201);
  plan = res.json().plan.id;
});
afterAll(async () => {
  await admin
    ?.query(`ALTER DATABASE ${pg.escapeIdentifier(dbName)} ALLOW_CONNECTIONS true`)
    .catch(() => undefined);
  await admin?.end();
  await t.close();
});

/** Ends every backend of the test database except `spare` (e.g. a connection holding a lock); waits until they are gone. */
async function terminateBackends(spare: number[] = []): Promise<number> {
  const { rows } = await admin.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM pg_stat_activity a, LATERAL pg_terminate_backend(a.pid, 5000) t
      WHERE a.datname = $1 AND a.pid <> ALL($2::int[]) AND a.backend_type = 'client backend' AND t`,
    [dbName, spare],
  );
  return rows[0]?.n ?? 0;
}

async function until(check: () => Promise<boolean>, what: string, ms = 10_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Waits until a backend of the test database waits for a lock: the request is inside its transaction. */
const waitingOnLock = () =>
  until(async () => {
    const { rows } = await admin.query(
      "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND wait_event_type = 'Lock'",
      [dbName],
    );
    return rows.length > 0;
  }, 'a request to wait for the held lock');

/** Holds the member's deposit account row in an open transaction of another connection. */
async function holdAccount(owner: bigint): Promise<{ pid: number; release: () => Promise<void> }> {
  const c = new pg.Client({ connectionString: t.url });
  c.on('error', () => undefined);
  await c.connect();
  const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid ?? 0;
  await c.query('BEGIN');
  await c.query("SELECT 1 FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit' FOR UPDATE", [owner]);
  return {
    pid,
    release: async () => {
      await c.query('ROLLBACK');
      await c.end();
    },
  };
}

const member = async (sponsorId: bigint | null = null) => {
  const m = await buildMember(t.deps, { sponsorId });
  return { ...m, token: await tokenFor(t.app, m) };
};

const fund = (who: bigint, amount: string) =>
  t.deps.db.transaction().execute((tx) =>
    post(tx, {
      key: `test-fund:${randomUUID()}`,
      kind: 'deposit',
      memberId: who,
      entries: [
        { account: { owner: who, kind: 'deposit' }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
      ],
    }),
  );

const balance = async (who: bigint): Promise<bigint> =>
  ((await sqlOn(t.url, "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'", [who]))
    .rows[0]?.balance as bigint | undefined) ?? 0n;

const count = async (text: string, values: unknown[]): Promise<number> =>
  Number((await sqlOn(t.url, `SELECT count(*)::int AS n FROM ${text}`, values)).rows[0]?.n);

/** Every connection the pool can hold answers: none that PostgreSQL ended was handed out again. */
const poolAnswers = async () => {
  const all = await Promise.all(
    Array.from({ length: 20 }, () =>
      sql<{ one: number }>`SELECT 1 AS one, pg_sleep(0.05)`.execute(t.deps.db),
    ),
  );
  expect(all.map((r) => r.rows[0]?.one)).toEqual(Array(20).fill(1));
};

const settingsListener = async () =>
  (
    await admin.query(
      "SELECT 1 FROM pg_stat_activity WHERE datname = $1 AND query = 'LISTEN settings_changed'",
      [dbName],
    )
  ).rows.length > 0;

describe('a database connection terminated during a money request', () => {
  it('answers that transfer 503, rolls it back, and the same request then goes through once', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    const key = { 'idempotency-key': `fault-${randomUUID()}` };
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/transfer/touser',
        headers: { ...bearer(a.token), ...key },
        payload: { user_id: Number(a.id), userto_id: Number(b.id), amount: '30' },
      });

    const lock = await holdAccount(a.id);
    const pending = send();
    await waitingOnLock();
    expect(await terminateBackends([lock.pid])).toBeGreaterThan(0);
    const res = await pending;
    await lock.release();

    expect(res.statusCode).toBe(503);
    expect(res.json()).toEqual(databaseUnavailableBody);
    expect(res.headers['retry-after']).toBe('2');
    expect(await balance(a.id)).toBe(parseUnits('100'));
    expect(await balance(b.id)).toBe(0n);
    expect(await count('transfers WHERE user_id = $1', [a.id])).toBe(0);

    // The pool opened new connections by itself; retrying with the same key moves the money once.
    const retry = await send();
    expect(retry.statusCode).toBe(201);
    expect((await send()).json().transfer.id).toBe(retry.json().transfer.id);
    expect(await balance(a.id)).toBe(parseUnits('70'));
    expect(await balance(b.id)).toBe(parseUnits('30'));
    await poolAnswers();
    // The settings listener was ended too, and listens again.
    await until(settingsListener, 'the settings listener to reconnect');
  });

  it('rolls back a request in an explicit transaction (friend top-up) when its connection ends', async () => {
    const sponsor = await member();
    const a = await member();
    const friend = await member(sponsor.id);
    await fund(a.id, '250');
    const lock = await holdAccount(a.id);
    const pending = t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/friend',
      headers: { ...bearer(a.token), 'idempotency-key': `fault-${randomUUID()}` },
      payload: { user_id: Number(a.id), userto_id: Number(friend.id), plan_id: plan, amount: '150' },
    });
    await waitingOnLock();
    await terminateBackends([lock.pid]);
    const res = await pending;
    await lock.release();

    expect(res.statusCode).toBe(503);
    expect(res.json().code).toBe('UNAVAILABLE');
    expect(await balance(a.id)).toBe(parseUnits('250'));
    expect(await count('topups WHERE userto_id = $1', [friend.id])).toBe(0);
    expect(await count('transfers WHERE user_id = $1', [a.id])).toBe(0);
    const team = await sqlOn(t.url, 'SELECT team_business FROM users WHERE id = $1', [sponsor.id]);
    expect(team.rows[0]?.team_business).toBe(0n);

    const again = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/friend',
      headers: { ...bearer(a.token), 'idempotency-key': `fault-${randomUUID()}` },
      payload: { user_id: Number(a.id), userto_id: Number(friend.id), plan_id: plan, amount: '150' },
    });
    expect(again.statusCode).toBe(201);
    expect(await balance(a.id)).toBe(parseUnits('100'));
    await poolAnswers();
  });

  it('keeps a separate API process alive and serving (an unheard error would end it)', async () => {
    const child = await startApiProcess(t.appUrl);
    try {
      // A request inside an explicit transaction: its client is still checked out (ROLLBACK pending)
      // when node-postgres emits 'error' for the ended connection.
      const a = await member();
      const friend = await member();
      await fund(a.id, '400');
      const topUp = () =>
        fetch(`${child.address}/api/v1/transfer/friend`, {
          method: 'POST',
          headers: { ...bearer(a.token), 'content-type': 'application/json' },
          body: JSON.stringify({
            user_id: Number(a.id),
            userto_id: Number(friend.id),
            plan_id: plan,
            amount: '150',
          }),
        });
      const lock = await holdAccount(a.id);
      // Without a listener for that 'error', the process dies here and the fetch fails.
      const pending = topUp().catch((err: unknown) => err);
      await waitingOnLock();
      await terminateBackends([lock.pid]);
      const res = await pending;
      await lock.release();
      if (!(res instanceof Response)) throw new Error(`the API process died: ${child.stderr()}`);
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual(databaseUnavailableBody);
      // Idle connections, the settings listener and the one in use all ended; give any late 'error' time to land.
      await new Promise((r) => setTimeout(r, 500));
      expect(child.process.exitCode).toBeNull();
      expect((await fetch(`${child.address}/api/v1/health/live`)).status).toBe(200);
      expect((await fetch(`${child.address}/api/v1/health/ready`)).status).toBe(200);
      expect((await topUp()).status).toBe(201);
      expect(await balance(a.id)).toBe(parseUnits('250'));
      expect(child.process.exitCode).toBeNull();
      expect(child.stderr()).not.toMatch(/Error/);
    } finally {
      await child.stop();
    }
  }, 60_000);

  it('keeps the job queue running when its connections end', async () => {
    const runner: JobRunner = await startJobs(t.deps, t.url, undefined, {
      schedule: false,
      pollingIntervalSeconds: 0.5,
    });
    try {
      expect(runner.boss.listenerCount('error')).toBeGreaterThan(0);
      await terminateBackends();
      await new Promise((r) => setTimeout(r, 1_000));
      // It still takes and runs work once its pool has reconnected.
      await runner.boss.send('salary-monthly', { month: '2025-01' });
      await until(
        async () => (await count("pgboss.job WHERE name = 'salary-monthly' AND state = 'completed'", [])) > 0,
        'the queued job to complete',
        20_000,
      );
    } finally {
      await runner.stop();
    }
  }, 40_000);
});

describe('readiness and requests while the database refuses connections', () => {
  it('says 503 not ready while connections are refused, answers requests 503, and is ready again after', async () => {
    const m = await member();
    const ident = pg.escapeIdentifier(dbName);
    await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS false`);
    try {
      await terminateBackends();
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ status: 'unavailable' });
      expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/live' })).statusCode).toBe(200);
      const me = await t.app.inject({
        method: 'GET',
        url: `/api/v1/users/${m.id}`,
        headers: bearer(m.token),
      });
      expect(me.statusCode).toBe(503);
      expect(me.json()).toEqual(databaseUnavailableBody);
    } finally {
      await admin.query(`ALTER DATABASE ${ident} ALLOW_CONNECTIONS true`);
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' })).json()).toEqual({
      status: 'ready',
    });
    const me = await t.app.inject({ method: 'GET', url: `/api/v1/users/${m.id}`, headers: bearer(m.token) });
    expect(me.statusCode).toBe(200);
  });

  // The silent server never answers: without the connection timeout these requests would wait for ever (and the
  // test time out), so an answer at all is the proof; how fast is not asserted (no test asserts wall-clock time,
  // docs/decisions/0060-fast-unit-project.md).
  it('answers readiness when the database neither answers nor refuses, and fails requests', async () => {
    const silent = await silentServer();
    const database = connect(`postgres://sgx:sgx@127.0.0.1:${silent.port}/sgx`, 2, undefined, {
      connectionTimeoutMillis: 500,
    });
    const deps = buildDeps(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.url }),
      database.db,
    );
    const app = await buildApp(deps);
    try {
      const ready = await app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(503);
      const signIn = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/signin',
        payload: { email: 'nobody@example.com', password: 'Quiet-Meadow-Lamp-71' },
      });
      expect(signIn.statusCode).toBe(503);
      expect(signIn.json()).toEqual(databaseUnavailableBody);
    } finally {
      await app.close();
      await database.close();
      await silent.close();
    }
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows real connection failures: refused, timed out, terminated', async () => {
    const closed = await closedPort();
    const refused = connect(`postgres://sgx:sgx@127.0.0.1:${closed}/sgx`, 1);
    const err = await sql`SELECT 1`.execute(refused.db).catch((e: unknown) => e);
    await refused.close();
    expect(err).toBeInstanceOf(DatabaseConnectError);
    expect((err as { cause: { code: string } }).cause.code).toBe('ECONNREFUSED');
    expect(isDatabaseUnavailable(err)).toBe(true);
    expect(isDatabaseUnavailable((err as { cause: unknown }).cause)).toBe(true);

    const silent = await silentServer();
    const timedOut = new pg.Pool({
      connectionString: `postgres://sgx:sgx@127.0.0.1:${silent.port}/sgx`,
      connectionTimeoutMillis: 200,
    });
    const timeoutErr = await timedOut.query('SELECT 1').catch((e: unknown) => e);
    await timedOut.end();
    await silent.close();
    expect(String(timeoutErr)).toMatch(/Connection terminated due to connection timeout/);
    expect(isDatabaseUnavailable(timeoutErr)).toBe(true);

    const c = new pg.Client({ connectionString: t.url });
    const heard: unknown[] = [];
    c.on('error', (e) => heard.push(e));
    await c.connect();
    const pid = (await c.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]?.pid;
    const dying = c.query('SELECT pg_sleep(30)').catch((e: unknown) => e);
    await until(
      async () =>
        (
          await admin.query(
            "SELECT 1 FROM pg_stat_activity WHERE pid = $1 AND query LIKE 'SELECT pg_sleep%'",
            [pid],
          )
        ).rows.length > 0,
      'the sleeping query',
    );
    await admin.query('SELECT pg_terminate_backend($1, 5000)', [pid]);
    const terminated = await dying;
    expect((terminated as { code: string }).code).toBe('57P01');
    expect(isDatabaseUnavailable(terminated)).toBe(true);
    await until(async () => heard.length > 0, 'the client to report its lost connection');
    expect(heard.every(isDatabaseUnavailable)).toBe(true);
    const after = await c.query('SELECT 1').catch((e: unknown) => e);
    expect(isDatabaseUnavailable(after)).toBe(true);
    await c.end().catch(() => undefined);
  });
});
