import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/helpers';
import { type Replica, startTestReplica } from '../../test/replica';

/** The test replica itself (test/replica.ts): a real physical streaming replica of the run's PostgreSQL. */
let replica: Replica;
let primaryUrl: string;
let database: string;

const one = async (url: string, sql: string) => {
  const c = new pg.Client({ connectionString: url });
  await c.connect();
  try {
    return (await c.query(sql)).rows[0];
  } finally {
    await c.end();
  }
};

beforeAll(async () => {
  primaryUrl = await createTestDatabase();
  database = new URL(primaryUrl).pathname.slice(1);
  replica = await startTestReplica();
});
afterAll(async () => {
  await replica?.stop();
});

describe('a streaming replica of the test PostgreSQL', () => {
  it('replays the primary’s writes, is read-only, falls behind when paused and catches up when resumed', async () => {
    await one(primaryUrl, 'CREATE TABLE replica_probe (n int)');
    await one(primaryUrl, 'INSERT INTO replica_probe VALUES (1)');
    await replica.caughtUp();
    const onReplica = replica.urlOf(database);
    expect(
      await one(onReplica, 'SELECT pg_is_in_recovery() AS r, count(*)::int AS n FROM replica_probe'),
    ).toEqual({
      r: true,
      n: 1,
    });
    await expect(one(onReplica, 'INSERT INTO replica_probe VALUES (2)')).rejects.toThrow(/read-only/);

    await replica.pause();
    await one(primaryUrl, 'INSERT INTO replica_probe VALUES (2)');
    await expect(replica.caughtUp(500)).rejects.toThrow(/did not reach/);
    expect(await one(onReplica, 'SELECT count(*)::int AS n FROM replica_probe')).toEqual({ n: 1 });
    await replica.resume();
    await replica.caughtUp();
    expect(await one(onReplica, 'SELECT count(*)::int AS n FROM replica_probe')).toEqual({ n: 2 });
  });

  it('stops and starts again, then streams what the primary wrote meanwhile', async () => {
    await replica.halt();
    await expect(one(replica.urlOf(database), 'SELECT 1')).rejects.toThrow();
    await one(primaryUrl, 'INSERT INTO replica_probe VALUES (3)');
    await replica.start();
    await replica.caughtUp();
    expect(await one(replica.urlOf(database), 'SELECT count(*)::int AS n FROM replica_probe')).toEqual({
      n: 3,
    });
  });
});
