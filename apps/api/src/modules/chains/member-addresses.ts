import { randomBytes } from 'node:crypto';
import { chainName, forwarderAddress } from '@sgx/chain';
import {
  DEPOSIT_CHAIN_IDS,
  displayAddress,
  type MemberDepositAddress,
  type MemberDepositAddressesResponse,
  networkOfChain,
} from '@sgx/contracts';
import { formatUnits } from '@sgx/money';
import type { Address, Hex } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { ChainsService } from './chains.service';

/**
 * Every member's own deposit addresses (issue 20, decision 0033): the CREATE2 forwarder of the member's salt
 * under each chain's factory. Nothing that can spend is kept: the salt only names the forwarder, and a forwarder
 * only ever pays the treasury its factory fixes. The address is computed the way the factory computes it (the
 * factory proved its formula when an admin set it) and stored, so the scan matches receivers in one statement.
 */

/** The member's salt, made once (random, so nobody lists members' addresses from their ids). */
export async function memberSalt(db: DbOrTx, userId: bigint): Promise<Hex> {
  const salt = `0x${randomBytes(32).toString('hex')}`;
  const row = await db
    .insertInto('member_deposit_salts')
    .values({ user_id: userId, salt })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet((eb) => ({ salt: eb.ref('member_deposit_salts.salt') })),
    )
    .returning('salt')
    .executeTakeFirstOrThrow();
  return row.salt as Hex;
}

/** The member's address on every chain whose settings name a factory, recorded for the scan (idempotent). */
export async function ensureMemberAddresses(db: Db, userId: bigint) {
  const factories = await db
    .selectFrom('chain_settings')
    .select(['chain_id', 'forwarder_factory', 'forwarder_prefix', 'forwarder_code_hash'])
    .where('forwarder_factory', 'is not', null)
    .execute();
  if (factories.length === 0) return [];
  const salt = await memberSalt(db, userId);
  const rows = factories.flatMap((f) =>
    f.forwarder_factory && f.forwarder_prefix && f.forwarder_code_hash
      ? [
          {
            chain_id: f.chain_id,
            user_id: userId,
            factory: f.forwarder_factory,
            address: forwarderAddress({
              factory: f.forwarder_factory as Address,
              salt,
              prefix: f.forwarder_prefix,
              codeHash: f.forwarder_code_hash as Hex,
            }).toLowerCase(),
          },
        ]
      : [],
  );
  await db
    .insertInto('member_deposit_addresses')
    .values(rows)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return rows;
}

/**
 * `GET /wallets/deposit-addresses`: the member's addresses, one entry per distinct address and network (the EVM
 * chains sharing a factory share the address), with what a member must know before sending on each chain.
 */
export async function memberDepositAddresses(
  db: Db,
  chains: ChainsService,
  userId: bigint,
): Promise<MemberDepositAddressesResponse> {
  const rows = await ensureMemberAddresses(db, userId);
  const settings = new Map(
    (await db.selectFrom('chain_settings').selectAll().execute()).map((s) => [s.chain_id, s] as const),
  );
  const groups = new Map<string, MemberDepositAddress>();
  const order = (id: number) => (DEPOSIT_CHAIN_IDS as readonly number[]).indexOf(id);
  for (const r of [...rows].sort((a, b) => order(a.chain_id) - order(b.chain_id))) {
    const s = settings.get(r.chain_id);
    if (!s?.enabled) continue;
    const network = networkOfChain(r.chain_id);
    const key = `${network}:${r.address}`;
    const group = groups.get(key) ?? {
      network,
      chain_ids: [],
      address: displayAddress(r.chain_id, r.address),
      token: { symbol: s.token_symbol, decimals: s.token_decimals },
      chains: [],
    };
    group.chain_ids.push(r.chain_id);
    group.chains.push({
      chain_id: r.chain_id,
      name: chainName(r.chain_id),
      token_address: displayAddress(r.chain_id, s.token_address.toLowerCase()),
      token_symbol: s.token_symbol,
      token_decimals: s.token_decimals,
      confirmations: s.confirmations,
      minimum: formatUnits(s.min_deposit),
      verified: chains.client(r.chain_id) !== undefined,
    });
    groups.set(key, group);
  }
  return { addresses: [...groups.values()] };
}

/** The member's own addresses on a chain (20-byte hex, lower case), whatever factory made them. */
export async function ownAddressesOf(db: DbOrTx, userId: bigint, chainId: number): Promise<Set<string>> {
  const rows = await db
    .selectFrom('member_deposit_addresses')
    .select('address')
    .where('user_id', '=', userId)
    .where('chain_id', '=', chainId)
    .execute();
  return new Set(rows.map((r) => r.address));
}
