import { SimulationProposal, settingsProposal } from '@sgx/contracts';
import type { Approval } from '../modules/approvals/approvals.registry';
import { fieldLabel } from '../modules/approvals/approvals.repo';

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
    const proposal = settingsProposal(record(payload.patch), (keys) => keys.map(fieldLabel));
    return proposal && SimulationProposal.parse(proposal);
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
