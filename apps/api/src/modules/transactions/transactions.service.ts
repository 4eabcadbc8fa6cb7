import { randomUUID } from 'node:crypto';
import { amountOut, type TransactionRecord } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db } from '../../db';
import type { Principal } from '../../http/access';
import { notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import type { Awaiting } from '../approvals/approvals.repo';
import { mustWait } from '../approvals/solo-limit';
import { claimRequestKey } from '../ledger/money-guards';
import { Rollups } from '../rollups/rollups';
import type { SettingsService } from '../settings/settings.service';
import {
  type Manual,
  manualMember,
  manualRequestKey,
  postManual,
  requestManual,
  requestReversal,
  reversalRequestKey,
  reverseInTx,
  reversible,
} from './transactions.adjust';
import { TransactionList, type TxFilter } from './transactions.list';

export type { TxFilter };

/**
 * The transaction screens, read from the ledger: one row per movement on a member wallet. The source is
 * the income type for income, else the kind of movement (deposit, topup, withdrawal_hold, ...).
 */
export class TransactionsService {
  private readonly rollups: Rollups;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** The transaction screens: a replica where one is set (decision 0080). */
    private readonly reads: Db = db,
  ) {
    this.rollups = new Rollups(db);
  }

  async list(q: TxFilter, userId?: bigint): Promise<{ rows: TransactionRecord[]; total: number }> {
    // One connection for the whole list: its figures (the rollups' watermark, the hours skipped) and its rows are
    // read on one server, never half on a replica and half on the primary.
    if (this.reads === this.db) return new TransactionList(this.db).list(q, userId);
    return this.reads.connection().execute((one) => new TransactionList(one, this.db).list(q, userId));
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
      held: bigint;
      total: bigint;
      pending: bigint;
    }>`
      SELECT u.active_plan,
             coalesce(b.deposit, 0)::bigint AS deposit, coalesce(b.working, 0)::bigint AS working,
             coalesce(b.non_working, 0)::bigint AS non_working, coalesce(b.compound, 0)::bigint AS compound,
             coalesce(b.held, 0)::bigint AS held,
             coalesce(b.total, 0)::bigint AS total,
             (SELECT coalesce(sum(w.amount), 0) FROM withdrawals w
              WHERE w.user_id = u.id AND w.status = 'pending')::bigint AS pending
      FROM users u
      LEFT JOIN LATERAL (
        SELECT sum(balance) FILTER (WHERE kind = 'deposit') AS deposit,
               sum(balance) FILTER (WHERE kind = 'working') AS working,
               sum(balance) FILTER (WHERE kind = 'non_working') AS non_working,
               sum(balance) FILTER (WHERE kind = 'compound') AS compound,
               sum(balance) FILTER (WHERE kind = 'held') AS held,
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
        // A deposit credit held after a chain reorganisation (decision 0028): the member's, not spendable.
        held: amountOut(w.held),
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
      JOIN ledger_transactions t ON t.id = e.transaction_id AND t.created_at = e.created_at
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

  /**
   * A manual credit or debit of a member wallet by an admin: an audited adjustment, or, at or above the
   * approval threshold or past the admin's solo limit, an approval for a second admin (decisions 0024, 0030).
   */
  async manual(principal: Principal, b: Manual, requestKey: RequestKey): Promise<number | Awaiting> {
    return this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, `manual:${requestKey.key}`, requestKey.fingerprint);
      const member = await manualMember(tx, BigInt(b.user_id));
      const wait = await mustWait(tx, await this.settings.all(tx), {
        admin: principal.userId,
        amount: b.amount,
        kind: 'transaction',
        subjectId: member.id,
        key: `manual:${requestKey.key}`,
        approvalKey: manualRequestKey(principal.userId, requestKey.key),
      });
      if (wait) {
        const awaiting = await requestManual(
          tx,
          principal.userId,
          b,
          member.username,
          requestKey.key,
          wait.why,
        );
        return { awaiting };
      }
      return postManual(tx, principal.userId, b, `manual:${requestKey.key}`);
    });
  }

  /**
   * Reverses a ledger transaction by posting its mirror image; the original stays as it was. One moving
   * at least the approval threshold, or past the admin's solo limit, waits for a second admin.
   */
  async reverse(
    principal: Principal,
    id: number,
    reason: string,
    requestKey: RequestKey = { key: randomUUID(), fingerprint: null },
  ): Promise<number | Awaiting> {
    return this.db.transaction().execute(async (tx) => {
      const t = await reversible(tx, BigInt(id));
      const wait = await mustWait(tx, await this.settings.all(tx), {
        admin: principal.userId,
        amount: t.moved,
        kind: 'transaction_edit',
        subjectId: t.id,
        key: `reversal:${t.id}`,
        approvalKey: reversalRequestKey(principal.userId, requestKey.key),
      });
      if (wait) {
        return { awaiting: await requestReversal(tx, principal.userId, t, reason, requestKey.key, wait.why) };
      }
      return reverseInTx(tx, principal.userId, t.id, reason);
    });
  }
}
