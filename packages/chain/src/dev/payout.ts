import { type Address, type Hex, keccak256, stringToHex } from 'viem';
import { approveCalldata, batchPayCalldata, batchRef } from '../payout';
import { devAccount } from './accounts';
import artifact from './BatchPayout.json' with { type: 'json' };
import v1Artifact from './BatchPayoutV1.json' with { type: 'json' };
import { POLLING_MS, publicClient, submitInOrder, walletClient } from './clients';
import { create2Address, deployThroughCreate2 } from './factory';

/** BatchPayout's creation code (contracts/BatchPayout.sol, version 2, built by scripts/compile-contracts.mjs). */
export const BATCH_PAYOUT_BYTECODE = artifact.bytecode as Hex;
/** Version 1's creation code, as first deployed (contracts/BatchPayoutV1.sol): tests that old batches verify. */
export const BATCH_PAYOUT_V1_BYTECODE = v1Artifact.bytecode as Hex;

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

/** Deploys version 1 of BatchPayout (through CREATE2_DEPLOYER, salt 0): a chain whose contract predates version 2. */
export function deployBatchPayoutV1(rpcUrl: string, opts: { deployer?: number } = {}): Promise<Address> {
  return deployThroughCreate2(
    rpcUrl,
    BATCH_PAYOUT_V1_BYTECODE,
    'the batch payout contract (version 1)',
    opts.deployer,
  );
}

/**
 * One transaction from DEV_ACCOUNTS[fromIndex] paying `token` to every `[to, amount]` (base units), as an
 * exchange's batch withdrawal does: one Transfer log per pay, through the batch payout contract (deployed if
 * needed; the sender approves it first). Returns the paying transaction's hash once it is mined.
 */
export async function payInOneTransaction(
  url: string,
  token: Address,
  fromIndex: number,
  pays: readonly (readonly [Address, bigint])[],
): Promise<Hex> {
  const contract = await deployBatchPayout(url);
  const amounts = pays.map(([, amount]) => amount);
  const total = amounts.reduce((a, b) => a + b, 0n);
  await sendCalldata(url, fromIndex, token, approveCalldata(contract, total));
  const deadline = (await publicClient(url).getBlock()).timestamp + 3600n;
  const nonce = keccak256(stringToHex(`dev-batch:${fromIndex}:${deadline}:${pays.length}:${Math.random()}`));
  const ref = batchRef(devAccount(fromIndex).address, nonce.slice(0, 26) as Hex);
  const data = batchPayCalldata({ token, ref, deadline, to: pays.map(([to]) => to), amounts });
  return sendCalldata(url, fromIndex, contract, data);
}

/** Sends `data` to `to` from DEV_ACCOUNTS[fromIndex], waits for it and throws when it reverted. */
async function sendCalldata(url: string, fromIndex: number, to: Address, data: Hex): Promise<Hex> {
  const wallet = walletClient(url, fromIndex);
  const hash = await submitInOrder(url, fromIndex, () => wallet.sendTransaction({ to, data, chain: null }));
  const receipt = await publicClient(url).waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success') throw new Error(`Transaction ${hash} reverted.`);
  return hash;
}
