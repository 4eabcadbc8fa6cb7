import { formatUnits, parseUnits } from '@sgx/money';
import { tr } from '../i18n/i18n';
import { SHELL_NS } from './i18n';
import { formatMoney } from './moneyFormat';

const message = (key: string, vars?: { amount: string }) => tr(`${SHELL_NS}:amount.${key}`, vars);

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
export function amountError(typed: string, rules: AmountRules = {}): string | null {
  const value = typed.trim();
  if (value === '') return message('empty');
  if (!/^\d+(\.\d+)?$/.test(value)) return message('notNumber');
  let units: bigint;
  try {
    units = parseUnits(value);
  } catch {
    return message('tooPrecise');
  }
  if (rules.allowZero ? units < 0n : units <= 0n) return message('notPositive');
  if (rules.min !== undefined && units < parseUnits(rules.min)) {
    return message('min', { amount: formatMoney(rules.min) });
  }
  if (rules.max !== undefined && units > parseUnits(rules.max)) {
    return rules.maxMessage ?? message('max', { amount: formatMoney(rules.max) });
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
