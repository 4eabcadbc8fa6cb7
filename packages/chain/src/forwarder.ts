import {
  type Address,
  concat,
  encodeFunctionData,
  getAddress,
  type Hex,
  isHex,
  keccak256,
  size,
  slice,
} from 'viem';

/**
 * Members' deposit addresses: CREATE2 DepositForwarders of one DepositFactory (contracts/DepositFactory.sol).
 * A forwarder holds no key; the factory can only move its balance to the factory's immutable treasury.
 * Browser-safe: viem only (the compiled artifact stays in src/dev; artifact.test.ts checks these agree with it).
 */

/** CREATE2 address prefix on EVM chains. */
export const EVM_CREATE2_PREFIX = '0xff' as const;
/** CREATE2 address prefix on TRON's TVM. */
export const TVM_CREATE2_PREFIX = '0x41' as const;
export type Create2Prefix = typeof EVM_CREATE2_PREFIX | typeof TVM_CREATE2_PREFIX;

/** keccak256 of DepositForwarder's creation code (a constant: the forwarder takes no constructor argument). */
export const FORWARDER_CODE_HASH: Hex = '0xb14ce10de86687c433c60cb6551e59ffe6a91b962274cf94060615632d7ebad3';

/** DepositFactory's ABI (the constructor, addressOf, treasury, create2Prefix, forwarderCodeHash, sweep, Swept). */
export const DEPOSIT_FACTORY_ABI = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'treasury_', type: 'address', internalType: 'address' },
      { name: 'create2Prefix_', type: 'bytes1', internalType: 'bytes1' },
    ],
  },
  {
    type: 'event',
    name: 'Swept',
    anonymous: false,
    inputs: [
      { name: 'forwarder', type: 'address', indexed: true, internalType: 'address' },
      { name: 'token', type: 'address', indexed: true, internalType: 'address' },
      { name: 'amount', type: 'uint256', indexed: false, internalType: 'uint256' },
    ],
  },
  {
    type: 'function',
    name: 'addressOf',
    stateMutability: 'view',
    inputs: [{ name: 'salt', type: 'bytes32', internalType: 'bytes32' }],
    outputs: [{ name: '', type: 'address', internalType: 'address' }],
  },
  {
    type: 'function',
    name: 'create2Prefix',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'bytes1', internalType: 'bytes1' }],
  },
  {
    type: 'function',
    name: 'forwarderCodeHash',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'bytes32', internalType: 'bytes32' }],
  },
  {
    type: 'function',
    name: 'sweep',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'token', type: 'address', internalType: 'address' },
      { name: 'salts', type: 'bytes32[]', internalType: 'bytes32[]' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'treasury',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address', internalType: 'address' }],
  },
] as const;

/** DepositForwarder's ABI: `factory()` and `flush(token)` (only the factory may call flush). */
export const DEPOSIT_FORWARDER_ABI = [
  {
    type: 'constructor',
    stateMutability: 'nonpayable',
    inputs: [],
  },
  {
    type: 'function',
    name: 'factory',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'address', internalType: 'address' }],
  },
  {
    type: 'function',
    name: 'flush',
    stateMutability: 'nonpayable',
    inputs: [{ name: 'token', type: 'address', internalType: 'address' }],
    outputs: [{ name: 'amount', type: 'uint256', internalType: 'uint256' }],
  },
] as const;

export interface ForwarderAddressInput {
  /** The DepositFactory's address (20-byte hex; on TRON the hex form without the 41 prefix). */
  factory: Address;
  /** The member's 32-byte salt. */
  salt: Hex;
  /** EVM_CREATE2_PREFIX on EVM chains, TVM_CREATE2_PREFIX on TRON. */
  prefix: Create2Prefix;
  /** Default FORWARDER_CODE_HASH. */
  codeHash?: Hex;
}

/**
 * The forwarder address of `salt`, computed offline exactly like DepositFactory.addressOf: the low 20 bytes of
 * keccak256(prefix ++ factory ++ salt ++ codeHash). Checksummed (on TRON, pass it to toTronAddress for `T...`).
 */
export function forwarderAddress({
  factory,
  salt,
  prefix,
  codeHash = FORWARDER_CODE_HASH,
}: ForwarderAddressInput): Address {
  if (prefix !== EVM_CREATE2_PREFIX && prefix !== TVM_CREATE2_PREFIX) {
    throw new RangeError(`Invalid CREATE2 prefix ${String(prefix)}: 0xff (EVM) or 0x41 (TRON).`);
  }
  if (!isHex(salt, { strict: true }) || size(salt) !== 32)
    throw new RangeError(`Invalid salt ${salt}: 32 bytes.`);
  if (!isHex(codeHash, { strict: true }) || size(codeHash) !== 32) {
    throw new RangeError(`Invalid code hash ${codeHash}: 32 bytes.`);
  }
  const hash = keccak256(concat([prefix, getAddress(factory), salt, codeHash]));
  return getAddress(slice(hash, 12));
}

/** Calldata of `DepositFactory.sweep(token, salts)`. */
export function sweepCalldata(token: Address, salts: readonly Hex[]): Hex {
  return encodeFunctionData({ abi: DEPOSIT_FACTORY_ABI, functionName: 'sweep', args: [token, salts] });
}
