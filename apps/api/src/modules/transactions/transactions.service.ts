import { amountOut, type ListQuery, type TransactionRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, notFound } from '../../http/errors';
import { dayRange, likePattern, runPaged } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { cappedIncomeTypes } from '../income/income.service';
import { type AccountRef, post } from '../ledger/ledger.service';

export type TxFilter = ListQuery & {
  transaction_type?: 'credit' | 'debit' | undefined;
  source?: string | undefined;
};
type MemberWallet = 'deposit' | 'working' | 'non_working' | 'compound';

/**
 * Movements a reversal may mirror: plain money movements. The others belong to a record with its own
 * state (a withdrawal request, a plan, a token trade), and mirroring only their money would leave that
 * record wrong: a reversed withdrawal hold is paid back again when the request is declined, a reversed
 * top-up leaves the plan running unpaid. Those are corrected through their own routes.
 */
const reversibleKinds = new Set(['deposit', 'income', 'transfer', 'code', 'adjustment', 'compound']);
const notReversibleDefault =
  'This transaction belongs to a record with its own state; correct that record instead.';
const notReversible: Record<string, string> = {
  withdrawal_hold: 'This is a withdrawal hold: decline or cancel the withdrawal request instead.',
  withdrawal_payout: 'This withdrawal was paid out; post a manual transaction to correct it.',
  withdrawal_release: 'This returned a declined withdrawal; post a manual transaction to correct it.',
  topup: 'This paid for a plan: end the plan (its principal goes back) instead.',
  retopup: 'This paid for a plan: end the plan (its principal goes back) instead.',
  friend: 'This paid for a plan: end the plan (its principal goes back) instead.',
  entry: 'This paid an account activation fee; post a manual transaction to refund it.',
  plan_end_refund: 'This returned an ended plan’s principal; post a manual transaction to correct it.',
};

/**
 * The transaction screens, read from the ledger: one row per movement on a member wallet. The source is
 * the income type for income, else the kind of movement (deposit, topup, withdrawal_hold, ...).
 */
export class TransactionsService {
  constructor(private readonly db: Db) {}

  private base() {
    return this.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .innerJoin('users as u', 'u.id', 'a.owner_id')
      .where('a.asset', '=', 'USD')
      .select([
        't.id as transaction_id',
        'a.owner_id as user_id',
        'u.username',
        'e.amount',
        'a.kind as wallet',
        sql<string>`coalesce(t.income_type, t.kind)`.as('source'),
        't.memo',
        't.details',
        't.created_at',
        sql<boolean>`exists (select 1 from ledger_transactions r where r.idempotency_key = 'reversal:' || t.id)`.as(
          'reversed',
        ),
      ]);
  }

  async list(q: TxFilter, userId?: bigint): Promise<{ rows: TransactionRecord[]; total: number }> {
    let base = this.base();
    if (userId !== undefined) base = base.where('a.owner_id', '=', userId);
    if (q.source) base = base.where(sql`coalesce(t.income_type, t.kind)`, '=', q.source);
    if (q.transaction_type === 'credit') base = base.where('e.amount', '>', 0n);
    if (q.transaction_type === 'debit') base = base.where('e.amount', '<', 0n);
    if (q.status === 'reversed')
      base = base.where(
        sql<boolean>`exists (select 1 from ledger_transactions r where r.idempotency_key = 'reversal:' || t.id)`,
      );
    if (q.status === 'completed')
      base = base.where(
        sql<boolean>`not exists (select 1 from ledger_transactions r where r.idempotency_key = 'reversal:' || t.id)`,
      );
    if (q.search) {
      const like = likePattern(q.search);
      base = base.where((eb) =>
        eb.or([
          eb('u.username', 'ilike', like),
          eb('t.memo', 'ilike', like),
          eb(sql`t.id::text`, '=', q.search ?? ''),
        ]),
      );
    }
    const { from, to } = dayRange(q);
    if (from) base = base.where('t.created_at', '>=', from);
    if (to) base = base.where('t.created_at', '<', to);
    const { rows, total } = await runPaged(
      base.orderBy('t.id', 'desc').orderBy('e.id'),
      base.clearSelect().select((eb) => eb.fn.countAll<bigint>().as('n')),
      q,
    );
    return {
      rows: rows.map((r) => ({
        transaction_id: Number(r.transaction_id),
        user_id: r.user_id === null ? null : Number(r.user_id),
        username: r.username,
        transaction_type: r.amount > 0n ? 'credit' : 'debit',
        source: r.source,
        amount: amountOut(r.amount > 0n ? r.amount : -r.amount),
        wallet: r.wallet,
        status: r.reversed ? 'reversed' : 'completed',
        memo: r.memo,
        details: r.details,
        created_at: r.created_at.toISOString(),
      })),
      total,
    };
  }

  /** Credits per source per month on member wallets (for one month when given); income net of reversals. */
  async matrix(month?: string) {
    let q = this.db
      .selectFrom('ledger_entries as e')
      .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
      .innerJoin('ledger_transactions as t', 't.id', 'e.transaction_id')
      .where('a.owner_id', 'is not', null)
      .where('a.asset', '=', 'USD')
      .where((eb) => eb.or([eb('t.income_type', 'is not', null), eb('e.amount', '>', 0n)]))
      .select([
        sql<string>`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`.as('month'),
        sql<string>`coalesce(t.income_type, t.kind)`.as('source'),
        sql<bigint>`sum(e.amount)::bigint`.as('total'),
        sql<number>`count(*)::int`.as('count'),
      ])
      .groupBy([sql`1`, sql`2`])
      .orderBy(sql`1`, 'desc')
      .orderBy(sql`2`);
    if (month) q = q.where(sql`to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY-MM')`, '=', month);
    const rows = await q.execute();
    return rows.map((r) => ({ month: r.month, source: r.source, total: amountOut(r.total), count: r.count }));
  }

  async wallets(userId: bigint) {
    const rows = await this.db
      .selectFrom('ledger_accounts')
      .select(['kind', 'balance'])
      .where('owner_id', '=', userId)
      .where('asset', '=', 'USD')
      .execute();
    const bal = (k: string) => rows.find((r) => r.kind === k)?.balance ?? 0n;
    const pending = await this.db
      .selectFrom('withdrawals')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<bigint>('amount'), sql<bigint>`0`).as('total'))
      .where('user_id', '=', userId)
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    const user = await this.db
      .selectFrom('users')
      .select('active_plan')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) throw notFound('Member not found.');
    const total = rows.reduce((s, r) => s + r.balance, 0n);
    return {
      wallets: {
        deposit: amountOut(bal('deposit')),
        working: amountOut(bal('working')),
        non_working: amountOut(bal('non_working')),
        compound: amountOut(bal('compound')),
        pending_withdrawals: amountOut(BigInt(pending.total)),
      },
      active_plan: amountOut(user.active_plan),
      ledger_total: amountOut(total),
    };
  }

  async details(userId: bigint) {
    const { rows } = await sql<{ source: string; credits: bigint; debits: bigint; count: number }>`
      SELECT coalesce(t.income_type, t.kind) AS source,
             coalesce(sum(e.amount) FILTER (WHERE e.amount > 0), 0)::bigint AS credits,
             coalesce(-sum(e.amount) FILTER (WHERE e.amount < 0), 0)::bigint AS debits,
             count(*)::int AS count
      FROM ledger_entries e
      JOIN ledger_accounts a ON a.id = e.account_id
      JOIN ledger_transactions t ON t.id = e.transaction_id
      WHERE a.owner_id = ${userId} AND a.asset = 'USD'
      GROUP BY 1 ORDER BY 1`.execute(this.db);
    return {
      user_id: Number(userId),
      by_source: rows.map((r) => ({
        source: r.source,
        credits: amountOut(r.credits),
        debits: amountOut(r.debits),
        count: r.count,
      })),
      wallets: (await this.wallets(userId)).wallets,
    };
  }

  /** A manual credit or debit of a member wallet by an admin: an audited adjustment. */
  async manual(
    principal: Principal,
    b: {
      user_id: number;
      amount: bigint;
      direction: 'credit' | 'debit';
      wallet: MemberWallet;
      reason: string;
    },
    requestKey: string,
  ) {
    const userId = BigInt(b.user_id);
    const signed = b.direction === 'credit' ? b.amount : -b.amount;
    return this.db.transaction().execute(async (tx) => {
      const member = await tx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', '=', 'user')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!member) throw notFound('Member not found.');
      const posted = await post(tx, {
        key: `manual:${requestKey}`,
        kind: 'adjustment',
        memberId: userId,
        memo: `manual ${b.direction}: ${b.reason}`,
        createdBy: principal.userId,
        entries: [
          { account: { owner: userId, kind: b.wallet }, amount: signed },
          { account: { owner: null, kind: 'adjustments' }, amount: -signed },
        ],
      });
      if (posted.created) {
        await writeAudit(tx, {
          actorId: principal.userId,
          action: `wallet.${b.direction}`,
          entity: 'user',
          entityId: userId,
          after: { wallet: b.wallet, amount: amountOut(b.amount), transaction_id: posted.transactionId },
          reason: b.reason,
        });
      }
      return Number(posted.transactionId);
    });
  }

  /** Reverses a ledger transaction by posting its mirror image; the original stays as it was. */
  async reverse(principal: Principal, id: number, reason: string) {
    return this.db.transaction().execute(async (tx) => {
      const t = await tx
        .selectFrom('ledger_transactions')
        .select(['id', 'kind', 'member_id', 'income_type'])
        .where('id', '=', BigInt(id))
        .executeTakeFirst();
      if (!t) throw notFound('Transaction not found.');
      if (t.kind === 'reversal')
        throw businessRule('A reversal cannot be reversed; post a manual transaction instead.');
      if (!reversibleKinds.has(t.kind)) throw businessRule(notReversible[t.kind] ?? notReversibleDefault);
      const entries = await tx
        .selectFrom('ledger_entries as e')
        .innerJoin('ledger_accounts as a', 'a.id', 'e.account_id')
        .select(['a.owner_id', 'a.kind', 'a.asset', 'e.amount'])
        .where('e.transaction_id', '=', t.id)
        .execute();
      const posted = await post(tx, {
        key: `reversal:${t.id}`,
        kind: 'reversal',
        // Income reversed stays income of its type, so the totals and the earning cap go down with it.
        incomeType: t.income_type,
        memberId: t.member_id,
        memo: `reversal of transaction ${t.id}: ${reason}`,
        createdBy: principal.userId,
        details: { reverses: t.id },
        entries: entries.map((e) => ({
          account: { owner: e.owner_id, kind: e.kind, asset: e.asset } as AccountRef,
          amount: -e.amount,
        })),
      });
      if (!posted.created) throw businessRule('This transaction was already reversed.');
      if (t.income_type && (cappedIncomeTypes as readonly string[]).includes(t.income_type)) {
        // Reversed income no longer counts towards the earning cap.
        for (const e of entries) {
          if (e.owner_id !== null && (e.kind === 'working' || e.kind === 'non_working')) {
            await tx
              .updateTable('users')
              .set((eb) => ({ total_earned: eb('total_earned', '-', e.amount) }))
              .where('id', '=', e.owner_id)
              .execute();
          }
        }
      }
      await writeAudit(tx, {
        actorId: principal.userId,
        action: 'transaction.reverse',
        entity: 'ledger_transaction',
        entityId: t.id,
        after: { reversal_id: posted.transactionId },
        reason,
      });
      return Number(posted.transactionId);
    });
  }
}
