import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { appUrlFor, createTestDatabase, sqlOn } from '../../test/helpers';
import { fundDeposit, fundWallet, walletsOf } from '../../test/money';
import { type Bouncer, startPgBouncer } from '../../test/pgbouncer';
import { type App, buildApp, buildDeps, type Deps } from '../app';
import { type Config, loadConfig } from '../config';
import { SessionStore } from '../modules/auth/sessions';
import { reconcile } from '../modules/ledger/ledger.service';
import { checkTeamCounters } from '../modules/members/counters';
import { SettingsService } from '../modules/settings/settings.service';
import { startServer } from '../server';
import { APP_ROLE, connect, type Database } from './index';

/**
 * Decision 0078: the app through a real PgBouncer (Debian's 1.18) in transaction mode, whose server
 * connections (3: `default_pool_size`) are fewer than the app's pool (20), so every client connection's
 * transactions run on whichever server connection is free. The app is configured as in production
 * (DATABASE_POOLER=transaction, DATABASE_APP_URL through the pooler, DATABASE_DIRECT_URL for the LISTEN).
 */
const POOL = 20;
const SERVER_CONNECTIONS = 3;

let dir: string;
let bouncer: Bouncer;
/** The test database's owner URL, straight to PostgreSQL (arranging, reading the outcome). */
let url: string;
let pooledUrl: string;
let config: Config;
let database: Database;
let deps: Deps;
let app: App;
let stopSettings: () => Promise<void>;
let adminToken: string;
let admin: Built;
let bronze: number;

beforeAll(async () => {
  url = await createTestDatabase();
  dir = await mkdtemp(path.join(os.tmpdir(), 'sgx-pgbouncer-'));
  bouncer = await startPgBouncer({
    serverUrl: inject('pgAdminUrl'),
    users: [{ name: APP_ROLE, password: inject('pgAppPassword') }],
    dir: path.join(dir, 'pgbouncer'),
    poolSize: SERVER_CONNECTIONS,
  });
  pooledUrl = bouncer.urlOf(new URL(url).pathname.slice(1), APP_ROLE);
  config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATABASE_URL: url,
    DATABASE_APP_URL: pooledUrl,
    DATABASE_POOLER: 'transaction',
    DATABASE_DIRECT_URL: appUrlFor(url),
    RATE_LIMIT_SIGNIN_PER_IP: '100000',
  });
  // As server.ts builds it under DATABASE_POOLER.
  database = connect(pooledUrl, POOL, undefined, { pooler: 'transaction' });
  deps = buildDeps(config, database.db);
  stopSettings = await deps.settings.listen(config.databasePooler?.sessionUrl ?? '');
  app = await buildApp(deps);
  await app.ready();
  admin = await buildAdmin(deps);
  adminToken = await tokenFor(app, admin, 'admin');
  const plan = await app.inject({
    method: 'POST',
    url: '/api/v1/plans/add',
    headers: bearer(adminToken),
    payload: { name: 'Bronze', monthly_price: '10', ROI_day: '0.5', Sponser_bonus: '5', plan_period: 365 },
  });
  expect(plan.statusCode).toBe(201);
  bronze = plan.json().plan.id;
}, 60_000);

afterAll(async () => {
  try {
    const r = await reconcile(database.db);
    expect(r).toMatchObject({
      mismatches: [],
      unbalanced: [],
      earned_mismatches: [],
      derived_mismatches: [],
    });
  } finally {
    await stopSettings?.();
    await app?.close();
    await database?.close();
    await bouncer?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  }
});

/** Server connections PgBouncer holds for the test database's app login. */
async function serverConnections(): Promise<number> {
  const name = new URL(url).pathname.slice(1);
  const pool = (await bouncer.pools()).find((p) => p.database === name && p.user === APP_ROLE);
  return pool ? pool.sv_active + pool.sv_idle + pool.sv_used : 0;
}

/** `n` client connections of `db`'s pool held at once (so each is a distinct client of PgBouncer). */
async function held<T>(db: Database, n: number, work: (clients: pg.PoolClient[]) => Promise<T>): Promise<T> {
  const clients = await Promise.all(Array.from({ length: n }, () => db.pool.connect()));
  try {
    return await work(clients);
  } finally {
    for (const c of clients) c.release();
  }
}

/** A marked statement and, in the same transaction (so on the same server connection), what that one has prepared. */
async function markedOn(client: pg.PoolClient, n: number): Promise<{ doubled: number; prepared: number }> {
  await client.query('BEGIN');
  try {
    const r = await client.query<{ n: number }>('/* prepare:pooler_probe */ SELECT $1::int * 2 AS n', [n]);
    const p = await client.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_prepared_statements');
    return { doubled: r.rows[0]?.n ?? -1, prepared: p.rows[0]?.n ?? -1 };
  } finally {
    await client.query('COMMIT');
  }
}

describe('the marked statements through PgBouncer in transaction mode', () => {
  it('break as named prepared statements (PgBouncer 1.18 keeps no prepared statement across server connections)', async () => {
    // The app's connect() as it is without DATABASE_POOLER: named prepared statements. On a database of its own, so
    // PgBouncer's pool for it (per database and user) is another: the names it leaves behind on its server
    // connections (transaction mode resets nothing) stay there.
    const elsewhere = new URL(await createTestDatabase()).pathname.slice(1);
    const named = connect(bouncer.urlOf(elsewhere, APP_ROLE), 12);
    try {
      const failures = await held(named, 12, async (clients) => {
        // 12 clients' first PREPARE of one name on 3 server connections: at least two meet on one of them.
        const results = await Promise.allSettled(clients.map((c, i) => markedOn(c, i)));
        return results.flatMap((r) =>
          r.status === 'rejected' ? [(r.reason as { code?: string }).code] : [],
        );
      });
      // 42P05: "prepared statement already exists"; 26000: "prepared statement does not exist".
      expect(failures.length).toBeGreaterThan(0);
      expect(new Set(failures).size).toBeLessThanOrEqual(2);
      for (const code of failures) expect(['42P05', '26000']).toContain(code);
    } finally {
      await named.close();
    }
  });

  it('work unnamed under DATABASE_POOLER, on server connections shared by more clients than there are', async () => {
    await held(database, 12, async (clients) => {
      for (let round = 0; round < 3; round++) {
        const results = await Promise.all(clients.map((c, i) => markedOn(c, round * 100 + i)));
        expect(results).toEqual(clients.map((_, i) => ({ doubled: (round * 100 + i) * 2, prepared: 0 })));
      }
      // 12 clients at once, on no more server connections than PgBouncer's pool.
      expect(await serverConnections()).toBeGreaterThan(0);
      expect(await serverConnections()).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    });
    // The session check every request makes (`/* prepare:session_lookup */`), from many requests at once.
    const sessions = new SessionStore(database.db, 60_000);
    const looked = await Promise.all(
      Array.from({ length: 40 }, (_, i) => sessions.resolve(`no such token ${i}`)),
    );
    expect(looked.every((s) => s === null)).toBe(true);
  });

  it('take no role and refuse to start without the app role own login', () => {
    expect(() => connect(pooledUrl, 2, APP_ROLE, { pooler: 'transaction' })).toThrow(/SET ROLE/);
    expect(() => loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, DATABASE_POOLER: 'transaction' })).toThrow(
      /DATABASE_POOLER needs DATABASE_APP_URL/,
    );
    // Without a DATABASE_DIRECT_URL, the LISTEN goes to the owner's URL, which is straight to PostgreSQL.
    const plain = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: url,
      DATABASE_APP_URL: pooledUrl,
      DATABASE_POOLER: 'transaction',
    });
    expect(plain.databasePooler).toEqual({ mode: 'transaction', sessionUrl: url });
    expect(loadConfig({ NODE_ENV: 'test', DATABASE_URL: url }).databasePooler).toBeUndefined();
  });
});

type Member = Built & { token: string };

const api = (method: 'POST' | 'PUT', route: string, token: string, payload?: object, key?: string) =>
  app.inject({
    method,
    url: `/api/v1${route}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    ...(payload ? { payload } : {}),
  });

async function member(sponsor?: Built): Promise<Member> {
  const m = await buildMember(deps, { sponsorId: sponsor?.id ?? null });
  await sqlOn(url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
    m.id,
    '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed',
  ]);
  return { ...m, token: await tokenFor(app, m) };
}

const topup = (as: Member, to: Member, amount: string, key = `pooler-topup-${randomUUID()}`) =>
  api(
    'POST',
    '/topup/add',
    as.token,
    { id: bronze, userby_id: Number(as.id), userto_id: Number(to.id), amount },
    key,
  );
const transfer = (from: Member, to: Member, amount: string, key?: string) =>
  api(
    'POST',
    '/transfer/touser',
    from.token,
    { user_id: Number(from.id), userto_id: Number(to.id), amount },
    key,
  );
const withdraw = (m: Member, amount: string, key?: string) =>
  api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount }, key);
const claim = (m: Member) => api('PUT', `/referral/self-trade/${m.id}`, m.token);

const count = (codes: number[], code: number) => codes.filter((c) => c === code).length;

describe('the money races through PgBouncer in transaction mode', () => {
  it('moves each unit once: transfers, withdrawals, top-ups and ROI claims on one member at once', async () => {
    const sponsor = await member();
    const m = await member(sponsor);
    const friend = await member(m);
    // An active plan and a watched session, so the member may claim today's ROI.
    await fundDeposit(deps, m.id, '10');
    expect((await topup(m, m, '10')).statusCode).toBe(201);
    expect((await api('POST', '/watch/start', m.token)).statusCode).toBe(201);
    await sqlOn(
      url,
      "UPDATE watch_sessions SET started_at = started_at - interval '11 seconds' WHERE user_id = $1",
      [m.id],
    );
    // 200 in the deposit wallet for 25 debits of 10 (transfers and top-ups); 100 in the working wallet for ten
    // withdrawal requests of 20.
    await fundDeposit(deps, m.id, '200');
    await fundWallet(deps, m.id, 'working', '100');
    const before = await walletsOf(app, m.token, m.id);
    // The friend sends 1 back, under one key raced five times: one transfer.
    await fundDeposit(deps, friend.id, '1');
    const transferKey = `pooler-transfer-${randomUUID()}`;
    const burst = await Promise.all([
      ...Array.from({ length: 15 }, () => transfer(m, friend, '10')),
      ...Array.from({ length: 10 }, (_, i) => topup(m, i % 2 === 0 ? m : friend, '10')),
      ...Array.from({ length: 10 }, () => withdraw(m, '20')),
      claim(m),
      claim(m),
      ...Array.from({ length: 5 }, () => transfer(friend, m, '1', transferKey)),
    ]);
    const [transfers, topups, withdrawals, claims, keyedTransfers] = [
      burst.slice(0, 15),
      burst.slice(15, 25),
      burst.slice(25, 35),
      burst.slice(35, 37),
      burst.slice(37, 42),
    ];
    const codes = (rs: typeof burst) => rs.map((r) => r.statusCode);
    // Nothing failed for any other reason than the money not being there (422) or the claim made (409).
    const other = burst
      .filter((r) => ![200, 201, 409, 422].includes(r.statusCode))
      .map((r) => `${r.statusCode} ${r.body}`);
    expect(other).toEqual([]);
    // 25 debits of 10 from 200 (201 once the friend's 1 is in): exactly 20 passed, whichever kind.
    expect(count(codes(transfers), 201) + count(codes(topups), 201)).toBe(20);
    expect(count(codes(transfers), 422) + count(codes(topups), 422)).toBe(5);
    // Ten requests of 20 from 100 (the claim's ROI, if it came first, adds less than 20).
    expect(count(codes(withdrawals), 201)).toBe(5);
    expect(count(codes(withdrawals), 422)).toBe(5);
    expect(codes(claims).sort()).toEqual([200, 409]);
    // The burst ran on more client connections than PgBouncer had server connections for them.
    expect(database.pool.totalCount).toBeGreaterThan(SERVER_CONNECTIONS);
    expect(await serverConnections()).toBeLessThanOrEqual(SERVER_CONNECTIONS);
    expect(codes(keyedTransfers)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(keyedTransfers.map((r) => r.json().transfer.id)).size).toBe(1);

    const after = await walletsOf(app, m.token, m.id);
    expect(parseUnits(after.deposit)).toBe(parseUnits(before.deposit) + parseUnits('1') - parseUnits('200'));
    expect(parseUnits(after.pending_withdrawals)).toBe(
      parseUnits(before.pending_withdrawals) + parseUnits('100'),
    );
    const keyRows = await sqlOn(
      url,
      `SELECT (SELECT count(*)::int FROM transfers WHERE user_id = $1 AND userto_id = $2) AS back,
              (SELECT count(*)::int FROM transfers WHERE user_id = $2 AND userto_id = $1) AS sent,
              (SELECT count(*)::int FROM roi_claims WHERE user_id = $2) AS claims`,
      [friend.id, m.id],
    );
    expect(keyRows.rows[0]).toEqual({
      back: 1,
      sent: count(codes(transfers), 201),
      claims: 1,
    });
    expect(await checkTeamCounters(deps.db)).toMatchObject({ mismatches: [] });
    expect(await reconcile(deps.db)).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });
  });

  it('applies one Idempotency-Key once when its retries race on different server connections', async () => {
    const a = await member();
    const b = await member();
    await fundDeposit(deps, a.id, '100');
    await fundWallet(deps, a.id, 'working', '100');
    const tKey = `pooler-transfer-${randomUUID()}`;
    const wKey = `pooler-withdrawal-${randomUUID()}`;
    const uKey = `pooler-topup-${randomUUID()}`;
    const results = await Promise.all([
      ...Array.from({ length: 8 }, () => transfer(a, b, '10', tKey)),
      ...Array.from({ length: 8 }, () => withdraw(a, '30', wKey)),
      ...Array.from({ length: 8 }, () => topup(a, a, '10', uKey)),
    ]);
    expect(results.map((r) => r.statusCode)).toEqual([...Array(16).fill(201), ...Array(8).fill(201)]);
    expect(new Set(results.slice(0, 8).map((r) => r.json().transfer.id)).size).toBe(1);
    expect(new Set(results.slice(8, 16).map((r) => r.json().withdrawal.id)).size).toBe(1);
    const w = await walletsOf(app, a.token, a.id);
    // One transfer of 10 and one top-up of 10 from 100; one request of 30 from the working 100.
    expect(w).toMatchObject({
      deposit: '80.00000000',
      working: '70.00000000',
      pending_withdrawals: '30.00000000',
    });
    expect(await walletsOf(app, b.token, b.id)).toMatchObject({ deposit: '10.00000000' });
  });
});

describe('the server started with DATABASE_POOLER', () => {
  it('serves signed-in requests through PgBouncer and listens for settings straight on PostgreSQL', async () => {
    const owner = await createTestDatabase();
    const name = new URL(owner).pathname.slice(1);
    const running = await startServer(
      loadConfig({
        NODE_ENV: 'test',
        LOG_LEVEL: 'silent',
        HOST: '127.0.0.1',
        PORT: '0',
        SEED_DEMO: 'false',
        DATABASE_URL: owner,
        DATABASE_APP_URL: bouncer.urlOf(name, APP_ROLE),
        DATABASE_POOLER: 'transaction',
        DATABASE_DIRECT_URL: appUrlFor(owner),
      }),
    );
    try {
      // Live only while the settings listener listens (modules/health/recovery.ts).
      expect((await fetch(`${running.url}/api/v1/health/live`)).status).toBe(200);
      expect((await fetch(`${running.url}/api/v1/health/ready`)).status).toBe(200);
      const password = 'Amber-Harbor-Kite-42';
      const register = await fetch(`${running.url}/api/v1/auth/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          fullname: 'Pooled Member',
          email: 'pooled@example.com',
          phone: '+919876543210',
          password,
          confirmPassword: password,
        }),
      });
      expect(register.status).toBe(201);
      const signIn = await fetch(`${running.url}/api/v1/auth/signin`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'pooled@example.com', password }),
      });
      expect(signIn.status).toBe(200);
      const { auth } = (await signIn.json()) as { auth: { id: number; token: string } };
      // Many signed-in requests at once: the session check (a marked statement) on shared server connections.
      const reads = await Promise.all(
        Array.from({ length: 30 }, () =>
          fetch(`${running.url}/api/v1/users/${auth.id}`, {
            headers: { authorization: `Bearer ${auth.token}` },
          }),
        ),
      );
      expect(reads.map((r) => r.status)).toEqual(Array(30).fill(200));
      // The requests went through PgBouncer (it holds server connections to this database); the settings LISTEN
      // is a backend of its own, none of PgBouncer's.
      const viaBouncer = await bouncer.serverPorts(name);
      expect(viaBouncer.length).toBeGreaterThan(0);
      const listeners = await sqlOn(
        owner,
        "SELECT client_port, usename FROM pg_stat_activity WHERE datname = $1 AND query LIKE 'LISTEN %'",
        [name],
      );
      expect(listeners.rows).toHaveLength(1);
      expect(listeners.rows[0]?.usename).toBe(APP_ROLE);
      expect(viaBouncer).not.toContain(listeners.rows[0]?.client_port);
    } finally {
      await running.close();
    }
  });
});

describe('settings kept in memory, with the app through the pooler', () => {
  it('a change made through the pooler reaches another instance through LISTEN on the direct connection', async () => {
    // A second instance: its own pooled pool and its own listener, as a second API process has.
    const second = connect(pooledUrl, 4, undefined, { pooler: 'transaction' });
    const other = new SettingsService(second.db);
    const stop = await other.listen(config.databasePooler?.sessionUrl ?? '');
    try {
      expect(stop.listening()).toBe(true);
      const before = (await other.all()).tokenSlippagePercent;
      // Written behind its back with no notice: the kept copy is still served (so it is kept).
      await sqlOn(
        url,
        `INSERT INTO settings (key, value) VALUES ('tokenSlippagePercent', '"7"')
         ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      );
      expect((await other.all()).tokenSlippagePercent).toBe(before);
      await deps.settings.change(
        admin.id,
        { tokenSlippagePercent: '3' },
        'test: a change through the pooler',
      );
      let seen = (await other.all()).tokenSlippagePercent;
      for (let i = 0; i < 100 && seen !== '3'; i++) {
        await new Promise((r) => setTimeout(r, 50));
        seen = (await other.all()).tokenSlippagePercent;
      }
      expect(seen).toBe('3');
      const changed = await sql<{
        v: string;
      }>`SELECT value #>> '{}' AS v FROM settings WHERE key = 'tokenSlippagePercent'`.execute(second.db);
      expect(changed.rows[0]?.v).toBe('3');
    } finally {
      await stop();
      await second.close();
    }
  });
});
