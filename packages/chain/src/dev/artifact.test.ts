import type { AbiParameter } from 'viem';
import { describe, expect, it } from 'vitest';
import { compileTestStablecoin } from '../../scripts/compile-token.mjs';
import artifact from './TestStablecoin.json' with { type: 'json' };
import { TEST_STABLECOIN_ABI_SHAPE } from './token';

type Item = {
  type: string;
  name?: string;
  stateMutability?: string;
  inputs?: readonly AbiParameter[];
  outputs?: readonly AbiParameter[];
};
const params = (list: readonly AbiParameter[] = []) =>
  list.map((p) => `${p.type}${'indexed' in p && p.indexed ? ' indexed' : ''}`).join(',');
const signature = (item: Item) =>
  `${item.type} ${item.name ?? ''}(${params(item.inputs)}) ${item.stateMutability ?? ''} -> (${params(item.outputs)})`;

describe('TestStablecoin artifact', () => {
  it('is what contracts/TestStablecoin.sol compiles to (run scripts/compile-token.mjs after editing it)', () => {
    const fresh = compileTestStablecoin();
    expect(artifact.bytecode).toBe(fresh.bytecode);
    expect(artifact.abi).toEqual(fresh.abi);
  }, 60_000); // solc-js takes 2-3 s alone, far more on a loaded machine

  it('has exactly the ABI its TypeScript type promises: ERC-20, the constructor and mint', () => {
    const actual = (artifact.abi as Item[]).map(signature).sort();
    const promised = (TEST_STABLECOIN_ABI_SHAPE as readonly Item[]).map(signature).sort();
    expect(actual).toEqual(promised);
  });
});
