import type { RiskSignal } from '@sgx/contracts';

/** The line above the signals: how many are flagged, out of how many. */
export function riskSummary(signals: readonly Pick<RiskSignal, 'flagged'>[]): string {
  const flagged = signals.filter((s) => s.flagged).length;
  if (signals.length === 0) return 'No risk signals';
  if (flagged === 0)
    return `Nothing flagged (${signals.length} ${signals.length === 1 ? 'signal' : 'signals'} checked)`;
  return `${flagged} of ${signals.length} ${signals.length === 1 ? 'signal' : 'signals'} flagged`;
}
