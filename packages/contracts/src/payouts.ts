import { z } from 'zod';
import { AmountOut, IdIn } from './common';
import { ChainIdIn } from './member-addresses';

/**
 * Payouts on chain (decision 0034): an approved withdrawal waits as a payout until a batch transaction
 * through the BatchPayout contract pays it, from the operator's wallet or (where configured) the hot wallet, and
 * the server verified that transaction on chain.
 */

/**
 * approved: waits to be paid; sending: in a batch whose transaction is out; paid: verified and confirmed; held: it
 * was paid, then a chain reorganisation removed its transaction (decision 0053): the money is held until an admin
 * resolves it.
 */
/** `sanctions_held`: its address is on a sanctions list; not prepared until two admins release it (decision 0075). */
export const PayoutStatus = z.enum(['approved', 'sending', 'paid', 'failed', 'held', 'sanctions_held']);
export type PayoutStatus = z.infer<typeof PayoutStatus>;
export const PayoutNetwork = z.enum(['EVM', 'TRON']);
export type PayoutNetwork = z.infer<typeof PayoutNetwork>;

/**
 * How a withdrawal is paid (decision 0054): `chain`, approved and paid by a batch under "Pay on chain" (a chain of its
 * network has a payout contract, or it has a payout); `hand`, sent by the operator outside the product, then marked
 * paid. The server decides; the admin's screen says what it will do.
 */
export const PayoutMethod = z.enum(['chain', 'hand']);
export type PayoutMethod = z.infer<typeof PayoutMethod>;

/** What a withdrawal's member sees of its payout (`GET /withdrawalrequest/by/{id}`, the lists). */
export const WithdrawalPayout = z.object({
  status: PayoutStatus,
  /** The chain it is (being) paid on; null while it waits for a batch. */
  chain_id: z.number().int().nullable(),
  /** 0x and 64 hex digits; null until a transaction is out. */
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  /** Why it failed (a failed payout waits for an admin: its money stays held, never returned and sent). */
  failure: z.string().nullable(),
  paid_at: z.string().nullable(),
});
export type WithdrawalPayout = z.infer<typeof WithdrawalPayout>;

/** One payout in the admins' queue. */
export const PayoutQueueItem = z.object({
  withdrawal_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.string(),
  amount: AmountOut,
  fee: AmountOut,
  /** What the member receives on chain. */
  net: AmountOut,
  network: PayoutNetwork,
  /** The payout address as it was when the member asked (EIP-55, or Base58Check on TRON). */
  address: z.string(),
  status: PayoutStatus,
  batch_id: z.number().int().nullable(),
  failure: z.string().nullable(),
  approved_at: z.string(),
});
export type PayoutQueueItem = z.infer<typeof PayoutQueueItem>;

/** A chain payouts of a network can be paid on: its batch contract and token, and its hot wallet if any. */
export const PayoutChain = z.object({
  chain_id: z.number().int(),
  name: z.string(),
  network: PayoutNetwork,
  /** The BatchPayout contract (null: payouts cannot be paid on this chain yet). */
  contract: z.string().nullable(),
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** The server has a node for this chain (it verifies payouts only there). */
  verified: z.boolean(),
  /** The hot wallet configured for this chain (PAYOUT_HOT_WALLET_KEY_<chain id>), or null. */
  hot_wallet: z
    .object({
      address: z.string(),
      /** Its token balance read on chain (platform units), null when it could not be read. */
      balance: AmountOut.nullable(),
    })
    .nullable(),
});
export type PayoutChain = z.infer<typeof PayoutChain>;

export const PayoutQueueQuery = z.object({ network: PayoutNetwork.default('EVM') });
export const PayoutQueueResponse = z.object({
  network: PayoutNetwork,
  chains: z.array(PayoutChain),
  /** Approved and failed payouts of the network, oldest first (at most 500). */
  payouts: z.array(PayoutQueueItem),
  /** Sum of the approved payouts' net (platform units). */
  total_approved: AmountOut,
});
export type PayoutQueueResponse = z.infer<typeof PayoutQueueResponse>;

/** reorged: its transaction was paid, then a chain reorganisation removed it (decision 0053). */
export const PayoutBatchStatus = z.enum(['prepared', 'sent', 'paid', 'failed', 'expired', 'reorged']);
export type PayoutBatchStatus = z.infer<typeof PayoutBatchStatus>;
export const PayoutBatchItem = z.object({
  withdrawal_id: z.number().int(),
  username: z.string(),
  address: z.string(),
  net: AmountOut,
  /** The amount in the token's own units (integer text), as the transaction must pay it. */
  raw_amount: z.string(),
  status: PayoutStatus,
  failure: z.string().nullable(),
});
export const PayoutBatchRecord = z.object({
  id: z.number().int(),
  chain_id: z.number().int(),
  chain_name: z.string(),
  mode: z.enum(['wallet', 'hot']),
  status: PayoutBatchStatus,
  /** The BatchPayout contract the transaction calls, and its calldata (`pay(token, ref, deadline, to, amounts)`). */
  to: z.string(),
  data: z.string(),
  token: z.object({ address: z.string(), symbol: z.string(), decimals: z.number().int() }),
  /** The payer must allow the contract at least this much of the token (integer text, token units). */
  raw_total: z.string(),
  total: AmountOut,
  /** The transaction reverts after this instant; the batch is then expired and its payouts wait again. */
  deadline: z.string(),
  sender: z.string().nullable(),
  /** The contract's version (2: only `payer` can send it) and the payer its reference is bound to, if any. */
  contract_version: z.number().int(),
  payer: z.string().nullable(),
  tx_hash: z.string().nullable(),
  explorer_url: z.string().nullable(),
  confirmations: z.number().int().nullable(),
  failure: z.string().nullable(),
  created_by: z.string().nullable(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  items: z.array(PayoutBatchItem),
});
export type PayoutBatchRecord = z.infer<typeof PayoutBatchRecord>;
export const PayoutBatchResponse = z.object({ message: z.string(), batch: PayoutBatchRecord });
export const PayoutBatchesResponse = z.object({ batches: z.array(PayoutBatchRecord) });

/** Prepare a batch of up to 200 approved payouts of one network on one chain; the admin's second factor. */
export const PayoutBatchBody = z.object({
  chain_id: ChainIdIn,
  withdrawal_ids: z.array(IdIn).min(1).max(200),
  code: z.string().trim().min(1).max(32).optional(),
  /**
   * The wallet that will send the batch (0x, or TRON Base58): the batch's reference is bound to it, and a contract
   * of version 2 lets nobody else spend it (decision 0053). Required on such a contract.
   */
  payer: z.string().trim().min(1).max(64).optional(),
});
export const PayoutBatchIdParam = z.object({ id: IdIn });
export const PayoutTransactionBody = z.object({
  hash: z
    .string()
    .trim()
    .regex(/^(0x)?[0-9a-fA-F]{64}$/, 'Enter the 64-hex-digit transaction hash.'),
});
export const PayoutWithdrawalParam = z.object({ id: IdIn });
export const PayoutRetryBody = z.object({ reason: z.string().trim().min(3).max(500) });

/**
 * A payout a chain reorganisation took back after it was verified (decision 0053): its transaction is no longer on
 * the chain, the completion is reversed in the ledger (the money is held again for the withdrawal, which is pending
 * again), until an admin resolves it.
 */
export const HeldPayoutRecord = z.object({
  withdrawal_id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  kind: z.string(),
  amount: AmountOut,
  net: AmountOut,
  network: PayoutNetwork,
  address: z.string(),
  chain_id: z.number().int(),
  chain_name: z.string(),
  batch_id: z.number().int(),
  /** The transaction that paid it and the chain no longer shows (0x and 64 hex digits). */
  tx_hash: z.string().nullable(),
  /** The old batch's deadline: paying again is possible only once it passed with the batch unpaid. */
  deadline: z.string(),
  reorg_detected_at: z.string(),
  /** What the chain showed when the hold was made. */
  reorg_note: z.string(),
});
export type HeldPayoutRecord = z.infer<typeof HeldPayoutRecord>;
export const HeldPayoutsResponse = z.object({
  payouts: z.array(HeldPayoutRecord),
  held_count: z.number().int(),
});
export type HeldPayoutsResponse = z.infer<typeof HeldPayoutsResponse>;

/**
 * An admin's resolution of a held payout: 'remined' completes it again, only while the chain shows its batch's
 * payment again (found by the batch's reference) with its confirmations; 'repay' makes it wait for a new batch, only
 * once the old batch can provably never pay (its deadline passed, unpaid, at a confirmed block).
 */
export const PayoutReorgResolveBody = z.object({
  action: z.enum(['remined', 'repay']),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
});
export type PayoutReorgResolveBody = z.infer<typeof PayoutReorgResolveBody>;
