import { z } from 'zod';
import { AmountOut, Timestamp } from './common';

/**
 * Credited chain deposits a reorganisation removed (decision 0028): the re-check holds the amount in
 * the member's held account and flags the deposit; an admin reverses it (the held amount leaves the books) or
 * releases it (only while the chain shows the transfer again with its confirmations).
 */
export const ReorgStatus = z.enum(['held', 'released', 'reversed']);
export type ReorgStatus = z.infer<typeof ReorgStatus>;

export const ReorgDepositRecord = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  username: z.string(),
  fullname: z.string(),
  currency: z.string(),
  chain_id: z.number().int().nullable(),
  hash: z.string(),
  from_address: z.string().nullable(),
  /** What was credited, and when. */
  credited_amount: AmountOut,
  credited_at: Timestamp,
  reorg_status: ReorgStatus,
  reorg_detected_at: z.string(),
  /** What the hold took from the deposit wallet (what was there, at most the credit). */
  held_amount: AmountOut,
  /** What the member had already spent of the credit when the hold came: not held, the admin's to recover. */
  shortfall: AmountOut,
  /** What the chain showed when the hold was made. */
  reorg_note: z.string().nullable(),
  resolved_at: Timestamp,
  resolved_by: z.string().nullable(),
  resolution: z.string().nullable(),
});
export type ReorgDepositRecord = z.infer<typeof ReorgDepositRecord>;

export const ReorgDepositsQuery = z.object({
  /** Default 'held': the ones waiting for an admin. */
  status: z.enum(['held', 'released', 'reversed', 'all']).default('held'),
});
export const ReorgDepositsResponse = z.object({
  deposits: z.array(ReorgDepositRecord),
  /** How many are held now, whatever the filter (the admin's queue). */
  held_count: z.number().int(),
});
export type ReorgDepositsResponse = z.infer<typeof ReorgDepositsResponse>;

/**
 * An admin's resolution: 'reverse' takes the held amount off the platform's books (the chain never paid it);
 * 'release' returns it to the member's deposit wallet, allowed only when the chain shows the transfer again
 * with its confirmations, read at that moment.
 */
export const ReorgResolveBody = z.object({
  action: z.enum(['reverse', 'release']),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
});
export type ReorgResolveBody = z.infer<typeof ReorgResolveBody>;
export const ReorgResolveResponse = z.object({ message: z.string(), deposit: ReorgDepositRecord });

/** A member's own held deposits, and what is held in all. */
export const MemberHeldDepositsResponse = z.object({
  held: AmountOut,
  deposits: z.array(ReorgDepositRecord),
});
export type MemberHeldDepositsResponse = z.infer<typeof MemberHeldDepositsResponse>;
