import type { Address, Hex } from 'viem';
import artifact from './BatchPayout.json' with { type: 'json' };
import { create2Address, deployThroughCreate2 } from './factory';

/** BatchPayout's creation code (contracts/BatchPayout.sol, built by scripts/compile-contracts.mjs). */
export const BATCH_PAYOUT_BYTECODE = artifact.bytecode as Hex;

/**
 * Where deployBatchPayout puts the contract on any anvil, whatever its chain id (computed offline): it takes no
 * constructor argument and goes through CREATE2_DEPLOYER with salt 0.
 */
export function batchPayoutAddress(): Address {
  return create2Address(BATCH_PAYOUT_BYTECODE);
}

/**
 * Deploys the BatchPayout contract through CREATE2_DEPLOYER (salt 0), sent by DEV_ACCOUNTS[deployer] (default 0:
 * the call uses one of its nonces, so deploy the test stablecoin first where DEV_TOKEN_ADDRESS matters), at
 * batchPayoutAddress(). Idempotent: returns the address at once when the contract is already there.
 */
export function deployBatchPayout(rpcUrl: string, opts: { deployer?: number } = {}): Promise<Address> {
  return deployThroughCreate2(rpcUrl, BATCH_PAYOUT_BYTECODE, 'the batch payout contract', opts.deployer);
}
