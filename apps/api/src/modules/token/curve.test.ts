import { parseUnits, UNIT } from '@sgx/money';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buyCost, type Curve, multiplierFor, sellProceeds, spotPrice } from './curve';

const demo: Curve = { base: parseUnits('0.008'), multiplier: UNIT, supply: parseUnits('100000000') };

describe('price curve', () => {
  it('starts at the base price and doubles when the whole supply circulates', () => {
    expect(spotPrice(demo, 0n)).toBe(parseUnits('0.008'));
    expect(spotPrice(demo, demo.supply / 2n)).toBe(parseUnits('0.012'));
    expect(spotPrice(demo, demo.supply)).toBe(parseUnits('0.016'));
  });

  it('charges the area under the curve for a buy', () => {
    // 1,000 tokens from zero: 0.008 * 1000 * (1 + 1000 / 2e8) = 8.00004
    expect(buyCost(demo, 0n, parseUnits('1000'))).toBe(parseUnits('8.00004'));
    // the whole supply: 0.008 * 1e8 * 1.5 = 1,200,000
    expect(buyCost(demo, 0n, demo.supply)).toBe(parseUnits('1200000'));
  });

  it('rounds a buy up and a sell down, so a round trip never makes money', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: parseUnits('50000000') }),
        fc.bigInt({ min: 1n, max: parseUnits('1000000') }),
        (s, q) => {
          expect(sellProceeds(demo, s + q, q)).toBeLessThanOrEqual(buyCost(demo, s, q));
          expect(buyCost(demo, s, q) - sellProceeds(demo, s + q, q)).toBeLessThanOrEqual(1n);
        },
      ),
    );
  });

  it('costs at least as much bought in pieces as at once (no gain from splitting)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: parseUnits('50000000') }),
        fc.array(fc.bigInt({ min: 1n, max: parseUnits('100000') }), { minLength: 1, maxLength: 8 }),
        (s, pieces) => {
          let supply = s;
          let paid = 0n;
          for (const q of pieces) {
            paid += buyCost(demo, supply, q);
            supply += q;
          }
          const whole = buyCost(demo, s, supply - s);
          expect(paid).toBeGreaterThanOrEqual(whole);
          expect(paid - whole).toBeLessThanOrEqual(BigInt(pieces.length));
          // and selling it all back in one go never returns more than was paid
          expect(sellProceeds(demo, supply, supply - s)).toBeLessThanOrEqual(paid);
        },
      ),
    );
  });

  it('refuses impossible trades', () => {
    expect(() => buyCost(demo, demo.supply, 1n)).toThrow(/available/);
    expect(() => sellProceeds(demo, 5n, 6n)).toThrow(/circulates/);
    expect(() => buyCost(demo, 0n, 0n)).toThrow();
  });

  it('finds the multiplier that puts the spot price on a new price', () => {
    const s = parseUnits('25000000');
    const m = multiplierFor(demo, s, parseUnits('0.015'));
    expect(spotPrice({ ...demo, multiplier: m }, s)).toBe(parseUnits('0.015'));
  });
});
