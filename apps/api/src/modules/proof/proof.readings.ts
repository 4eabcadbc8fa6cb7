import { chainName, TRON_CHAIN_ID } from '@sgx/chain';
import {
  displayAddress,
  networkOfChain,
  type ProofReserve,
  type ProofReserveUnavailable,
} from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import { sql } from 'kysely';
import { BaseError } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { ChainsService } from '../chains/chains.service';
import { receivedDeposit } from '../chains/member-addresses';
import { readBlockBefore, readBlockHash, readTokenBalancesAt } from '../chains/reader';
import { platformUnits } from '../sweeps/sweeps.records';

/**
 * Reserves read on chain at a tree's cut-off (decision 0044): for every enabled chain with a stablecoin
 * that the server has a node for, the last block before the cut-off's second, the stablecoin balance of every
 * proven address read on it and the total of the members' own deposit addresses that ever received a deposit,
 * stored per tree. A chain that cannot
 * be read is stored as unavailable with the reason; reading again later fills it and never drops a good reading, and
 * reads a chain already read on the same block (the cut-off's block does not move).
 */
export const MEMBER_ADDRESSES = 'member-addresses';

const reasonOf = (err: unknown): string =>
  err instanceof BaseError ? err.shortMessage : err instanceof Error ? err.message : String(err);

type ChainLine = { chain_id: number; ok: boolean; reason?: string };

export async function readReserves(db: Db, chains: ChainsService, treeId: bigint): Promise<ChainLine[]> {
  const tree = await db
    .selectFrom('proof_trees')
    .select(['cutoff'])
    .where('id', '=', treeId)
    .executeTakeFirstOrThrow();
  const seconds = BigInt(Math.floor(tree.cutoff.getTime() / 1000));
  const settings = await db
    .selectFrom('chain_settings')
    .select(['chain_id', 'token_address', 'token_decimals'])
    .where('enabled', '=', true)
    .where('token_address', '<>', '')
    // Chains the server has no node for are not read (it scans no deposits there either).
    .where('chain_id', 'in', [...chains.readChainIds(), -1])
    .orderBy('chain_id')
    .execute();
  const proven = await db
    .selectFrom('proof_reserve_addresses')
    .select(['id', 'chain_ids', 'address'])
    .where('removed_at', 'is', null)
    .where('network', '=', 'EVM')
    .orderBy('id')
    .execute();
  // The blocks already read at this cut-off: a later reading stays on the same block (a block stamped before the
  // cut-off can still be mined after a first reading that took the head), unless a reorganisation replaced it.
  const readBefore = new Map(
    (
      await db
        .selectFrom('proof_reserve_chains')
        .select(['chain_id', 'block_number', 'block_hash'])
        .where('tree_id', '=', treeId)
        .where('status', '=', 'read')
        .execute()
    ).map((r) => [r.chain_id, r]),
  );
  const out: ChainLine[] = [];
  for (const s of settings) {
    const chainId = s.chain_id;
    try {
      const client = chains.client(chainId);
      if (!client) throw new Error(`The server has no node for ${chainName(chainId)}.`);
      const kept = readBefore.get(chainId);
      const block =
        kept?.block_number != null &&
        kept.block_hash !== null &&
        (await readBlockHash(client, kept.block_number)) === kept.block_hash
          ? { number: kept.block_number, hash: kept.block_hash }
          : await readBlockBefore(client, seconds);
      if (!block) throw new Error(`${chainName(chainId)} has no block before the cut-off.`);
      const mine =
        chainId === TRON_CHAIN_ID
          ? []
          : proven.filter((p) => p.chain_ids === null || p.chain_ids.includes(chainId));
      const members = await db
        .selectFrom('member_deposit_addresses as a')
        .select('a.address')
        .distinct()
        .where('a.chain_id', '=', chainId)
        .where(receivedDeposit(chainId))
        .orderBy('a.address')
        .execute();
      // An address both proven and a member's deposit address is counted once, as the proven one.
      const provenHere = new Set(mine.map((p) => p.address.toLowerCase()));
      const memberOnly = members.filter((m) => !provenHere.has(m.address.toLowerCase()));
      const raw = await readTokenBalancesAt(
        client,
        s.token_address,
        [...mine.map((p) => p.address), ...memberOnly.map((m) => m.address)],
        block.number,
      );
      const units = raw.map((r) => platformUnits(r, s.token_decimals));
      const memberTotal = units.slice(mine.length).reduce((a, b) => a + b, 0n);
      await db.transaction().execute(async (tx) => {
        await upsertChain(tx, treeId, chainId, {
          status: 'read',
          reason: null,
          block_number: block.number,
          block_hash: block.hash,
        });
        await tx
          .deleteFrom('proof_reserve_balances')
          .where('tree_id', '=', treeId)
          .where('chain_id', '=', chainId)
          .execute();
        await tx
          .insertInto('proof_reserve_balances')
          .values([
            ...mine.map((p, i) => ({
              tree_id: treeId,
              chain_id: chainId,
              address: p.address,
              reserve_id: p.id,
              address_count: null,
              balance: units[i] ?? 0n,
            })),
            {
              tree_id: treeId,
              chain_id: chainId,
              address: MEMBER_ADDRESSES,
              reserve_id: null,
              address_count: memberOnly.length,
              balance: memberTotal,
            },
          ])
          .execute();
      });
      out.push({ chain_id: chainId, ok: true });
    } catch (err) {
      const reason = reasonOf(err);
      // A good reading is never replaced by a failed one: the block and balances at the cut-off do not change.
      await upsertChain(db, treeId, chainId, {
        status: 'unavailable',
        reason,
        block_number: null,
        block_hash: null,
      }).catch(() => undefined);
      out.push({ chain_id: chainId, ok: false, reason });
    }
  }
  return out;
}

async function upsertChain(
  db: DbOrTx,
  treeId: bigint,
  chainId: number,
  v: {
    status: 'read' | 'unavailable';
    reason: string | null;
    block_number: bigint | null;
    block_hash: string | null;
  },
): Promise<void> {
  await db
    .insertInto('proof_reserve_chains')
    .values({ tree_id: treeId, chain_id: chainId, ...v })
    .onConflict((oc) =>
      oc
        .columns(['tree_id', 'chain_id'])
        .doUpdateSet({ ...v, read_at: new Date() })
        .where(sql<boolean>`proof_reserve_chains.status = 'unavailable' OR ${v.status} = 'read'`),
    )
    .execute();
}

/** A tree's reserves as published: every line read, the chains that could not be, and the total. */
export async function reservesOf(
  db: DbOrTx,
  treeId: bigint,
): Promise<{ reserves: ProofReserve[]; unavailable: ProofReserveUnavailable[]; total: bigint }> {
  const [lines, chainsRead] = await Promise.all([
    db
      .selectFrom('proof_reserve_balances as b')
      .innerJoin('proof_reserve_chains as c', (j) =>
        j.onRef('c.tree_id', '=', 'b.tree_id').onRef('c.chain_id', '=', 'b.chain_id'),
      )
      .leftJoin('proof_reserve_addresses as a', 'a.id', 'b.reserve_id')
      .select([
        'b.chain_id',
        'b.address',
        'b.address_count',
        'b.balance',
        'c.block_number',
        'c.block_hash',
        'a.label',
        'a.message',
        'a.signature',
      ])
      .where('b.tree_id', '=', treeId)
      .where('c.status', '=', 'read')
      .orderBy('b.chain_id')
      .orderBy(sql`b.reserve_id IS NULL`)
      .orderBy('b.reserve_id')
      .execute(),
    db
      .selectFrom('proof_reserve_chains')
      .select(['chain_id', 'reason'])
      .where('tree_id', '=', treeId)
      .where('status', '=', 'unavailable')
      .orderBy('chain_id')
      .execute(),
  ]);
  const reserves: ProofReserve[] = lines.map((l) => {
    const members = l.address === MEMBER_ADDRESSES;
    return {
      network: networkOfChain(l.chain_id),
      chain_id: l.chain_id,
      address: members ? null : displayAddress(l.chain_id, l.address),
      label: members ? "Members' deposit addresses" : (l.label ?? ''),
      balance: formatUnits(l.balance),
      block_number: Number(l.block_number),
      block_hash: l.block_hash ?? '',
      message: members ? null : l.message,
      signature: members ? null : l.signature,
      kind: members ? 'member-addresses' : 'proven',
      address_count: members ? l.address_count : null,
    };
  });
  return {
    reserves,
    unavailable: chainsRead.map((c) => ({
      network: networkOfChain(c.chain_id),
      chain_id: c.chain_id,
      reason: c.reason ?? 'not read',
    })),
    total: lines.reduce((sum, l) => sum + l.balance, 0n),
  };
}

/** Reserves / liabilities as an exact decimal cut to 4 places ("1.0234"), null without liabilities. */
export function ratioOf(reserves: bigint, liabilities: bigint): string | null {
  if (liabilities <= 0n) return null;
  const scaled = (reserves * 10_000n) / liabilities;
  return `${scaled / 10_000n}.${String(scaled % 10_000n).padStart(4, '0')}`;
}
