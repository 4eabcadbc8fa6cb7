import { z } from 'zod';

export const ReconciliationResponse = z.object({
  ok: z.boolean(),
  accounts: z.number().int(),
  mismatches: z.array(z.object({ account_id: z.string(), balance: z.string(), ledger: z.string() })),
  unbalanced: z.array(z.string()),
  earned_mismatches: z.array(z.object({ user_id: z.string(), cached: z.string(), ledger: z.string() })),
  /** Entries' times and member accounts' folded figures that differ from the entries (migration 0062). */
  derived_mismatches: z.array(z.string()),
});
export type ReconciliationResponse = z.infer<typeof ReconciliationResponse>;
