import type { Settings } from '@sgx/contracts';
import { parseUnits, percentOf } from '@sgx/money';

export type WithdrawalKind = 'working' | 'roi' | 'principal' | 'compound';
export type Quote = { amount: bigint; fee: bigint; net: bigint; feePercent: bigint; minimum: bigint };

const DAY_MS = 86_400_000;

/**
 * The fee of a withdrawal, computed by the server only (business-rules 6): working 10 %, ROI 5 %,
 * compound 5 %, principal 20 % within 10 days of activation, 10 % within 20 days, then nothing.
 * Working withdrawals have a minimum (20). All numbers are settings.
 */
export function quoteWithdrawal(
  kind: WithdrawalKind,
  amount: bigint,
  s: Settings['withdrawal'],
  activatedAt?: Date,
  now: Date = new Date(),
): Quote {
  let feePercent: bigint;
  let minimum = 0n;
  if (kind === 'working') {
    feePercent = parseUnits(s.workingFeePercent);
    minimum = parseUnits(s.workingMinimum);
  } else if (kind === 'roi') {
    feePercent = parseUnits(s.roiFeePercent);
  } else if (kind === 'compound') {
    feePercent = parseUnits(s.compoundFeePercent);
  } else {
    const age = activatedAt ? now.getTime() - activatedAt.getTime() : Number.POSITIVE_INFINITY;
    feePercent =
      age < 10 * DAY_MS
        ? parseUnits(s.principalFeeWithin10DaysPercent)
        : age < 20 * DAY_MS
          ? parseUnits(s.principalFeeWithin20DaysPercent)
          : 0n;
  }
  const fee = percentOf(amount, feePercent);
  return { amount, fee, net: amount - fee, feePercent, minimum };
}
