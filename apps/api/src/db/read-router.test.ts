import { describe, expect, it } from 'vitest';
import { lsnValue, replicaFault } from './read-router';

describe('read router helpers (decision 0080)', () => {
  it('reads a WAL position as one number that orders like the server orders them', () => {
    expect(lsnValue('0/0')).toBe(0n);
    expect(lsnValue('0/16B3748')).toBe(0x16b3748n);
    expect(lsnValue('1/0')).toBe(1n << 32n);
    expect(lsnValue('16/B374D848')).toBe((0x16n << 32n) + 0xb374d848n);
    expect(lsnValue('1/0') > lsnValue('0/FFFFFFFF')).toBe(true);
  });

  it("repeats on the primary only what is the replica's fault, never a refused write or a bad query", () => {
    // Lost or refused connections, an administrator's stop, a query cancelled by recovery on the standby.
    for (const code of ['08006', '08001', '57P01', '57P03', '40001', 'ECONNREFUSED', 'ECONNRESET'])
      expect(replicaFault(Object.assign(new Error('x'), { code }))).toBe(true);
    expect(replicaFault(new Error('Connection terminated unexpectedly'))).toBe(true);
    // A write sent to a replica (25006) is a routing mistake to fail loudly, as are query errors.
    for (const code of ['25006', '42P01', '23505', '22P02'])
      expect(replicaFault(Object.assign(new Error('x'), { code }))).toBe(false);
    expect(replicaFault(new Error('division by zero'))).toBe(false);
  });
});
