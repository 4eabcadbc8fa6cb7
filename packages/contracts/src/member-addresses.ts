import { z } from 'zod';
import { DEPOSIT_CHAIN_IDS, type DepositChainId, DepositNetwork } from './chain';
import { AmountOut, IdIn } from './common';

/**
 * Every member's own deposit addresses (decision 0033): one CREATE2 forwarder address per factory
 * (the same on every EVM chain whose settings name the same factory) and one on TRON, credited with no report;
 * and the sweeps that move what sits at them to the treasury the factory fixes.
 */

/** One network an own address accepts on: what a member must know before sending. */
export const MemberAddressChain = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  /** The stablecoin contract accepted there (Base58Check on TRON). */
  token_address: z.string(),
  token_symbol: z.string(),
  token_decimals: z.number().int(),
  confirmations: z.number().int(),
  /** Smaller transfers are recorded and shown, not credited. */
  minimum: AmountOut,
  /** The server reads this chain (has a node): a transfer is credited by itself. */
  verified: z.boolean(),
});
export type MemberAddressChain = z.infer<typeof MemberAddressChain>;

/**
 * `GET /wallets/deposit-addresses`: the contract (`network`, `chain_ids`, `address`, `token`), with the
 * per-chain details the page shows. `address` is EIP-55 on EVM chains and Base58Check (`T...`) on TRON.
 */
export const MemberDepositAddress = z.object({
  network: DepositNetwork,
  chain_ids: z.array(z.number().int()),
  address: z.string(),
  token: z.object({ symbol: z.string(), decimals: z.number().int() }),
  chains: z.array(MemberAddressChain),
});
export type MemberDepositAddress = z.infer<typeof MemberDepositAddress>;
export const MemberDepositAddressesResponse = z.object({ addresses: z.array(MemberDepositAddress) });
export type MemberDepositAddressesResponse = z.infer<typeof MemberDepositAddressesResponse>;

// ---- sweeps (admins) ------------------------------------------------------------------------------

/** A chain id of a deposit chain as digits only (` 1` or `1e0` are refused, never coerced). */
export const ChainIdIn = IdIn.refine((v) => (DEPOSIT_CHAIN_IDS as readonly number[]).includes(v), {
  message:
    'Choose Ethereum (1), Polygon (137), BNB Smart Chain (56), Arbitrum One (42161) or TRON (728126428).',
}).transform((v) => v as DepositChainId);
export const SweepChainQuery = z.object({ chain_id: ChainIdIn });

/** A member address holding the chain's stablecoin, read on chain. */
export const SweepCandidate = z.object({
  /** As people read it: EIP-55, or Base58Check on TRON. */
  address: z.string(),
  user_id: z.number().int(),
  username: z.string(),
  /** Exact decimal text in the token's decimals, read on chain. */
  balance: z.string(),
  /** The same in platform units (exact decimal text of USD). */
  amount: AmountOut,
});
export type SweepCandidate = z.infer<typeof SweepCandidate>;

/** What sits at member addresses and in the treasury on one chain, by the chain and by the ledger. */
export const SweepOverview = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  /** Null when no factory is set for this chain or the server has no node for it. */
  factory: z.string().nullable(),
  treasury: z.string().nullable(),
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** Why nothing can be swept here, when nothing can. */
  message: z.string().nullable(),
  candidates: z.array(SweepCandidate),
  /** Sum of the candidates' balances (platform units). */
  at_member_addresses_on_chain: AmountOut,
  /** What the ledger says sits at member addresses (credited, not swept yet). */
  at_member_addresses_ledger: AmountOut,
  /** The treasury's balance of the token on chain (null when it could not be read). */
  treasury_on_chain: AmountOut.nullable(),
  /** What the ledger says was swept into the treasury. */
  treasury_ledger: AmountOut,
});
export type SweepOverview = z.infer<typeof SweepOverview>;

export const SweepStatus = z.enum(['prepared', 'sent', 'confirmed', 'failed']);
export type SweepStatus = z.infer<typeof SweepStatus>;
export const SweepRecord = z.object({
  id: z.number().int(),
  chain_id: z.number().int(),
  status: SweepStatus,
  /** The factory the transaction must call, and its calldata (`sweep(token, salts)`). */
  to: z.string(),
  data: z.string(),
  treasury: z.string(),
  addresses: z.array(z.string()),
  /** What the addresses held when it was prepared, and what the chain shows was swept (platform units). */
  expected: AmountOut,
  swept: AmountOut.nullable(),
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  failure: z.string().nullable(),
  reason: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  confirmed_at: z.string().nullable(),
});
export type SweepRecord = z.infer<typeof SweepRecord>;
export const SweepsResponse = z.object({ sweeps: z.array(SweepRecord) });
export const SweepResponse = z.object({ message: z.string(), sweep: SweepRecord });

/** Prepare a sweep of up to 200 member addresses of one chain; the admin's second factor is required. */
export const SweepBody = z.object({
  chain_id: ChainIdIn,
  addresses: z.array(z.string().trim().min(1).max(64)).min(1).max(200),
  code: z.string().trim().min(1).max(32).optional(),
  reason: z.string().trim().min(3).max(500),
});
export const SweepIdParam = z.object({ id: IdIn });
/** The transaction the admin's wallet sent for a prepared sweep. */
export const SweepTransactionBody = z.object({
  hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'Enter the 64-hex-digit transaction hash.'),
});
