import {
  type Address,
  createTestClient,
  erc20Abi,
  getAddress,
  getContractAddress,
  type Hex,
  http,
} from 'viem';
import { DEV_ACCOUNTS } from './accounts';
import { POLLING_MS, publicClient, submitInOrder, walletClient } from './clients';
import artifact from './TestStablecoin.json' with { type: 'json' };

/** `mint(address to, uint256 amount)`: the test token's open faucet. */
const MINT_ABI_ITEM = {
  type: 'function',
  name: 'mint',
  stateMutability: 'nonpayable',
  inputs: [
    { name: 'to', type: 'address' },
    { name: 'amount', type: 'uint256' },
  ],
  outputs: [],
} as const;

const CONSTRUCTOR_ABI_ITEM = {
  type: 'constructor',
  stateMutability: 'nonpayable',
  inputs: [
    { name: 'name_', type: 'string' },
    { name: 'symbol_', type: 'string' },
    { name: 'decimals_', type: 'uint8' },
  ],
} as const;

/** What TEST_STABLECOIN_ABI is typed as: the ERC-20 standard, the constructor and `mint`. */
export const TEST_STABLECOIN_ABI_SHAPE = [CONSTRUCTOR_ABI_ITEM, MINT_ABI_ITEM, ...erc20Abi] as const;
export type TestStablecoinAbi = typeof TEST_STABLECOIN_ABI_SHAPE;

/**
 * The compiled test stablecoin (contracts/TestStablecoin.sol, built by scripts/compile-contracts.mjs). The ABI is
 * the artifact's, typed for viem as the ERC-20 standard plus the constructor and `mint` (artifact.test.ts
 * checks the two agree).
 */
export const TEST_STABLECOIN_ABI = artifact.abi as unknown as TestStablecoinAbi;
export const TEST_STABLECOIN_BYTECODE = artifact.bytecode as Hex;

/**
 * Where the first contract DEV_ACCOUNTS[0] deploys on a fresh chain (nonce 0) lands: the test stablecoin's
 * address when deployTestStablecoin is the first transaction on a fresh anvil (0x5FbDB2315678afecb367f032d93F642f64180aa3).
 */
export const DEV_TOKEN_ADDRESS: Address = getContractAddress({ from: DEV_ACCOUNTS[0].address, nonce: 0n });

export interface DeployTestStablecoinOptions {
  decimals: number;
  /** Default 'USDT'. */
  symbol?: string;
  /** Default `Test <symbol>`. */
  name?: string;
  /** Index into DEV_ACCOUNTS of the deployer (default 0). */
  deployer?: number;
}

/**
 * Deploys the test stablecoin, signing locally with a DEV_ACCOUNTS key (so it works on any node, not only one
 * with unlocked accounts), and resolves with its checksummed address once the deployment is mined.
 */
export async function deployTestStablecoin(url: string, opts: DeployTestStablecoinOptions): Promise<Address> {
  const { decimals } = opts;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals > 255) {
    throw new RangeError(`Invalid decimals ${decimals}: an integer from 0 to 255.`);
  }
  const symbol = opts.symbol ?? 'USDT';
  const name = opts.name ?? `Test ${symbol}`;
  const deployer = opts.deployer ?? 0;
  const wallet = walletClient(url, deployer);
  const hash = await submitInOrder(url, deployer, () =>
    wallet.deployContract({
      abi: TEST_STABLECOIN_ABI,
      bytecode: TEST_STABLECOIN_BYTECODE,
      args: [name, symbol, decimals],
      chain: null,
    }),
  );
  const receipt = await publicClient(url).waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success' || !receipt.contractAddress) {
    throw new Error(`Deploying the test stablecoin failed (transaction ${hash}, status ${receipt.status}).`);
  }
  return getAddress(receipt.contractAddress);
}

/**
 * Mints `amount` base units of the test stablecoin to `to` (signed by DEV_ACCOUNTS[0]: minting is open to
 * anyone on the test token); resolves with the transaction hash once it is mined.
 */
export async function mintTestStablecoin(
  url: string,
  token: Address,
  to: Address,
  amount: bigint,
): Promise<Hex> {
  const wallet = walletClient(url, 0);
  const hash = await submitInOrder(url, 0, () =>
    wallet.writeContract({
      address: token,
      abi: TEST_STABLECOIN_ABI,
      functionName: 'mint',
      args: [to, amount],
      chain: null,
    }),
  );
  const receipt = await publicClient(url).waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  if (receipt.status !== 'success')
    throw new Error(`Minting the test stablecoin reverted (transaction ${hash}).`);
  return hash;
}

export interface TransferResult {
  hash: Hex;
  status: 'success' | 'reverted';
  blockNumber: bigint;
}

/**
 * Transfers `amount` base units of `token` from DEV_ACCOUNTS[fromIndex] to `to` and waits for it to be mined.
 * Without `opts.gas` the gas is estimated, so a transfer that would revert throws before it is sent; with
 * `opts.gas` estimation is skipped and such a transfer is mined anyway, with status 'reverted'.
 */
export async function transferTestStablecoin(
  url: string,
  token: Address,
  fromIndex: number,
  to: Address,
  amount: bigint,
  opts: { gas?: bigint } = {},
): Promise<TransferResult> {
  const wallet = walletClient(url, fromIndex);
  const hash = await submitInOrder(url, fromIndex, () =>
    wallet.writeContract({
      address: token,
      abi: TEST_STABLECOIN_ABI,
      functionName: 'transfer',
      args: [to, amount],
      chain: null,
      ...(opts.gas === undefined ? {} : { gas: opts.gas }),
    }),
  );
  const receipt = await publicClient(url).waitForTransactionReceipt({ hash, pollingInterval: POLLING_MS });
  return { hash, status: receipt.status, blockNumber: receipt.blockNumber };
}

/** Mines `blocks` blocks at once (anvil_mine). */
export async function mine(url: string, blocks = 1): Promise<void> {
  if (!Number.isInteger(blocks) || blocks < 1) throw new RangeError(`Invalid block count ${blocks}.`);
  await createTestClient({ mode: 'anvil', transport: http(url) }).mine({ blocks });
}

/** The node's latest block number. */
export async function chainHead(url: string): Promise<bigint> {
  return publicClient(url).getBlockNumber({ cacheTime: 0 });
}
