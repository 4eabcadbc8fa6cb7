import { z } from 'zod';
import { AmountOut } from './common';

/**
 * Proof of liabilities (issue 24, decision 0044): the daily Merkle-sum tree of members' balances, its published
 * root and totals, and a member's inclusion proof (verified in the browser with @sgx/money/merkle-sum).
 */
export const ProofTotals = z.object({ USD: AmountOut, SGX: AmountOut });
export type ProofTotals = z.infer<typeof ProofTotals>;

const Hash = z.string().regex(/^[0-9a-f]{64}$/);

export const ProofTree = z.object({
  day: z.string(),
  cutoff: z.string(),
  root: Hash,
  totals: ProofTotals,
  leaf_count: z.number().int(),
  /** The transaction that wrote the root on chain, when one did (not done yet). */
  onchain: z.object({ chain_id: z.number().int(), tx_hash: z.string() }).nullable(),
});
export type ProofTree = z.infer<typeof ProofTree>;

/** A reserve address and what it held at the cut-off (reserves are not read yet: always empty today). */
export const ProofReserve = z.object({
  network: z.string(),
  address: z.string(),
  balance: AmountOut,
  signature: z.string().nullable(),
});

/** GET /proof (public): the latest tree (nulls before the first one) and the history, newest first. */
export const ProofResponse = z.object({
  algorithm: z.string(),
  day: z.string().nullable(),
  cutoff: z.string().nullable(),
  root: Hash.nullable(),
  totals: ProofTotals,
  leaf_count: z.number().int(),
  onchain: ProofTree.shape.onchain,
  reserves: z.array(ProofReserve),
  history: z.array(ProofTree),
});
export type ProofResponse = z.infer<typeof ProofResponse>;

/** The inclusion proof file: what @sgx/money/merkle-sum's verifyProof checks. Amounts with 8 decimal places. */
export const SumProofSchema = z.object({
  version: z.number().int(),
  assets: z.array(z.string()),
  leaf_index: z.number().int(),
  leaf_count: z.number().int(),
  leaf: z.object({ commitment: Hash, balances: z.array(z.string()) }),
  path: z.array(z.object({ hash: Hash, sums: z.array(z.string()) })),
  member: z.object({ id: z.string(), salt: z.string() }).optional(),
});

/** GET /proof/me (member): the member's leaf balances and proof in the latest tree holding them. */
export const ProofMeResponse = z.object({
  algorithm: z.string(),
  day: z.string(),
  cutoff: z.string(),
  root: Hash,
  totals: ProofTotals,
  leaf_count: z.number().int(),
  balances: ProofTotals,
  proof: SumProofSchema,
});
export type ProofMeResponse = z.infer<typeof ProofMeResponse>;

/** POST /admin/proof/build: today's tree (built: false when it already existed). */
export const ProofBuildResponse = z.object({ built: z.boolean(), tree: ProofTree });
export type ProofBuildResponse = z.infer<typeof ProofBuildResponse>;
