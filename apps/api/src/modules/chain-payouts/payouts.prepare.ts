import { randomBytes } from 'node:crypto';
import { batchRef, chainName, MAX_BATCH, platformToTokenUnitsFloor } from '@sgx/chain';
import { amountOut, displayAddress, isTronAddress, networkOfChain, tronToHex } from '@sgx/contracts';
import { type Address, type Hex, isAddress } from 'viem';
import type { Db, Tx } from '../../db';
import { badRequest, conflict } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import type { ChainSettingsRow, ChainsService } from '../chains/chains.service';
import { lower, readHeadBlock, readPayoutVersion } from '../chains/reader';
import { holdListedPayouts } from '../sanctions/sanctions.hits';

/** A batch the operator's wallet sends must be mined within this time, else it reverts and its payouts wait again. */
export const WALLET_BATCH_TTL_MS = 60 * 60 * 1000;

export type PrepareInput = {
  chainId: number;
  withdrawalIds: bigint[];
  mode: 'wallet' | 'hot';
  /** The admin who prepared it (wallet mode); null for the hot wallet's automatic batches. */
  createdBy: bigint | null;
  ttlMs?: number;
  /** The hot wallet that sends it (its nonce is reserved by the caller, payout_hot_txs). */
  sender?: string;
  /**
   * The wallet that will send it (wallet mode; 0x hex or TRON Base58): its reference is bound to it, and a
   * version-2 contract lets nobody else spend it (decision 0053). Required there.
   */
  payer?: string | undefined;
  /** The contract's version read on chain (readPayoutVersion). */
  contractVersion: 1 | 2;
};

/** A payer's 20 bytes in lower-case hex, from 0x hex or TRON Base58; a 400 naming the field otherwise. */
export function payerHex(payer: string): string {
  const hex = isTronAddress(payer) ? tronToHex(payer) : payer;
  if (!isAddress(hex, { strict: false })) {
    const message = 'Enter the address of the wallet that will send this batch.';
    throw badRequest(message, { payer: [message] });
  }
  return hex.toLowerCase();
}

/**
 * The batch's reference: bound to its payer when one is known (version 2 refuses it from anyone else; version 1
 * takes any 32 bytes), else 32 random bytes (version 1 only).
 */
function refFor(input: PrepareInput): string {
  const payer = input.sender ?? (input.payer === undefined ? undefined : payerHex(input.payer));
  if (payer !== undefined) return batchRef(payer as Address, `0x${randomBytes(12).toString('hex')}` as Hex);
  if (input.contractVersion === 2) {
    const message =
      'This payout contract lets only the batch’s payer send it: enter the address of the wallet that will send it.';
    throw badRequest(message, { payer: [message] });
  }
  return `0x${randomBytes(32).toString('hex')}`;
}

/** What a chain needs before payouts can be prepared on it: a payout contract and a node to verify them. */
export function payableChain(chains: ChainsService, chainId: number, s: ChainSettingsRow) {
  if (!s.payout_contract) throw conflict(`No payout contract is set for ${chainName(chainId)}.`);
  const client = chains.client(chainId);
  if (!client)
    throw conflict(
      `The server has no node for ${chainName(chainId)}, so it could not verify a payout there.`,
    );
  return { contract: s.payout_contract, client };
}

/**
 * Prepares a batch of approved payouts of one chain's network, in `tx`: every withdrawal is locked (in id order,
 * as a cancel locks it), must still be pending with an approved payout of that network in no other batch; its
 * net becomes token units (rounded down to the token's smallest unit when it has fewer than 8 decimals). The
 * payouts become `sending`: from here a transaction may pay them, until the batch is paid, fails or expires.
 */
export async function prepareBatchIn(
  tx: Tx,
  s: ChainSettingsRow,
  contract: string,
  head: { number: bigint; timestamp: bigint },
  input: PrepareInput,
): Promise<bigint> {
  const { chainId } = input;
  const ids = [...new Set(input.withdrawalIds)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  if (ids.length === 0 || ids.length > MAX_BATCH)
    throw badRequest(`A batch pays 1 to ${MAX_BATCH} payouts.`, { withdrawal_ids: ['1 to 200 payouts.'] });
  const rows = await tx
    .selectFrom('withdrawals as w')
    .innerJoin('payouts as p', 'p.withdrawal_id', 'w.id')
    .select(['w.id', 'w.status as w_status', 'w.net', 'p.status', 'p.network', 'p.address', 'p.batch_id'])
    .where('w.id', 'in', ids)
    .orderBy('w.id')
    .forUpdate(['w', 'p'])
    .execute();
  const network = networkOfChain(chainId);
  const found = new Map(rows.map((r) => [r.id, r]));
  const refused: string[] = [];
  for (const id of ids) {
    const r = found.get(id);
    if (!r) refused.push(`#${id} is not an approved payout`);
    else if (r.w_status !== 'pending' || r.status !== 'approved')
      refused.push(`#${id} is ${r.status === 'approved' ? r.w_status : r.status}`);
    else if (r.network !== network) refused.push(`#${id} is paid on ${r.network}, not ${chainName(chainId)}`);
  }
  if (refused.length > 0) {
    const message = `These cannot be paid now: ${refused.join('; ')}.`;
    throw conflict(message);
  }
  const items = ids.map((id, position) => {
    const r = found.get(id) as (typeof rows)[number];
    const raw = platformToTokenUnitsFloor(r.net, s.token_decimals);
    if (raw <= 0n) throw conflict(`#${id} is too small to pay in ${s.token_symbol}.`);
    return { withdrawal_id: id, position, address: r.address, net: r.net, raw };
  });
  const total = items.reduce((sum, i) => sum + i.net, 0n);
  const rawTotal = items.reduce((sum, i) => sum + i.raw, 0n);
  // The contract compares the deadline with the chain's clock: it is counted from the head's timestamp.
  const ttl = BigInt(Math.floor((input.ttlMs ?? WALLET_BATCH_TTL_MS) / 1000));
  const deadline = new Date(Number((head.timestamp + ttl) * 1000n));
  const ref = refFor(input);
  const batch = await tx
    .insertInto('payout_batches')
    .values({
      chain_id: chainId,
      mode: input.mode,
      contract: lower(contract),
      token_address: lower(s.token_address),
      token_decimals: s.token_decimals,
      ref,
      contract_version: input.contractVersion,
      deadline,
      from_block: head.number,
      total,
      raw_total: rawTotal.toString(),
      sender: input.sender ?? null,
      created_by: input.createdBy,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('payout_batch_items')
    .values(
      items.map((i) => ({
        batch_id: batch.id,
        withdrawal_id: i.withdrawal_id,
        position: i.position,
        address: i.address,
        net: i.net,
        raw_amount: i.raw.toString(),
      })),
    )
    .execute();
  await tx
    .updateTable('payouts')
    .set({ status: 'sending', batch_id: batch.id, chain_id: chainId, failure: null })
    .where('withdrawal_id', 'in', ids)
    .execute();
  await writeAudit(tx, {
    actorId: input.createdBy,
    action: 'payout.batch.prepare',
    entity: 'payout_batch',
    entityId: String(batch.id),
    before: null,
    after: {
      chain_id: chainId,
      mode: input.mode,
      payouts: ids.length,
      total: amountOut(total),
      contract: displayAddress(chainId, lower(contract)),
      deadline: deadline.toISOString(),
      contract_version: input.contractVersion,
      ...(input.mode === 'wallet' && input.contractVersion === 2
        ? { payer: displayAddress(chainId, ref.slice(0, 42)) }
        : {}),
    },
    reason: input.mode === 'hot' ? 'hot wallet policy' : 'paid from the operator wallet',
  });
  return batch.id;
}

/** Prepares a batch in its own transaction (the operator's wallet pays it). */
export async function prepareBatch(
  db: Db,
  chains: ChainsService,
  input: Omit<PrepareInput, 'contractVersion'>,
): Promise<bigint> {
  // A payout to a listed address is held, not prepared (decision 0075); the batch then refuses it by its status.
  await holdListedPayouts(db, input.withdrawalIds);
  const s = await chains.settings(input.chainId);
  const { contract, client } = payableChain(chains, input.chainId, s);
  const head = await readHeadBlock(client);
  const contractVersion = await readPayoutVersion(client, contract);
  return db
    .transaction()
    .execute((tx) => prepareBatchIn(tx, s, contract, head, { ...input, contractVersion }));
}
