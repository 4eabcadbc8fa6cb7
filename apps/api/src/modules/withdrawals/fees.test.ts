import { defaultSettings } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { describe, expect, it } from 'vitest';
import { quoteWithdrawal } from './fees';

const s = defaultSettings.withdrawal;
const u = parseUnits;
const day = 86_400_000;

describe('withdrawal fees', () => {
  it('takes the fee of each kind, rounded half-up once', () => {
    expect(quoteWithdrawal('working', u('100'), s)).toMatchObject({
      fee: u('10'),
      net: u('90'),
      minimum: u('20'),
    });
    expect(quoteWithdrawal('roi', u('33.33333333'), s)).toMatchObject({
      fee: u('1.66666667'),
      net: u('31.66666666'),
    });
    expect(quoteWithdrawal('compound', u('0.00000001'), s)).toMatchObject({ fee: 0n, net: 1n });
  });

  it('charges principal by the age of the plan at the 10 and 20 day edges', () => {
    const now = new Date('2026-11-21T00:00:00Z');
    const at = (ms: number) => new Date(now.getTime() - ms);
    expect(quoteWithdrawal('principal', u('100'), s, at(10 * day - 1), now).fee).toBe(u('20'));
    expect(quoteWithdrawal('principal', u('100'), s, at(10 * day), now).fee).toBe(u('10'));
    expect(quoteWithdrawal('principal', u('100'), s, at(20 * day - 1), now).fee).toBe(u('10'));
    expect(quoteWithdrawal('principal', u('100'), s, at(20 * day), now).fee).toBe(0n);
  });

  it('always splits the gross into fee and net exactly', () => {
    for (const amount of ['20', '20.00000001', '99999.99999999', '123.45678901']) {
      const q = quoteWithdrawal('working', u(amount), s);
      expect(q.fee + q.net).toBe(u(amount));
    }
  });
});
