import { amountOut, type TransactionRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { businessRule, notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { cappedIncomeTypes } from '../income/income.service';
import { type AccountRef, post } from '../ledger/ledger.service';
import { claimRequestKey } from '../ledger/money-guards';
import { Rollups } from '../reports/rollups';
import { TransactionList, type TxFilter } from './transactions.list';

export type { TxFilter };

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
  private readonly lists: TransactionList;
  private readonly rollups: Rollups;

  constructor(private readonly db: Db) {
    this.lists = new TransactionList(db);
    this.rollups = new Rollups(db);
  }

  async list(q: TxFilter, userId?: bigint): Promise<{ rows: TransactionRecord[]; total: number }> {
    return this.lists.list(q, userId);
  }

  /**
   * Credits per source per UTC month on member USD wallets (for one month when given); income net of
   * reversals. Read from the ledger rollups (closed days and hours) and the live hour.
   */
  async matrix(month?: string) {
    let from: Date | undefined;
    let to: Date | undefined;
    if (month) {
      const [y, m] = month.split('-').map(Number) as [number, number];
      if (m < 1 || m > 12) return [];
      from = new Date(0);
      from.setUTCFullYear(y, m - 1, 1);
      to = new Date(from);
      to.setUTCMonth(m);
    }
    const buckets = await this.rollups.ledger({ asset: 'USD', incomeOrCredit: true, from, to }, true);
    const cells = new Map<string, { month: string; source: string; total: bigint; count: number }>();
    for (const b of buckets) {
      const key = `${b.period.toISOString().slice(0, 7)} ${b.source}`;
      const cell = cells.get(key) ?? { month: key.slice(0, 7), source: b.source, total: 0n, count: 0 };
      cell.total += b.amount;
      cell.count += Number(b.entries);
      cells.set(key, cell);
    }
    return [...cells.values()]
      .sort((a, b) => (a.month !== b.month ? (a.month < b.month ? 1 : -1) : a.source < b.source ? -1 : 1))
      .map((c) => ({ month: c.month, source: c.source, total: amountOut(c.total), count: c.count }));
  }

  /** A member's wallets in one indexed read: the member row, its USD accounts, its pending withdrawals. */
  async wallets(userId: bigint) {
    const { rows } = await sql<{
      active_plan: bigint;
      deposit: bigint;
      working: bigint;
      non_working: bigint;
      compound: bigint;
      total: bigint;
      pending: bigint;
    }>`
      SELECT u.active_plan,
             coalesce(b.deposit, 0)::bigint AS deposit, coalesce(b.working, 0)::bigint AS working,
             coalesce(b.non_working, 0)::bigint AS non_working, coalesce(b.compound, 0)::bigint AS compound,
             coalesce(b.total, 0)::bigint AS total,
             (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w
              WHERE w.user_id = u.id AND w.status = 'pending')::bigint AS pending
      FROM users u
      LEFT JOIN LATERAL (
        SELECT sum(balance) FILTER (WHERE kind = 'deposit') AS deposit,
               sum(balance) FILTER (WHERE kind = 'working') AS working,
               sum(balance) FILTER (WHERE kind = 'non_working') AS non_working,
               sum(balance) FILTER (WHERE kind = 'compound') AS compound,
               sum(balance) AS total
        FROM ledger_accounts WHERE owner_id = u.id AND asset = 'USD'
      ) b ON true
      WHERE u.id = ${userId}`.execute(this.db);
    const w = rows[0];
    if (!w) throw notFound('Member not found.');
    return {
      wallets: {
        deposit: amountOut(w.deposit),
        working: amountOut(w.working),
        non_working: amountOut(w.non_working),
        compound: amountOut(w.compound),
        pending_withdrawals: amountOut(w.pending),
      },
      active_plan: amountOut(w.active_plan),
      ledger_total: amountOut(w.total),
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
    requestKey: RequestKey,
  ) {
    const userId = BigInt(b.user_id);
    const signed = b.direction === 'credit' ? b.amount : -b.amount;
    return this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, `manual:${requestKey.key}`, requestKey.fingerprint);
      const member = await tx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', '=', 'user')
        .where('deleted_at', 'is', null)
        .executeTakeFirst();
      if (!member) throw notFound('Member not found.');
      const posted = await post(tx, {
        key: `manual:${requestKey.key}`,
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
