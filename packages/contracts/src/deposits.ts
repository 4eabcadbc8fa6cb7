import { z } from 'zod';
import { ChainStatus, SupportedChainId } from './chain';
import { AmountOut } from './common';
import { TX_HASH_MESSAGE, TX_HASH_PATTERN } from './deposit-basics';
import { Currency, MemberId, PositiveAmountIn, paged, RequestStatus } from './money-ops';
import { PayoutMethod } from './payouts';
import { Bep20Address, Trc20Address } from './users';

/** Deposits (reported by members, verified on chain or approved by admins) and the platform's receiving addresses. */

// ---- deposits ------------------------------------------------------------------------------------

export const TxHash = z.string().trim().regex(TX_HASH_PATTERN, TX_HASH_MESSAGE);
export const DepositBody = z.object({
  user_id: MemberId,
  amount: PositiveAmountIn,
  currency: Currency,
  hash: TxHash,
  /** BEP20 only: the EVM chain it was sent on (default BNB Smart Chain, 56); the server verifies it there. */
  chain_id: SupportedChainId.optional(),
});
export const DepositRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  /** The member's full name, so admin tables name members by name (decision 0021). */
  fullname: z.string(),
  amount: AmountOut,
  credited_amount: AmountOut.nullable(),
  currency: Currency,
  hash: z.string(),
  status: RequestStatus,
  verified_by: z.enum(['admin', 'chain']).nullable(),
  note: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  /** EVM deposits: the chain, and where the server's check stands (null for TRC20). */
  chain_id: z.number().int().nullable(),
  chain_status: ChainStatus.nullable(),
  confirmations: z.number().int().nullable(),
  required_confirmations: z.number().int().nullable(),
  /** Why the check refused it, or what it waits for. */
  chain_reason: z.string().nullable(),
  from_address: z.string().nullable(),
  /** Reported by the member, found by the scan from a linked wallet, or sent to the member's own address. */
  source: z.enum(['member', 'scan', 'address']),
  /**
   * The approval its credit waits for, and who asked for it (decision 0024; admins only, null for members).
   * Last, so CSV columns keep their places.
   */
  approval_id: z.number().int().nullable(),
  approval_requested_by: z.string().nullable(),
  /**
   * Who the chain says sent it (decision 0027; admins only, null for members): the member the sending wallet
   * (`from_address`) is linked to (null: linked to nobody, or not read), whether that is the reporting member
   * (null when the chain was not read), and how many other members reported the same hash (not declined).
   */
  chain_sender_username: z.string().nullable(),
  sender_is_member: z.boolean().nullable(),
  other_reports: z.number().int().nullable(),
  /** The member's own deposit address it was sent to (decision 0033), as people read it; null for the shared one. */
  to_address: z.string().nullable(),
  /** The transaction on the chain's explorer, when the chain is known. */
  explorer_url: z.string().nullable(),
});
export type DepositRecord = z.infer<typeof DepositRecord>;
export const DepositsResponse = paged('deposits', DepositRecord);
export const DepositResponse = z.object({ message: z.string(), deposit: DepositRecord });

/** An admin's decision on a request: the spec's `{ status, amount, user_id }`, plus an optional note. */
export const DecisionBody = z.object({
  status: z.enum(['complete', 'decline']),
  amount: PositiveAmountIn.optional(),
  user_id: MemberId,
  note: z.string().trim().max(500).optional(),
});
/**
 * A decision on a withdrawal; `payout_method`: how the admin's screen said it is paid (decision 0054). A completion is
 * refused (409) when the server pays it the other way, so an operator told to send it by hand never sees it paid on
 * chain as well, nor one meant for a batch marked paid unpaid. Without it the server's way applies.
 */
export const WithdrawalDecisionBody = DecisionBody.extend({ payout_method: PayoutMethod.optional() });

// ---- deposit addresses ---------------------------------------------------------------------------

export const DepositAddressBody = z.discriminatedUnion('currency', [
  z.object({
    currency: z.literal('BEP20'),
    address: Bep20Address,
    /** Only on this EVM chain; without it the address serves every EVM chain. */
    chain_id: SupportedChainId.optional(),
    label: z.string().trim().max(80).optional(),
    reason: z.string().trim().min(3).max(500),
  }),
  z.object({
    currency: z.literal('TRC20'),
    address: Trc20Address,
    label: z.string().trim().max(80).optional(),
    reason: z.string().trim().min(3).max(500),
  }),
]);
export const DepositAddressRecord = z.object({
  id: z.number().int(),
  currency: Currency,
  chain_id: z.number().int().nullable(),
  address: z.string(),
  label: z.string().nullable(),
  created_at: z.string(),
});
export const DepositAddressesResponse = z.object({ addresses: z.array(DepositAddressRecord) });
