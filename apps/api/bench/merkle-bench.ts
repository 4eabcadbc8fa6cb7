/**
 * `npm run bench -- --only merkle [--merkle-leaves N] [--merkle-runs R]`: the proof of liabilities' Merkle-sum tree
 * built in memory over N leaves (200,000 by default), as ProofService builds it (leaves in columns, two assets,
 * SHA-256), no database. The figure the unit test of packages/money once asserted as a time limit
 * (docs/decisions/0060-fast-unit-project.md: tests assert no wall-clock time; the speed is this bench's).
 * Each run's tree is checked: its totals, and one member's inclusion proof verifies against its root.
 */
import { randomBytes } from 'node:crypto';
import {
  buildTree,
  commitmentInput,
  proofFor,
  toHex,
  unitsToDecimal,
  verifyProof,
} from '@sgx/money/merkle-sum';
import { sha256 } from '../src/modules/proof/proof.service';
import { median, ms } from './lib/stats';

export type MerkleBenchOptions = { leaves: number; runs: number };

/** Builds the tree `runs` times; prints each time and the median. Returns whether every tree checked out. */
export async function runMerkleBench(o: MerkleBenchOptions, log: (m: string) => void): Promise<boolean> {
  const n = o.leaves;
  const commitments = new Uint8Array(32 * n);
  const salt = randomBytes(16);
  const usd = new Array<bigint>(n);
  const sgx = new Array<bigint>(n);
  for (let i = 0; i < n; i += 1) {
    commitments.set(sha256(commitmentInput(salt, String(i + 1))), 32 * i);
    usd[i] = BigInt(i) * 1_000_000n;
    sgx[i] = BigInt(i % 7);
  }
  const expected = [((BigInt(n) - 1n) * BigInt(n) * 1_000_000n) / 2n, sgx.reduce((a, b) => a + b, 0n)];
  log(`${n.toLocaleString('en')} leaves ready`);
  const times: number[] = [];
  let ok = true;
  for (let run = 1; run <= o.runs; run += 1) {
    const started = performance.now();
    const tree = buildTree({ commitments, balances: [usd, sgx] }, 2, sha256);
    const took = performance.now() - started;
    times.push(took);
    const index = run % n;
    const proof = proofFor(
      tree,
      index,
      ['USD', 'SGX'],
      toHex(commitments.subarray(32 * index, 32 * index + 32)),
    );
    const verified = await verifyProof(proof, tree.root, tree.totals.map(unitsToDecimal), sha256);
    const right = verified.ok && tree.totals[0] === expected[0] && tree.totals[1] === expected[1];
    if (!right) ok = false;
    log(`run ${run}: built in ${ms(took)} ms${right ? '' : ' (TREE CHECK FAILED)'}`);
  }
  console.log(
    `\nmerkle-sum tree of ${n.toLocaleString('en')} leaves: median ${ms(median(times))} ms over ${o.runs} runs`,
  );
  return ok;
}
