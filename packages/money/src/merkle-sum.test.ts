import { createHash, randomBytes } from 'node:crypto';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  buildTree,
  commitmentInput,
  depthOf,
  MAX_SUM,
  MerkleSumError,
  proofFor,
  type SumProof,
  toHex,
  unitsToDecimal,
  verifyProof,
} from './merkle-sum';

const sha256 = (d: Uint8Array) => createHash('sha256').update(d).digest();
const webSha256 = async (d: Uint8Array) => new Uint8Array(await crypto.subtle.digest('SHA-256', d));
const ASSETS = ['USD', 'SGX'];

function randomTree(count: number, max = 10n ** 14n) {
  const members = Array.from({ length: count }, (_, i) => {
    const salt = randomBytes(16);
    const id = String(1000 + i);
    const commitment = sha256(commitmentInput(salt, id));
    const balances = [0, 1].map(() => BigInt(`0x${randomBytes(8).toString('hex')}`) % max);
    return { id, salt, commitment, balances };
  });
  const tree = buildTree(members, 2, sha256);
  const proof = (i: number): SumProof => {
    const m = members[i];
    if (!m) throw new Error('no member');
    return {
      ...proofFor(tree, i, ASSETS, toHex(m.commitment)),
      member: { id: m.id, salt: toHex(m.salt) },
    };
  };
  return { members, tree, proof, totals: tree.totals.map(unitsToDecimal) };
}

const clone = (p: SumProof): SumProof => structuredClone(p);

describe('merkle-sum tree', () => {
  it('verifies every proof of random trees of every small size, with sync and WebCrypto hashes', async () => {
    for (const count of [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, 33, 100]) {
      const { tree, proof, totals, members } = randomTree(count);
      expect(tree.totals).toEqual([0, 1].map((a) => members.reduce((s, m) => s + (m.balances[a] ?? 0n), 0n)));
      expect(tree.levels.length).toBe(depthOf(count) + 1);
      for (let i = 0; i < count; i++) {
        expect(await verifyProof(proof(i), tree.root, totals, sha256)).toEqual({ ok: true });
        expect(await verifyProof(proof(i), tree.root, totals, webSha256)).toEqual({ ok: true });
      }
    }
  });

  it('verifies every proof of arbitrary trees (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 70 }), fc.nat(), async (count, pick) => {
        const { tree, proof, totals } = randomTree(count);
        return (await verifyProof(proof(pick % count), tree.root, totals, sha256)).ok;
      }),
      { numRuns: 60 },
    );
  });

  it('refuses a changed balance, sibling sum, sibling hash, negative sum, root, totals or member', async () => {
    const { tree, proof, totals } = randomTree(13);
    const check = (p: SumProof, root = tree.root, t = totals) => verifyProof(p, root, t, sha256);
    const bump = (text: string, by: bigint) =>
      unitsToDecimal(BigInt(text.replace('.', '').replace(/^(-?)0+(?=\d)/, '$1')) + by);

    const balance = clone(proof(5));
    balance.leaf.balances[0] = bump(balance.leaf.balances[0] ?? '', 1n);
    expect(await check(balance)).toMatchObject({ ok: false, reason: 'root' });

    const sibling = clone(proof(5));
    const step = sibling.path[1];
    if (!step) throw new Error('no step');
    step.sums[1] = bump(step.sums[1] ?? '', 1n);
    expect(await check(sibling)).toMatchObject({ ok: false, reason: 'root' });

    // A sibling lowered by what the leaf gains keeps the totals: the hash still catches it.
    const shifted = clone(proof(5));
    shifted.leaf.balances[0] = bump(shifted.leaf.balances[0] ?? '', 7n);
    const s0 = shifted.path[0];
    if (!s0) throw new Error('no step');
    s0.sums[0] = bump(s0.sums[0] ?? '', -7n);
    expect(await check(shifted)).toMatchObject({ ok: false, reason: 'root' });

    const negative = clone(proof(5));
    const s2 = negative.path[2];
    if (!s2) throw new Error('no step');
    s2.sums[0] = `-${s2.sums[0]}`;
    expect(await check(negative)).toMatchObject({ ok: false, reason: 'negative' });

    const hash = clone(proof(5));
    const s3 = hash.path[3];
    if (!s3) throw new Error('no step');
    s3.hash = `${s3.hash.slice(0, 63)}${s3.hash.endsWith('0') ? '1' : '0'}`;
    expect(await check(hash)).toMatchObject({ ok: false, reason: 'root' });

    const otherRoot = `${tree.root.slice(0, 63)}${tree.root.endsWith('0') ? '1' : '0'}`;
    expect(await check(proof(5), otherRoot)).toMatchObject({ ok: false, reason: 'root' });
    expect(await check(proof(5), tree.root, [bump(totals[0] ?? '', 1n), totals[1] ?? ''])).toMatchObject({
      ok: false,
      reason: 'totals',
    });

    const member = clone(proof(5));
    if (member.member) member.member.id = '999999';
    expect(await check(member)).toMatchObject({ ok: false, reason: 'commitment' });

    const short = clone(proof(5));
    short.path.pop();
    expect(await check(short)).toMatchObject({ ok: false, reason: 'path' });

    const index = clone(proof(5));
    index.leaf_index = 4;
    expect(await check(index)).toMatchObject({ ok: false, reason: 'root' });

    expect(await check({ ...proof(5), version: 2 })).toMatchObject({ ok: false, reason: 'malformed' });
  });

  it('refuses overflow and negative balances when building, and an overflowing path when verifying', async () => {
    const c = sha256(new Uint8Array([1]));
    expect(() => buildTree([{ commitment: c, balances: [-1n, 0n] }], 2, sha256)).toThrow(MerkleSumError);
    expect(() => buildTree([{ commitment: c, balances: [MAX_SUM + 1n, 0n] }], 2, sha256)).toThrow(
      /overflows/,
    );
    const big = { commitment: c, balances: [MAX_SUM, 0n] };
    expect(() => buildTree([big, big], 2, sha256)).toThrow(/overflows/);

    const { tree, proof, totals } = randomTree(4);
    const p = clone(proof(0));
    const s0 = p.path[0];
    if (!s0) throw new Error('no step');
    s0.sums[0] = unitsToDecimal(MAX_SUM);
    expect(await verifyProof(p, tree.root, totals, sha256)).toMatchObject({ ok: false, reason: 'overflow' });
  });

  it('pads odd levels with the empty record and keeps zero-balance leaves', async () => {
    const { tree, proof, totals } = randomTree(5, 1n);
    expect(tree.totals).toEqual([0n, 0n]);
    const p = proof(4);
    expect(p.path[0]?.hash).toBe('0'.repeat(64));
    expect(await verifyProof(p, tree.root, totals, sha256)).toEqual({ ok: true });
    const empty = buildTree([], 2, sha256);
    expect(empty.root).toBe('0'.repeat(64));
    expect(empty.totals).toEqual([0n, 0n]);
  });

  it('builds the same tree from leaf objects and from columns', () => {
    const { members, tree } = randomTree(37);
    const commitments = new Uint8Array(32 * members.length);
    members.forEach((m, i) => {
      commitments.set(m.commitment, 32 * i);
    });
    const balances = [0, 1].map((a) => members.map((m) => m.balances[a] ?? 0n));
    const columns = buildTree({ commitments, balances }, 2, sha256);
    expect(columns.root).toBe(tree.root);
    expect(columns.totals).toEqual(tree.totals);
    expect(() => buildTree({ commitments, balances: [[-1n], []] }, 2, sha256)).toThrow(MerkleSumError);
  });

  // How fast is `npm run bench -- --only merkle`'s (docs/decisions/0060-fast-unit-project.md: no test asserts time).
  it('builds a tree of 200,000 leaves whose totals are the sums and whose last leaf proves', async () => {
    const c = sha256(new Uint8Array([7]));
    const leaves = Array.from({ length: 200_000 }, (_, i) => ({ commitment: c, balances: [BigInt(i), 1n] }));
    const tree = buildTree(leaves, 2, sha256);
    expect(tree.leafCount).toBe(200_000);
    expect(tree.totals).toEqual([(199_999n * 200_000n) / 2n, 200_000n]);
    const proof = proofFor(tree, 199_999, ['USD', 'SGX'], toHex(c));
    expect(proof.path).toHaveLength(depthOf(200_000));
    expect(await verifyProof(proof, tree.root, tree.totals.map(unitsToDecimal), sha256)).toEqual({
      ok: true,
    });
  });
});
