import type { ChainConfig, ChainsResponse, SweepCandidate } from '@sgx/contracts';
import { formatUnits, parseUnits, sumUnits } from '@sgx/money';
import { tr } from '../../i18n/i18n';
import { keepListedKeys, toggleAllKeys, toggleKey } from '../../ui/selection';
import { codeProblem } from '../auth/twoFactorText';
import './i18n';

/** The most addresses one sweep takes (the server's limit). */
export const SWEEP_MAX_ADDRESSES = 200;

/** The chains a sweep can run on: the EVM chains, then TRON when the server serves it. */
export function sweepChains(response: ChainsResponse): ChainConfig[] {
  return response.tron === null ? [...response.chains] : [...response.chains, response.tron];
}

/** The chain shown first: the first with a deposit factory, else the first there is (null: none). */
export function defaultSweepChainId(chains: readonly ChainConfig[]): number | null {
  return (chains.find((c) => c.forwarder_factory !== null) ?? chains[0])?.id ?? null;
}

/** The exact sum of decimal amounts (platform units), as decimal text. */
export function sumAmounts(values: readonly string[]): string {
  return formatUnits(sumUnits(values.map((v) => parseUnits(v))));
}

/**
 * What the chain shows beyond what the ledger says (negative when less), or null when they agree or the
 * chain could not be read.
 */
export function reconciliationGap(onChain: string | null, ledger: string): string | null {
  if (onChain === null) return null;
  const gap = parseUnits(onChain) - parseUnits(ledger);
  return gap === 0n ? null : formatUnits(gap);
}

/** The candidates picked, in the table's order. */
export function pickedCandidates(candidates: readonly SweepCandidate[], picked: ReadonlySet<string>) {
  return candidates.filter((c) => picked.has(c.address));
}

/**
 * "Select all": every candidate (the first SWEEP_MAX_ADDRESSES when there are more, since one sweep takes no
 * more), or none when all of those are already picked.
 */
export const toggleAll = (candidates: readonly SweepCandidate[], picked: ReadonlySet<string>): Set<string> =>
  toggleAllKeys(
    candidates.map((c) => c.address),
    picked,
    SWEEP_MAX_ADDRESSES,
  );

/** One candidate in or out; refused (unchanged) past the limit. */
export const toggleOne = (picked: ReadonlySet<string>, address: string): Set<string> =>
  toggleKey(picked, address, SWEEP_MAX_ADDRESSES);

/** Only candidates still listed stay picked (after the overview is read again). */
export const keepListed = (picked: ReadonlySet<string>, candidates: readonly SweepCandidate[]): Set<string> =>
  keepListedKeys(
    picked,
    candidates.map((c) => c.address),
  );

export interface SweepForm {
  reason: string;
  code: string;
}
export type SweepFormErrors = Partial<Record<keyof SweepForm, string>>;

/** The same rules as the server's: a reason of 3 to 500 characters and the authenticator's 6 digits. */
export function sweepFormErrors(form: SweepForm): SweepFormErrors {
  const errors: SweepFormErrors = {};
  const reason = form.reason.trim();
  if (reason.length < 3 || reason.length > 500) {
    errors.reason = tr('sweeps:reasonError');
  }
  const code = codeProblem(form.code.trim(), false);
  if (code !== null) errors.code = code;
  return errors;
}

export { txHashProblem } from '../web3/txHash';

/** A status as a badge shows it. */
const sweepColors: Record<string, string> = {
  prepared: 'yellow',
  sent: 'blue',
  confirmed: 'teal',
  failed: 'red',
};

/** A status as a badge shows it; a status this screen has no words for is shown as it comes. */
export function sweepStatusLook(status: string): { label: string; color: string } {
  const color = sweepColors[status];
  return color === undefined
    ? { label: status, color: 'gray' }
    : { label: tr(`sweeps:status.${status}`), color };
}

/**
 * A sweep as the dialog shows it: the list's read when it was made after the last answer of the server (the
 * list is read again every few seconds while the chain confirms), else that answer, else the sweep opened.
 */
export function currentSweep<T>(
  opened: T,
  answer: { sweep: T; at: number } | null,
  listed: T | undefined,
  listedAt: number,
): T {
  if (listed !== undefined && listedAt > (answer?.at ?? 0)) return listed;
  return answer?.sweep ?? opened;
}

/** A sweep whose transaction is still to be sent: never sent, or sent and failed (it may be sent again). */
export const canSendSweep = (status: string): boolean => status === 'prepared' || status === 'failed';
