import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { existsSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { parseUnits } from '@sgx/money';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { connect } from '../src/db';
import { post, reconcile } from '../src/modules/ledger/ledger.service';
import { apiProcessSuite } from './api-process';

/**
 * The production start (`npm start` runs node on apps/api/dist/main.js) as a real process: killed
 * with -9 and started again on the same data folder, then stopped with SIGTERM.
 */
const { startApi, postmasters, ownerUrl, dataDir } = apiProcessSuite('sgx-crash-');

const member = {
  fullname: 'Riya Sharma',
  email: 'riya.crash@example.com',
  phone: '+919876543210',
  password: 'Saffron-Kettle-58',
  confirmPassword: 'Saffron-Kettle-58',
  referralBy: '',
};

const signIn = (base: string) =>
  fetch(`${base}/api/v1/auth/signin`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: member.email, password: member.password }),
  });

describe('the API process after kill -9 and on SIGTERM', () => {
  it('starts again on the same data folder after kill -9, with its data and one PostgreSQL', async () => {
    const first = await startApi();
    const registered = await fetch(`${first.base}/api/v1/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(member),
    });
    expect(registered.status, await registered.clone().text()).toBe(201);
    const [left] = postmasters();
    expect(postmasters()).toHaveLength(1);

    first.child.kill('SIGKILL');
    await once(first.child, 'exit');
    // The dead owner's PostgreSQL keeps running alone.
    expect(postmasters()).toEqual([left]);

    const second = await startApi();
    expect((await signIn(second.base)).status).toBe(200);
    const now = postmasters();
    expect(now).toHaveLength(1);
    expect(now).not.toContain(left);

    const stopped = once(second.child, 'exit');
    second.child.kill('SIGTERM');
    const [code] = await stopped;
    expect(code, second.output()).toBe(0);
    expect(postmasters()).toEqual([]);
    expect(existsSync(path.join(dataDir(), 'owner.lock'))).toBe(false);
  }, 120_000);

  it('on SIGTERM finishes a request in flight (jobs running), then exits 0 with PostgreSQL stopped', async () => {
    const server = await startApi({ RUN_JOBS: 'true' });
    const body = JSON.stringify({ email: member.email, password: member.password });
    const url = new URL(`${server.base}/api/v1/auth/signin`);
    // The request has arrived (headers sent) but not ended when the signal comes.
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: url.pathname,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
    });
    const response = new Promise<{ status: number; text: string }>((resolve, reject) => {
      req.on('response', (res) => {
        let text = '';
        res.on('data', (d) => {
          text += d;
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, text }));
      });
      req.on('error', reject);
    });
    req.write(body.slice(0, 10));
    await new Promise((r) => setTimeout(r, 300));
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(server.child.exitCode).toBeNull(); // still waiting for the request
    req.end(body.slice(10));
    const res = await response;
    expect(res.status, res.text).toBe(200);
    expect(JSON.parse(res.text).auth.token).toEqual(expect.any(String));
    const [code] = await stopped;
    expect(code, server.output()).toBe(0);
    expect(postmasters()).toEqual([]);
  }, 120_000);

  it('exits at once on a second signal while a request still holds the stop, and starts again after', async () => {
    const server = await startApi();
    const url = new URL(server.base);
    const req = http.request({
      host: url.hostname,
      port: url.port,
      path: '/api/v1/auth/signin',
      method: 'POST',
    });
    req.on('error', () => undefined);
    req.setHeader('content-length', '100');
    req.write('{');
    await new Promise((r) => setTimeout(r, 300));
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 300));
    server.child.kill('SIGTERM');
    const [code] = await stopped;
    expect(code).toBe(1);
    req.destroy();
    const again = await startApi();
    expect((await signIn(again.base)).status).toBe(200);
    const exited = once(again.child, 'exit');
    again.child.kill('SIGINT');
    expect((await exited)[0]).toBe(0);
    expect(postmasters()).toEqual([]);
  }, 120_000);
});

const accepts = async (url: string) => {
  const c = new pg.Client({ connectionString: url, connectionTimeoutMillis: 500 });
  c.on('error', () => undefined);
  try {
    await c.connect();
    await c.query('SELECT 1');
    return true;
  } catch {
    return false;
  } finally {
    await c.end().catch(() => undefined);
  }
};

const json = (body: unknown, token?: string, key?: string) => ({
  method: 'POST',
  headers: {
    'content-type': 'application/json',
    ...(token ? { authorization: `Bearer ${token}` } : {}),
    ...(key ? { 'idempotency-key': key } : {}),
  },
  body: JSON.stringify(body),
});

describe('the API process while its PostgreSQL is killed and started again', () => {
  it('is ready again within 5 s of PostgreSQL accepting connections, loses no acknowledged transfer, stays live', async () => {
    const server = await startApi({ LOG_LEVEL: 'warn' });
    const members = [];
    for (const who of ['sender', 'receiver']) {
      const email = `${who}.restart@example.com`;
      const reg = await fetch(`${server.base}/api/v1/auth/register`, json({ ...member, email }));
      expect(reg.status, await reg.clone().text()).toBe(201);
      const signin = await fetch(
        `${server.base}/api/v1/auth/signin`,
        json({ email, password: member.password }),
      );
      const { auth } = (await signin.json()) as { auth: { id: number; token: string } };
      members.push(auth);
    }
    const [from, to] = members as [{ id: number; token: string }, { id: number; token: string }];
    const url = ownerUrl();
    const owner = connect(url, 2);
    try {
      // Verified members (level 2): hundreds of transfers a minute are past a fresh registration's daily limit.
      await owner.db
        .updateTable('users')
        .set({ identity_level: 2 })
        .where('id', 'in', [BigInt(from.id), BigInt(to.id)])
        .execute();
      await owner.db.transaction().execute((tx) =>
        post(tx, {
          key: `test-fund:${randomUUID()}`,
          kind: 'deposit',
          memberId: BigInt(from.id),
          entries: [
            { account: { owner: BigInt(from.id), kind: 'deposit' }, amount: parseUnits('1000') },
            { account: { owner: null, kind: 'cash' }, amount: -parseUnits('1000') },
          ],
        }),
      );

      // Liveness is asked all along; transfers (each with its own Idempotency-Key) keep coming.
      let loading = true;
      const live: number[] = [];
      const liveness = (async () => {
        while (loading) {
          const res = await fetch(`${server.base}/api/v1/health/live`).catch(() => undefined);
          live.push(res?.status ?? 0);
          await new Promise((r) => setTimeout(r, 100));
        }
      })();
      const acknowledged: number[] = [];
      const answers: Record<number, number> = {};
      const worker = async () => {
        while (loading) {
          const res = await fetch(
            `${server.base}/api/v1/transfer/touser`,
            json({ user_id: from.id, userto_id: to.id, amount: '1' }, from.token, randomUUID()),
          ).catch(() => undefined);
          answers[res?.status ?? 0] = (answers[res?.status ?? 0] ?? 0) + 1;
          if (res && res.status >= 200 && res.status < 300)
            acknowledged.push(((await res.json()) as { transfer: { id: number } }).transfer.id);
          else await res?.text();
        }
      };
      const workers = Array.from({ length: 4 }, worker);
      await new Promise((r) => setTimeout(r, 1_000));
      const [postmaster] = postmasters();
      if (!postmaster) throw new Error('no postmaster');
      process.kill(postmaster, 'SIGKILL');
      const ready = async () => (await fetch(`${server.base}/api/v1/health/ready`)).status;
      const until = async (check: () => Promise<boolean>, what: string) => {
        const deadline = Date.now() + 60_000;
        while (!(await check())) {
          if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}:\n${server.output()}`);
          await new Promise((r) => setTimeout(r, 50));
        }
        return Date.now();
      };
      await until(async () => (await ready()) === 503, 'readiness to say the database is gone');
      const accepting = await until(() => accepts(url), 'PostgreSQL to accept connections');
      const readyAgain = await until(async () => (await ready()) === 200, 'readiness to come back');
      expect(readyAgain - accepting).toBeLessThan(5_000);
      const before = acknowledged.length;
      await until(async () => acknowledged.length > before + 5, 'transfers to go through again');
      loading = false;
      await Promise.all([...workers, liveness]);

      expect(server.child.exitCode, server.output()).toBeNull();
      expect(live.length).toBeGreaterThan(10);
      expect(live.filter((s) => s !== 200)).toEqual([]);
      expect(answers[503] ?? 0, JSON.stringify(answers)).toBeGreaterThan(0);
      expect(server.output()).toMatch(/PostgreSQL exited \(SIGKILL\): starting it again/);
      // Every transfer answered 2xx is in the ledger, and nothing else is.
      const { rows } = await owner.pool.query<{ id: number }>(
        'SELECT id::int FROM transfers WHERE user_id = $1 ORDER BY id',
        [from.id],
      );
      expect(rows.map((r) => r.id)).toEqual([...acknowledged].sort((a, b) => a - b));
      const balance = await owner.pool.query<{ owner_id: string; balance: bigint }>(
        "SELECT owner_id::text, balance FROM ledger_accounts WHERE owner_id = ANY($1) AND kind = 'deposit'",
        [[from.id, to.id]],
      );
      const of = (id: number) => balance.rows.find((r) => r.owner_id === String(id))?.balance;
      expect(of(to.id)).toBe(parseUnits(String(acknowledged.length)));
      expect(of(from.id)).toBe(parseUnits(String(1000 - acknowledged.length)));
      const r = await reconcile(owner.db);
      expect([r.mismatches, r.unbalanced, r.earned_mismatches, r.derived_mismatches]).toEqual([
        [],
        [],
        [],
        [],
      ]);
    } finally {
      await owner.close();
    }
    const stopped = once(server.child, 'exit');
    server.child.kill('SIGTERM');
    expect((await stopped)[0], server.output()).toBe(0);
    expect(postmasters()).toEqual([]);
  }, 120_000);
});
