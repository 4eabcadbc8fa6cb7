import { z } from 'zod';
import { AmountOut } from './common';

/**
 * The daily solvency report (decision 0068): what the platform owes now, what members can still earn under
 * the rules, what it holds, its flows, how long the money lasts under three scenarios, and the plan's health figures.
 * Amounts are decimal USD strings (10^-8 units underneath); ratios are decimal strings with four places ("0.8123"),
 * null where the denominator is zero or the history is too short to say.
 */
export const Ratio = z.string().regex(/^-?\d+\.\d{4}$/);
export type Ratio = z.infer<typeof Ratio>;

/** Coverage falling this many days in a row turns the owners' alert on (decision 0068): the API's rule, the page's reason. */
export const COVERAGE_FALLING_DAYS = 7;

export const solvencyScenarios = ['trend', 'halved', 'stopped'] as const;
export const SolvencyScenarioName = z.enum(solvencyScenarios);
export type SolvencyScenarioName = z.infer<typeof SolvencyScenarioName>;

/** One projected day: reserves held and what is owed (member balances plus withdrawals waiting, and principal). */
export const SolvencyPoint = z.object({
  day: z.string(),
  reserves: AmountOut,
  owed: AmountOut,
  principal: AmountOut,
});
export type SolvencyPoint = z.infer<typeof SolvencyPoint>;

export const SolvencyScenario = z.object({
  scenario: SolvencyScenarioName,
  /** The first day (YYYY-MM-DD) on which reserves cannot pay what members take out that day; null: none in 365 days. */
  first_short_day: z.string().nullable(),
  /** Days from the report's day to the first short day (365 when there is none within the horizon). */
  days_covered: z.number().int(),
  /** Every day of the horizon (365). */
  points: z.array(SolvencyPoint),
});
export type SolvencyScenario = z.infer<typeof SolvencyScenario>;

/** Sums over a trailing window of whole UTC days ending the day before the report's day. */
export const SolvencyWindow = z.object({
  deposits: AmountOut,
  plans: AmountOut,
  roi: AmountOut,
  team: AmountOut,
  withdrawals: AmountOut,
  principal_withdrawals: AmountOut,
});
export type SolvencyWindow = z.infer<typeof SolvencyWindow>;

/** (last - prior) / prior of each line of the windows; null when the prior window had none. */
export const SolvencyGrowth = z.object({
  deposits: Ratio.nullable(),
  plans: Ratio.nullable(),
  roi: Ratio.nullable(),
  team: Ratio.nullable(),
  withdrawals: Ratio.nullable(),
  principal_withdrawals: Ratio.nullable(),
});
export type SolvencyGrowth = z.infer<typeof SolvencyGrowth>;

export const SolvencyFlows = z.object({
  last_7: SolvencyWindow,
  prior_7: SolvencyWindow,
  last_30: SolvencyWindow,
  prior_30: SolvencyWindow,
  /** Over 7 days (last 7 against the prior 7) and over 30. */
  growth_7: SolvencyGrowth,
  growth_30: SolvencyGrowth,
});
export type SolvencyFlows = z.infer<typeof SolvencyFlows>;

export const SolvencyHealth = z.object({
  /** Withdrawals paid / deposits credited, last 30 days. */
  paid_rate: Ratio.nullable(),
  /** The share of the last 30 days' payouts beyond the reserves held when the window began (only new money paid it). */
  new_money_dependence: Ratio.nullable(),
  /** Referral income of every kind (level, direct, salary, CTO, rewards) / all income, since the start. */
  recruitment_share: Ratio.nullable(),
  /**
   * The Gini index of members' net positions (what withdrawals paid them + held - deposited), 0 when all are equal,
   * 1 when one member has everything.
   */
  gini: Ratio.nullable(),
  /** Members who deposited and are under water (withdrawn + held < deposited) / members who deposited. */
  under_water_share: Ratio.nullable(),
});
export type SolvencyHealth = z.infer<typeof SolvencyHealth>;

export const SolvencyCohort = z.object({
  /** YYYY-MM of the members' sign-up. */
  join_month: z.string(),
  members: z.number().int(),
  deposited: AmountOut,
  /** What their withdrawals paid them (net of the fee). */
  withdrawn: AmountOut,
  /** What they still hold: balances, withdrawals waiting and plans' principal. */
  held: AmountOut,
  /** withdrawn + held - deposited (negative: the cohort is under water as a whole). */
  net: AmountOut,
  /** Members of the cohort who deposited and are under water. */
  under_water: z.number().int(),
});
export type SolvencyCohort = z.infer<typeof SolvencyCohort>;

export const SolvencyReserveGap = z.object({ chain_id: z.number().int(), reason: z.string() });

export const SolvencyReport = z.object({
  day: z.string(),
  cutoff: z.string(),
  /** L0: member wallets plus withdrawals waiting, at the cut-off of the day's proof of liabilities. */
  owed_now: AmountOut,
  /** The proof's published total of that day; owed_matches_proof says both agree to the unit. */
  proof_total: AmountOut,
  owed_matches_proof: z.boolean(),
  /** Principal of active plans (withdrawable under the plan rules, kept outside the wallets and the proof). */
  principal: AmountOut,
  /** C: what members can still earn before their cap, split by what can fill it, and CTO's bound outside the cap. */
  earnable: z.object({ total: AmountOut, roi: AmountOut, referral: AmountOut, cto_bound: AmountOut }),
  /** R: the proven on-chain reserves of the day's proof (treasury included where proven). */
  reserves: AmountOut,
  /** Chains whose reserves could not be read: R is then a lower bound. */
  reserves_unavailable: z.array(SolvencyReserveGap),
  /** R / L0. */
  coverage: Ratio.nullable(),
  flows: SolvencyFlows,
  runway: z.array(SolvencyScenario),
  health: SolvencyHealth,
  cohorts: z.array(SolvencyCohort),
  /** The alert state at this report: the threshold (days) and why it fires, if it does. */
  alert: z.object({
    threshold_days: z.number().int(),
    runway_below: z.boolean(),
    coverage_falling_days: z.number().int(),
    active: z.boolean(),
  }),
  computed_at: z.string(),
});
export type SolvencyReport = z.infer<typeof SolvencyReport>;

/** One past day in the history: coverage and the no-new-money runway. */
export const SolvencyHistoryPoint = z.object({
  day: z.string(),
  owed_now: AmountOut,
  reserves: AmountOut,
  coverage: Ratio.nullable(),
  days_covered_stopped: z.number().int(),
});
export type SolvencyHistoryPoint = z.infer<typeof SolvencyHistoryPoint>;

/** GET /admin/solvency: the latest report (or the one of ?day=), and the history oldest first (up to 365 days). */
export const SolvencyResponse = z.object({
  report: SolvencyReport.nullable(),
  history: z.array(SolvencyHistoryPoint),
});
export type SolvencyResponse = z.infer<typeof SolvencyResponse>;

export const SolvencyQuery = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
/** POST /admin/solvency/build: compute (or recompute) the report of a day that has a proof. */
export const SolvencyBuildBody = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});

/**
 * GET /solvency/public (anyone): what the public proof page shows beside the liabilities and reserves: the latest
 * report's coverage and the days of payouts its reserves cover with no new money, against the published threshold.
 */
export const SolvencyPublicResponse = z.object({
  day: z.string().nullable(),
  owed_now: AmountOut.nullable(),
  reserves: AmountOut.nullable(),
  coverage: Ratio.nullable(),
  days_covered_stopped: z.number().int().nullable(),
  first_short_day: z.string().nullable(),
  /** Reserves of some chain could not be read at the cut-off: the figures are lower bounds. */
  reserves_partial: z.boolean(),
  threshold_days: z.number().int(),
  below_threshold: z.boolean(),
});
export type SolvencyPublicResponse = z.infer<typeof SolvencyPublicResponse>;

/** GET /income/earning-room (member): what the member can still earn under their cap, and their next ROI credit. */
export const EarningRoomResponse = z.object({
  /** Active plan x the cap multiple; 0 without a plan. */
  cap: AmountOut,
  earned: AmountOut,
  /** What the cap leaves (0 when income is refused: the reason says why). */
  can_still_earn: AmountOut,
  reason: z.string().nullable(),
  /** The daily ROI the member's next claim pays (cut at the cap), and whether today's claim is still open. */
  next_roi: z
    .object({ amount: AmountOut, rate_percent: z.string(), claimable: z.enum(['today', 'tomorrow']) })
    .nullable(),
});
export type EarningRoomResponse = z.infer<typeof EarningRoomResponse>;
