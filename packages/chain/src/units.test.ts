import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatTokenUnits,
  platformToTokenUnits,
  platformToTokenUnitsFloor,
  tokenToPlatformUnits,
} from './units';

describe('token units and platform units (10^-8)', () => {
  it('converts 18 and 6 decimals exactly', () => {
    expect(tokenToPlatformUnits(25n * 10n ** 18n, 18)).toBe(2_500_000_000n);
    expect(tokenToPlatformUnits(25_500_000n, 6)).toBe(2_550_000_000n);
    expect(tokenToPlatformUnits(10n ** 18n + 10n ** 10n, 18)).toBe(100_000_001n);
    // A digit past the 8th decimal cannot be credited exactly.
    expect(tokenToPlatformUnits(10n ** 18n + 1n, 18)).toBeNull();
    expect(platformToTokenUnits(100_000_001n, 18)).toBe(10n ** 18n + 10n ** 10n);
    expect(platformToTokenUnits(2_550_000_000n, 6)).toBe(25_500_000n);
    expect(() => platformToTokenUnits(1n, 6)).toThrow(RangeError);
    expect(formatTokenUnits(12_500_000n, 6)).toBe('12.5');
    expect(formatTokenUnits(10n ** 18n + 10n ** 10n, 18)).toBe('1.00000001');
    expect(formatTokenUnits(7n, 0)).toBe('7');
  });

  it('pays a payout in a token with fewer decimals rounded down, never more than owed', () => {
    expect(platformToTokenUnitsFloor(2_999_999_999n, 6)).toBe(29_999_999n);
    expect(platformToTokenUnitsFloor(100_000_001n, 18)).toBe(10n ** 18n + 10n ** 10n);
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 36 }), (units, d) => {
        const raw = platformToTokenUnitsFloor(units, d);
        const back = d >= 8 ? raw / 10n ** BigInt(d - 8) : raw * 10n ** BigInt(8 - d);
        expect(back <= units).toBe(true);
        expect(units - back < (d >= 8 ? 1n : 10n ** BigInt(8 - d))).toBe(true);
      }),
    );
  });

  it('round-trips every platform amount through every decimals count ≥ 8', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 8, max: 36 }), (units, d) => {
        expect(tokenToPlatformUnits(platformToTokenUnits(units, d), d)).toBe(units);
      }),
    );
  });

  it('round-trips every token value of a token with fewer decimals', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: 0n, max: 10n ** 20n }), fc.integer({ min: 0, max: 8 }), (value, d) => {
        const units = tokenToPlatformUnits(value, d);
        expect(units).not.toBeNull();
        expect(platformToTokenUnits(units as bigint, d)).toBe(value);
      }),
    );
  });
});
