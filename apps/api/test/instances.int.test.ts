import { type ChildProcess, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pickFreePort } from '../../../scripts/ports.mjs';
import { buildDeps, type Deps } from '../src/app';
import { loadConfig } from '../src/config';
import { connect, type Database } from '../src/db';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { type Built, buildAdmin, buildMember, totpCode } from './factories';
import { appUrlFor, createTestDatabase, sqlOn } from './helpers';
import { fundDeposit } from './money';

/**
 * Two real API processes (src/main.ts) on one PostgreSQL, each with its own data folder, reached over
 * real HTTP: whatever one instance learns, the other must know (decision 0015).
 */
const repoRoot = path.resolve(import.meta.dirname, '../../..');
const SIGNIN_PER_ACCOUNT = 10;

type Instance = { base: string; child: ChildProcess; dataDir: string; output: () => string };

let url: string;
let database: Database;
let deps: Deps;
let a: Instance;
let b: Instance;

async function startInstance(runJobs: boolean): Promise<Instance> {
  // Below the ephemeral range: nothing binding port 0 takes it before the child listens (scripts/ports.mjs).
  const port = pickFreePort();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'sgx-instance-'));
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/api/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: url,
      // Requests on the app role's own login; the owner's only migrates (decision 0031).
      DATABASE_APP_URL: appUrlFor(url),
      DATABASE_POOL_SIZE: '5',
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: dataDir,
      RUN_JOBS: String(runJobs),
      SEED_DEMO: 'false',
      LOG_LEVEL: 'warn',
      RATE_LIMIT_SIGNIN_PER_ACCOUNT: String(SIGNIN_PER_ACCOUNT),
      // Every request comes from 127.0.0.1: only the per-account limit is under test.
      RATE_LIMIT_SIGNIN_PER_IP: '100000',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => {
    output += d;
  });
  child.stderr?.on('data', (d) => {
    output += d;
  });
  return { base: `http://127.0.0.1:${port}/api/v1`, child, dataDir, output: () => output };
}

async function waitReady(instance: Instance, withinMs = 90_000): Promise<void> {
  const until = Date.now() + withinMs;
  while (Date.now() < until) {
    if (instance.child.exitCode !== null) throw new Error(`instance exited:\n${instance.output()}`);
    const ready = await fetch(`${instance.base}/health/ready`).catch(() => undefined);
    if (ready?.status === 200) return;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`instance not ready in time:\n${instance.output()}`);
}

async function stopInstance(instance: Instance | undefined): Promise<void> {
  if (!instance) return;
  const { child } = instance;
  if (child.exitCode === null && child.signalCode === null) {
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    await exited;
    clearTimeout(timer);
  }
  await rm(instance.dataDir, { recursive: true, force: true });
}

beforeAll(async () => {
  url = await createTestDatabase();
  database = connect(appUrlFor(url), 4);
  deps = buildDeps(loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: url }), database.db);
  // One instance runs the jobs, as in production with RUN_JOBS on one of them.
  a = await startInstance(true);
  b = await startInstance(false);
  await Promise.all([waitReady(a), waitReady(b)]);
}, 180_000);

afterAll(async () => {
  try {
    if (database) {
      const r = await reconcile(database.db);
      expect(r).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });
    }
  } finally {
    await Promise.all([stopInstance(a), stopInstance(b)]);
    await database?.close();
  }
}, 60_000);

const call = (
  on: Instance,
  method: string,
  route: string,
  opts: { token?: string; json?: unknown; body?: FormData; headers?: Record<string, string> } = {},
) =>
  fetch(`${on.base}${route}`, {
    method,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.json === undefined ? {} : { 'content-type': 'application/json' }),
      ...opts.headers,
    },
    body: opts.body ?? (opts.json === undefined ? undefined : JSON.stringify(opts.json)),
  });

/** The JSON of a response, as the shape the test reads (the contract schemas check it in the API). */
const bodyOf = async <T>(res: Response) => (await res.json()) as T;

async function signIn(on: Instance, who: Built, kind: 'user' | 'admin' = 'user'): Promise<string> {
  const res = await call(on, 'POST', kind === 'admin' ? '/auth/adminsignin' : '/auth/signin', {
    json: { email: who.email, password: who.password },
  });
  const body = await bodyOf<{
    admin?: { token: string };
    auth?: { token: string };
    second_factor?: string;
  }>(res);
  const token = kind === 'admin' ? body.admin?.token : body.auth?.token;
  if (res.status !== 200 || !token) throw new Error(`sign-in: ${res.status} ${JSON.stringify(body)}`);
  if (body.second_factor === 'enrol') {
    // An admin sets up two-factor sign-in first (decision 0023), with a code computed from the secret.
    const { secret } = await bodyOf<{ secret: string }>(await call(on, 'POST', '/auth/2fa/enrol', { token }));
    const confirmed = await call(on, 'POST', '/auth/2fa/confirm', {
      token,
      json: { code: totpCode(secret) },
    });
    if (confirmed.status !== 200) throw new Error(`2fa confirm: ${confirmed.status}`);
    // The session continues under a new token (decision 0032).
    return (await bodyOf<{ token: string }>(confirmed)).token;
  }
  return token;
}

describe('two API instances on one PostgreSQL', () => {
  it('count wrong passwords together: the limit holds across both, and the right password waits too', async () => {
    const m = await buildMember(deps);
    const codes: number[] = [];
    for (let i = 0; i < SIGNIN_PER_ACCOUNT + 2; i++) {
      const res = await call(i % 2 ? b : a, 'POST', '/auth/signin', {
        json: { email: m.email, password: 'Wrong-Password-1' },
      });
      codes.push(res.status);
      if (res.status === 429) {
        expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
        expect((await bodyOf<{ code: string }>(res)).code).toBe('RATE_LIMITED');
      }
    }
    expect(codes).toEqual([...Array(SIGNIN_PER_ACCOUNT).fill(401), 429, 429]);
    for (const on of [a, b]) {
      const right = await call(on, 'POST', '/auth/signin', {
        json: { email: m.email, password: m.password },
      });
      expect(right.status).toBe(429);
    }
  });

  it('refuse on one instance a session signed out on the other', async () => {
    const m = await buildMember(deps);
    const token = await signIn(a, m);
    expect((await call(b, 'GET', `/users/${m.id}`, { token })).status).toBe(200);
    expect((await call(a, 'GET', '/auth/signout', { token })).status).toBe(200);
    expect((await call(b, 'GET', `/users/${m.id}`, { token })).status).toBe(401);
    expect((await call(a, 'GET', `/users/${m.id}`, { token })).status).toBe(401);
  });

  it('serve from one instance an image uploaded to the other', async () => {
    const adminToken = await signIn(a, await buildAdmin(deps), 'admin');
    const png = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(900, 5),
    ]);
    const form = new FormData();
    form.append('image', new Blob([png], { type: 'image/png' }), 'banner.png');
    const created = await call(a, 'POST', '/notifications/banner', { token: adminToken, body: form });
    expect(created.status).toBe(201);
    type Banner = { banner: { id: number; url: string } };
    const { banner } = await bodyOf<Banner>(created);
    const listed = await bodyOf<Banner>(await call(b, 'GET', '/notifications/banner'));
    expect(listed.banner.id).toBe(banner.id);
    const served = await fetch(`${b.base.replace('/api/v1', '')}${banner.url}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('cache-control')).toContain('immutable');
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('let through exactly what the balance allows when transfers race across both, and post a retry once', async () => {
    const sender = await buildMember(deps);
    const receiver = await buildMember(deps);
    await fundDeposit(deps, sender.id, '100');
    const [onA, onB] = await Promise.all([signIn(a, sender), signIn(b, sender)]);
    const transfer = (i: number, key = `race-${randomUUID()}`) =>
      call(i % 2 ? b : a, 'POST', '/transfer/touser', {
        token: i % 2 ? onB : onA,
        json: { user_id: Number(sender.id), userto_id: Number(receiver.id), amount: '10' },
        headers: { 'idempotency-key': key },
      });

    const codes = (await Promise.all(Array.from({ length: 40 }, (_, i) => transfer(i)))).map((r) => r.status);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(30);

    // A retry of one request sent to both instances at once moves the money once.
    await fundDeposit(deps, sender.id, '10');
    const retried = await Promise.all([transfer(0, 'retry-both'), transfer(1, 'retry-both')]);
    expect(retried.map((r) => r.status)).toEqual([201, 201]);
    const ids = await Promise.all(
      retried.map(async (r) => (await bodyOf<{ transfer: { id: number } }>(r)).transfer.id),
    );
    expect(ids[0]).toBe(ids[1]);

    const balances = await sqlOn(
      url,
      "SELECT owner_id, balance FROM ledger_accounts WHERE owner_id = ANY($1) AND kind = 'deposit' ORDER BY owner_id",
      [[sender.id, receiver.id]],
    );
    expect(balances.rows).toEqual([
      { owner_id: sender.id, balance: 0n },
      { owner_id: receiver.id, balance: parseUnits('110') },
    ]);
    const r = await reconcile(database.db);
    expect(r).toMatchObject({ mismatches: [], unbalanced: [], earned_mismatches: [] });
  });
});
