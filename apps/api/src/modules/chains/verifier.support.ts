import { tokenToPlatformUnits } from '@sgx/chain';
import { isTronAddress, TRON_CHAIN_ID, tronToHex } from '@sgx/contracts';
import type { Db, DbOrTx, Tx } from '../../db';
import type { DepositsService } from '../deposits/deposits.service';
import type { ChainSettingsRow } from './chains.service';
import type { ScannedTransfer } from './reader';

/** What the verifier (verifier.ts) and the scan (scan.ts) ask of the database about a chain's deposits. */

/**
 * The live receiving address for a chain: its own, else the BEP20 one that serves every EVM chain (as stored); on
 * TRON the TRC20 one, as the 20-byte hex its JSON-RPC speaks.
 */
export async function receivingAddressOf(db: DbOrTx, chainId: number): Promise<string | undefined> {
  if (chainId === TRON_CHAIN_ID) {
    const row = await db
      .selectFrom('deposit_addresses')
      .select('address')
      .where('currency', '=', 'TRC20')
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    return row && isTronAddress(row.address) ? tronToHex(row.address) : undefined;
  }
  const rows = await db
    .selectFrom('deposit_addresses')
    .select(['address', 'chain_id'])
    .where('currency', '=', 'BEP20')
    .where('deleted_at', 'is', null)
    .where((eb) => eb.or([eb('chain_id', '=', chainId), eb('chain_id', 'is', null)]))
    .execute();
  return (rows.find((r) => r.chain_id === chainId) ?? rows.find((r) => r.chain_id === null))?.address;
}

/**
 * Records a Transfer the scan found from `userId`'s linked wallet to the shared receiving address as that member's
 * deposit, bound to its log; undefined when a deposit already holds it (or the member reported it).
 */
export async function recordLinkedTransfer(
  db: Db,
  chainId: number,
  settings: ChainSettingsRow,
  t: ScannedTransfer,
  userId: bigint,
): Promise<bigint | undefined> {
  const amount = tokenToPlatformUnits(t.value, settings.token_decimals);
  // Not a whole number of 10^-8 units (or nothing): it cannot be credited exactly; support handles it.
  if (amount === null || amount <= 0n) return undefined;
  const inserted = await db
    .insertInto('deposits')
    .values({
      user_id: userId,
      amount,
      currency: chainId === TRON_CHAIN_ID ? 'TRC20' : 'BEP20',
      hash: t.hash,
      chain_id: chainId,
      log_index: t.logIndex,
      from_address: t.from,
      sender_id: userId,
      chain_status: 'confirming',
      required_confirmations: settings.confirmations,
      source: 'scan',
    })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id;
}

/**
 * Why this transfer cannot be this deposit's, when it cannot: its hash was credited with another deposit, or another
 * deposit is bound to the same log (a declined one, or one made while the wallet was another member's). A transfer
 * to a member's own address (`toOwn`) is proven by its log, as one transaction may pay several members; one credited
 * by hand under its hash still stops it.
 */
export async function takenElsewhere(
  db: DbOrTx,
  d: { id: bigint; hash: string; user_id: bigint },
  chainId: number,
  logIndex: number,
  toOwn: boolean,
  deposits: Pick<DepositsService, 'creditedByHash'>,
): Promise<string | null> {
  const credited = await deposits.creditedByHash(db, d.hash, toOwn);
  if (credited && credited.id !== d.id)
    return `This transaction was already credited with deposit #${credited.id}${credited.user_id === d.user_id ? '' : ' of another account'}: a transaction is credited once.`;
  const other = await db
    .selectFrom('deposits')
    .select(['id', 'user_id', 'status'])
    .where('chain_id', '=', chainId)
    .where('hash', '=', d.hash)
    .where('log_index', '=', logIndex)
    .where('id', '<>', d.id)
    .executeTakeFirst();
  if (!other) return null;
  return `This transfer already belongs to deposit #${other.id}${other.user_id === d.user_id ? '' : ' of another account'}${other.status === 'decline' ? ', which was declined' : ''}; contact support if this is wrong.`;
}

/** A deposit's decision and chain check, its row locked for the crediting transaction. */
export const lockChainState = (tx: Tx, id: bigint) =>
  tx
    .selectFrom('deposits')
    .select(['status', 'chain_status'])
    .where('id', '=', id)
    .forUpdate()
    .executeTakeFirst();
