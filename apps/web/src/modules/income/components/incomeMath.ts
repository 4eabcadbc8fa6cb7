import { formatUnits, parseUnits, UNIT, type Units } from '@sgx/money';

/** Decimal text to units; unreadable text counts as 0. */
export function unitsOf(value: string | null | undefined): Units {
  if (value === null || value === undefined) return 0n;
  try {
    return parseUnits(value);
  } catch {
    return 0n;
  }
}

export const textOf = (units: Units) => formatUnits(units);

export interface CapFigures {
  cap: string;
  total: string;
  available: string;
  /** Share of the cap used, in hundredths of a percent, at most 10000. */
  usedBasisPoints: number;
  hasPlan: boolean;
}

interface EarningFields {
  active_plan: string;
  level_month: string;
  roi_income: string;
  reward: string;
  direct_income: string;
  salary: string;
}

/** Spec 9: cap = active_plan x 3; total = level + ROI + reward + direct + salary; available = cap - total (0 without a plan). */
export function capFigures(u: EarningFields, multiplier = 3n): CapFigures {
  const plan = unitsOf(u.active_plan);
  const cap = plan * multiplier;
  const total =
    unitsOf(u.level_month) +
    unitsOf(u.roi_income) +
    unitsOf(u.reward) +
    unitsOf(u.direct_income) +
    unitsOf(u.salary);
  const hasPlan = plan > 0n;
  const left = cap - total;
  const available = !hasPlan || left < 0n ? 0n : left;
  let bp = 0n;
  if (cap > 0n) bp = (total * 10_000n) / cap;
  else if (total > 0n) bp = 10_000n;
  if (bp > 10_000n) bp = 10_000n;
  return {
    cap: textOf(cap),
    total: textOf(total),
    available: textOf(available),
    usedBasisPoints: Number(bp),
    hasPlan,
  };
}

/** "12.34%" from basis points, without floats. */
export function basisPointsText(bp: number): string {
  const whole = Math.trunc(bp / 100);
  const frac = String(bp % 100).padStart(2, '0');
  return `${whole}.${frac}%`;
}

/**
 * The period against the one before (decision 0055): a percentage only against a meaningful base (at least $1, and
 * not more than ten times smaller than now: "+10716.6%" against cents says nothing), otherwise what the previous
 * period held; nothing when both are empty.
 */
export type PeriodChange =
  | { kind: 'percent'; text: string }
  | { kind: 'previous'; before: Units }
  | { kind: 'none' }
  | null;

export function periodChange(now: Units, before: Units): PeriodChange {
  if (before <= 0n) return now > 0n ? { kind: 'none' } : null;
  if (before < UNIT || now > before * 10n) return { kind: 'previous', before };
  return { kind: 'percent', text: changeText(now, before) as string };
}

/** Change of `now` against `before` as a signed percent with one decimal, or null when there is no base. */
export function changeText(now: Units, before: Units): string | null {
  if (before <= 0n) return null;
  const permille = ((now - before) * 1000n) / before;
  const sign = permille > 0n ? '+' : permille < 0n ? '-' : '';
  const abs = permille < 0n ? -permille : permille;
  return `${sign}${abs / 10n}.${abs % 10n}%`;
}
