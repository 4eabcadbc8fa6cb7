import { sql } from 'kysely';
import { type Address, type Hex, keccak256, type PrivateKeyAccount } from 'viem';
import type { Tx } from '../../db';
import { lower } from '../chains/reader';
import { calldataFor } from './payouts.records';

/**
 * The hot wallet's transactions as stored before anything is sent (decision 0034): a nonce reserved in
 * payout_hot_txs, the transaction signed and its bytes kept in payout_attempts, in the caller's database
 * transaction. hot-wallet.ts sends and follows them.
 */

/** Gas of a batch: a base and a share per recipient (a fresh recipient's balance slot costs ~28k). */
export const batchGas = (n: number) => 100_000n + 40_000n * BigInt(n);
export const ALLOWANCE_GAS = 100_000n;

export type Attempt = {
  id: bigint;
  tx_hash: string;
  raw_tx: string;
  max_fee_per_gas: string;
  max_priority_fee_per_gas: string;
  created_at: Date;
};

/** Signs a transaction under a reserved nonce and stores it (in the caller's database transaction). */
export async function signHotTx(
  tx: Tx,
  account: PrivateKeyAccount,
  t: {
    chainId: number;
    nonce: bigint;
    purpose: 'batch' | 'allowance';
    batchId: bigint | null;
    to: Address;
    data: Hex;
    gas: bigint;
    fees: { maxFeePerGas: bigint; maxPriorityFeePerGas: bigint };
  },
): Promise<void> {
  const h = await tx
    .insertInto('payout_hot_txs')
    .values({
      chain_id: t.chainId,
      sender: lower(account.address),
      nonce: t.nonce,
      purpose: t.purpose,
      batch_id: t.batchId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await storeAttempt(tx, account, h.id, { ...t, ...t.fees });
}

/**
 * The next nonce of the wallet, reserved (unique per chain, sender and nonce; the caller holds the wallet's advisory
 * lock): after the last one reserved here, and never below what the chain counts (a transaction sent outside).
 */
export async function reserveNonce(
  tx: Tx,
  chainId: number,
  sender: string,
  chainNonce: bigint,
): Promise<bigint> {
  const { rows } = await sql<{ max: bigint | null }>`
    SELECT max(nonce) AS max FROM payout_hot_txs WHERE chain_id = ${chainId} AND sender = ${sender}`.execute(
    tx,
  );
  const next = rows[0]?.max === null || rows[0]?.max === undefined ? 0n : BigInt(rows[0].max) + 1n;
  return next > chainNonce ? next : chainNonce;
}

/** Signs and stores one attempt under the hot transaction's nonce; the stored attempt. */
export async function storeAttempt(
  tx: Tx,
  account: PrivateKeyAccount,
  hotTxId: bigint,
  t: {
    chainId: number;
    nonce: bigint;
    to: Address;
    data: Hex;
    gas: bigint;
    maxFeePerGas: bigint;
    maxPriorityFeePerGas: bigint;
  },
): Promise<Attempt> {
  const raw = await account.signTransaction({
    type: 'eip1559',
    chainId: t.chainId,
    nonce: Number(t.nonce),
    to: t.to,
    data: t.data,
    gas: t.gas,
    maxFeePerGas: t.maxFeePerGas,
    maxPriorityFeePerGas: t.maxPriorityFeePerGas,
    value: 0n,
  });
  return tx
    .insertInto('payout_attempts')
    .values({
      hot_tx_id: hotTxId,
      tx_hash: keccak256(raw).slice(2),
      raw_tx: raw,
      max_fee_per_gas: t.maxFeePerGas.toString(),
      max_priority_fee_per_gas: t.maxPriorityFeePerGas.toString(),
    })
    .returning(['id', 'tx_hash', 'raw_tx', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'created_at'])
    .executeTakeFirstOrThrow();
}

/** The calldata of a prepared batch, from what is stored. */
export async function calldataOf(tx: Tx, batchId: bigint): Promise<Hex> {
  const b = await tx
    .selectFrom('payout_batches')
    .select(['token_address', 'ref', 'deadline'])
    .where('id', '=', batchId)
    .executeTakeFirstOrThrow();
  const items = await tx
    .selectFrom('payout_batch_items')
    .select(['address', 'raw_amount'])
    .where('batch_id', '=', batchId)
    .orderBy('position')
    .execute();
  return calldataFor(b, items);
}
