import {
  type ApprovalKind,
  economicRuleKeys,
  settingsProposal as proposalOf,
  type SimulationProposal,
  simulatedApprovalKinds,
} from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';

/** The approvals decided with a simulation (decision 0069): a change of the settings or of a plan. */
const simulatedKinds: readonly ApprovalKind[] = simulatedApprovalKinds;
export const isSimulatedKind = (kind: ApprovalKind) => simulatedKinds.includes(kind);

const economic: readonly string[] = economicRuleKeys;

/** The setting a change's key belongs to: "withdrawal.roiFeePercent" -> "withdrawal", "levelPercents.0" -> "levelPercents". */
const settingOf = (changeKey: string) => changeKey.split('.')[0] ?? changeKey;

/** Whether a settings change touches an economic rule (and so waits for a second admin, with its simulation). */
export const touchesEconomicRules = (changeKeys: readonly string[]) =>
  changeKeys.some((k) => economic.includes(settingOf(k)));

/**
 * The preview of a settings change (POST /admin/simulations), by the rule in @sgx/contracts (`settingsProposal`):
 * the not-modelled rules named by the labels of the page's own change lines. Null when it changes no economic rule.
 */
export function settingsProposal(
  patch: Record<string, unknown>,
  changes: readonly { key: string; label: string }[],
): SimulationProposal | null {
  return proposalOf(patch, (keys) =>
    changes.filter((c) => keys.includes(settingOf(c.key))).map((c) => c.label),
  );
}

/** proposed - current, exact decimal text ("-12.50000000"). */
export function changeOf(current: string, proposed: string): string {
  return formatUnits(parseUnits(proposed) - parseUnits(current));
}

/** The sign of an amount's text: -1, 0 or 1. */
export function signOf(amount: string): -1 | 0 | 1 {
  const u = parseUnits(amount);
  return u < 0n ? -1 : u > 0n ? 1 : 0;
}
