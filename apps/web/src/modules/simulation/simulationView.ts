import {
  type ApprovalKind,
  economicRuleKeys,
  type SimulationProposal,
  type SimulationSettingsPatch,
} from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';

/** The approvals decided with a simulation (decision 0069): a change of the settings or of a plan. */
export const simulatedKinds: readonly ApprovalKind[] = ['settings', 'plan'];
export const isSimulatedKind = (kind: ApprovalKind) => simulatedKinds.includes(kind);

/** The settings the replay models; any other economic rule changed is named as not modelled. */
export const modelledSettingKeys = [
  'earningCapMultiplier',
  'levelPercents',
  'levelUnlockDirects',
  'ctoPoolPercent',
] as const satisfies readonly (keyof SimulationSettingsPatch)[];

const economic: readonly string[] = economicRuleKeys;
const modelled: readonly string[] = modelledSettingKeys;

/** The setting a change's key belongs to: "withdrawal.roiFeePercent" -> "withdrawal", "levelPercents.0" -> "levelPercents". */
const settingOf = (changeKey: string) => changeKey.split('.')[0] ?? changeKey;

/** Whether a settings change touches an economic rule (and so waits for a second admin, with its simulation). */
export const touchesEconomicRules = (changeKeys: readonly string[]) =>
  changeKeys.some((k) => economic.includes(settingOf(k)));

/**
 * The preview of a settings change (POST /admin/simulations): the modelled settings it changes, and the labels of
 * the other economic rules it changes as `unmodelled`. Null when it changes no economic rule.
 */
export function settingsProposal(
  patch: Record<string, unknown>,
  changes: readonly { key: string; label: string }[],
): SimulationProposal | null {
  if (!touchesEconomicRules(changes.map((c) => c.key))) return null;
  const settings: Record<string, unknown> = {};
  for (const k of modelled) if (patch[k] !== undefined) settings[k] = patch[k];
  const unmodelled = [
    ...new Set(
      changes
        .filter((c) => {
          const s = settingOf(c.key);
          return economic.includes(s) && !modelled.includes(s);
        })
        .map((c) => c.label),
    ),
  ];
  return {
    ...(Object.keys(settings).length > 0 ? { settings: settings as SimulationSettingsPatch } : {}),
    ...(unmodelled.length > 0 ? { unmodelled } : {}),
  };
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
