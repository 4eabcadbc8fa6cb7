import { formatToken, formatUsd, parseUnits } from '@sgx/money';
import english from '../../../i18n/en/transactions.json';
import { englishNamespace, tr } from '../../../i18n/i18n';
import { localiseDecimal } from '../../../ui/format';
import { formatPercent } from '../../../ui/Money';

/** The ledger's texts: English with this module's code, the member's language when loaded (decision 0039). */
export const TRANSACTIONS_NS = englishNamespace('transactions', english);

/** Readable names of the ledger's sources (income types and movement kinds), in English. */
export const sourceLabels: Record<string, string> = english.source;

const known = (group: Record<string, string>, key: string) => Object.hasOwn(group, key);

/** A source's name in the member's language; an unknown source reads as its words. */
export const sourceLabel = (source: string) =>
  known(english.source, source) ? tr(`transactions:source.${source}`) : source.replace(/_/g, ' ');

export const walletLabels: Record<string, string> = english.wallet;

export const walletLabel = (wallet: string | null) =>
  wallet === null
    ? '-'
    : known(english.wallet, wallet)
      ? tr(`transactions:wallet.${wallet}`)
      : wallet.replace(/_/g, ' ');

/**
 * Amounts inside `details` arrive as whole counts of 10^-8 units ("10000000000" is $100.00), unlike the
 * decimal text of every other answer; decimal text is read as it is.
 */
const dollars = (text: string) => `$${localiseDecimal(text)}`;

export function usdOf(value: unknown): string | null {
  try {
    if (typeof value === 'string' && /^-?\d+$/.test(value)) return dollars(formatUsd(BigInt(value)));
    if (typeof value === 'string' && /^-?\d+\.\d+$/.test(value)) return dollars(formatUsd(parseUnits(value)));
    if (typeof value === 'number' && Number.isSafeInteger(value)) return dollars(formatUsd(BigInt(value)));
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

const phrase = (key: string, value: string) => tr(`transactions:detail.${key}`, { value });

const money =
  (key: string): Part =>
  (v) => {
    const usd = usdOf(v);
    return usd === null ? null : phrase(key, usd);
  };
/** A token price keeps its small decimals ($0.008). */
const price =
  (key: string): Part =>
  (v) => {
    try {
      const units = typeof v === 'string' && /^-?\d+$/.test(v) ? BigInt(v) : parseUnits(text(v));
      return phrase(key, `$${localiseDecimal(formatToken(units))}`);
    } catch {
      return null;
    }
  };
const ref =
  (key: string): Part =>
  (v) =>
    phrase(key, text(v));

const parts: Record<string, Part> = {
  rule: (v) => text(v),
  level: ref('level'),
  rate_percent: (v) => phrase('rate', formatPercent(text(v))),
  base: money('base'),
  due: money('due'),
  paid: money('paid'),
  cap: money('cap'),
  /** What is left under the cap after this credit: the cap less the earnings before and this payment. */
  earned_before: (v, all) => {
    const before = money('earned_before')(v, all);
    try {
      const left = BigInt(text(all.cap)) - BigInt(text(v)) - BigInt(text(all.paid));
      const after = money('cap_left')((left > 0n ? left : 0n).toString(), all);
      return [before, after].filter((p) => p !== null).join(' · ');
    } catch {
      return before;
    }
  },
  rule_version: ref('rule_version'),
  requested: money('requested'),
  credited: money('credited'),
  gross: money('gross'),
  fee: money('fee'),
  net: money('net'),
  business_date: ref('business_date'),
  source_member: ref('source_member'),
  payer: (v, all) =>
    all.receiver !== undefined && text(all.receiver) === text(v) ? null : phrase('payer', text(v)),
  receiver: ref('receiver'),
  verified_by: ref('verified_by'),
  reverses: ref('reverses'),
  from: (v, all) =>
    all.field === 'business_balance' ? money('from_amount')(v, all) : ref('from_member')(v, all),
  to: (v, all) => (all.field === 'business_balance' ? money('to_amount')(v, all) : ref('to_member')(v, all)),
  field: () => null,
  deposit_id: ref('deposit_id'),
  withdrawal_id: ref('withdrawal_id'),
  topup_id: ref('topup_id'),
  transfer_id: ref('transfer_id'),
  claim_id: ref('claim_id'),
  plan_id: ref('plan_id'),
  token_transaction_id: ref('token_transaction_id'),
  price_before: price('price_before'),
  price_after: price('price_after'),
  income_transaction: ref('income_transaction'),
  income_hold: ref('income_hold'),
  /** Held income's release date (decision 0076): the day, without its time. */
  release_at: (v) => (typeof v === 'string' && v.length >= 10 ? phrase('release_at', v.slice(0, 10)) : null),
  /** A reversal's reason is its memo already. */
  reason: () => null,
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
