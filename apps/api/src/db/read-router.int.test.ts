import { formatUnits, parseUnits } from '@sgx/money';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { appUrlFor, buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { fundDeposit } from '../../test/money';
import { type Replica, startTestReplica } from '../../test/replica';
import { ProofService } from '../modules/proof/proof.service';
import { connect } from './index';
import { freshReadOn, ReadRouter } from './read-router';

/**
 * Reads on a real streaming replica (decision 0080): the app built with DATABASE_REPLICA_URLS naming a
 * physical replica of the test run's PostgreSQL (test/replica.ts). Replay is paused to make the replica visibly
 * behind: what a read shows then tells which server answered it.
 */
let replica: Replica;
let t: TestApp;
let admin: Built;
let adminToken: string;

const databaseOf = (url: string) => new URL(url).pathname.slice(1);
const replicaUrlOf = (ownerUrl: string) => replica.urlOf(databaseOf(ownerUrl));

const router = () => {
  const r = t.deps.readRouter;
  if (!r) throw new Error('the app was built without its replica');
  return r;
};

/** Until the replica has replayed all the primary wrote and the router has seen it (lag 0). */
async function settled(r: ReadRouter = router()): Promise<void> {
  for (let i = 0; i < 100; i++) {
    await replica.caughtUp();
    await r.check();
    if (r.health().every((h) => h.state === 'ok' && h.lag_ms === 0)) return;
  }
  throw new Error(`the replica did not settle: ${JSON.stringify(r.health())}`);
}

const get = (token: string, url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url: `/api/v1${url}`, headers: { ...bearer(token), ...headers } });

const listed = async (email: string, headers: Record<string, string> = {}) => {
  const res = await get(adminToken, `/users/list?page=1&search=${encodeURIComponent(email)}`, headers);
  expect(res.statusCode).toBe(200);
  return (res.json() as { allusers: { email: string }[] }).allusers.map((u) => u.email);
};

const today = () => new Date().toISOString().slice(0, 10);
const statement = async (token: string, headers: Record<string, string> = {}) => {
  const res = await get(token, `/statements?wallet=deposit&from=${today()}&to=${today()}`, headers);
  expect(res.statusCode).toBe(200);
  return res.json() as { closing: string; entries: { amount: string }[] };
};

beforeAll(async () => {
  replica = await startTestReplica();
  // A lag bound far above the test's pauses: a paused replica stays in use (the lagging case has its own router).
  t = await buildTestApp(
    { DATABASE_REPLICA_MAX_LAG_MS: '60000', DATABASE_REPLICA_CHECK_MS: '100' },
    { replicaOf: replicaUrlOf },
  );
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  await settled();
}, 60_000);

afterAll(async () => {
  await replica?.resume().catch(() => undefined);
  await t?.close();
  await replica?.stop();
});

describe('reads on a streaming replica', () => {
  it('serves admin lists from the replica: what is written while replay is paused shows once it is replayed', async () => {
    await settled();
    const total = async () => {
      const res = await get(adminToken, '/tr/all?page=1&limit=10');
      expect(res.statusCode).toBe(200);
      return (res.json() as { total: number }).total;
    };
    const before = router().health()[0]?.reads ?? 0;
    const entries = await total();
    await replica.pause();
    const m = await buildMember(t.deps);
    await fundDeposit(t.deps, m.id, '25');
    try {
      // Written on the primary by no caller of the app: the admin's lists read the replica, which has not replayed it.
      expect(await listed(m.email)).toEqual([]);
      // The transaction screen (its figures from the rollups, its rows from the ledger: both on the replica).
      expect(await total()).toBe(entries);
      expect(router().health()[0]?.reads).toBeGreaterThan(before);
      // The full reconciliation reads all history: on the replica too, in its own consistent snapshot.
      const readsBefore = router().health()[0]?.reads ?? 0;
      const rec = await get(adminToken, '/ledger/reconciliation');
      expect(rec.statusCode).toBe(200);
      expect(rec.json()).toMatchObject({ ok: true });
      expect(router().health()[0]?.reads).toBeGreaterThan(readsBefore);
    } finally {
      await replica.resume();
    }
    await settled();
    expect(await listed(m.email)).toEqual([m.email]);
    expect(await total()).toBe(entries + 1);
  });

  it('a member who has just transferred sees it at once; the receiver, who wrote nothing, sees it once replayed', async () => {
    const a = await buildMember(t.deps);
    const b = await buildMember(t.deps);
    await fundDeposit(t.deps, a.id, '100');
    const aToken = await tokenFor(t.app, a);
    const bToken = await tokenFor(t.app, b);
    await settled();
    await replica.pause();
    try {
      const sent = await t.app.inject({
        method: 'POST',
        url: '/api/v1/transfer/touser',
        headers: bearer(aToken),
        payload: { user_id: Number(a.id), userto_id: Number(b.id), amount: 40 },
      });
      expect(sent.statusCode, sent.body).toBe(201);
      const readAfter = sent.headers['x-read-after'];
      expect(readAfter).toMatch(/^\d+$/);
      // The sender's statement is read on the primary: the replica does not hold the sender's write.
      expect((await statement(aToken)).closing).toBe('60.00000000');
      // The receiver's is read on the replica, paused before the transfer.
      expect((await statement(bToken)).closing).toBe('0.00000000');
      // A call carrying the write's time (the web app sends it back; another instance knows only that) reads what
      // was written by then.
      expect((await statement(bToken, { 'x-read-after': String(readAfter) })).closing).toBe('40.00000000');
    } finally {
      await replica.resume();
    }
    await settled();
    expect((await statement(bToken)).closing).toBe('40.00000000');
  });

  it('the replica stopped in the middle: reads go on on the primary with no error, health warns, then it is used again', async () => {
    const m = await buildMember(t.deps);
    await settled();
    // A read on the replica first: its pool keeps an idle connection that the stop then cuts.
    expect(await listed(m.email)).toEqual([m.email]);
    await replica.halt();
    try {
      // A read in a transaction of its own (a searched list, read serially: decision 0094) whose BEGIN meets the cut
      // connection: the whole transaction goes to the primary.
      const inTransaction = await router()
        .reads.transaction()
        .execute(async (trx) => {
          await sql`SELECT set_config('max_parallel_workers_per_gather', '0', true)`.execute(trx);
          return (await sql<{ standby: boolean }>`SELECT pg_is_in_recovery() AS standby`.execute(trx))
            .rows[0];
        });
      expect(inTransaction).toEqual({ standby: false });
      const searched = await get(adminToken, '/deposite/list?search=nobody-at-all');
      expect(searched.statusCode, searched.body).toBe(200);
      expect(searched.json()).toMatchObject({ total: 0 });
      // The router has not noticed yet: the read fails over to the primary inside the request.
      expect(await listed(m.email)).toEqual([m.email]);
      const other = await buildMember(t.deps);
      expect(await listed(other.email)).toEqual([other.email]);
      await router().check();
      expect(router().health()[0]?.state).toBe('down');
      const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
      expect(ready.statusCode).toBe(200);
      expect(ready.json()).toMatchObject({
        status: 'ready',
        replicas: [{ state: 'down', lag_ms: null }],
        warnings: [expect.stringMatching(/is down: its reads go to the primary/)],
      });
    } finally {
      await replica.start();
    }
    await settled();
    const ready = await t.app.inject({ method: 'GET', url: '/api/v1/health/ready' });
    expect(ready.json()).toMatchObject({ status: 'ready', replicas: [{ state: 'ok', lag_ms: 0 }] });
    expect(ready.json().warnings).toBeUndefined();
  });

  it("the proof's snapshot is read on the replica once it holds the cut-off, on the primary when it does not", async () => {
    const proofs = new ProofService(t.deps.db, undefined, undefined, freshReadOn(router(), t.deps.db));
    const ledgerTotal = async () =>
      BigInt(
        (await sqlOn(t.url, 'SELECT coalesce(sum(usd), 0)::text AS s FROM member_liabilities(now())')).rows[0]
          ?.s,
      );
    const m = await buildMember(t.deps);
    await fundDeposit(t.deps, m.id, '7');
    await settled();
    const before = router().health()[0]?.reads ?? 0;
    const first = await proofs.buildDay('2101-01-01');
    expect(first.tree.totals.USD).toBe(formatUnits(await ledgerTotal()));
    expect(router().health()[0]?.reads).toBeGreaterThan(before);
    // Paused: no replica comes to hold the cut-off, so after a short wait the snapshot is read on the primary, and
    // the money credited after the pause is in it.
    await replica.pause();
    try {
      await fundDeposit(t.deps, m.id, '5');
      const second = await proofs.buildDay('2101-01-02');
      expect(second.tree.totals.USD).toBe(formatUnits(await ledgerTotal()));
      expect(parseUnits(second.tree.totals.USD) - parseUnits(first.tree.totals.USD)).toBe(parseUnits('5'));
    } finally {
      await replica.resume();
    }
  });

  it('a replica further behind than the bound is skipped, with a warning, and used again once it catches up', async () => {
    const warned: string[] = [];
    const replicaDb = connect(appUrlFor(replicaUrlOf(t.url)), 2);
    const lagging = new ReadRouter(t.database, [{ name: 'test-replica', database: replicaDb }], {
      maxLagMs: 1_000,
      checkEveryMs: 50,
      warn: (_facts, message) => warned.push(message),
    });
    try {
      await settled(lagging);
      await replica.pause();
      const m = await buildMember(t.deps);
      const seen = () =>
        lagging.reads
          .selectFrom('users')
          .select('email')
          .where('id', '=', m.id)
          .execute()
          .then((rows) => rows.length);
      // Within the bound the replica still answers (and does not have the member yet).
      await lagging.check();
      expect(lagging.health()[0]?.state).toBe('ok');
      expect(await seen()).toBe(0);
      // Past the bound (the primary keeps writing: a new position is noted each round) it is skipped.
      for (let i = 0; i < 100 && lagging.health()[0]?.state !== 'lagging'; i++) {
        await sql`SELECT 1 FROM pg_sleep(0.05)`.execute(t.database.db);
        await buildMember(t.deps);
        await lagging.check();
      }
      expect(lagging.health()[0]).toMatchObject({ state: 'lagging' });
      expect(lagging.health()[0]?.lag_ms).toBeGreaterThan(1_000);
      expect(warned.at(-1)).toMatch(/test-replica is skipped: lagging/);
      expect(await seen()).toBe(1);
      await replica.resume();
      await settled(lagging);
      expect(lagging.health()[0]?.state).toBe('ok');
    } finally {
      await replica.resume().catch(() => undefined);
      await lagging.stop();
    }
  });
});
