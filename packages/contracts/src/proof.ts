import { z } from 'zod';
import { AmountOut } from './common';

/**
 * Proof of liabilities (decision 0044): the daily Merkle-sum tree of members' balances, its published
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
  /** The transaction whose data is the root, checked on chain by the server when an admin recorded it. */
  onchain: z
    .object({ chain_id: z.number().int(), tx_hash: z.string(), explorer_url: z.string().nullable() })
    .nullable(),
});
export type ProofTree = z.infer<typeof ProofTree>;

const Network = z.enum(['EVM', 'TRON']);

/**
 * What one line of reserves held at the tree's cut-off block (the last block before the cut-off's second): a
 * proven address (with the message and signature the page checks itself) or the members' own deposit addresses
 * of a chain together (address null, their count).
 */
export const ProofReserve = z.object({
  network: Network,
  chain_id: z.number().int(),
  address: z.string().nullable(),
  label: z.string(),
  balance: AmountOut,
  block_number: z.number().int(),
  block_hash: z.string(),
  message: z.string().nullable(),
  signature: z.string().nullable(),
  kind: z.enum(['proven', 'member-addresses']),
  address_count: z.number().int().nullable(),
});
export type ProofReserve = z.infer<typeof ProofReserve>;

/** A chain whose reserves could not be read at the cut-off, and why (an admin can read them again). */
export const ProofReserveUnavailable = z.object({
  network: Network,
  chain_id: z.number().int(),
  reason: z.string(),
});
export type ProofReserveUnavailable = z.infer<typeof ProofReserveUnavailable>;

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
  /** The sum of the reserves' balances (stablecoin units of 10^-8), and reserves / USD liabilities (4 places). */
  reserves_total: AmountOut,
  ratio: z.string().nullable(),
  reserves_unavailable: z.array(ProofReserveUnavailable),
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

/** The fixed message an operator signs (EIP-191 personal_sign) from a reserve address, once. */
export const reserveMessage = (address: string, date: string): string =>
  `SocialGenX proof of reserves\nAddress: ${address}\nDate: ${date}`;

/** POST /admin/proof/reserves: an address the platform proves it holds, by a signature made from it. */
export const ReserveAddressBody = z.object({
  network: Network,
  chain_ids: z.array(z.number().int()).min(1).optional(),
  address: z.string().trim().min(1, 'Enter the address.'),
  label: z.string().trim().min(1, 'Enter a label.').max(80, 'A label has at most 80 characters.'),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The date is written YYYY-MM-DD, as in the signed message.'),
  signature: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{130}$/, 'A signature is 0x followed by 130 hexadecimal digits (65 bytes).'),
});
export type ReserveAddressBody = z.infer<typeof ReserveAddressBody>;

export const ReserveAddressRecord = z.object({
  id: z.number().int(),
  network: Network,
  chain_ids: z.array(z.number().int()).nullable(),
  address: z.string(),
  label: z.string(),
  date: z.string(),
  message: z.string(),
  signature: z.string(),
  created_at: z.string(),
});
export type ReserveAddressRecord = z.infer<typeof ReserveAddressRecord>;

/** A configured platform address (treasury, receiving address) not proven yet, with the message to sign today. */
export const ReserveCandidate = z.object({
  network: Network,
  chain_ids: z.array(z.number().int()).nullable(),
  address: z.string(),
  label: z.string(),
  message: z.string().nullable(),
  /** Why it cannot be proven here (TRON signatures are not verified), else null. */
  note: z.string().nullable(),
});
export type ReserveCandidate = z.infer<typeof ReserveCandidate>;

/** GET /admin/proof/reserves. */
export const ReserveAddressesResponse = z.object({
  today: z.string(),
  addresses: z.array(ReserveAddressRecord),
  candidates: z.array(ReserveCandidate),
});
export type ReserveAddressesResponse = z.infer<typeof ReserveAddressesResponse>;

/** POST /admin/proof/reserves/read: read a tree's reserves again (the latest tree when no day is given). */
export const ReserveReadBody = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export const ReserveReadResponse = z.object({
  day: z.string(),
  reserves: z.array(ProofReserve),
  reserves_unavailable: z.array(ProofReserveUnavailable),
});
export type ReserveReadResponse = z.infer<typeof ReserveReadResponse>;

/** POST /admin/proof/onchain: the transaction whose data is a tree's root (the latest tree when no day). */
export const ProofOnchainBody = z.object({
  day: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
  chain_id: z.number().int(),
  tx_hash: z
    .string()
    .trim()
    .regex(/^0x[0-9a-fA-F]{64}$/, 'A transaction hash is 0x followed by 64 hexadecimal digits.'),
});
export type ProofOnchainBody = z.infer<typeof ProofOnchainBody>;
