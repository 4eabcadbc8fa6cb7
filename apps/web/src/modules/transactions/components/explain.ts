import { formatToken, formatUsd, parseUnits } from '@sgx/money';
import { formatPercent } from '../../../ui/Money';

/** Readable names of the ledger's sources (income types and movement kinds). */
export const sourceLabels: Record<string, string> = {
  roi_income: 'ROI income',
  level_month: 'Level income',
  direct_income: 'Direct income',
  reward: 'Reward',
  reward_level: 'Reward level income',
  salary: 'Salary',
  cto: 'CTO income',
  deposit: 'Deposit',
  topup: 'Top-up',
  retopup: 'Re-top-up',
  entry: 'Activation fee',
  friend: 'Friend top-up',
  transfer: 'Transfer',
  code: 'Code redeemed',
  withdrawal_hold: 'Withdrawal requested',
  withdrawal_payout: 'Withdrawal paid',
  withdrawal_release: 'Withdrawal returned',
  compound: 'Moved to compound',
  adjustment: 'Adjustment',
  plan_end_refund: 'Plan ended: principal back',
  reversal: 'Reversal',
  token_buy: 'SGX bought',
  token_sell: 'SGX sold',
};

export const sourceLabel = (source: string) => sourceLabels[source] ?? source.replace(/_/g, ' ');

export const walletLabels: Record<string, string> = {
  deposit: 'Business Balance',
  working: 'Working',
  non_working: 'Non-working',
  compound: 'Compound',
  token: 'SGX',
};

export const walletLabel = (wallet: string | null) =>
  wallet === null ? '-' : (walletLabels[wallet] ?? wallet.replace(/_/g, ' '));

/**
 * Amounts inside `details` arrive as whole counts of 10^-8 units ("10000000000" is $100.00), unlike the
 * decimal text of every other answer; decimal text is read as it is.
 */
export function usdOf(value: unknown): string | null {
  try {
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return `$${formatUsd(BigInt(value))}`;
    if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return `$${formatUsd(parseUnits(value))}`;
    if (typeof value === 'number' && Number.isSafeInteger(value)) return `$${formatUsd(BigInt(value))}`;
  } catch {
    return null;
  }
  return null;
}

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean'
    ? String(value)
    : JSON.stringify(value);

type Part = (value: unknown, all: Record<string, unknown>) => string | null;

const money =
  (label: string): Part =>
  (v) => {
    const usd = usdOf(v);
    return usd === null ? null : `${label} ${usd}`;
  };
/** A token price keeps its small decimals ($0.008). */
const price =
  (label: string): Part =>
  (v) => {
    try {
      const units = typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : parseUnits(text(v));
      return `${label} $${formatToken(units)}`;
    } catch {
      return null;
    }
  };
const ref =
  (label: string): Part =>
  (v) =>
    `${label} #${text(v)}`;

const parts: Record<string, Part> = {
  rule: (v) => text(v),
  level: (v) => `level ${text(v)}`,
  rate_percent: (v) => `at ${formatPercent(text(v))}`,
  base: money('of'),
  due: money('due'),
  paid: money('paid'),
  cap: money('earning cap'),
  earned_before: money('earned before'),
  requested: money('requested'),
  credited: money('credited'),
  gross: money('gross'),
  fee: money('fee'),
  net: money('net'),
  business_date: (v) => `for ${text(v)}`,
  source_member: ref('from member'),
  payer: (v, all) =>
    all.receiver !== undefined && text(all.receiver) === text(v) ? null : `paid by member #${text(v)}`,
  receiver: ref('for member'),
  verified_by: (v) => `verified by ${text(v)}`,
  reverses: ref('reverses transaction'),
  from: (v, all) => (all.field === 'business_balance' ? money('from')(v, all) : ref('from member')(v, all)),
  to: (v, all) => (all.field === 'business_balance' ? money('to')(v, all) : ref('to member')(v, all)),
  field: () => null,
  deposit_id: ref('deposit'),
  withdrawal_id: ref('withdrawal'),
  topup_id: ref('top-up'),
  transfer_id: ref('transfer'),
  claim_id: ref('claim'),
  plan_id: ref('plan'),
  token_transaction_id: ref('trade'),
  price_before: price('price before'),
  price_after: price('price after'),
};

/** The `details` of a ledger row as short readable phrases (rule, rate, base, cap, references). */
export function explainDetails(details: unknown): string[] {
  if (typeof details !== 'object' || details === null || Array.isArray(details)) return [];
  const all = details as Record<string, unknown>;
  const out: string[] = [];
  for (const [key, value] of Object.entries(all)) {
    if (value === null || value === undefined) continue;
    const part = parts[key];
    const phrase = part ? part(value, all) : `${key.replace(/_/g, ' ')}: ${text(value)}`;
    if (phrase !== null && phrase !== '') out.push(phrase);
  }
  return out;
}

/** One field of `details` as text, or null when absent. */
export function detailText(details: unknown, key: string): string | null {
  if (typeof details !== 'object' || details === null) return null;
  const value = (details as Record<string, unknown>)[key];
  return value === null || value === undefined ? null : text(value);
}
