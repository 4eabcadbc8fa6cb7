import { z } from 'zod';

export const ReconciliationResponse = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  mismatches: z.array(z.object({ account_id: z.string(), balance: z.string(), ledger: z.string() })),
  unbalanced: z.array(z.string()),
  earned_mismatches: z.array(z.object({ user_id: z.string(), cached: z.string(), ledger: z.string() })),
  /** Entries' times and member accounts' folded figures that differ from the entries (migration 0062). */
  derived_mismatches: z.array(z.string()),
  /**
   * Withdrawals paid on chain whose completion and verified payout disagree, and payouts a chain reorganisation
   * took back that wait for an admin (decisions 0034, 0053).
   */
  payout_mismatches: z.array(z.string()),
  /** The latest proof of liabilities' totals against the member balances at its cut-off (decision 0044). */
  proof_mismatches: z.array(z.string()),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;

/** One run of the hourly incremental reconciliation (decision 0086): the entries it checked and what it found. */
export const ReconciliationRun = z.object({
  id: z.number().int(),
  /** The entries checked were stamped in [from_at, through); from_at null on the first run, which read them all. */
  from_at: z.string().nullable(),
  through: z.string(),
  transactions: z.number().int(),
  entries: z.number().int(),
  accounts: z.number().int(),
  /** Balances, figures, earnings and postings that disagreed (empty when the ledger held). */
  mismatches: z.array(z.string()),
  ms: z.number().int(),
  created_at: z.string(),
});
export type ReconciliationRun = z.infer<typeof ReconciliationRun>;
export const ReconciliationRunsResponse = z.object({ runs: z.array(ReconciliationRun) });
export type ReconciliationRunsResponse = z.infer<typeof ReconciliationRunsResponse>;
