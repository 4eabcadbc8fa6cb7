import type { ProofResponse } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import { type SumProof, type VerifyReason, verifyProof } from '@sgx/money/merkle-sum';

/** Why a proof file is not verified: the library's reasons, a day with no published proof, another member's. */
export type FileReason = VerifyReason | 'unpublished' | 'otherMember' | 'balances';
/** The balances a leaf commits to, by asset (decimal text). */
export type LeafBalances = { USD: string; SGX: string };
export type FileCheck =
  | { ok: true; day: string; balances: LeafBalances }
  | { ok: false; reason: FileReason; detail: string };

/**
 * The balances the proof's leaf commits to, named through `proof.assets`: what the check proves, so what the
 * page shows (never the `balances` the server writes beside the proof). Null when the proof has no such leaf.
 */
export function leafBalances(proof: unknown): LeafBalances | null {
  if (!isObject(proof) || !Array.isArray(proof.assets) || !isObject(proof.leaf)) return null;
  const values = proof.leaf.balances;
  if (!Array.isArray(values)) return null;
  const at = (asset: string) => {
    const v = values[(proof.assets as unknown[]).indexOf(asset)];
    return typeof v === 'string' ? v : null;
  };
  const USD = at('USD');
  const SGX = at('SGX');
  return USD === null || SGX === null ? null : { USD, SGX };
}

/** Two amounts in decimal text are the same number of units. */
function sameAmount(a: unknown, b: string): boolean {
  try {
    return typeof a === 'string' && parseUnits(a) === parseUnits(b);
  } catch {
    return false;
  }
}

/** SHA-256 in the browser (WebCrypto): nothing of the server's code takes part in the check. */
const webSha256 = async (data: Uint8Array): Promise<Uint8Array> =>
  new Uint8Array(await crypto.subtle.digest('SHA-256', new Uint8Array(data)));

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null;

/**
 * Checks a downloaded proof file (the GET /proof/me answer) against what is published: the root and totals come
 * from GET /proof's history for the file's day, never from the file; the file must be the signed-in member's.
 */
export async function checkProofFile(
  file: unknown,
  published: ProofResponse,
  memberId?: number,
): Promise<FileCheck> {
  if (!isObject(file) || typeof file.day !== 'string' || !isObject(file.proof))
    return { ok: false, reason: 'malformed', detail: 'no day or proof' };
  const tree = published.history.find((h) => h.day === file.day);
  if (!tree) return { ok: false, reason: 'unpublished', detail: file.day };
  const proof = file.proof as SumProof;
  if (memberId !== undefined && proof.member?.id !== String(memberId))
    return { ok: false, reason: 'otherMember', detail: String(proof.member?.id) };
  const totals = Array.isArray(proof.assets)
    ? proof.assets.map((a) => (a === 'USD' || a === 'SGX' ? tree.totals[a] : ''))
    : [];
  const result = await verifyProof(proof, tree.root, totals, webSha256);
  if (!result.ok) return result;
  const balances = leafBalances(proof);
  if (balances === null)
    return { ok: false, reason: 'malformed', detail: 'no USD and SGX balances in the leaf' };
  // The balances written beside the proof must be the leaf's: a page showing other figures than the ones the
  // tree holds would hide a leaf made smaller than the member's money.
  if (
    isObject(file.balances) &&
    !(sameAmount(file.balances.USD, balances.USD) && sameAmount(file.balances.SGX, balances.SGX))
  )
    return { ok: false, reason: 'balances', detail: JSON.stringify(file.balances) };
  return { ok: true, day: tree.day, balances };
}
