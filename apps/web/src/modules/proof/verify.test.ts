import { createHash, randomBytes } from 'node:crypto';
import type { ProofResponse } from '@sgx/contracts';
import { buildTree, commitmentInput, proofFor, toHex, unitsToDecimal } from '@sgx/money/merkle-sum';
import { describe, expect, it } from 'vitest';
import { checkProofFile } from './verify';

const sha256 = (d: Uint8Array) => createHash('sha256').update(d).digest();

/** A published tree of five members and member 42's file as GET /proof/me answers it. */
function world() {
  const members = [40, 41, 42, 43, 44].map((id) => {
    const salt = randomBytes(16);
    return {
      id,
      salt,
      commitment: sha256(commitmentInput(salt, String(id))),
      balances: [BigInt(id) * 100n, 7n],
    };
  });
  const tree = buildTree(members, 2, sha256);
  const totals = { USD: unitsToDecimal(tree.totals[0] ?? 0n), SGX: unitsToDecimal(tree.totals[1] ?? 0n) };
  const summary = {
    day: '2026-11-24',
    cutoff: '2026-11-24T00:20:00.000Z',
    root: tree.root,
    totals,
    leaf_count: 5,
    onchain: null,
  };
  const published: ProofResponse = {
    algorithm: 'sha256-merkle-sum-v1',
    ...summary,
    reserves: [],
    reserves_total: '0.00000000',
    ratio: null,
    reserves_unavailable: [],
    history: [summary],
  };
  const me = members[2];
  if (!me) throw new Error('no member');
  const proof = {
    ...proofFor(tree, 2, ['USD', 'SGX'], toHex(me.commitment)),
    member: { id: '42', salt: toHex(me.salt) },
  };
  const balances = { USD: unitsToDecimal(me.balances[0] ?? 0n), SGX: unitsToDecimal(me.balances[1] ?? 0n) };
  return { published, file: { ...summary, balances, proof }, balances };
}

describe('checkProofFile (WebCrypto)', () => {
  it("verifies the member's own file against the published root and totals", async () => {
    const { published, file, balances } = world();
    // The balances proven are the leaf's (4,200 units of USD, 7 of SGX for member 42).
    expect(balances).toEqual({ USD: '0.00004200', SGX: '0.00000007' });
    expect(await checkProofFile(file, published, 42)).toEqual({ ok: true, day: '2026-11-24', balances });
  });

  it('refuses a file whose stated balances are not the ones its leaf holds', async () => {
    const { published, file } = world();
    // The page would show 1,000 while the tree holds the member's leaf: not verified.
    const shown = { ...file, balances: { USD: '1000.00000000', SGX: file.balances.SGX } };
    expect(await checkProofFile(shown, published, 42)).toMatchObject({ ok: false, reason: 'balances' });
  });

  it('refuses another member, an unpublished day, a tampered file and garbage', async () => {
    const { published, file } = world();
    expect(await checkProofFile(file, published, 43)).toMatchObject({ ok: false, reason: 'otherMember' });
    expect(await checkProofFile({ ...file, day: '2026-11-23' }, published)).toMatchObject({
      reason: 'unpublished',
    });
    // The root stated in the file is not trusted: the published one is used.
    const forged = structuredClone(file);
    forged.proof.leaf.balances[0] = '1000.00000000';
    forged.root = 'f'.repeat(64);
    expect(await checkProofFile(forged, published, 42)).toMatchObject({ ok: false, reason: 'root' });
    expect(await checkProofFile(null, published)).toMatchObject({ reason: 'malformed' });
    expect(await checkProofFile({ day: '2026-11-24', proof: { version: 1 } }, published)).toMatchObject({
      reason: 'malformed',
    });
  });
});
