import { divRoundHalfUp, UNIT } from '@sgx/money';

/**
 * The SGX price curve (business-rules 7): price(s) = base x multiplier x (1 + s / supply), where s is
 * the circulating supply. A buy of q costs the area under the curve from s to s+q, a sell of q pays the
 * area from s-q to s. All values are bigint units of 10^-8 (multiplier 1x = 10^8).
 *
 * Rounding: a buy's cost rounds up and a sell's proceeds round down, so no sequence of trades can make
 * even one unit from rounding (docs/decisions/0006-token-curve.md).
 */
export type Curve = { base: bigint; multiplier: bigint; supply: bigint };

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** Spot price (USD units per whole token) at circulating supply s, rounded half-up. */
export function spotPrice(c: Curve, s: bigint): bigint {
  return divRoundHalfUp(c.base * c.multiplier * (c.supply + s), UNIT * c.supply);
}

/** Exact area under the curve between s and s+q, as a fraction num / den of USD units. */
function area(c: Curve, s: bigint, q: bigint): { num: bigint; den: bigint } {
  // base*m/UNIT * q/UNIT * (1 + (2s+q)/(2S))  =  base*m*q*(2S+2s+q) / (UNIT^2 * 2S)
  return { num: c.base * c.multiplier * q * (2n * c.supply + 2n * s + q), den: UNIT * UNIT * 2n * c.supply };
}

/** Cost in USD units of buying q token units at circulating supply s (rounded up). */
export function buyCost(c: Curve, s: bigint, q: bigint): bigint {
  if (q <= 0n) throw new Error('quantity must be positive');
  if (s + q > c.supply) throw new Error('not enough tokens available');
  const { num, den } = area(c, s, q);
  return ceilDiv(num, den);
}

/** Proceeds in USD units of selling q token units at circulating supply s (rounded down). */
export function sellProceeds(c: Curve, s: bigint, q: bigint): bigint {
  if (q <= 0n) throw new Error('quantity must be positive');
  if (q > s) throw new Error('cannot sell more than circulates');
  const { num, den } = area(c, s - q, q);
  return num / den;
}

/** The multiplier that makes the spot price at supply s equal `price` (manual price update). */
export function multiplierFor(c: Omit<Curve, 'multiplier'>, s: bigint, price: bigint): bigint {
  return divRoundHalfUp(price * UNIT * c.supply, c.base * (c.supply + s));
}
