import type { RiskSignal } from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { RISK_NS } from './i18n';

/** The line above the signals: how many are flagged, out of how many (call at render time). */
export function riskSummary(signals: readonly Pick<RiskSignal, 'flagged'>[]): string {
  const flagged = signals.filter((s) => s.flagged).length;
  const n = signals.length;
  if (n === 0) return tr(`${RISK_NS}:summary.none`);
  if (flagged === 0) return tr(`${RISK_NS}:summary.${n === 1 ? 'nothingOne' : 'nothingMany'}`, { n });
  return tr(`${RISK_NS}:summary.${n === 1 ? 'flaggedOne' : 'flaggedMany'}`, { flagged, n });
}
