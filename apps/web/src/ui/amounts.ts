import { formatUnits, parseUnits } from '@sgx/money';
import { formatMoney } from './moneyFormat';

interface AmountRules {
  /** Inclusive lower bound as decimal text. */
  min?: string;
  /** Inclusive upper bound as decimal text (e.g. the available balance). */
  max?: string;
  maxMessage?: string;
  /** Allows 0 (otherwise an amount must be above 0). */
  allowZero?: boolean;
}

/** The reason decimal text is not a usable amount, or null when it is. Exact: no float is involved. */
export function amountError(text: string, rules: AmountRules = {}): string | null {
  const value = text.trim();
  if (value === '') return 'Enter an amount.';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'Enter a number such as 100 or 12.50 (no commas or signs).';
  let units: bigint;
  try {
    units = parseUnits(value);
  } catch {
    return 'Enter a valid amount with at most 8 decimal places.';
  }
  if (rules.allowZero ? units < 0n : units <= 0n) return 'Enter an amount above 0.';
  if (rules.min !== undefined && units < parseUnits(rules.min)) {
    return `The minimum is ${formatMoney(rules.min)}.`;
  }
  if (rules.max !== undefined && units > parseUnits(rules.max)) {
    return rules.maxMessage ?? `The most you can use is ${formatMoney(rules.max)}.`;
  }
  return null;
}

/** Decimal text as the API expects it ("12.5" -> "12.50000000"). Call after `amountError` passed. */
export function amountText(text: string): string {
  return formatUnits(parseUnits(text.trim()));
}

/** a - b as decimal text, exactly; null when either is unreadable. */
export function subtractAmounts(a: string, b: string): string | null {
  try {
    return formatUnits(parseUnits(a) - parseUnits(b));
  } catch {
    return null;
  }
}

/** a + b as decimal text, exactly; null when either is unreadable. */
export function addAmounts(a: string, b: string): string | null {
  try {
    return formatUnits(parseUnits(a) + parseUnits(b));
  } catch {
    return null;
  }
}

/** Compares two decimal texts exactly: -1, 0 or 1 (null when either is unreadable). */
export function compareAmounts(a: string, b: string): -1 | 0 | 1 | null {
  try {
    const x = parseUnits(a);
    const y = parseUnits(b);
    return x === y ? 0 : x < y ? -1 : 1;
  } catch {
    return null;
  }
}
