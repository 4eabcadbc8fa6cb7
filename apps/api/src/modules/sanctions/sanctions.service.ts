import {
  type ApprovalRecord,
  amountOut,
  type SanctionsCheckResponse,
  type SanctionsHit,
  type SanctionsList,
  type SanctionsOperatorEntry,
} from '@sgx/contracts';
import { sql } from 'kysely';
import { z } from 'zod';
import type { Db, DbOrTx, Tx } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, conflict, notFound } from '../../http/errors';
import type { Approval, ApprovalRegistry } from '../approvals/approvals.registry';
import { requestApproval } from '../approvals/approvals.repo';
import { writeAudit } from '../audit/audit.repo';
import { clearFlag } from '../flags/flags';
import { flagStillHolds, lockHit, rescreenListed } from './sanctions.hits';
import { listsInForce, screenAddress } from './sanctions.lists';
import { normaliseAddress } from './sdn-parser';

/**
 * The compliance side of sanctions screening (decision 0075): the lists in force, the address checker, the
 * operator's own list (added and removed with a reason, audited), the hits, and their decisions: a release waits for
 * a second admin (approval kind 'sanctions_release'), a confirmation keeps the money held.
 */

/** What releasing a held deposit needs from the deposits domain: its credit through the one credit path. */
export type SanctionsPorts = {
  creditHeldDeposit(tx: Tx, depositId: bigint, by: bigint, approvalId: bigint): Promise<void>;
};

const invalidAddress = () =>
  badRequest('Enter an EVM address (0x and 40 hex digits) or a TRON address (T and 33 more).', {
    address: ['Enter an EVM address (0x and 40 hex digits) or a TRON address (T and 33 more).'],
  });

const hitRows = (db: DbOrTx) =>
  db
    .selectFrom('sanctions_hits as h')
    .leftJoin('users as m', 'm.id', 'h.member_id')
    .leftJoin('users as d', 'd.id', 'h.decided_by')
    .leftJoin('deposits as dep', 'dep.id', 'h.deposit_id')
    .leftJoin('withdrawals as w', 'w.id', 'h.withdrawal_id')
    .select([
      'h.id',
      'h.kind',
      'h.status',
      'h.member_id',
      'm.username as member_username',
      'h.address',
      'h.list_source',
      sql<string>`to_char(h.list_date, 'YYYY-MM-DD')`.as('list_date'),
      'h.deposit_id',
      'h.withdrawal_id',
      sql<
        bigint | null
      >`CASE WHEN h.kind = 'deposit' THEN dep.amount WHEN h.kind = 'payout' THEN w.net END`.as('amount'),
      'h.created_at',
      'h.decided_at',
      'd.username as decided_by_username',
      'h.decision_reason',
      sql<
        bigint | null
      >`(SELECT a.id FROM approvals a WHERE a.kind = 'sanctions_release' AND a.subject_id = h.id
        AND a.status = 'pending' ORDER BY a.id DESC LIMIT 1)`.as('awaiting_approval_id'),
    ]);

type HitRow = Awaited<ReturnType<ReturnType<typeof hitRows>['executeTakeFirstOrThrow']>>;
const toHit = (r: HitRow): SanctionsHit => ({
  id: Number(r.id),
  kind: r.kind,
  status: r.status,
  member_id: Number(r.member_id),
  member_username: r.member_username,
  address: r.address,
  list_source: r.list_source,
  list_date: r.list_date,
  deposit_id: r.deposit_id === null ? null : Number(r.deposit_id),
  withdrawal_id: r.withdrawal_id === null ? null : Number(r.withdrawal_id),
  amount: r.amount === null ? null : amountOut(BigInt(r.amount)),
  created_at: r.created_at.toISOString(),
  decided_at: r.decided_at ? r.decided_at.toISOString() : null,
  decided_by_username: r.decided_by_username,
  decision_reason: r.decision_reason,
  awaiting_approval_id: r.awaiting_approval_id === null ? null : Number(r.awaiting_approval_id),
});

const ReleasePayload = z.object({ hit_id: z.string().regex(/^\d+$/), reason: z.string().min(1) });

export class SanctionsService {
  constructor(private readonly db: Db) {}

  async lists(): Promise<SanctionsList[]> {
    return (await listsInForce(this.db)).map((l) => ({
      id: Number(l.id),
      source: l.source,
      published_on: l.published_on,
      extracted_from: l.extracted_from,
      loaded_at: l.loaded_at.toISOString(),
      entry_count: l.entry_count,
      sha256: l.sha256,
    }));
  }

  async operatorEntries(): Promise<SanctionsOperatorEntry[]> {
    const rows = await this.db
      .selectFrom('sanctioned_addresses as a')
      .innerJoin('sanctions_lists as l', 'l.id', 'a.list_id')
      .leftJoin('users as u', 'u.id', 'a.added_by')
      .select(['a.id', 'a.family', 'a.address', 'a.note', 'a.added_by', 'u.username', 'a.added_at'])
      .where('l.source', '=', 'operator')
      .where('l.replaced_at', 'is', null)
      .orderBy('a.id', 'desc')
      .execute();
    return rows.map((r) => ({
      id: Number(r.id),
      family: r.family,
      address: r.address,
      note: r.note,
      added_by: r.added_by === null ? null : Number(r.added_by),
      added_by_username: r.username,
      added_at: r.added_at.toISOString(),
    }));
  }

  /** The hits, newest first (the latest 200). */
  async hits(): Promise<SanctionsHit[]> {
    const rows = await hitRows(this.db).orderBy('h.id', 'desc').limit(200).execute();
    return rows.map(toHit);
  }

  async hit(id: bigint): Promise<SanctionsHit> {
    const r = await hitRows(this.db).where('h.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Sanctions hit not found.');
    return toHit(r);
  }

  async check(address: string): Promise<SanctionsCheckResponse> {
    const n = normaliseAddress(address);
    if (!n) throw invalidAddress();
    const s = await screenAddress(this.db, n.address);
    return s.hit
      ? { address: s.address, hit: true, list_source: s.source, list_date: s.listDate, note: s.entry.note }
      : { address: n.address, hit: false, list_source: null, list_date: null, note: null };
  }

  /** Adds an address to the operator's own list, with the reason; audited. */
  async addOperatorEntry(p: Principal, address: string, reason: string): Promise<SanctionsOperatorEntry> {
    const n = normaliseAddress(address);
    if (!n) throw invalidAddress();
    const { id, list } = await this.db.transaction().execute(async (tx) => {
      const list = await operatorList(tx);
      const made = await tx
        .insertInto('sanctioned_addresses')
        .values({ list_id: list, family: n.family, address: n.address, note: reason, added_by: p.userId })
        .onConflict((oc) => oc.columns(['address', 'list_id']).doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!made) throw conflict('This address is already on the operator’s list.');
      await tx
        .updateTable('sanctions_lists')
        .set({ entry_count: sql`entry_count + 1` })
        .where('id', '=', list)
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'sanctions.operator_add',
        entity: 'sanctioned_address',
        entityId: made.id,
        after: { address: n.address, family: n.family, list: 'operator' },
        reason,
      });
      return { id: made.id, list };
    });
    // What members already use is screened against the new entry: payout addresses set, wallets linked.
    await rescreenListed(this.db, list, [n.address]);
    const entries = await this.operatorEntries();
    return entries.find((e) => e.id === Number(id)) ?? (entries[0] as SanctionsOperatorEntry);
  }

  /** Removes an entry of the operator's own list, with the reason; audited. */
  async removeOperatorEntry(p: Principal, id: bigint, reason: string): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const list = await operatorList(tx);
      const gone = await tx
        .deleteFrom('sanctioned_addresses')
        .where('id', '=', id)
        .where('list_id', '=', list)
        .returning(['address', 'family', 'note'])
        .executeTakeFirst();
      if (!gone) throw notFound('No such entry on the operator’s list.');
      await tx
        .updateTable('sanctions_lists')
        .set({ entry_count: sql`greatest(entry_count - 1, 0)` })
        .where('id', '=', list)
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'sanctions.operator_remove',
        entity: 'sanctioned_address',
        entityId: id,
        before: { address: gone.address, family: gone.family, note: gone.note, list: 'operator' },
        reason,
      });
    });
  }

  /**
   * Asks for the release of a hit (what it holds let go, its flag cleared when nothing else of it is held): always
   * kept for a second admin allowed compliance decisions (202).
   */
  async requestRelease(
    p: Principal,
    id: bigint,
    reason: string,
    requestKey: string,
  ): Promise<ApprovalRecord> {
    return this.db.transaction().execute(async (tx) => {
      const h = await lockHit(tx, id);
      if (!h) throw notFound('Sanctions hit not found.');
      if (h.status !== 'held' && h.status !== 'refused') throw conflict(`This hit is ${h.status} already.`);
      const what =
        h.kind === 'deposit'
          ? `Credit deposit #${h.deposit_id} from ${h.address}`
          : h.kind === 'payout'
            ? `Let the payout of withdrawal #${h.withdrawal_id} to ${h.address} be prepared`
            : `Close the refusal of ${h.address}`;
      return requestApproval(tx, {
        kind: 'sanctions_release',
        requestKey: `sanctions_release:${p.userId}:${requestKey}`,
        requestedBy: p.userId,
        subjectId: h.id,
        memberId: h.member_id,
        summary: `${what}: sanctions hit #${h.id} (${h.list_source === 'ofac_sdn' ? 'OFAC SDN list' : 'operator’s list'} of ${dateOf(h.list_date)}) released.`,
        changes: [{ field: 'Sanctions hit', before: h.status, after: 'released' }],
        payload: { hit_id: String(h.id), reason },
        reason,
      });
    });
  }

  /** Compliance confirms the match: the money stays held (decision 0075), the flag stays open; audited. */
  async confirm(p: Principal, id: bigint, reason: string): Promise<SanctionsHit> {
    await this.db.transaction().execute(async (tx) => {
      const h = await lockHit(tx, id);
      if (!h) throw notFound('Sanctions hit not found.');
      if (h.status !== 'held' && h.status !== 'refused') throw conflict(`This hit is ${h.status} already.`);
      await tx
        .updateTable('sanctions_hits')
        .set({ status: 'confirmed', decided_by: p.userId, decided_at: new Date(), decision_reason: reason })
        .where('id', '=', id)
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'sanctions.confirm',
        entity: 'sanctions_hit',
        entityId: id,
        before: { status: h.status },
        after: { status: 'confirmed', list_source: h.list_source, list_date: dateOf(h.list_date) },
        reason,
      });
    });
    return this.hit(id);
  }
}

const dateOf = (d: Date | string) => (typeof d === 'string' ? d.slice(0, 10) : d.toISOString().slice(0, 10));

async function operatorList(tx: Tx): Promise<bigint> {
  const l = await tx
    .selectFrom('sanctions_lists')
    .select('id')
    .where('source', '=', 'operator')
    .where('replaced_at', 'is', null)
    .forUpdate()
    .executeTakeFirst();
  if (!l) throw new Error('The operator’s sanctions list is missing (migration 0085).');
  return l.id;
}

/**
 * A release two admins approved, in the approval's transaction: a held deposit is credited through the deposits'
 * one credit path, a held payout is 'approved' again (a batch may take it; it is not held again for this address), a
 * refusal is closed. The hit is released with the reason, the member's flag cleared when nothing else under it is
 * held, all audited.
 */
async function releaseApproved(tx: Tx, a: Approval, ports: SanctionsPorts): Promise<void> {
  const p = ReleasePayload.parse(a.payload);
  const id = BigInt(p.hit_id);
  const h = await lockHit(tx, id);
  if (!h) throw notFound('Sanctions hit not found.');
  if (h.status !== 'held' && h.status !== 'refused') throw conflict(`This hit is ${h.status} already.`);
  if (h.kind === 'deposit' && h.deposit_id !== null)
    await ports.creditHeldDeposit(tx, h.deposit_id, a.requested_by, a.id);
  if (h.kind === 'payout' && h.withdrawal_id !== null) {
    const back = await tx
      .updateTable('payouts')
      .set({ status: 'approved' })
      .where('withdrawal_id', '=', h.withdrawal_id)
      .where('status', '=', 'sanctions_held')
      .returning('withdrawal_id')
      .executeTakeFirst();
    if (!back) throw conflict('This payout is no longer held.');
  }
  await tx
    .updateTable('sanctions_hits')
    .set({
      status: 'released',
      decided_by: a.requested_by,
      decided_at: new Date(),
      decision_reason: p.reason,
    })
    .where('id', '=', id)
    .execute();
  await writeAudit(tx, {
    actorId: a.requested_by,
    action: 'sanctions.release',
    entity: 'sanctions_hit',
    entityId: id,
    before: { status: h.status },
    after: {
      status: 'released',
      kind: h.kind,
      address: h.address,
      list_source: h.list_source,
      list_date: dateOf(h.list_date),
      approval_id: String(a.id),
    },
    reason: p.reason,
  });
  if (h.flag_id !== null && !(await flagStillHolds(tx, h.flag_id, id)))
    await clearFlag(tx, {
      flagId: h.flag_id,
      actorId: a.requested_by,
      reason: `Sanctions hit released: ${p.reason}`,
    });
}

/** The sanctions approval kind (decision 0059): what a release runs, the hit locked first. */
export function registerSanctionsApprovals(registry: ApprovalRegistry, ports: SanctionsPorts): void {
  registry.register('sanctions_release', {
    run: (tx, a) => releaseApproved(tx, a, ports),
    lockSubject: (tx, id) => lockHit(tx, id),
  });
}
