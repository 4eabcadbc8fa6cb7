import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helpers';
import { buildApp, buildDeps } from '../../app';
import { loadConfig } from '../../config';
import { connect } from '../../db';
import { closedPort } from '../../http/db-faults.fixture';
import { poolBusy, watchRecovery } from './recovery';

// Liveness fails only when the process cannot recover by itself (decision 0031): its own pool or
// settings listener has not worked for a while although the database accepts fresh connections.
// A database that is down never makes it fail (readiness says that).

let t: TestApp;
let closed: string;
beforeAll(async () => {
  t = await buildTestApp();
  closed = `postgres://sgx_app:x@127.0.0.1:${await closedPort()}/sgx`;
});
afterAll(async () => {
  await t.close();
});

/** An app whose pool goes to `poolUrl`; liveness probes the database at `probeUrl`. */
async function appWith(
  poolUrl: string,
  probeUrl: string,
  listening = () => true,
  { size = 2, connectionTimeoutMillis = 500 } = {},
) {
  const database = connect(poolUrl, size, undefined, { connectionTimeoutMillis });
  const deps = buildDeps(
    loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: t.url }),
    database.db,
  );
  // As server.ts: requests waiting for a connection are load only while connections still come back.
  watchRecovery(deps, { url: probeUrl, listening, busy: poolBusy(database, 1_500), stuckAfterMs: 600 });
  const app = await buildApp(deps);
  const live = async () => {
    const res = await app.inject({ method: 'GET', url: '/api/v1/health/live' });
    return { code: res.statusCode, body: res.json() };
  };
  const close = async () => {
    await app.close();
    await database.close();
  };
  return { live, close, database };
}

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('liveness', () => {
  it('is live while pool and listener work', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/health/live' });
    expect([res.statusCode, res.json()]).toEqual([200, { status: 'ok' }]);
  });

  it('stays live while the database itself is down, however long', async () => {
    const a = await appWith(closed, closed);
    try {
      expect(await a.live()).toEqual({ code: 200, body: { status: 'ok' } });
      await wait(800);
      expect(await a.live()).toEqual({ code: 200, body: { status: 'ok' } });
    } finally {
      await a.close();
    }
  });

  it('fails when the pool cannot work for a while although the database accepts fresh connections', async () => {
    const a = await appWith(closed, t.appUrl);
    try {
      expect((await a.live()).code).toBe(200); // not yet: the pool may be reconnecting
      await wait(800);
      expect(await a.live()).toEqual({ code: 503, body: { status: 'stuck' } });
    } finally {
      await a.close();
    }
  });

  it('fails when the settings listener stays down while the database is up, and recovers with it', async () => {
    let listening = false;
    const a = await appWith(t.appUrl, t.appUrl, () => listening);
    try {
      expect((await a.live()).code).toBe(200);
      await wait(800);
      expect((await a.live()).code).toBe(503);
      listening = true;
      expect((await a.live()).code).toBe(200);
    } finally {
      await a.close();
    }
  });

  it('fails when every connection of the pool hangs although the database accepts fresh connections', async () => {
    const a = await appWith(t.appUrl, t.appUrl, () => true, { size: 1, connectionTimeoutMillis: 5_000 });
    // The pool's only connection is taken and never given back (a peer vanished mid-query, a leak).
    const hung = await a.database.pool.connect();
    try {
      expect((await a.live()).code).toBe(200); // not yet: it may be a moment of load
      await wait(800);
      expect(await a.live()).toEqual({ code: 503, body: { status: 'stuck' } });
    } finally {
      hung.release();
      await a.close();
    }
  });

  it('stays live while requests wait for a saturated pool whose queries keep finishing', async () => {
    const a = await appWith(t.appUrl, t.appUrl, () => true, { size: 1, connectionTimeoutMillis: 10_000 });
    let load = true;
    // Ten requests at a time, each holding the only connection for 0.3 s: the probe waits longer than 2 s.
    const worker = async () => {
      while (load) await sql`SELECT pg_sleep(0.3)`.execute(a.database.db);
    };
    const workers = Array.from({ length: 10 }, worker);
    try {
      await wait(300);
      expect((await a.live()).code).toBe(200);
      await wait(800);
      expect((await a.live()).code).toBe(200);
    } finally {
      load = false;
      await Promise.allSettled(workers);
      await a.close();
    }
  });
});
