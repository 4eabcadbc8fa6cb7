import type { SolvencyScenarioName } from '@sgx/contracts';
import { divRoundHalfUp, percentOf, UNIT, type Units } from '@sgx/money';

/**
 * The runway (decision 0068): how long the reserves pay what members take out, projected day by day over a horizon
 * under three scenarios of new money. Pure and exact: bigint 10^-8 units, every division floored, so a small economy
 * can be computed by hand (runway.test.ts does). Observed rates only, never assumptions:
 *
 * - new money (deposits) and new plans a day: the last 30 days' total / 30, changing each day by 1/30 of the change
 *   between the last and the prior 30 days ("at trend"; flat when the prior window had none): day t (0 = the report's
 *   day) brings max(0, (30 * last + (last - prior) * (t + 1)) / 900); "halved" half of that; "stopped" none;
 * - income a day: the last 30 days' ROI and team income (level, direct, salary, rewards) / 30, never more than the
 *   headroom left under the earning cap, which each new plan raises by its price x the cap multiple; CTO, outside the
 *   cap, its rule's bound: ctoPoolPercent of the day's new plans. Income is kept at the observed rate when new money
 *   stops (direct income would fall with it): the projection errs towards paying out more, never less;
 * - withdrawals a day: what is owed x the share of it members withdrew a day over the last 30 days (their
 *   withdrawals paid / 30 / the average owed); principal likewise against the average principal;
 * - each day: deposits arrive in wallets (owed) and reserves; plans move wallet money into principal; income adds
 *   to what is owed; withdrawals are paid from the reserves, first the wallets' then principal. The first day the
 *   reserves and the day's new money cannot pay the day's withdrawals is the scenario's short day; from then on
 *   only what the reserves hold is paid, the rest stays owed.
 */

export type FlowWindow = {
  deposits: Units;
  plans: Units;
  roi: Units;
  team: Units;
  withdrawals: Units;
  principal_withdrawals: Units;
};

export type RunwayInput = {
  /** The report's day, YYYY-MM-DD: day 0 of the projection. */
  day: string;
  reserves: Units;
  /** L0: member wallets and withdrawals waiting. */
  owed: Units;
  principal: Units;
  /** C: what members can still earn under the cap. */
  headroom: Units;
  /** The earning cap multiple in units (3x = 3 * UNIT). */
  capMultiplier: Units;
  /** ctoPoolPercent in units (1 % = UNIT). */
  ctoPercent: Units;
  last30: FlowWindow;
  prior30: FlowWindow;
  /** What was owed and held as principal, on average over the last 30 days (the withdrawal shares' base). */
  owedAverage: Units;
  principalAverage: Units;
  horizon?: number;
};

export type RunwayPoint = { day: string; reserves: Units; owed: Units; principal: Units };
export type RunwayResult = {
  scenario: SolvencyScenarioName;
  firstShortDay: string | null;
  daysCovered: number;
  /** CTO the scenario pays over the horizon (its rule's bound). */
  cto: Units;
  points: RunwayPoint[];
};

export const HORIZON_DAYS = 365;
const scenarioShare: Record<SolvencyScenarioName, [bigint, bigint]> = {
  trend: [1n, 1n],
  halved: [1n, 2n],
  stopped: [0n, 1n],
};

const max0 = (a: bigint) => (a > 0n ? a : 0n);
const min = (a: bigint, b: bigint) => (a < b ? a : b);

/** The trend of a 30-day total on day t: max(0, (30 * last + (last - prior) * (t + 1)) / 900), flat without a prior. */
export function trendOn(last: Units, prior: Units, t: number): Units {
  if (prior <= 0n) return last / 30n;
  return max0(30n * last + (last - prior) * BigInt(t + 1)) / 900n;
}

/** A day's share of a base withdrawn: base x (30-day withdrawals / 30 / the 30-day average of the base). */
function withdrawnOf(base: Units, withdrawn30: Units, average: Units): Units {
  if (withdrawn30 <= 0n || base <= 0n) return 0n;
  if (average <= 0n) return min(base, withdrawn30 / 30n);
  return min(base, (base * withdrawn30) / (30n * average));
}

/** A date column's day, YYYY-MM-DD (the driver gives a Date at UTC midnight, or the text itself). */
export const dayText = (d: Date | string): string =>
  typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10);

export function addDays(day: string, n: number): string {
  const d = new Date(`${day}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + n);
  return d.toISOString().slice(0, 10);
}

export function projectRunway(input: RunwayInput, scenario: SolvencyScenarioName): RunwayResult {
  const horizon = input.horizon ?? HORIZON_DAYS;
  const [num, den] = scenarioShare[scenario];
  const { last30, prior30 } = input;
  const incomeRate = (last30.roi + last30.team) / 30n;
  let reserves = input.reserves;
  let owed = input.owed;
  let principal = input.principal;
  let headroom = input.headroom;
  let cto = 0n;
  let firstShort: number | null = null;
  const points: RunwayPoint[] = [];
  for (let t = 0; t < horizon; t++) {
    const deposits = (trendOn(last30.deposits, prior30.deposits, t) * num) / den;
    const plans = (trendOn(last30.plans, prior30.plans, t) * num) / den;
    const income = min(headroom, incomeRate);
    const ctoToday = percentOf(plans, input.ctoPercent);
    const out = withdrawnOf(owed, last30.withdrawals, input.owedAverage);
    const principalOut = withdrawnOf(principal, last30.principal_withdrawals, input.principalAverage);
    const available = reserves + deposits;
    if (firstShort === null && out + principalOut > available) firstShort = t;
    const paid = min(out, available);
    const principalPaid = min(principalOut, available - paid);
    reserves = available - paid - principalPaid;
    owed = max0(owed + deposits - plans + income + ctoToday - paid);
    principal = max0(principal + plans - principalPaid);
    headroom = headroom - income + (plans * input.capMultiplier) / UNIT;
    cto += ctoToday;
    points.push({ day: addDays(input.day, t), reserves, owed, principal });
  }
  return {
    scenario,
    firstShortDay: firstShort === null ? null : addDays(input.day, firstShort),
    daysCovered: firstShort ?? horizon,
    cto,
    points,
  };
}

/** A ratio num / den as a decimal string with four places, half away from zero; null when den is 0. */
export function ratio(num: bigint, den: bigint): string | null {
  if (den === 0n) return null;
  const r = divRoundHalfUp(num * 10_000n, den);
  const sign = r < 0n ? '-' : '';
  const a = r < 0n ? -r : r;
  return `${sign}${a / 10_000n}.${String(a % 10_000n).padStart(4, '0')}`;
}
