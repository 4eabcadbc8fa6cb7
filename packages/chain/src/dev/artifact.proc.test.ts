import { describe, expect, it } from 'vitest';
import {
  compileBatchPayout,
  compileBatchPayoutV1,
  compileDepositFactory,
  compileTestStablecoin,
} from '../../scripts/compile-contracts.mjs';
import payoutArtifact from './BatchPayout.json' with { type: 'json' };
import payoutV1Artifact from './BatchPayoutV1.json' with { type: 'json' };
import factoryArtifact from './DepositFactory.json' with { type: 'json' };
import artifact from './TestStablecoin.json' with { type: 'json' };

// The committed artifacts are what the Solidity compiler (solc-js) makes of contracts/*.sol: a "process" test, as
// the compiler is a program of its own (docs/decisions/0060-fast-unit-project.md); artifact.test.ts checks the
// TypeScript ABIs against these artifacts without compiling. solc-js takes 2-3 s alone, far more on a loaded machine.
describe('the committed contract artifacts', () => {
  it('TestStablecoin is what contracts/TestStablecoin.sol compiles to (run scripts/compile-contracts.mjs after editing it)', () => {
    const fresh = compileTestStablecoin();
    expect(artifact.bytecode).toBe(fresh.bytecode);
    expect(artifact.abi).toEqual(fresh.abi);
  }, 60_000);

  it('DepositFactory is what contracts/DepositFactory.sol compiles to (run scripts/compile-contracts.mjs after editing it)', () => {
    expect(factoryArtifact).toEqual(compileDepositFactory());
  }, 60_000);

  it('BatchPayout is what contracts/BatchPayout.sol compiles to (run scripts/compile-contracts.mjs after editing it)', () => {
    expect(payoutArtifact).toEqual(compileBatchPayout());
  }, 60_000);

  it('BatchPayout version 1 is what contracts/BatchPayoutV1.sol compiles to', () => {
    expect(payoutV1Artifact).toEqual(compileBatchPayoutV1());
  }, 60_000);
});
