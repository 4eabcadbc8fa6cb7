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
import type { ExpressionBuilder } from 'kysely';
import type { Address, Hex } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { DB } from '../../db/schema';
import type { ChainsService } from './chains.service';

/**
 * Every member's own deposit addresses (decision 0033): the CREATE2 forwarder of the member's salt
 * under each chain's factory. Nothing that can spend is kept: the salt only names the forwarder, and a forwarder
 * only ever pays the treasury its factory fixes. The address is computed the way the factory computes it (the
 * factory proved its formula when an admin set it) and stored, so the scan matches receivers in one statement.
 */

/** The member's salt, made once (random, so nobody lists members' addresses from their ids); read after that. */
export async function memberSalt(db: DbOrTx, userId: bigint): Promise<Hex> {
  const read = () =>
    db.selectFrom('member_deposit_salts').select('salt').where('user_id', '=', userId).executeTakeFirst();
  const found = await read();
  if (found) return found.salt as Hex;
  await db
    .insertInto('member_deposit_salts')
    .values({ user_id: userId, salt: `0x${randomBytes(32).toString('hex')}` })
    .onConflict((oc) => oc.column('user_id').doNothing())
    .execute();
  // Whichever insert won a race is the salt.
  return ((await read())?.salt ?? '') as Hex;
}

type FactorySettings = {
  chain_id: number;
  forwarder_factory: string | null;
  forwarder_prefix: '0xff' | '0x41' | null;
  forwarder_code_hash: string | null;
};

/**
 * The member's address on every chain whose settings name a factory, recorded for the scan. Made on the first read
 * (and when a factory is set or changed); afterwards only read: the read path writes nothing.
 */
export async function ensureMemberAddresses(db: Db, userId: bigint, settings: FactorySettings[]) {
  const factories = settings.filter(
    (f) => f.forwarder_factory && f.forwarder_prefix && f.forwarder_code_hash,
  );
  if (factories.length === 0) return [];
  const existing = await db
    .selectFrom('member_deposit_addresses')
    .select(['chain_id', 'factory', 'address', 'user_id'])
    .where('user_id', '=', userId)
    .execute();
  const current = (f: FactorySettings) =>
    existing.find((r) => r.chain_id === f.chain_id && r.factory === f.forwarder_factory);
  const missing = factories.filter((f) => current(f) === undefined);
  if (missing.length === 0) return factories.flatMap((f) => current(f) ?? []);
  const salt = await memberSalt(db, userId);
  const made = missing.map((f) => ({
    chain_id: f.chain_id,
    user_id: userId,
    factory: f.forwarder_factory as string,
    address: forwarderAddress({
      factory: f.forwarder_factory as Address,
      salt,
      prefix: f.forwarder_prefix as '0xff' | '0x41',
      codeHash: f.forwarder_code_hash as Hex,
    }).toLowerCase(),
  }));
  await db
    .insertInto('member_deposit_addresses')
    .values(made)
    .onConflict((oc) => oc.doNothing())
    .execute();
  return factories.flatMap((f) => current(f) ?? made.filter((m) => m.chain_id === f.chain_id));
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
  const all = await db.selectFrom('chain_settings').selectAll().execute();
  const rows = await ensureMemberAddresses(db, userId, all);
  const settings = new Map(all.map((s) => [s.chain_id, s] as const));
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

/**
 * Kysely predicate on `member_deposit_addresses as a`: the address received a transfer recorded as a deposit on
 * `chainId` (credited or not). The sweeps' overview and the proof of reserves read these addresses' balances.
 */
export const receivedDeposit =
  (chainId: number) =>
  ({ exists, selectFrom }: ExpressionBuilder<DB & { a: DB['member_deposit_addresses'] }, 'a'>) =>
    exists(
      selectFrom('deposits as d')
        .select('d.id')
        .where('d.chain_id', '=', chainId)
        .whereRef('d.to_address', '=', 'a.address'),
    );
