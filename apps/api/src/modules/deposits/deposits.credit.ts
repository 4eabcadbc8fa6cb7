import { depositNetworkName } from '@sgx/chain';
import { formatUnits } from '@sgx/money';
import { sql } from 'kysely';
import type { Tx } from '../../db';
import { writeAudit } from '../audit/audit.repo';
import { type Posting, postMany } from '../ledger/ledger.service';
import { type MemberEventInput, usd } from '../notifications/events';
import { emitMany, type WebhookEvent } from '../webhooks/emit';
import type { Deposit } from './deposits.approval';

/**
 * What crediting a deposit writes, shared by `complete` (one deposit, any path) and `creditOwnAddressDeposits` (a
 * scanned range of transfers to members' own addresses in one transaction; decision 0033): the ledger posting, keyed
 * per chain, hash and log when the chain proved it, and the member's notice.
 */
export type CreditBy = { kind: 'admin' | 'chain'; userId: bigint | null; approvalId?: bigint | undefined };

export function depositPosting(d: Deposit, amount: bigint, by: CreditBy): Posting {
  const onChain = by.kind === 'chain' && d.chain_id !== null && d.log_index !== null;
  return {
    // Credited once: per chain, hash and log when the chain proved it; per hash otherwise.
    key: onChain ? `deposit:${d.chain_id}:${d.hash}:${d.log_index}` : `deposit:${d.currency}:${d.hash}`,
    kind: 'deposit',
    memberId: d.user_id,
    memo: `${depositNetworkName(d.currency, d.chain_id)} deposit ${d.hash.slice(0, 10)}…`,
    createdBy: by.userId,
    details: {
      deposit_id: d.id,
      requested: d.amount,
      credited: amount,
      verified_by: by.kind,
      ...(by.approvalId === undefined ? {} : { approval_id: by.approvalId }),
    },
    entries: [
      { account: { owner: d.user_id, kind: 'deposit' }, amount },
      // What reached a member's own address stays there until a sweep moves it to the treasury (decision 0033).
      {
        account: { owner: null, kind: d.to_address !== null ? 'member_addresses' : 'cash' },
        amount: -amount,
      },
    ],
  };
}

export const creditedNotice = (d: Deposit, amount: bigint): MemberEventInput => ({
  userId: d.user_id,
  kind: 'deposit_credited',
  key: `deposit-credited:${d.id}`,
  title: 'Deposit credited',
  message: `Your ${depositNetworkName(d.currency, d.chain_id)} deposit of ${usd(amount)} was credited to your deposit wallet.`,
  link: '/user/deposit-history',
});

/** The `deposit.credited` webhook event (decision 0072), with its ledger transaction. */
export const creditedEvent = (d: Deposit, amount: bigint, by: CreditBy): WebhookEvent => ({
  type: 'deposit.credited',
  data: {
    deposit_id: String(d.id),
    member_id: String(d.user_id),
    amount: formatUnits(amount),
    asset: 'USD',
    currency: d.currency,
    chain_id: d.chain_id,
    hash: d.hash,
    verified_by: by.kind,
  },
  ledgerKeys: [depositPosting(d, amount, by).key],
});

/**
 * Credits the scan's own-address deposits `ids` (confirming, past their confirmations) in the caller's transaction,
 * in a fixed number of statements whatever their count: the rows locked in id order, their hashes' locks taken in
 * order, a hash credited by hand left out (the one-by-one path refuses it), every posting through the ledger's own
 * function in one statement, the deposits, any approval still waiting and the notices. Returns the ids credited.
 */
export async function creditOwnAddressDeposits(
  tx: Tx,
  ids: bigint[],
  noteOf: (d: Deposit) => string,
): Promise<bigint[]> {
  if (ids.length === 0) return [];
  const locked = await tx
    .selectFrom('deposits')
    .selectAll()
    .where('id', 'in', ids)
    .where('status', '=', 'pending')
    .where('source', '=', 'address')
    .where('chain_status', '=', 'confirming')
    .where('to_address', 'is not', null)
    .where('log_index', 'is not', null)
    .orderBy('id')
    .forUpdate()
    .execute();
  if (locked.length === 0) return [];
  const hashes = [...new Set(locked.map((d) => d.hash.toLowerCase()))].sort();
  await sql`SELECT pg_advisory_xact_lock(hashtext('deposit-hash:' || h))
    FROM (SELECT h FROM unnest(${hashes}::text[]) AS u(h) ORDER BY h) s`.execute(tx);
  const byHand = new Set(
    (
      await sql<{ h: string }>`SELECT DISTINCT lower(hash) AS h FROM deposits
        WHERE lower(hash) = ANY(${hashes}::text[]) AND status = 'complete' AND to_address IS NULL`.execute(tx)
    ).rows.map((r) => r.h),
  );
  const due = locked.filter((d) => !byHand.has(d.hash.toLowerCase()));
  if (due.length === 0) return [];
  const by: CreditBy = { kind: 'chain', userId: null };
  const postings = due.map((d) => depositPosting(d, d.amount, by));
  // All of them in one call of the one writer of the ledger (ledger_post_many.sql): posting i is deposit i.
  const posted = await postMany(tx, postings);
  const txOf = new Map(due.map((d, i) => [String(d.id), String(posted[i]?.transactionId)]));
  const now = new Date();
  await sql`UPDATE deposits x SET status = 'complete', credited_amount = x.amount, verified_by = 'chain',
      decided_by = NULL, decided_at = ${now}, note = v.note, ledger_transaction_id = v.tx,
      chain_status = 'credited', chain_reason = NULL
    FROM unnest(${due.map((d) => d.id)}::bigint[], ${due.map((d) => txOf.get(String(d.id)) ?? null)}::bigint[],
                ${due.map(noteOf)}::text[]) AS v(id, tx, note)
    WHERE x.id = v.id`.execute(tx);
  const cancelled = await tx
    .updateTable('approvals')
    .set({
      status: 'cancelled',
      decided_by: null,
      decided_at: now,
      decision_reason: 'The deposit was credited.',
    })
    .where('kind', '=', 'deposit')
    .where(
      'subject_id',
      'in',
      due.map((d) => d.id),
    )
    .where('status', '=', 'pending')
    .returning('id')
    .execute();
  for (const a of cancelled)
    await writeAudit(tx, {
      actorId: null,
      action: 'approval.cancel',
      entity: 'approval',
      entityId: a.id,
      after: { status: 'cancelled' },
      reason: 'The deposit was credited.',
    });
  await emitMany(
    tx,
    due.map((d) => creditedEvent(d, d.amount, by)),
  );
  await tx
    .insertInto('member_events')
    .values(
      due.map((d) => {
        const e = creditedNotice(d, d.amount);
        return {
          user_id: e.userId,
          kind: e.kind,
          title: e.title,
          message: e.message,
          link: e.link ?? null,
          dedupe_key: e.key,
        };
      }),
    )
    .onConflict((oc) => oc.column('dedupe_key').doNothing())
    .execute();
  return due.map((d) => d.id);
}
