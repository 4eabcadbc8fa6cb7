import type { ProofResponse } from '@sgx/contracts';
import { type SumProof, type VerifyReason, verifyProof } from '@sgx/money/merkle-sum';

/** Why a proof file is not verified: the library's reasons, a day with no published proof, another member's. */
export type FileReason = VerifyReason | 'unpublished' | 'otherMember';
export type FileCheck = { ok: true; day: string } | { ok: false; reason: FileReason; detail: string };

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
  return result.ok ? { ok: true, day: tree.day } : result;
}
