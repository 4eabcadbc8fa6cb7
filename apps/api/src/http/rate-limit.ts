import { rateLimited } from './errors';

/**
 * Fixed-window counters in memory, checked before any password is hashed. One API process holds
 * them; running several processes needs a shared store (see docs/decisions/0004-rate-limits.md).
 */
export class RateLimiter {
  private readonly windows = new Map<string, { count: number; resetAt: number }>();
  private lastSweep = Date.now();

  constructor(private readonly now: () => number = Date.now) {}

  /** Counts one hit on `key`; throws a 429 AppError when `limit` hits already happened in the window. */
  hit(key: string, limit: number, windowMs: number): void {
    const now = this.now();
    this.sweep(now);
    const w = this.windows.get(key);
    if (!w || w.resetAt <= now) {
      this.windows.set(key, { count: 1, resetAt: now + windowMs });
      return;
    }
    if (w.count >= limit) throw rateLimited(Math.max(1, Math.ceil((w.resetAt - now) / 1000)));
    w.count += 1;
  }

  /** Forgets `key` (after a successful sign-in, the account counter starts again). */
  reset(key: string): void {
    this.windows.delete(key);
  }

  private sweep(now: number): void {
    if (now - this.lastSweep < 60_000) return;
    this.lastSweep = now;
    for (const [k, w] of this.windows) if (w.resetAt <= now) this.windows.delete(k);
  }
}
