import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  divRoundHalfUp,
  formatToken,
  formatUnits,
  formatUsd,
  isAmount,
  MoneyError,
  mulUnits,
  parseUnits,
  percentOf,
  roundTo,
  UNIT,
} from './index';

describe('parseUnits', () => {
  it('parses decimal text exactly', () => {
    expect(parseUnits('125.5')).toBe(12_550_000_000n);
    expect(parseUnits('0.00000001')).toBe(1n);
    expect(parseUnits('-0.1')).toBe(-10_000_000n);
    expect(parseUnits('.5')).toBe(50_000_000n);
    expect(parseUnits('7.')).toBe(700_000_000n);
    expect(parseUnits(' 3 ')).toBe(300_000_000n);
  });

  it('parses exponents without floats', () => {
    expect(parseUnits('1e2')).toBe(100n * UNIT);
    expect(parseUnits('1.5E-7')).toBe(15n);
    expect(parseUnits('-25e-1')).toBe(-250_000_000n);
    expect(() => parseUnits('1.5E-9')).toThrow(MoneyError);
  });

  it('accepts safe integers and refuses fractional JS numbers', () => {
    expect(parseUnits(42)).toBe(42n * UNIT);
    expect(() => parseUnits(0.1)).toThrow(MoneyError);
    expect(() => parseUnits(2 ** 60)).toThrow(MoneyError);
  });

  it('refuses more than 8 decimal places rather than rounding', () => {
    expect(() => parseUnits('0.000000001')).toThrow(/8 decimal places/);
    expect(parseUnits('0.100000000')).toBe(10_000_000n);
  });

  it('refuses garbage and out-of-range values', () => {
    for (const bad of ['', 'abc', '1,5', '0x10', 'NaN', 'Infinity', '1e400', '--1', '1.2.3']) {
      expect(isAmount(bad), bad).toBe(false);
    }
    expect(() => parseUnits('99999999999999')).toThrow(/range/);
  });

  it('round-trips every formatted amount', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 18n), max: 10n ** 18n }), (u) => {
        expect(parseUnits(formatUnits(u))).toBe(u);
      }),
    );
  });
});

describe('rounding', () => {
  it('rounds half-up, ties away from zero', () => {
    expect(divRoundHalfUp(5n, 2n)).toBe(3n);
    expect(divRoundHalfUp(-5n, 2n)).toBe(-3n);
    expect(divRoundHalfUp(4n, 3n)).toBe(1n);
    expect(divRoundHalfUp(5n, 3n)).toBe(2n);
    expect(() => divRoundHalfUp(1n, 0n)).toThrow(MoneyError);
  });

  it('rounds to display digits', () => {
    expect(roundTo(parseUnits('1.005'), 2)).toBe(parseUnits('1.01'));
    expect(roundTo(parseUnits('1.00499999'), 2)).toBe(parseUnits('1'));
    expect(formatUnits(parseUnits('-1.005'), 2)).toBe('-1.01');
  });

  it('computes percentages once, exactly', () => {
    // 0.5% of 100 = 0.5
    expect(percentOf(parseUnits('100'), parseUnits('0.5'))).toBe(parseUnits('0.5'));
    // 0.7% of 0.00000001 = 0.00000000007 -> rounds to 0
    expect(percentOf(1n, parseUnits('0.7'))).toBe(0n);
    // 50% of 0.00000001 = 0.000000005 -> half-up -> 0.00000001
    expect(percentOf(1n, parseUnits('50'))).toBe(1n);
    expect(mulUnits(parseUnits('1000'), parseUnits('0.008'))).toBe(parseUnits('8'));
  });
});

describe('formatting', () => {
  it('formats fixed 8-digit API text', () => {
    expect(formatUnits(parseUnits('125.5'))).toBe('125.50000000');
    expect(formatUnits(0n)).toBe('0.00000000');
    expect(formatUnits(-1n)).toBe('-0.00000001');
  });

  it('formats USD and tokens for display', () => {
    expect(formatUsd(parseUnits('1234567.899'))).toBe('1,234,567.90');
    expect(formatUsd(parseUnits('-1000'))).toBe('-1,000.00');
    expect(formatToken(parseUnits('1000'))).toBe('1,000.00');
    expect(formatToken(parseUnits('0.00812345'))).toBe('0.00812345');
    expect(formatToken(parseUnits('2.5'))).toBe('2.50');
  });
});
