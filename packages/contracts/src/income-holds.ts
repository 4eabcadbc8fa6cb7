import { z } from 'zod';
import { AmountOut, IdIn, Timestamp } from './common';

/**
 * Income held before it is paid (decision 0076): credited, then kept in the member's 'pending' account
 * until its release date (its income type's hold days) or, for a member under a compliance flag, until compliance
 * releases or reverses it.
 */
export const IncomeHoldState = z.enum(['held', 'released', 'reversed']);
export type IncomeHoldState = z.infer<typeof IncomeHoldState>;

/** One held income as its member reads it. */
export const PendingIncome = z.object({
  id: z.number().int(),
  amount: AmountOut,
  income_type: z.string(),
  earned_at: z.string(),
  /** When the daily job pays it into its wallet; null: held for review by compliance. */
  release_at: Timestamp,
  wallet: z.string(),
});
export type PendingIncome = z.infer<typeof PendingIncome>;

export const PendingIncomeResponse = z.object({
  /** All the member's held income (USD). */
  total: AmountOut,
  holds: z.array(PendingIncome),
});
export type PendingIncomeResponse = z.infer<typeof PendingIncomeResponse>;

/** One held income as compliance reads it. */
export const IncomeHoldRecord = PendingIncome.extend({
  member_id: z.number().int(),
  username: z.string(),
  /** 'period': its income type's hold days; 'flag': its member was flagged when it was earned. */
  held_for: z.enum(['period', 'flag']),
  state: IncomeHoldState,
  /** Whether the member has an open compliance flag now. */
  flagged: z.boolean(),
  decided_at: Timestamp,
  decided_by: z.string().nullable(),
  decision_reason: z.string().nullable(),
});
export type IncomeHoldRecord = z.infer<typeof IncomeHoldRecord>;

export const IncomeHoldsQuery = z.object({
  /** 'held' (default): all held; 'flagged': held for members with an open flag. */
  status: z.enum(['held', 'flagged', 'released', 'reversed', 'all']).default('held'),
  /** Holds older than this id (the last one of the page before); none: the newest. */
  before: IdIn.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type IncomeHoldsQuery = z.infer<typeof IncomeHoldsQuery>;
export const IncomeHoldsResponse = z.object({
  holds: z.array(IncomeHoldRecord),
  /** How many are held now, and how many of them for flagged members (whatever the filter). */
  held_count: z.number().int(),
  flagged_count: z.number().int(),
});
export type IncomeHoldsResponse = z.infer<typeof IncomeHoldsResponse>;

export const IncomeHoldDecisionBody = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(500),
});
export type IncomeHoldDecisionBody = z.infer<typeof IncomeHoldDecisionBody>;
export const IncomeHoldDecisionResponse = z.object({ message: z.string(), hold: IncomeHoldRecord });
export type IncomeHoldDecisionResponse = z.infer<typeof IncomeHoldDecisionResponse>;

// ---- member flags (migration 0081): the compliance screens

export const MemberFlagSource = z.enum(['sanctions', 'compliance', 'identity']);
export const MemberFlagRecord = z.object({
  id: z.number().int(),
  member_id: z.number().int(),
  username: z.string(),
  source: MemberFlagSource,
  reason: z.string(),
  created_at: z.string(),
  created_by: z.string().nullable(),
  cleared_at: Timestamp,
  cleared_by: z.string().nullable(),
  clear_reason: z.string().nullable(),
});
export type MemberFlagRecord = z.infer<typeof MemberFlagRecord>;

export const MemberFlagsQuery = z.object({
  status: z.enum(['open', 'all']).default('open'),
  /** Flags older than this id (the last one of the page before); none: the newest. */
  before: IdIn.optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});
export type MemberFlagsQuery = z.infer<typeof MemberFlagsQuery>;
export const MemberFlagsResponse = z.object({
  flags: z.array(MemberFlagRecord),
  open_count: z.number().int(),
});
export type MemberFlagsResponse = z.infer<typeof MemberFlagsResponse>;

export const RaiseFlagBody = z.object({
  /** The member's username (or id as digits). */
  member: z.string().trim().min(1, 'Enter the member’s username.').max(100),
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(1000),
});
export type RaiseFlagBody = z.infer<typeof RaiseFlagBody>;
export const ClearFlagBody = z.object({
  reason: z.string().trim().min(3, 'Say why (at least 3 characters).').max(1000),
});
export type ClearFlagBody = z.infer<typeof ClearFlagBody>;
export const MemberFlagResponse = z.object({ message: z.string(), flag: MemberFlagRecord });
export type MemberFlagResponse = z.infer<typeof MemberFlagResponse>;
