import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, sqlOn } from '../../test/helpers';
import { APP_ROLE, connect, type Database } from '../db';
import { AppError } from './errors';
import { RateLimiter } from './rate-limit';

// Two pools stand for two API instances: each has its own limiter object, the counters are the database's.
let url: string;
let a: Database;
let b: Database;
let limiterA: RateLimiter;
let limiterB: RateLimiter;
beforeAll(async () => {
  url = await createTestDatabase();
  a = connect(url, 5, APP_ROLE);
  b = connect(url, 5, APP_ROLE);
  limiterA = new RateLimiter(a.db);
  limiterB = new RateLimiter(b.db);
});
afterAll(async () => {
  await a.close();
  await b.close();
});

/** The outcome of one hit: 'ok', or the Retry-After seconds of its 429. */
async function outcome(limiter: RateLimiter, key: string, limit: number, windowMs = 60_000) {
  try {
    await limiter.hit(key, limit, windowMs);
    return 'ok';
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'RATE_LIMITED') throw err;
    expect(err.message).toBe('Too many attempts. Please wait and try again.');
    return Number(err.headers?.['retry-after']);
  }
}

describe('rate limits in PostgreSQL', () => {
  it('counts hits on a key across instances and refuses the one after the limit with Retry-After', async () => {
    const seen = [];
    for (let i = 0; i < 6; i++)
      seen.push(await outcome(i % 2 ? limiterB : limiterA, 'k:alternate', 4, 120_000));
    expect(seen.slice(0, 4)).toEqual(['ok', 'ok', 'ok', 'ok']);
    for (const retry of seen.slice(4)) {
      expect(retry).toBeGreaterThan(100);
      expect(retry).toBeLessThanOrEqual(120);
    }
    // Another key has its own window.
    expect(await outcome(limiterA, 'k:other', 4)).toBe('ok');
  });

  it('lets exactly the limit through when hits race from two instances', async () => {
    const results = await Promise.all(
      Array.from({ length: 40 }, (_, i) => outcome(i % 2 ? limiterB : limiterA, 'k:race', 10)),
    );
    expect(results.filter((r) => r === 'ok')).toHaveLength(10);
    const { rows } = await sqlOn(url, "SELECT hits FROM rate_limits WHERE key = 'k:race'");
    // Refused hits are counted only up to limit + 1: the row never grows under a flood.
    expect(rows[0]?.hits).toBe(11);
  });

  it('starts a new window when the old one has ended, and forgets a key on reset', async () => {
    for (let i = 0; i < 3; i++) await limiterA.hit('k:window', 3, 60_000);
    expect(await outcome(limiterB, 'k:window', 3)).toBeTypeOf('number');
    await sqlOn(
      url,
      "UPDATE rate_limits SET window_end = now() - interval '1 second' WHERE key = 'k:window'",
    );
    expect(await outcome(limiterB, 'k:window', 3)).toBe('ok');
    const { rows } = await sqlOn(
      url,
      "SELECT hits, window_end > now() + interval '50 seconds' AS fresh FROM rate_limits WHERE key = 'k:window'",
    );
    expect(rows[0]).toEqual({ hits: 1, fresh: true });

    for (let i = 0; i < 2; i++) await limiterA.hit('k:window', 3, 60_000);
    expect(await outcome(limiterA, 'k:window', 3)).toBeTypeOf('number');
    await limiterB.reset('k:window');
    expect(await outcome(limiterA, 'k:window', 3)).toBe('ok');
  });

  it('deletes only the counters whose window has ended', async () => {
    await limiterA.hit('k:ended', 5, 60_000);
    await limiterA.hit('k:live', 5, 60_000);
    await sqlOn(url, "UPDATE rate_limits SET window_end = now() - interval '1 minute' WHERE key = 'k:ended'");
    expect(await limiterB.sweep()).toBeGreaterThanOrEqual(1);
    const { rows } = await sqlOn(url, "SELECT key FROM rate_limits WHERE key IN ('k:ended', 'k:live')");
    expect(rows).toEqual([{ key: 'k:live' }]);
  });

  it('returns the count, counts without refusing when told not to enforce, and takes a hit back on refund', async () => {
    expect(await limiterA.hit('k:count', 2, 60_000)).toBe(1);
    expect(await limiterB.hit('k:count', 2, 60_000)).toBe(2);
    // Past the limit, only counted (up to limit + 1): no 429.
    expect(await limiterA.hit('k:count', 2, 60_000, { enforce: false })).toBe(3);
    expect(await outcome(limiterA, 'k:count', 2)).toBeTypeOf('number');
    await limiterB.refund('k:count');
    expect(await limiterA.hit('k:count', 2, 60_000, { enforce: false })).toBe(3);
    for (let i = 0; i < 3; i++) await limiterA.refund('k:count');
    // The last hit taken back removes the counter (hits stay positive); refunding nothing is harmless.
    const { rows } = await sqlOn(url, "SELECT hits FROM rate_limits WHERE key = 'k:count'");
    expect(rows).toEqual([]);
    await limiterA.refund('k:count');
    expect(await limiterA.hit('k:count', 2, 60_000)).toBe(1);
  });
});
