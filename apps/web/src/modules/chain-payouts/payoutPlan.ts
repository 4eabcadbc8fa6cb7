import type {
  PayoutBatchStatus,
  PayoutChain,
  PayoutQueueItem,
  PayoutStatus,
  WithdrawalPayout,
} from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { keepListedKeys, toggleAllKeys, toggleKey } from '../../ui/selection';
import './i18n';

/** The most payouts one batch takes (the server's limit, and the contract's gas budget). */
export const PAYOUT_BATCH_MAX = 200;

/** The chains a batch can be paid on: those with a payout contract. */
export const payableChains = (chains: readonly PayoutChain[]): PayoutChain[] =>
  chains.filter((c) => c.contract !== null);

/** The chain shown first: the first with a contract and a node the server verifies on, else the first payable. */
export function defaultPayoutChainId(chains: readonly PayoutChain[]): number | null {
  const payable = payableChains(chains);
  return (payable.find((c) => c.verified) ?? payable[0])?.chain_id ?? null;
}

/** Payouts waiting for a batch (approved), in the queue's order. */
export const waitingPayouts = (payouts: readonly PayoutQueueItem[]) =>
  payouts.filter((p) => p.status === 'approved');

/** Payouts whose transaction failed: they wait for an admin to retry them. */
export const failedPayouts = (payouts: readonly PayoutQueueItem[]) =>
  payouts.filter((p) => p.status === 'failed');

/** "Select all": the first PAYOUT_BATCH_MAX payouts, or none when all of those are picked. */
export const toggleAllPayouts = (payouts: readonly PayoutQueueItem[], picked: ReadonlySet<number>) =>
  toggleAllKeys(
    payouts.map((p) => p.withdrawal_id),
    picked,
    PAYOUT_BATCH_MAX,
  );

/** One payout in or out; refused (unchanged) past the limit. */
export const togglePayout = (picked: ReadonlySet<number>, id: number) =>
  toggleKey(picked, id, PAYOUT_BATCH_MAX);

/** The picked payouts still waiting, in the queue's order (after the queue is read again). */
export function pickedPayouts(payouts: readonly PayoutQueueItem[], picked: ReadonlySet<number>) {
  const kept = keepListedKeys(
    picked,
    payouts.map((p) => p.withdrawal_id),
  );
  return { kept, chosen: payouts.filter((p) => kept.has(p.withdrawal_id)) };
}

/**
 * Whether the wallet must first allow the payout contract to move the batch's total: the token's allowance of the
 * payer to the contract is below `rawTotal` (integer text in token units).
 */
export function needsAllowance(allowance: bigint, rawTotal: string): boolean {
  if (!/^\d+$/.test(rawTotal)) throw new Error(`not a token amount: ${rawTotal}`);
  return allowance < BigInt(rawTotal);
}

/** A batch whose transaction is out: read again every few seconds until the chain settles it. */
export const batchIsMoving = (status: PayoutBatchStatus): boolean => status === 'sent';

/** A batch whose transaction is still to be sent (prepared, before its deadline). */
export const batchIsSendable = (status: PayoutBatchStatus): boolean => status === 'prepared';

export interface StatusLook {
  label: string;
  color: string;
}

const batchColors: Record<PayoutBatchStatus, string> = {
  prepared: 'yellow',
  sent: 'blue',
  paid: 'teal',
  failed: 'red',
  expired: 'gray',
  reorged: 'orange',
};

/** A batch's status as its badge shows it. */
export const batchStatusLook = (status: PayoutBatchStatus): StatusLook => ({
  label: tr(`chainPayouts:batchStatus.${status}`),
  color: batchColors[status],
});

const payoutColors: Record<PayoutStatus, string> = {
  approved: 'blue',
  sending: 'indigo',
  paid: 'teal',
  failed: 'red',
  held: 'orange',
  sanctions_held: 'red',
};

/** A payout's status in the words members and admins see. */
export const payoutStatusLook = (status: PayoutStatus): StatusLook => ({
  label: tr(`chainPayouts:payoutStatus.${status}`),
  color: payoutColors[status],
});

/** "1 confirmation", "15 confirmations". */
export const confirmationsText = (n: number): string =>
  tr(n === 1 ? 'chainPayouts:confirmationsOne' : 'chainPayouts:confirmationsMany', { n });

/**
 * What a withdrawal's payout line says: the status word, and the confirmations while they count. A pending
 * request without a payout is "requested" (null here: the request's own badge says it).
 */
export function payoutLine(
  payout: WithdrawalPayout | null,
): { look: StatusLook; detail: string | null } | null {
  if (payout === null) return null;
  const look = payoutStatusLook(payout.status);
  if (payout.status === 'failed' || payout.status === 'held') return { look, detail: payout.failure };
  if (payout.tx_hash === null || payout.confirmations === null) return { look, detail: null };
  const n = payout.confirmations;
  return { look, detail: confirmationsText(n) };
}
