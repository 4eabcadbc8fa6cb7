import { sql } from 'kysely';
import type { Db } from '../db';
import { rateLimited } from './errors';

/** How often a process deletes the counters whose window has ended. */
const SWEEP_EVERY_MS = 60_000;

/**
 * Fixed-window counters in PostgreSQL (table `rate_limits`, migration 0023), so every API instance
 * counts against the same limit (decision 0015). Callers check before any password is hashed: a
 * flood of attempts costs one short statement each, on the database's clock.
 */
export class RateLimiter {
  private lastSweep = Date.now();

  constructor(
    private readonly db: Db,
    private readonly onSweepError: (err: unknown) => void = () => undefined,
  ) {}

  /**
   * Counts one hit on `key` in one round trip; throws a 429 AppError when `limit` hits already
   * happened in the window (unless `enforce` is false: then it only counts). A window that has ended
   * starts again with this hit, in the same statement. Returns the hits in the window, this one included.
   */
  async hit(key: string, limit: number, windowMs: number, { enforce = true } = {}): Promise<number> {
    this.sweepNowAndThen();
    // Refused hits still count (up to limit + 1), so the refusal needs no second statement.
    const { rows } = await sql<{ hits: number; retry_after: number }>`
      INSERT INTO rate_limits AS r (key, hits, window_end)
      VALUES (${key}, 1, now() + make_interval(secs => ${windowMs / 1000}))
      ON CONFLICT (key) DO UPDATE SET
        hits = CASE WHEN r.window_end <= now() THEN 1 ELSE least(r.hits, ${limit}) + 1 END,
        window_end = CASE WHEN r.window_end <= now() THEN excluded.window_end ELSE r.window_end END
      RETURNING hits, ceil(extract(epoch FROM window_end - now()))::int AS retry_after`.execute(this.db);
    const row = rows[0];
    if (enforce && row && row.hits > limit) throw rateLimited(Math.max(1, row.retry_after));
    return row?.hits ?? 1;
  }

  /**
   * Takes one hit back from `key`'s open window (a hit that turned out not to count: a right code); the
   * counter goes when its last hit does (hits stay positive).
   */
  async refund(key: string): Promise<void> {
    await sql`
      WITH gone AS (DELETE FROM rate_limits WHERE key = ${key} AND hits <= 1)
      UPDATE rate_limits SET hits = hits - 1
      WHERE key = ${key} AND hits > 1 AND window_end > now()`.execute(this.db);
  }

  /** Forgets `key` (after a successful sign-in, the account counter starts again). */
  async reset(key: string): Promise<void> {
    await this.db.deleteFrom('rate_limits').where('key', '=', key).execute();
  }

  /** Deletes ended windows through their index; not awaited, so no request waits on it. */
  private sweepNowAndThen(): void {
    const now = Date.now();
    if (now - this.lastSweep < SWEEP_EVERY_MS) return;
    this.lastSweep = now;
    void this.sweep().catch(this.onSweepError);
  }

  /** Deletes every counter whose window has ended; returns how many. */
  async sweep(): Promise<number> {
    const r = await this.db
      .deleteFrom('rate_limits')
      .where('window_end', '<=', sql<Date>`now()`)
      .executeTakeFirst();
    return Number(r.numDeletedRows);
  }
}
