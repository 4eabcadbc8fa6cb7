import { z } from 'zod';

/** Sanctions screening of addresses (decision 0075): the lists, the check, the operator's list, the hits. */

export const SanctionsListSource = z.enum(['ofac_sdn', 'operator']);
export type SanctionsListSource = z.infer<typeof SanctionsListSource>;

export const SanctionsList = z.object({
  id: z.number().int(),
  source: SanctionsListSource,
  /** The publication's date (OFAC), YYYY-MM-DD; null for the operator's list (each entry has its own date). */
  published_on: z.string().nullable(),
  extracted_from: z.string().nullable(),
  loaded_at: z.string(),
  entry_count: z.number().int(),
  sha256: z.string().nullable(),
});
export type SanctionsList = z.infer<typeof SanctionsList>;

export const SanctionsOperatorEntry = z.object({
  id: z.number().int(),
  family: z.enum(['evm', 'tron']),
  address: z.string(),
  note: z.string().nullable(),
  added_by: z.number().int().nullable(),
  added_by_username: z.string().nullable(),
  added_at: z.string(),
});
export type SanctionsOperatorEntry = z.infer<typeof SanctionsOperatorEntry>;

export const SanctionsHitKind = z.enum(['payout_address', 'wallet', 'withdrawal', 'payout', 'deposit']);
export type SanctionsHitKind = z.infer<typeof SanctionsHitKind>;
export const SanctionsHitStatus = z.enum(['refused', 'held', 'released', 'confirmed']);
export type SanctionsHitStatus = z.infer<typeof SanctionsHitStatus>;

export const SanctionsHit = z.object({
  id: z.number().int(),
  kind: SanctionsHitKind,
  status: SanctionsHitStatus,
  member_id: z.number().int(),
  member_username: z.string().nullable(),
  address: z.string(),
  list_source: SanctionsListSource,
  list_date: z.string(),
  deposit_id: z.number().int().nullable(),
  withdrawal_id: z.number().int().nullable(),
  /** The amount held (a deposit's or a payout's net), decimal; null for a refusal. */
  amount: z.string().nullable(),
  created_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by_username: z.string().nullable(),
  decision_reason: z.string().nullable(),
  /** The id of a release approval waiting for a second admin, if any. */
  awaiting_approval_id: z.number().int().nullable(),
});
export type SanctionsHit = z.infer<typeof SanctionsHit>;

export const SanctionsOverviewResponse = z.object({
  lists: z.array(SanctionsList),
  operator_entries: z.array(SanctionsOperatorEntry),
  hits: z.array(SanctionsHit),
});
export type SanctionsOverviewResponse = z.infer<typeof SanctionsOverviewResponse>;

export const SanctionsCheckQuery = z.object({ address: z.string().trim().min(1).max(100) });
export const SanctionsCheckResponse = z.object({
  address: z.string(),
  hit: z.boolean(),
  list_source: SanctionsListSource.nullable(),
  list_date: z.string().nullable(),
  note: z.string().nullable(),
});
export type SanctionsCheckResponse = z.infer<typeof SanctionsCheckResponse>;

const Reason = z.string().trim().min(1, 'Give a reason.').max(1000);

export const SanctionsOperatorAddBody = z.object({
  address: z.string().trim().min(1).max(100),
  reason: Reason,
});
export const SanctionsReasonBody = z.object({ reason: Reason });

export const SanctionsEntryResponse = z.object({ message: z.string(), entry: SanctionsOperatorEntry });
export const SanctionsHitResponse = z.object({ message: z.string(), hit: SanctionsHit });
