import { chainName, SUPPORTED_CHAINS, TRON_CHAIN_ID } from '@sgx/chain';
import {
  displayAddress,
  type ReserveAddressBody,
  type ReserveAddressesResponse,
  type ReserveAddressRecord,
  type ReserveCandidate,
  reserveMessage,
} from '@sgx/contracts';
import { sql } from 'kysely';
import { getAddress, type Hex, isAddress, verifyMessage } from 'viem';
import type { Db } from '../../db';
import { badRequest, conflict, notFound } from '../../http/errors';
import { writeAudit } from '../audit/audit.repo';
import { utcDay } from './proof.service';

/**
 * The platform's reserve addresses (decision 0044): an address counts as the platform's once the
 * operator signed the fixed message naming it and a date from it (EIP-191 personal_sign); the server checks the
 * signature before storing it, and the page checks it again in the browser. TRON signatures are not verified
 * here: TRON addresses stay "not proven" and are said so.
 */
export const TRON_NOTE =
  'TRON signatures (TIP-191) are not verified by this platform yet, so a TRON address cannot be proven here: its balance is not counted in the reserves.';

const EVM_CHAIN_IDS = SUPPORTED_CHAINS.map((c) => c.id);

const recordOf = (r: {
  id: bigint;
  network: 'EVM' | 'TRON';
  chain_ids: number[] | null;
  address: string;
  label: string;
  date: string;
  message: string;
  signature: string;
  created_at: Date;
}): ReserveAddressRecord => ({
  id: Number(r.id),
  network: r.network,
  chain_ids: r.chain_ids,
  address: getAddress(r.address),
  label: r.label,
  date: r.date,
  message: r.message,
  signature: r.signature,
  created_at: r.created_at.toISOString(),
});

export class ReserveAddresses {
  constructor(private readonly db: Db) {}

  /** The live proven addresses, oldest first. */
  async proven(): Promise<ReserveAddressRecord[]> {
    const rows = await this.db
      .selectFrom('proof_reserve_addresses')
      .select([
        'id',
        'network',
        'chain_ids',
        'address',
        'label',
        sql<string>`to_char(signed_on, 'YYYY-MM-DD')`.as('date'),
        'message',
        'signature',
        'created_at',
      ])
      .where('removed_at', 'is', null)
      .orderBy('id')
      .execute();
    return rows.map(recordOf);
  }

  /** Proven addresses and the configured ones not proven yet (treasuries, receiving addresses). */
  async list(now = new Date()): Promise<ReserveAddressesResponse> {
    const today = utcDay(now);
    const addresses = await this.proven();
    const provenKeys = new Set(addresses.map((a) => `${a.network}:${a.address.toLowerCase()}`));
    const [treasuries, receiving] = await Promise.all([
      this.db
        .selectFrom('chain_settings')
        .select(['chain_id', 'treasury_address'])
        .where('treasury_address', 'is not', null)
        .orderBy('chain_id')
        .execute(),
      this.db
        .selectFrom('deposit_addresses')
        .select(['currency', 'chain_id', 'address'])
        .where('deleted_at', 'is', null)
        .orderBy('id')
        .execute(),
    ]);
    const found = new Map<string, ReserveCandidate>();
    const add = (network: 'EVM' | 'TRON', chainIds: number[] | null, address: string, label: string) => {
      const key = `${network}:${address.toLowerCase()}`;
      if (provenKeys.has(key)) return;
      const known = found.get(key);
      if (known) {
        if (known.chain_ids && chainIds) known.chain_ids = [...new Set([...known.chain_ids, ...chainIds])];
        else known.chain_ids = null;
        return;
      }
      const evm = network === 'EVM' && isAddress(address, { strict: false });
      found.set(key, {
        network,
        chain_ids: chainIds,
        address: evm ? getAddress(address) : address,
        label,
        message: evm ? reserveMessage(getAddress(address), today) : null,
        note: evm ? null : TRON_NOTE,
      });
    };
    for (const t of treasuries) {
      const tron = t.chain_id === TRON_CHAIN_ID;
      add(
        tron ? 'TRON' : 'EVM',
        tron ? null : [t.chain_id],
        displayAddress(t.chain_id, t.treasury_address ?? ''),
        `Treasury (${chainName(t.chain_id)})`,
      );
    }
    for (const r of receiving) {
      const tron = r.currency === 'TRC20';
      add(
        tron ? 'TRON' : 'EVM',
        tron || r.chain_id === null ? null : [r.chain_id],
        r.address,
        tron ? 'Receiving address (TRC20)' : 'Receiving address (BEP20)',
      );
    }
    return { today, addresses, candidates: [...found.values()] };
  }

  /** Stores an address once its signature over the fixed message is checked; audited. */
  async add(actorId: bigint, body: ReserveAddressBody, now = new Date()): Promise<ReserveAddressRecord> {
    if (body.network === 'TRON') throw badRequest(TRON_NOTE, { network: [TRON_NOTE] });
    if (!isAddress(body.address, { strict: false })) {
      const m = `Not an EVM address: ${body.address}.`;
      throw badRequest(m, { address: [m] });
    }
    const bad = body.chain_ids?.filter((id) => !EVM_CHAIN_IDS.includes(id as never)) ?? [];
    if (bad.length > 0) {
      const m = `Not an EVM chain the platform uses: ${bad.join(', ')}.`;
      throw badRequest(m, { chain_ids: [m] });
    }
    const date = new Date(`${body.date}T00:00:00Z`);
    if (Number.isNaN(date.getTime()) || utcDay(date) !== body.date) {
      const m = `Not a date: ${body.date}.`;
      throw badRequest(m, { date: [m] });
    }
    if (date.getTime() > now.getTime() + 86_400_000) {
      const m = 'The date of the signed message cannot be in the future.';
      throw badRequest(m, { date: [m] });
    }
    const address = getAddress(body.address);
    const message = reserveMessage(address, body.date);
    const valid = await verifyMessage({ address, message, signature: body.signature as Hex }).catch(
      () => false,
    );
    if (!valid) {
      const m = `The signature was not made by ${address} over the message "${message.replaceAll('\n', ' / ')}": nothing was stored. Sign exactly this message (personal_sign) from that address.`;
      throw badRequest(m, { signature: [m] });
    }
    return this.db.transaction().execute(async (tx) => {
      const taken = await tx
        .selectFrom('proof_reserve_addresses')
        .select('id')
        .where('network', '=', 'EVM')
        .where('address', '=', address.toLowerCase())
        .where('removed_at', 'is', null)
        .executeTakeFirst();
      if (taken) throw conflict(`${address} is already a proven reserve address.`);
      const row = await tx
        .insertInto('proof_reserve_addresses')
        .values({
          network: 'EVM',
          chain_ids: body.chain_ids ?? null,
          address: address.toLowerCase(),
          label: body.label,
          signed_on: body.date,
          message,
          signature: body.signature.toLowerCase(),
          created_by: actorId,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const record = recordOf({
        ...row,
        network: 'EVM',
        chain_ids: body.chain_ids ?? null,
        address,
        label: body.label,
        date: body.date,
        message,
        signature: body.signature.toLowerCase(),
      });
      await writeAudit(tx, {
        actorId,
        action: 'proof.reserve.add',
        entity: 'proof_reserve_address',
        entityId: row.id,
        before: null,
        after: { address, label: body.label, chain_ids: body.chain_ids ?? null, date: body.date },
      });
      return record;
    });
  }

  /** Removes an address from the reserves read from now on (soft: past readings keep it); audited. */
  async remove(actorId: bigint, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const row = await tx
        .updateTable('proof_reserve_addresses')
        .set({ removed_at: new Date(), removed_by: actorId })
        .where('id', '=', BigInt(id))
        .where('removed_at', 'is', null)
        .returning(['address', 'label'])
        .executeTakeFirst();
      if (!row) throw notFound('This reserve address does not exist or was already removed.');
      await writeAudit(tx, {
        actorId,
        action: 'proof.reserve.remove',
        entity: 'proof_reserve_address',
        entityId: BigInt(id),
        before: { address: getAddress(row.address), label: row.label },
        after: null,
      });
    });
  }
}
