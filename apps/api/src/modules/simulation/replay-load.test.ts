import { describe, expect, it } from 'vitest';
import { decode, PG_EPOCH_MS } from './replay-load';

/** A member's claims as PostgreSQL sends them: pairs of 8-byte big-endian integers (microseconds since 2000, id). */
function pairs(claims: [Date, number, number][]): Buffer {
  const buf = Buffer.alloc(16 * claims.length);
  claims.forEach(([at, extraUs, id], k) => {
    buf.writeBigInt64BE(BigInt(at.getTime() - PG_EPOCH_MS) * 1000n + BigInt(extraUs), 16 * k);
    buf.writeBigInt64BE(BigInt(id), 16 * k + 8);
  });
  return buf;
}

describe("the claims' binary read", () => {
  const from = new Date('2026-08-28T09:15:00.000Z');
  const fromUs = (from.getTime() - PG_EPOCH_MS) * 1000;

  it('gives exact microseconds from the window start and keeps the order of time, then id', () => {
    const c = decode(
      pairs([
        [new Date('2026-08-28T10:00:00.000Z'), 7, 41],
        [new Date('2026-08-29T10:00:00.000Z'), 1, 9_007_199_254_740],
      ]),
      fromUs,
    );
    expect(Array.from(c.ts)).toEqual([45 * 60 * 1e6 + 7, (24 * 60 + 45) * 60 * 1e6 + 1]);
    expect(Array.from(c.ids)).toEqual([41, 9_007_199_254_740]);
  });

  it("sorts claims read out of time order (a day's time zone changed) by time, then id", () => {
    const t = new Date('2026-09-01T00:00:00.000Z');
    const c = decode(
      pairs([
        [new Date('2026-09-02T00:00:00.000Z'), 0, 5],
        [t, 3, 8],
        [t, 3, 6],
        [t, 2, 9],
      ]),
      fromUs,
    );
    const at = (t.getTime() - from.getTime()) * 1000;
    expect(Array.from(c.ts)).toEqual([at + 2, at + 3, at + 3, at + 86_400e6]);
    expect(Array.from(c.ids)).toEqual([9, 6, 8, 5]);
  });
});
