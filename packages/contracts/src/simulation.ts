import { z } from 'zod';
import type { ApprovalKind } from './approval-kinds';
import { AmountOut } from './common';
import { economicRuleKeys } from './rules';
import { Settings } from './settings';
import { SolvencyScenarioName } from './solvency';

/**
 * The plan-change simulator (decision 0069): a proposed rule set replayed over the last days of real history (what
 * members would have been paid, against what they were) and projected over the runway. Started by an admin with
 * the 'settings' permission (or by the approvals flow), it runs in the background; its row says how far it got.
 */

const s = Settings.shape;
/** What a proposal may change of the settings: the economic rules the replay applies (unnamed ones stay). */
export const SimulationSettingsPatch = z
  .object({
    earningCapMultiplier: s.earningCapMultiplier,
    levelPercents: s.levelPercents,
    levelUnlockDirects: s.levelUnlockDirects,
    ctoPoolPercent: s.ctoPoolPercent,
    features: s.features.pick({ roi: true, level: true, direct: true }).partial(),
  })
  .partial();
export type SimulationSettingsPatch = z.infer<typeof SimulationSettingsPatch>;

const percentIn = s.ctoPoolPercent;
/** A plan's economic change: its daily ROI rate and its sponsor bonus, in percent. */
export const SimulationPlanChange = z.object({
  id: z.number().int().positive(),
  roi_day: percentIn.optional(),
  sponsor_bonus: percentIn.optional(),
});
export type SimulationPlanChange = z.infer<typeof SimulationPlanChange>;

export const SimulationProposal = z.object({
  settings: SimulationSettingsPatch.optional(),
  plans: z.array(SimulationPlanChange).max(1000).optional(),
  /** Days of history replayed, ending now (default 90). */
  days: z.number().int().min(1).max(365).optional(),
  note: z.string().max(500).optional(),
  /**
   * What the change asks for that the replay does not model (a plan's price or period, a new plan, salary tiers,
   * fees, the token's settings): shown beside the result, which then reads as "no change to the income replayed".
   */
  unmodelled: z.array(z.string().max(200)).max(50).optional(),
});
export type SimulationProposal = z.infer<typeof SimulationProposal>;

/** The approval kinds decided with their simulation done (decision 0069): a change of the settings or of a plan. */
export const simulatedApprovalKinds = ['settings', 'plan'] as const satisfies readonly ApprovalKind[];

/** The settings the replay models; the other economic rules a change touches are named as not modelled. */
export const modelledSettingKeys = [
  'earningCapMultiplier',
  'levelPercents',
  'levelUnlockDirects',
  'ctoPoolPercent',
] as const satisfies readonly (keyof SimulationSettingsPatch)[];

/**
 * The simulation of a settings change (decision 0069), the one home of the rule for the API (an approval's) and the
 * web (the preview before asking): `patch` holds the settings it changes, top-level; the modelled ones are replayed,
 * the other economic rules it changes are named by `labels` as not modelled. Null when it changes no economic rule.
 */
export function settingsProposal(
  patch: Record<string, unknown>,
  labels: (unmodelledKeys: string[]) => string[],
): SimulationProposal | null {
  const economic: readonly string[] = economicRuleKeys;
  const modelled: readonly string[] = modelledSettingKeys;
  const keys = Object.keys(patch).filter((k) => economic.includes(k));
  if (keys.length === 0) return null;
  const settings = Object.fromEntries(keys.filter((k) => modelled.includes(k)).map((k) => [k, patch[k]]));
  const unmodelled = [...new Set(labels(keys.filter((k) => !modelled.includes(k))))];
  return {
    ...(Object.keys(settings).length > 0 ? { settings: settings as SimulationSettingsPatch } : {}),
    ...(unmodelled.length > 0 ? { unmodelled } : {}),
  };
}

/** A preview an admin runs before asking (an approval's own simulation is made from the approval: decision 0069). */
export const SimulationStartBody = SimulationProposal;

export const simulationStatuses = ['queued', 'running', 'done', 'failed'] as const;
export const SimulationStatus = z.enum(simulationStatuses);

const simulatedKinds = ['roi_income', 'level_month', 'direct_income', 'salary', 'reward', 'cto'] as const;
export const SimulatedIncomeKind = z.enum(simulatedKinds);

export const SimulationKindTotals = z.object({
  income_type: SimulatedIncomeKind,
  /** What the ledger credited in the window. */
  actual: AmountOut,
  /** The replay under the rules that were in force (equal to actual for the kinds replayed: the fidelity). */
  replayed_current: AmountOut,
  /** The replay under the proposed rules. */
  replayed_proposed: AmountOut,
  /** Replayed from the events (false: carried over, paid as observed, only cut by the cap). */
  replayed: z.boolean(),
});

export const SimulationMemberChange = z.object({
  member_id: z.string(),
  username: z.string().nullable(),
  current: AmountOut,
  proposed: AmountOut,
  change: AmountOut,
});

export const SimulationRunwayPoint = z.object({
  first_short_day: z.string().nullable(),
  days_covered: z.number().int(),
});
export const SimulationRunway = z.object({
  /** The solvency report whose inputs were projected again. */
  report_day: z.string(),
  /** Observed ROI and team income rates scaled by these (proposed / current replayed), 4 places. */
  roi_scale: z.string().nullable(),
  team_scale: z.string().nullable(),
  headroom_current: AmountOut,
  headroom_proposed: AmountOut,
  scenarios: z.array(
    z.object({
      scenario: SolvencyScenarioName,
      current: SimulationRunwayPoint,
      proposed: SimulationRunwayPoint,
    }),
  ),
});

export const SimulationResult = z.object({
  window: z.object({ from: z.string(), to: z.string(), days: z.number().int() }),
  /** The rule versions in force over the window that the current replay applied. */
  versions_in_force: z.number().int(),
  /** Income not replayed from its rule: paid as observed (salary, rewards only cut by the cap; CTO as credited). */
  carried: z.array(z.enum(['salary', 'cto', 'reward'])),
  kinds: z.array(SimulationKindTotals),
  totals: z.object({ actual: AmountOut, replayed_current: AmountOut, replayed_proposed: AmountOut }),
  /** The replay under the rules in force against the ledger, per member and replayed kind. */
  fidelity: z.object({ exact: z.boolean(), members_differing: z.number().int(), difference: AmountOut }),
  top_changes: z.array(SimulationMemberChange),
  cap_reached: z.object({ current: z.number().int(), proposed: z.number().int() }),
  /** Null when there is no solvency report yet. */
  runway: SimulationRunway.nullable(),
});
export type SimulationResult = z.infer<typeof SimulationResult>;

export const SimulationRecord = z.object({
  id: z.string(),
  requested_by: z.string().nullable(),
  approval_id: z.string().nullable(),
  status: SimulationStatus,
  progress: z.number().int().min(0).max(100),
  proposal: SimulationProposal,
  result: SimulationResult.nullable(),
  error: z.string().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
});
export type SimulationRecord = z.infer<typeof SimulationRecord>;
export const SimulationResponse = z.object({ simulation: SimulationRecord });
