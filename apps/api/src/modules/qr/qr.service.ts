import { networkName } from '@sgx/chain';
import { type ApprovalRecord, DepositAddressBody, type DepositAddressRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db';
import { conflict, notFound } from '../../http/errors';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';

/** A receiving address as asked for: where it serves (chain_id only for BEP20) and what it is. */
export type NewAddress = {
  currency: 'BEP20' | 'TRC20';
  chain_id: number | null;
  address: string;
  label: string | null;
};

const Address = z.object({
  currency: z.enum(['BEP20', 'TRC20']),
  chain_id: z.number().int().nullable(),
  address: z.string(),
  label: z.string().nullable(),
});
/** What an approval of a receiving address runs (checked again when it is approved). */
const ApprovedChange = z.discriminatedUnion('op', [
  z.object({
    op: z.literal('set'),
    address: Address,
    /** The live address of that slot when it was asked for (null: none). */
    replaces: z.object({ id: z.string(), address: z.string() }).nullable(),
  }),
  z.object({ op: z.literal('remove'), id: z.string(), address: Address }),
]);

/**
 * Where an address serves, for the approver (decision 0041: BEP20 names BNB Smart Chain alone): "TRON (TRC20)",
 * "EVM (Ethereum, BNB Smart Chain, Polygon, Arbitrum One)" for every EVM chain, "Polygon", "BNB Smart Chain (BEP20)".
 */
export const slotName = (a: { currency: 'BEP20' | 'TRC20'; chain_id: number | null }) =>
  networkName(a.currency, a.chain_id);

/**
 * The platform's receiving addresses: one live TRC20 address, one live BEP20 address for every EVM chain,
 * and optionally one per EVM chain that overrides it there. An admin asks to set or remove one and a
 * second admin approves it (decision 0029); every change is audited.
 */
export class QrService {
  constructor(private readonly db: Db) {}

  async live(db: DbOrTx = this.db): Promise<z.infer<typeof DepositAddressRecord>[]> {
    const rows = await db
      .selectFrom('deposit_addresses')
      .select(['id', 'currency', 'chain_id', 'address', 'label', 'created_at'])
      .where('deleted_at', 'is', null)
      .orderBy('currency')
      .orderBy('chain_id', 'desc')
      .execute();
    return rows.map((r) => ({ ...r, id: Number(r.id), created_at: r.created_at.toISOString() }));
  }

  /** An admin asks to set a slot's address; null when it already is that address (nothing to ask). */
  async requestSet(
    actorId: bigint,
    a: NewAddress,
    reason: string,
    key: string,
  ): Promise<ApprovalRecord | null> {
    return this.db.transaction().execute(async (tx) => {
      const old = await this.slot(tx, a);
      if (old && old.address === a.address && old.label === a.label) return null;
      return requestApproval(tx, {
        kind: 'deposit_address',
        requestKey: `deposit_address:${actorId}:${key}`,
        requestedBy: actorId,
        summary: `${old ? 'Replace' : 'Set'} the ${slotName(a)} receiving address: members' deposits go there.`,
        changes: [
          { field: 'Address', before: old?.address ?? '', after: a.address },
          ...(old?.label === a.label || (!old && a.label === null)
            ? []
            : [{ field: 'Label', before: old?.label ?? '', after: a.label ?? '' }]),
        ],
        payload: {
          op: 'set',
          address: a,
          replaces: old ? { id: String(old.id), address: old.address } : null,
        },
        reason,
      });
    });
  }

  /** An admin asks to remove a live address (404 when it is not live). */
  async requestRemove(actorId: bigint, id: bigint, key: string): Promise<ApprovalRecord> {
    return this.db.transaction().execute(async (tx) => {
      const row = await this.liveRow(tx, id);
      const a = { currency: row.currency, chain_id: row.chain_id, address: row.address, label: row.label };
      return requestApproval(tx, {
        kind: 'deposit_address',
        requestKey: `deposit_address:${actorId}:${key}`,
        requestedBy: actorId,
        subjectId: id,
        summary: `Remove the ${slotName(a)} receiving address.`,
        changes: [{ field: 'Address', before: row.address, after: '' }],
        payload: { op: 'remove', id: String(id), address: a },
      });
    });
  }

  /**
   * A change a second admin approved, in the approval's transaction, as its requester's. Refused when the
   * slot no longer holds what the approver was shown (another change came first).
   */
  async applyApproved(
    tx: Tx,
    a: { requested_by: bigint; reason: string | null; payload: Record<string, unknown> },
  ): Promise<void> {
    const p = ApprovedChange.parse(a.payload);
    const reason = a.reason ?? 'approved change';
    if (p.op === 'remove') {
      await this.remove(tx, a.requested_by, BigInt(p.id), reason);
      return;
    }
    // The address is checked again as a request would be.
    const checked = DepositAddressBody.safeParse({
      currency: p.address.currency,
      address: p.address.address,
      ...(p.address.chain_id === null ? {} : { chain_id: p.address.chain_id }),
      reason,
    });
    if (!checked.success) throw conflict('The address is not valid; ask again.');
    await lockSlot(tx, p.address);
    const now = await this.slot(tx, p.address);
    if ((now ? String(now.id) : null) !== (p.replaces?.id ?? null))
      throw conflict(`The ${slotName(p.address)} address changed since this was asked for; ask again.`);
    await this.set(tx, a.requested_by, p.address, reason);
  }

  /**
   * Sets a slot's live address (the old one is kept, retired), audited: the approved change, or a set-up with
   * no admin to ask (seeds). Never reached from a route without an approval.
   */
  async set(tx: Tx, actorId: bigint, a: NewAddress, reason: string): Promise<void> {
    // One change per slot at a time: two racing changes would both retire the old address and the second
    // insert would break the one-live-address index (a 500).
    await lockSlot(tx, a);
    const old = await tx
      .updateTable('deposit_addresses')
      .set({ deleted_at: new Date() })
      .where('currency', '=', a.currency)
      .where((eb) => (a.chain_id === null ? eb('chain_id', 'is', null) : eb('chain_id', '=', a.chain_id)))
      .where('deleted_at', 'is', null)
      .returning(['id', 'address'])
      .executeTakeFirst();
    const row = await tx
      .insertInto('deposit_addresses')
      .values({ ...a, created_by: actorId })
      .returning('id')
      .executeTakeFirstOrThrow();
    await writeAudit(tx, {
      actorId,
      action: 'deposit_address.set',
      entity: 'deposit_address',
      entityId: row.id,
      before: old ?? null,
      after: { currency: a.currency, chain_id: a.chain_id, address: a.address },
      reason,
    });
  }

  /** Retires a live address, audited (404 when it is not live, 409 from an approval: removed meanwhile). */
  async remove(tx: Tx, actorId: bigint, id: bigint, reason: string | null): Promise<void> {
    const row = await tx
      .updateTable('deposit_addresses')
      .set({ deleted_at: new Date() })
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .returning(['id', 'currency', 'address'])
      .executeTakeFirst();
    if (!row) throw conflict('This address was replaced or removed since this was asked for.');
    await writeAudit(tx, {
      actorId,
      action: 'deposit_address.delete',
      entity: 'deposit_address',
      entityId: row.id,
      before: row,
      reason,
    });
  }

  private async liveRow(tx: Tx, id: bigint) {
    const row = await tx
      .selectFrom('deposit_addresses')
      .select(['id', 'currency', 'chain_id', 'address', 'label'])
      .where('id', '=', id)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!row) throw notFound('Address not found.');
    return row;
  }

  /** The live address of a slot, if any. */
  private slot(tx: Tx, a: Pick<NewAddress, 'currency' | 'chain_id'>) {
    return tx
      .selectFrom('deposit_addresses')
      .select(['id', 'address', 'label'])
      .where('currency', '=', a.currency)
      .where((eb) => (a.chain_id === null ? eb('chain_id', 'is', null) : eb('chain_id', '=', a.chain_id)))
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
  }
}

/** Serialises the changes of one slot (a transaction-scoped advisory lock). */
async function lockSlot(tx: Tx, a: Pick<NewAddress, 'currency' | 'chain_id'>): Promise<void> {
  await sql`SELECT pg_advisory_xact_lock(hashtext(${`deposit_address:${a.currency}:${a.chain_id ?? 'all'}`}))`.execute(
    tx,
  );
}

/** The deposit addresses' approval kind (decision 0059). */
export function registerDepositAddressApprovals(registry: ApprovalRegistry, qr: QrService): void {
  registry.register('deposit_address', { run: (tx, a) => qr.applyApproved(tx, a) });
}
