import { sql } from 'kysely';
import type { Db, DbOrTx, Tx } from '../../db';
import { writeAudit } from '../audit/audit.repo';
import { raiseFlag } from '../flags/flags';
import { listedForm, type Screening, screenAddress, screenMany } from './sanctions.lists';
import { normaliseAddress } from './sdn-parser';

/**
 * What a sanctions hit does (decision 0075), wherever it is found: a `sanctions_hits` row naming the list and its
 * date, a flag on the member (`raiseFlag`, which opens the compliance alert), and an audit record naming the list and
 * its date, all in the transaction of what it held or refused. Imports no domain but `flags` and `audit`: the
 * payouts, wallets, chain scan and payout preparation call it.
 */

export type HitKind = 'payout_address' | 'wallet' | 'withdrawal' | 'payout' | 'deposit';
export type Listed = Screening & { hit: true };

const listName = (s: Listed) => (s.source === 'ofac_sdn' ? 'OFAC SDN list' : "operator's own list");

/** Records a hit in `tx`: the row, the flag, the audit record. The hit's id. */
export async function recordHit(
  tx: Tx,
  h: {
    kind: HitKind;
    memberId: bigint;
    screening: Listed;
    status: 'refused' | 'held';
    depositId?: bigint;
    withdrawalId?: bigint;
    actorId: bigint | null;
    /** Found by re-screening an address already set or linked against a list just loaded or added to. */
    rescreen?: boolean;
  },
): Promise<bigint> {
  const s = h.screening;
  const details = {
    kind: h.kind,
    address: s.address,
    list_id: String(s.listId),
    list_source: s.source,
    list_date: s.listDate,
    ...(h.depositId === undefined ? {} : { deposit_id: String(h.depositId) }),
    ...(h.withdrawalId === undefined ? {} : { withdrawal_id: String(h.withdrawalId) }),
  };
  const what = h.rescreen
    ? `${h.kind === 'wallet' ? 'linked wallet' : 'payout address'} ${s.address}, set before it was listed, found on re-screening`
    : h.kind === 'deposit'
      ? `a deposit from ${s.address} held`
      : h.kind === 'payout'
        ? `a payout to ${s.address} held`
        : h.kind === 'wallet'
          ? `linking wallet ${s.address} refused`
          : h.kind === 'withdrawal'
            ? `a withdrawal to ${s.address} refused`
            : `payout address ${s.address} refused`;
  const reason = `Sanctions: ${what}; on the ${listName(s)} of ${s.listDate}.`;
  const flagId = await raiseFlag(tx, {
    memberId: h.memberId,
    source: 'sanctions',
    reason,
    details,
    actorId: null,
  });
  const hit = await tx
    .insertInto('sanctions_hits')
    .values({
      kind: h.kind,
      member_id: h.memberId,
      address: s.address,
      list_id: s.listId,
      list_source: s.source,
      list_date: s.listDate,
      deposit_id: h.depositId ?? null,
      withdrawal_id: h.withdrawalId ?? null,
      flag_id: flagId,
      status: h.status,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await writeAudit(tx, {
    actorId: h.actorId,
    action: `sanctions.${h.rescreen ? 'rescreen' : h.status === 'held' ? 'hold' : 'refuse'}`,
    entity: 'sanctions_hit',
    entityId: hit.id,
    after: { ...details, member_id: String(h.memberId), status: h.status, flag_id: String(flagId) },
    reason,
  });
  return hit.id;
}

/**
 * Screens an address a member asks to use (a payout address, a wallet): when it is listed, the hit is recorded and
 * committed on its own (flag, audit) and true is answered: the caller then refuses with its own neutral message
 * (decision 0075: no accusation, compliance will contact the member).
 */
export async function recordRefusalIfListed(
  db: Db,
  r: { kind: 'payout_address' | 'wallet'; memberId: bigint; address: string },
): Promise<boolean> {
  const s = await screenAddress(db, r.address);
  if (!s.hit) return false;
  await db.transaction().execute((tx) =>
    recordHit(tx, {
      kind: r.kind,
      memberId: r.memberId,
      screening: s,
      status: 'refused',
      actorId: r.memberId,
    }),
  );
  return true;
}

/**
 * Holds the approved payouts (of `withdrawalIds`, or all) whose withdrawal's address is listed: 'sanctions_held', so
 * no batch takes them, each with its hit. A payout two admins released for this address is not held again. Each in
 * its own transaction, under the payout's row lock. The withdrawals held.
 */
export async function holdListedPayouts(db: Db, withdrawalIds?: bigint[]): Promise<bigint[]> {
  if (withdrawalIds !== undefined && withdrawalIds.length === 0) return [];
  const candidates = await db
    .selectFrom('payouts as p')
    .innerJoin('withdrawals as w', 'w.id', 'p.withdrawal_id')
    .select(['p.withdrawal_id', 'w.user_id', 'w.address'])
    .where('p.status', '=', 'approved')
    .$if(withdrawalIds !== undefined, (q) => q.where('p.withdrawal_id', 'in', withdrawalIds ?? []))
    .execute();
  const listed = await screenMany(
    db,
    candidates.map((c) => c.address ?? ''),
  );
  const held: bigint[] = [];
  for (const c of candidates) {
    const key = normaliseAddress(c.address ?? '')?.address;
    const s = key === undefined ? undefined : listed.get(key);
    if (!s || c.user_id === null) continue;
    const done = await db.transaction().execute(async (tx) => {
      const released = await tx
        .selectFrom('sanctions_hits')
        .select('id')
        .where('withdrawal_id', '=', c.withdrawal_id)
        .where('address', '=', s.address)
        .where('status', '=', 'released')
        .executeTakeFirst();
      if (released) return false;
      const p = await tx
        .updateTable('payouts')
        .set({ status: 'sanctions_held' })
        .where('withdrawal_id', '=', c.withdrawal_id)
        .where('status', '=', 'approved')
        .returning('withdrawal_id')
        .executeTakeFirst();
      if (!p) return false;
      await recordHit(tx, {
        kind: 'payout',
        memberId: c.user_id as bigint,
        screening: s,
        status: 'held',
        withdrawalId: c.withdrawal_id,
        actorId: null,
      });
      return true;
    });
    if (done) held.push(c.withdrawal_id);
  }
  return held;
}

/**
 * Holds deposits the scan recorded from listed senders (`chain_status` 'sanctions_held' already written by the
 * recording statement): one hit each, once (sanctions_hits_deposit_key). For the scan, after it recorded a range.
 */
export async function recordHeldDeposits(db: Db, depositIds: bigint[]): Promise<number> {
  if (depositIds.length === 0) return 0;
  const rows = await db
    .selectFrom('deposits as d')
    .leftJoin('sanctions_hits as h', 'h.deposit_id', 'd.id')
    .select(['d.id', 'd.user_id', 'd.from_address', 'd.chain_id'])
    .where('d.id', 'in', depositIds)
    .where('d.chain_status', '=', 'sanctions_held')
    .where('h.id', 'is', null)
    .execute();
  const listed = await screenMany(
    db,
    rows.map((r) => listedForm(r.chain_id, r.from_address ?? '')),
  );
  let n = 0;
  for (const r of rows) {
    const key = normaliseAddress(listedForm(r.chain_id, r.from_address ?? ''))?.address;
    const s = key === undefined ? undefined : listed.get(key);
    if (!s) continue;
    await db.transaction().execute(async (tx) => {
      const fresh = await tx
        .selectFrom('sanctions_hits')
        .select('id')
        .where('deposit_id', '=', r.id)
        .forUpdate()
        .executeTakeFirst();
      if (fresh) return;
      await recordHit(tx, {
        kind: 'deposit',
        memberId: r.user_id,
        screening: s,
        status: 'held',
        depositId: r.id,
        actorId: null,
      });
      n++;
    });
  }
  return n;
}

/** Holds a recorded deposit that is still pending (a linked wallet's transfer from a listed sender), with its hit. */
export async function holdRecordedDeposit(db: Db, depositId: bigint): Promise<void> {
  const held = await db
    .updateTable('deposits')
    .set({
      chain_status: 'sanctions_held',
      chain_reason:
        'This deposit is held for a compliance review. Our compliance team will contact you about it.',
      checked_at: new Date(),
    })
    .where('id', '=', depositId)
    .where('status', '=', 'pending')
    .returning('id')
    .executeTakeFirst();
  if (held) await recordHeldDeposits(db, [depositId]);
}

/** A hit as its decision reads it, locked. */
export async function lockHit(tx: Tx, id: bigint) {
  return tx.selectFrom('sanctions_hits').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Whether anything of the hit's flag is still held (another hit under the same flag). */
export async function flagStillHolds(db: DbOrTx, flagId: bigint, exceptHit: bigint): Promise<boolean> {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM sanctions_hits
    WHERE flag_id = ${flagId} AND id <> ${exceptHit} AND status IN ('held', 'confirmed')`.execute(db);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * Re-screens what members already use against a list just loaded or added to (decision 0075): the payout addresses
 * set (users.bep20, users.trc20) and the wallets linked (member_wallets) that are on `listId` (only `addresses` of it
 * when given: the operator's new entry). Each found is a hit held for compliance (kind 'payout_address' or 'wallet',
 * audited 'sanctions.rescreen' with the list and its date, the member flagged), once per member, kind and address:
 * an earlier hit of this re-screening (held, confirmed or released) is never raised again, so reloading the same
 * list raises nothing. Each in its own transaction, under an advisory lock of the member. The hits' count.
 */
export async function rescreenListed(db: Db, listId: bigint, addresses?: string[]): Promise<number> {
  if (addresses !== undefined && addresses.length === 0) return 0;
  const only = addresses?.map((a) => normaliseAddress(a)?.address).filter((a) => a !== undefined);
  const filter = only === undefined ? sql`` : sql`AND a.address = ANY(${only}::text[])`;
  const { rows } = await sql<{ member_id: bigint; kind: 'payout_address' | 'wallet'; address: string }>`
    SELECT u.id AS member_id, 'payout_address' AS kind, a.address
    FROM sanctioned_addresses a JOIN users u ON lower(u.bep20) = a.address
    WHERE a.list_id = ${listId} AND a.family = 'evm' ${filter}
    UNION
    SELECT u.id, 'payout_address', a.address
    FROM sanctioned_addresses a JOIN users u ON u.trc20 = a.address
    WHERE a.list_id = ${listId} AND a.family = 'tron' ${filter}
    UNION
    SELECT w.user_id, 'wallet', a.address
    FROM sanctioned_addresses a JOIN member_wallets w ON w.address = a.address
    WHERE a.list_id = ${listId} ${filter}
    ORDER BY 1, 2, 3`.execute(db);
  let n = 0;
  for (const r of rows) {
    const s = await screenAddress(db, r.address);
    if (!s.hit) continue;
    const made = await db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext('sanctions-rescreen'), ${Number(r.member_id % 2_147_483_647n)}::int)`.execute(
        tx,
      );
      const seen = await tx
        .selectFrom('sanctions_hits')
        .select('id')
        .where('member_id', '=', r.member_id)
        .where('kind', '=', r.kind)
        .where('address', '=', s.address)
        .where('status', 'in', ['held', 'confirmed', 'released'])
        .executeTakeFirst();
      if (seen) return false;
      await recordHit(tx, {
        kind: r.kind,
        memberId: r.member_id,
        screening: s,
        status: 'held',
        actorId: null,
        rescreen: true,
      });
      return true;
    });
    if (made) n++;
  }
  return n;
}
