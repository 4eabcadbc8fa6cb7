import { formatAmount, formatToken, formatUnits, parseUnits, withDollar } from '@sgx/money';
import { localiseDecimal } from './format';

/**
 * usd: "$1,234.50"; token: "1,234.5678 SGX"; plain: "1,234.50" with no unit; price: a per-token price in USD
 * with the token's decimals, 2 to 8 ("$0.008", "$0.0085"), since SGX trades at fractions of a cent.
 */
export type MoneyKind = 'usd' | 'token' | 'plain' | 'price';

/**
 * Formats an exact amount for display, through the bigint helpers only (never a float); the separators follow
 * the member's language by moving characters only ("$1.234,50" in Spanish, "$12,34,567.50" in Hindi).
 */
export function formatMoney(value: string | null | undefined, kind: MoneyKind = 'usd'): string {
  if (value === null || value === undefined || value === '') return '-';
  let units: bigint;
  try {
    units = parseUnits(value);
  } catch {
    return '-';
  }
  if (kind === 'token') return formatAmount(units, 'SGX', (d) => localiseDecimal(d));
  if (kind === 'price') return withDollar(localiseDecimal(formatToken(units)));
  const usd = formatAmount(units, 'USD', (d) => localiseDecimal(d));
  // plain: the same figure without its unit.
  return kind === 'plain' ? usd.replace('$', '') : usd;
}

/** Formats a percentage held as decimal text ("0.50000000" -> "0.5%"), without floats. */
export function formatPercent(value: string | null | undefined): string {
  if (value === null || value === undefined || value === '') return '-';
  try {
    const text = formatToken(parseUnits(value));
    return `${localiseDecimal(text.includes('.') ? text.replace(/\.?0+$/, '') : text)}%`;
  } catch {
    return '-';
  }
}

/** Decimal text for an input field: "125.50000000" -> "125.5", exact, or the text unchanged if unreadable. */
export function plainDecimal(value: string): string {
  try {
    const text = formatUnits(parseUnits(value));
    return text.includes('.') ? text.replace(/\.?0+$/, '') : text;
  } catch {
    return value;
  }
}

/** Whether two decimal texts hold the same amount (false when either is unreadable). */
export function sameAmount(a: string, b: string): boolean {
  try {
    return parseUnits(a) === parseUnits(b);
  } catch {
    return false;
  }
}

/** Whether decimal text holds an amount above zero (false when unreadable). */
export function isPositiveAmount(value: string | null | undefined): boolean {
  if (value === null || value === undefined) return false;
  try {
    return parseUnits(value) > 0n;
  } catch {
    return false;
  }
}
