import { depositNetworkName } from '@sgx/chain/names';
import type { DepositRecord } from '@sgx/contracts';
import { tr } from '../../i18n/i18n';
import { DEPOSITS_NS } from './i18n';

/**
 * The network a deposit was sent on (decision 0041): "Polygon", "BNB Smart Chain (BEP20)", "TRON (TRC20)"; a BEP20
 * deposit from before chains were recorded is BNB Smart Chain's, as the server reads it.
 */
export function depositNetwork(d: {
  currency: DepositRecord['currency'] | string;
  chain_id: number | null;
}): string {
  return depositNetworkName(d.currency === 'TRC20' ? 'TRC20' : 'BEP20', d.chain_id);
}

/**
 * Where the chain check of a deposit stands, in words, when there is something to count or to warn of:
 * "Confirming 3/15" while it gathers confirmations, "Below the minimum: not credited" for a transfer to the
 * member's own address smaller than the network's minimum.
 */
export function chainProgressText(
  d: Pick<DepositRecord, 'chain_status' | 'confirmations' | 'required_confirmations'>,
): string | null {
  if (d.chain_status === 'below_minimum') return tr(`${DEPOSITS_NS}:chain.belowMinimum`);
  if (d.chain_status === 'confirming' && d.required_confirmations !== null) {
    const have = Math.min(Math.max(d.confirmations ?? 0, 0), d.required_confirmations);
    return tr(`${DEPOSITS_NS}:chain.progress`, { have, need: d.required_confirmations });
  }
  return null;
}

/**
 * A deposit sent to the member's own deposit address (no report needed): "To your address" for the member,
 * "To the member's address" for admins; null for the other sources.
 */
export function depositSourceText(d: Pick<DepositRecord, 'source'>, admin = false): string | null {
  if (d.source !== 'address') return null;
  return tr(`${DEPOSITS_NS}:chain.${admin ? 'toMemberAddress' : 'toYourAddress'}`);
}

/** How often a live list refreshes while one of its deposits is being checked on chain. */
export const CHECKING_REFRESH_MS = 5000;
/**
 * How often a live list refreshes otherwise: a transfer to the member's own address appears by itself (the
 * server's scan finds it within a minute), with nothing reported to wait for.
 */
export const IDLE_REFRESH_MS = 30_000;

/** When a list reads itself again: never unless `live`; soon while a deposit is being checked on chain. */
export function depositsRefreshMs(
  deposits: readonly Pick<DepositRecord, 'chain_status'>[],
  live: boolean,
): number | false {
  if (!live) return false;
  return deposits.some((d) => d.chain_status === 'waiting' || d.chain_status === 'confirming')
    ? CHECKING_REFRESH_MS
    : IDLE_REFRESH_MS;
}
