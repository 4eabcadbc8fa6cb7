import { z } from 'zod';
import { AmountOut } from './common';
import { Settings } from './settings';

/**
 * Rule versions (decision 0070): every set of economic rules that was ever in force, numbered, with its dates. A
 * version holds the settings in force (merged with their defaults) and the economic fields of every plan; a new one
 * is written in the same transaction as any change of either, and every income credit names the version in force
 * when it was posted (`details.rule_version`).
 */
export const RulePlan = z.object({
  id: z.number().int(),
  name: z.string(),
  monthly_price: AmountOut,
  roi_day: AmountOut,
  sponsor_bonus: AmountOut,
  plan_period: z.number().int(),
  active: z.boolean(),
  deleted: z.boolean(),
});
export type RulePlan = z.infer<typeof RulePlan>;

/** How a person reads a plan's field in a rule version, in an approval, in the history of rules. */
export const rulePlanFieldLabels: Record<Exclude<keyof RulePlan, 'id'>, string> = {
  name: 'Name',
  monthly_price: 'Price',
  roi_day: 'Daily ROI %',
  sponsor_bonus: 'Sponsor bonus %',
  plan_period: 'Period (days)',
  active: 'On sale',
  deleted: 'Withdrawn',
};

export const RuleSet = z.object({ settings: Settings, plans: z.array(RulePlan) });
export type RuleSet = z.infer<typeof RuleSet>;

export const ruleVersionCauses = ['initial', 'settings', 'plan'] as const;
export const RuleVersionCause = z.enum(ruleVersionCauses);

export const RuleVersionRecord = z.object({
  version: z.number().int(),
  /** When it came into force, and when the next one replaced it (null: in force now). */
  from: z.string(),
  until: z.string().nullable(),
  cause: RuleVersionCause,
  changed_by: z.string().nullable(),
  reason: z.string().nullable(),
  approval_id: z.number().int().nullable(),
  /** What changed from the version before, one line a field (empty for the first). */
  changes: z.array(z.object({ field: z.string(), from: z.string().nullable(), to: z.string().nullable() })),
});
export type RuleVersionRecord = z.infer<typeof RuleVersionRecord>;
export const RuleVersionsResponse = z.object({ versions: z.array(RuleVersionRecord) });
export const RuleVersionResponse = z.object({ version: RuleVersionRecord, rules: RuleSet });

/**
 * The settings that are economic rules (decision 0069's list: rates, level percents and unlocks, the cap multiple, salary
 * tiers, CTO, fees, the token's economic settings). A change of any of them, or of a plan's economic fields, is
 * approved only with its simulation done (decision 0069); other settings (thresholds, limits, names) need none.
 */
export const economicRuleKeys = [
  'earningCapMultiplier',
  'entryFee',
  'levelPercents',
  'levelUnlockDirects',
  'withdrawal',
  'salaryTiers',
  'ctoPoolPercent',
  'ctoMinPlan',
  'ctoMinDirectsBusiness',
  'tokenSlippagePercent',
  'tokenTradeFeePercent',
  'tokenMaxPriceChangePercent',
] as const satisfies readonly (keyof Settings)[];
