import { economicRuleKeys, SimulationProposal } from '@sgx/contracts';
import type { Approval } from '../modules/approvals/approvals.registry';
import { fieldLabel } from '../modules/approvals/approvals.repo';

/** The settings the replay applies (decision 0069); the other economic rules are shown as not modelled. */
const modelled: readonly string[] = [
  'earningCapMultiplier',
  'levelPercents',
  'levelUnlockDirects',
  'ctoPoolPercent',
];
const economic: readonly string[] = economicRuleKeys;

const record = (v: unknown): Record<string, unknown> =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

/**
 * What an approval asks for, as the simulation of it (decisions 0069, 0070): the composition reads the payloads the
 * settings (`{patch, before}`) and plans (`{action, ...}`) domains write, so neither they nor the simulator know the
 * other. Null for an approval that changes no economic rule (a threshold, a limit, an address): it needs none.
 */
export function proposalOfApproval(a: Approval): SimulationProposal | null {
  const payload = record(a.payload);
  if (a.kind === 'settings') {
    const patch = record(payload.patch);
    const keys = Object.keys(patch).filter((k) => economic.includes(k));
    if (keys.length === 0) return null;
    const unmodelled = keys.filter((k) => !modelled.includes(k)).map(fieldLabel);
    return SimulationProposal.parse({
      settings: Object.fromEntries(keys.filter((k) => modelled.includes(k)).map((k) => [k, patch[k]])),
      ...(unmodelled.length > 0 ? { unmodelled } : {}),
    });
  }
  if (a.kind === 'plan') {
    if (payload.action === 'create') {
      const plan = record(payload.plan);
      return SimulationProposal.parse({ unmodelled: [`A new plan: ${String(plan.name ?? '')}`] });
    }
    const patch = record(payload.patch);
    const change = {
      id: Number(payload.id),
      ...(patch.ROI_day !== undefined ? { roi_day: patch.ROI_day } : {}),
      ...(patch.Sponser_bonus !== undefined ? { sponsor_bonus: patch.Sponser_bonus } : {}),
    };
    const unmodelled = [
      ...(patch.monthly_price !== undefined ? ['Price'] : []),
      ...(patch.plan_period !== undefined ? ['Period (days)'] : []),
    ];
    return SimulationProposal.parse({
      plans: Object.keys(change).length > 1 ? [change] : [],
      ...(unmodelled.length > 0 ? { unmodelled } : {}),
    });
  }
  return null;
}
