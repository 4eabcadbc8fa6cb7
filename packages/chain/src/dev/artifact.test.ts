import { type AbiParameter, keccak256 } from 'viem';
import { describe, expect, it } from 'vitest';
import { DEPOSIT_FACTORY_ABI, DEPOSIT_FORWARDER_ABI, FORWARDER_CODE_HASH } from '../forwarder';
import { BATCH_PAID_EVENT, BATCH_PAYOUT_ABI } from '../payout';
import payoutArtifact from './BatchPayout.json' with { type: 'json' };
import payoutV1Artifact from './BatchPayoutV1.json' with { type: 'json' };
import factoryArtifact from './DepositFactory.json' with { type: 'json' };
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
const signatures = (abi: readonly unknown[]) => (abi as Item[]).map(signature).sort();

// That the committed artifacts are what contracts/*.sol compile to is artifact.proc.test.ts's (it runs the
// Solidity compiler; docs/decisions/0060-fast-unit-project.md). Here: the TypeScript ABIs agree with the artifacts.
describe('TestStablecoin artifact', () => {
  it('has exactly the ABI its TypeScript type promises: ERC-20, the constructor and mint', () => {
    expect(signatures(artifact.abi)).toEqual(signatures(TEST_STABLECOIN_ABI_SHAPE));
  });
});

describe('DepositFactory artifact', () => {
  it('agrees with the browser-safe ABIs and forwarder code hash in src/forwarder.ts', () => {
    expect(DEPOSIT_FACTORY_ABI).toEqual(factoryArtifact.abi);
    expect(DEPOSIT_FORWARDER_ABI).toEqual(factoryArtifact.forwarderAbi);
    expect(signatures(DEPOSIT_FACTORY_ABI)).toEqual(signatures(factoryArtifact.abi));
    expect(keccak256(factoryArtifact.forwarderBytecode as `0x${string}`)).toBe(FORWARDER_CODE_HASH);
  });
});

describe('BatchPayout artifact', () => {
  it('version 1 has the ABI of version 2 less version()', () => {
    expect(payoutV1Artifact.abi).toEqual(BATCH_PAYOUT_ABI.filter((i) => i.name !== 'version'));
  });

  it('agrees with the browser-safe ABI in src/payout.ts: pay, paid, BatchPaid and version, nothing else', () => {
    expect(BATCH_PAYOUT_ABI).toEqual(payoutArtifact.abi);
    expect(signatures(BATCH_PAYOUT_ABI)).toEqual([
      'event BatchPaid(bytes32 indexed,address indexed,address indexed,uint256,uint256,uint256)  -> ()',
      'function paid(bytes32) view -> (bool)',
      'function pay(address,bytes32,uint256,address[],uint256[]) nonpayable -> ()',
      'function version() view -> (uint256)',
    ]);
    expect(BATCH_PAID_EVENT).toEqual(payoutArtifact.abi.find((i) => i.name === 'BatchPaid'));
  });
});
