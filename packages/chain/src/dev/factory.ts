import {
  type Address,
  concat,
  encodeDeployData,
  getAddress,
  getContractAddress,
  type Hex,
  type TransactionReceipt,
  zeroHash,
} from 'viem';
import { type Create2Prefix, DEPOSIT_FACTORY_ABI, EVM_CREATE2_PREFIX } from '../forwarder';
import { publicClient, submitInOrder, walletClient } from './clients';
import artifact from './DepositFactory.json' with { type: 'json' };

/** DepositFactory's creation code (contracts/DepositFactory.sol, built by scripts/compile-contracts.mjs). */
export const DEPOSIT_FACTORY_BYTECODE = artifact.bytecode as Hex;
/** DepositForwarder's creation code; its keccak256 is FORWARDER_CODE_HASH (artifact.test.ts checks it). */
export const DEPOSIT_FORWARDER_BYTECODE = artifact.forwarderBytecode as Hex;

/**
 * The deterministic CREATE2 deployer (Arachnid's proxy: calldata = salt ++ creation code) that anvil has in its
 * genesis. Deploying through it makes the factory's address depend only on its code and constructor arguments,
 * never on the chain id or an account's nonce.
 */
export const CREATE2_DEPLOYER: Address = '0x4e59b44847b379578588920ca78fbf26c0b4956c';

export interface DepositFactoryOptions {
  /** Where forwarders send what they hold; fixed in the factory forever. */
  treasury: Address;
  /** Default EVM_CREATE2_PREFIX (0xff); the TVM uses 0x41. The factory's constructor refuses a wrong one. */
  prefix?: Create2Prefix;
}

const creationCode = ({ treasury, prefix = EVM_CREATE2_PREFIX }: DepositFactoryOptions): Hex =>
  encodeDeployData({
    abi: DEPOSIT_FACTORY_ABI,
    bytecode: DEPOSIT_FACTORY_BYTECODE,
    args: [treasury, prefix],
  });

/** Where CREATE2_DEPLOYER puts `code` (creation code with its constructor arguments) with salt 0, on any chain. */
export const create2Address = (code: Hex): Address =>
  getContractAddress({ opcode: 'CREATE2', from: CREATE2_DEPLOYER, salt: zeroHash, bytecode: code });

/** Where deployDepositFactory puts the factory for these arguments, on any chain (computed offline). */
export function depositFactoryAddress(opts: DepositFactoryOptions): Address {
  return create2Address(creationCode(opts));
}

/**
 * Deploys the DepositFactory through CREATE2_DEPLOYER (salt 0), sent by DEV_ACCOUNTS[deployer] (default 0: the
 * call uses one of its nonces, so deploy the test stablecoin first where DEV_TOKEN_ADDRESS matters). The factory
 * lands at depositFactoryAddress(opts) on every anvil, whatever its chain id. Idempotent: returns the address at
 * once when the factory is already there. Throws when the deployment reverts (e.g. a prefix wrong for the chain).
 */
export async function deployDepositFactory(
  rpcUrl: string,
  opts: DepositFactoryOptions & { deployer?: number },
): Promise<Address> {
  return deployThroughCreate2(rpcUrl, creationCode(opts), 'the deposit factory', opts.deployer);
}

/**
 * Deploys `code` (creation code with its constructor arguments) through CREATE2_DEPLOYER with salt 0, sent by
 * DEV_ACCOUNTS[deployer] (default 0), unless it is already at create2Address(code); returns that address.
 */
export async function deployThroughCreate2(
  rpcUrl: string,
  code: Hex,
  what: string,
  deployer = 0,
): Promise<Address> {
  const address = create2Address(code);
  const client = publicClient(rpcUrl);
  const deployed = async () => ((await client.getCode({ address }))?.length ?? 0) > 2;
  if (await deployed()) return address;
  if (((await client.getCode({ address: CREATE2_DEPLOYER }))?.length ?? 0) <= 2) {
    throw new Error(`No CREATE2 deployer at ${CREATE2_DEPLOYER} on ${rpcUrl}.`);
  }
  const wallet = walletClient(rpcUrl, deployer);
  const hash = await submitInOrder(rpcUrl, deployer, () =>
    wallet.sendTransaction({ to: CREATE2_DEPLOYER, data: concat([zeroHash, code]), chain: null }),
  );
  const receipt = await client.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !(await deployed())) {
    throw new Error(`Deploying ${what} failed (transaction ${hash}, status ${receipt.status}).`);
  }
  return getAddress(address);
}

export interface SweepForwardersOptions {
  factory: Address;
  token: Address;
  /** The members' 32-byte salts. */
  salts: readonly Hex[];
  /** Who sends (and pays for) the sweep: an index into DEV_ACCOUNTS (default 0) or a private key. */
  account?: number | Hex;
}

/**
 * Calls `factory.sweep(token, salts)` and waits for it to be mined. Gas is estimated first, so a sweep that would
 * revert throws before it is sent. The money can only go to the factory's treasury, whoever sends it.
 */
export async function sweepForwarders(
  rpcUrl: string,
  { factory, token, salts, account = 0 }: SweepForwardersOptions,
): Promise<{ hash: Hex; receipt: TransactionReceipt }> {
  const wallet = walletClient(rpcUrl, account);
  const hash = await submitInOrder(rpcUrl, account, () =>
    wallet.writeContract({
      address: factory,
      abi: DEPOSIT_FACTORY_ABI,
      functionName: 'sweep',
      args: [token, salts],
      chain: null,
    }),
  );
  const receipt = await publicClient(rpcUrl).waitForTransactionReceipt({ hash });
  return { hash, receipt };
}
