import { type Address, encodeFunctionData, erc20Abi, type Hex, isAddress } from 'viem';

/**
 * Batch payouts of approved withdrawals (decision 0034) through the BatchPayout contract (contracts/BatchPayout.sol):
 * the payer approves the contract for the token, then one `pay` transaction moves amounts[i] from the payer to
 * to[i] for up to MAX_BATCH recipients, once per batch reference `ref`, before `deadline` (unix seconds).
 * Browser-safe: viem only (the compiled artifact stays in src/dev; artifact.test.ts checks the ABI agrees with it).
 * Addresses are 0x hex; TRON callers convert `T...` addresses themselves (tronToHex / toTronAddress).
 */

/** The most recipients in one batch (the contract reverts "bad batch" above it). */
export const MAX_BATCH = 200;

/**
 * BatchPayout's ABI: the BatchPaid event, paid(ref), pay(token, ref, deadline, to, amounts) and, from version 2 on
 * (decision 0053), version(). Version 1 has the same ABI without version().
 */
export const BATCH_PAYOUT_ABI = [
  {
    type: 'event',
    name: 'BatchPaid',
    anonymous: false,
    inputs: [
      { name: 'ref', type: 'bytes32', indexed: true, internalType: 'bytes32' },
      { name: 'token', type: 'address', indexed: true, internalType: 'address' },
      { name: 'payer', type: 'address', indexed: true, internalType: 'address' },
      { name: 'count', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'total', type: 'uint256', indexed: false, internalType: 'uint256' },
      { name: 'deadline', type: 'uint256', indexed: false, internalType: 'uint256' },
    ],
  },
  {
    type: 'function',
    name: 'paid',
    stateMutability: 'view',
    inputs: [{ name: '', type: 'bytes32', internalType: 'bytes32' }],
    outputs: [{ name: '', type: 'bool', internalType: 'bool' }],
  },
  {
    type: 'function',
    name: 'pay',
    stateMutability: 'nonpayable',
    inputs: [
      { name: 'token', type: 'address', internalType: 'address' },
      { name: 'ref', type: 'bytes32', internalType: 'bytes32' },
      { name: 'deadline', type: 'uint256', internalType: 'uint256' },
      { name: 'to', type: 'address[]', internalType: 'address[]' },
      { name: 'amounts', type: 'uint256[]', internalType: 'uint256[]' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'version',
    stateMutability: 'view',
    inputs: [],
    outputs: [{ name: '', type: 'uint256', internalType: 'uint256' }],
  },
] as const;

/**
 * A batch reference version 2 of the contract lets only `payer` spend (decision 0053): the payer's 20 bytes, then
 * 12 bytes of `nonce` (random, 24 hex digits). Version 1 takes any 32 bytes, so such a reference works there too.
 */
export function batchRef(payer: Address, nonce: Hex): Hex {
  if (!isAddress(payer, { strict: false })) throw new RangeError(`Not an address: ${payer}.`);
  if (!/^0x[0-9a-fA-F]{24}$/.test(nonce)) throw new RangeError('A batch nonce is 12 bytes.');
  return `0x${payer.slice(2).toLowerCase()}${nonce.slice(2).toLowerCase()}` as Hex;
}

/** The payer a version-2 batch reference names (its high 20 bytes, lower case). */
export const refPayer = (ref: Hex): Address => `0x${ref.slice(2, 42).toLowerCase()}` as Address;

/** The BatchPaid event, as viem's getLogs, parseEventLogs and decodeEventLog take it. */
export const BATCH_PAID_EVENT = BATCH_PAYOUT_ABI[0];

export interface BatchPayInput {
  /** The ERC-20 token paid out. */
  token: Address;
  /** The batch's 32-byte reference: the contract pays each reference once only. */
  ref: Hex;
  /** Unix seconds after which the transaction reverts ("batch expired") instead of paying late. */
  deadline: bigint;
  /** The recipients, one per payout (the same address may appear more than once). */
  to: readonly Address[];
  /** The token base units each recipient receives, in the order of `to`. */
  amounts: readonly bigint[];
}

/**
 * Calldata of `BatchPayout.pay(token, ref, deadline, to, amounts)`. Throws a RangeError for a batch the contract
 * would refuse ("bad batch": empty, lengths that differ, more than MAX_BATCH) or a negative amount.
 */
export function batchPayCalldata({ token, ref, deadline, to, amounts }: BatchPayInput): Hex {
  if (to.length === 0 || to.length > MAX_BATCH) {
    throw new RangeError(`A batch pays 1 to ${MAX_BATCH} recipients, not ${to.length}.`);
  }
  if (to.length !== amounts.length) {
    throw new RangeError(
      `A batch needs one amount per recipient: ${to.length} recipients, ${amounts.length} amounts.`,
    );
  }
  if (amounts.some((a) => a < 0n)) throw new RangeError('A batch cannot pay a negative amount.');
  return encodeFunctionData({
    abi: BATCH_PAYOUT_ABI,
    functionName: 'pay',
    args: [token, ref, deadline, to, amounts],
  });
}

/** Calldata of the ERC-20 `approve(spender, amount)` a payer sends before paying a batch through `spender`. */
export function approveCalldata(spender: Address, amount: bigint): Hex {
  return encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender, amount] });
}
