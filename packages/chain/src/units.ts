/** Platform amounts are integers of 10^-8 (packages/money); tokens count in 10^-decimals. */
const PLATFORM_DECIMALS = 8;

/**
 * A token value in platform units, exactly, or null when it has digits beyond the 8th decimal (an
 * 18-decimal value like 1.000000000000000001 cannot be credited exactly, so it is never rounded).
 */
export function tokenToPlatformUnits(value: bigint, decimals: number): bigint | null {
  if (decimals <= PLATFORM_DECIMALS) return value * 10n ** BigInt(PLATFORM_DECIMALS - decimals);
  const div = 10n ** BigInt(decimals - PLATFORM_DECIMALS);
  return value % div === 0n ? value / div : null;
}

/** Platform units as token base units, exactly; throws when the token has too few decimals for it. */
export function platformToTokenUnits(units: bigint, decimals: number): bigint {
  if (decimals >= PLATFORM_DECIMALS) return units * 10n ** BigInt(decimals - PLATFORM_DECIMALS);
  const div = 10n ** BigInt(PLATFORM_DECIMALS - decimals);
  if (units % div !== 0n) throw new RangeError(`This token has only ${decimals} decimals.`);
  return units / div;
}

/**
 * Platform units as token base units, rounded down to the token's smallest unit when it has fewer than 8 decimals
 * (a payout of 29.99999999 in a 6-decimal token pays 29.999999): never more than the platform owes.
 */
export function platformToTokenUnitsFloor(units: bigint, decimals: number): bigint {
  if (decimals >= PLATFORM_DECIMALS) return units * 10n ** BigInt(decimals - PLATFORM_DECIMALS);
  return units / 10n ** BigInt(PLATFORM_DECIMALS - decimals);
}

/** Exact decimal text of a token value, trailing zeros trimmed: 12500000n with 6 decimals is '12.5'. */
export function formatTokenUnits(value: bigint, decimals: number): string {
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const base = 10n ** BigInt(decimals);
  const whole = (abs / base).toString();
  const frac = decimals > 0 ? (abs % base).toString().padStart(decimals, '0').replace(/0+$/, '') : '';
  return `${negative ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}
