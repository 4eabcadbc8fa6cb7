import { parseUnits } from '@sgx/money';

/** What the cap rule (income_decision.sql) says when it pays nothing, as the card's text keys. */
const reasons: Record<string, string> = {
  'earning cap reached': 'capReached',
  'member has no plan': 'noPlan',
  'member is inactive': 'inactive',
  'member is blocked': 'blocked',
  'ROI income is closed for this member': 'roiClosed',
  'level income is closed for this member': 'levelClosed',
};

/** The card's key for a reason the server gives (null: not one it knows, shown as the server wrote it). */
export function reasonKey(reason: string): string | null {
  if (Object.hasOwn(reasons, reason)) return reasons[reason] ?? null;
  return /income is switched off$/.test(reason) ? 'switchedOff' : null;
}

const unitsOf = (text: string): bigint => {
  try {
    return parseUnits(text);
  } catch {
    return 0n;
  }
};

/** Earned / cap in hundredths of a percent, 0..10000, exactly (0 without a cap). */
export function usedBasisPoints(earned: string, cap: string): number {
  const c = unitsOf(cap);
  if (c <= 0n) return 0;
  const bp = (unitsOf(earned) * 10_000n) / c;
  return Number(bp < 0n ? 0n : bp > 10_000n ? 10_000n : bp);
}

/** Whether decimal text is a positive amount. */
export const positive = (text: string) => unitsOf(text) > 0n;
