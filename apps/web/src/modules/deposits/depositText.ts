import { chainName } from '@sgx/chain';
import { type DepositRecord, TRON_CHAIN_ID } from '@sgx/contracts';

/** A chain's name as members read it: the EVM chain's, or "TRON" (TRON's JSON-RPC chain id 728126428). */
export function networkName(chainId: number): string {
  return chainId === TRON_CHAIN_ID ? 'TRON' : chainName(chainId);
}

/** The network a deposit was sent on: its chain's name, a TRC20 deposit with no chain is Tron's, else BNB Smart Chain. */
export function depositNetwork(d: Pick<DepositRecord, 'currency' | 'chain_id'>): string {
  if (d.chain_id !== null) return networkName(d.chain_id);
  return d.currency === 'TRC20' ? 'Tron (TRC20)' : networkName(56);
}

/**
 * Where the chain check of a deposit stands, in words, when there is something to count or to warn of:
 * "Confirming 3/15" while it gathers confirmations, "Below the minimum: not credited" for a transfer to the
 * member's own address smaller than the network's minimum.
 */
export function chainProgressText(
  d: Pick<DepositRecord, 'chain_status' | 'confirmations' | 'required_confirmations'>,
): string | null {
  if (d.chain_status === 'below_minimum') return 'Below the minimum: not credited';
  if (d.chain_status === 'confirming' && d.required_confirmations !== null) {
    const have = Math.min(Math.max(d.confirmations ?? 0, 0), d.required_confirmations);
    return `Confirming ${have}/${d.required_confirmations}`;
  }
  return null;
}

/**
 * A deposit sent to the member's own deposit address (no report needed): "To your address" for the member,
 * "To the member's address" for admins; null for the other sources.
 */
export function depositSourceText(d: Pick<DepositRecord, 'source'>, admin = false): string | null {
  if (d.source !== 'address') return null;
  return admin ? "To the member's address" : 'To your address';
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
