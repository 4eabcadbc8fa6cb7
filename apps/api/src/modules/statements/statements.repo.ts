import type { StatementWallet } from '@sgx/contracts';
import { sql } from 'kysely';
import type { DbOrTx } from '../../db';
import type { AccountKind, Asset } from '../../db/schema';
import { AppError } from '../../http/errors';

/** The ledger account behind each wallet a statement can cover. */
export const walletAccount: Record<StatementWallet, { kind: AccountKind; asset: Asset }> = {
  deposit: { kind: 'deposit', asset: 'USD' },
  working: { kind: 'working', asset: 'USD' },
  non_working: { kind: 'non_working', asset: 'USD' },
  compound: { kind: 'compound', asset: 'USD' },
  sgx: { kind: 'token', asset: 'SGX' },
};

export type StatementRow = {
  transaction_id: bigint;
  created_at: Date;
  rule: string;
  memo: string | null;
  amount: bigint;
  balance_after: bigint;
};

export type StatementFigures = {
  opening: bigint;
  closing: bigint;
  total: bigint;
  rows: StatementRow[];
};

type Line = {
  opening: bigint;
  closing: bigint;
  in_range: bigint;
  adds_up: boolean;
  /** A month of the period was detached for archive (decision 0079). */
  archived: boolean;
  transaction_id: bigint | null;
  created_at: Date | null;
  rule: string | null;
  memo: string | null;
  amount: bigint | null;
  balance_after: bigint | null;
};

/**
 * One account's statement for [start, end) in ONE statement, so one snapshot: opening = the sum of its entries
 * before `start`, the postings in the period with their running balance, closing = the sum of its entries
 * before `end`. Opening and closing are summed independently of the postings and compared in SQL (`adds_up`):
 * opening + the postings = closing, the last running balance = closing, and closing + the entries after the
 * period = the account's stored balance (for any period: a past month is checked against the balance too).
 * The sums come from the entries' own time index (an entry carries its transaction's time, migration 0062); only the
 * period's postings are read with their transactions, so a long history costs an index-only sum, not a join.
 */
export async function readStatement(
  db: DbOrTx,
  owner: bigint,
  wallet: StatementWallet,
  start: Date,
  end: Date,
): Promise<StatementFigures> {
  const { kind, asset } = walletAccount[wallet];
  const { rows } = await sql<Line>`
    WITH account AS (
      SELECT id, balance FROM ledger_accounts WHERE owner_id = ${owner} AND kind = ${kind} AND asset = ${asset}
    ),
    -- The account's entries summed by time from their own index (account, time, amount: an index-only read, no
    -- transaction joined), however long its history: 30,000 entries joined to their transactions took 59 ms.
    sums AS (
      SELECT coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${start}), 0)::bigint AS before_start,
             coalesce(sum(e.amount) FILTER (WHERE e.created_at < ${end}), 0)::bigint AS before_end,
             coalesce(sum(e.amount) FILTER (WHERE e.created_at >= ${end}), 0)::bigint AS after_end
      FROM account a JOIN ledger_entries e ON e.account_id = a.id
    ),
    -- The period's postings with their transactions (an entry carries its transaction's time: one month's partition).
    moves AS (
      SELECT t.id AS transaction_id, t.created_at, coalesce(t.income_type, t.kind) AS rule, t.memo, e.amount
      FROM account a
      JOIN ledger_entries e ON e.account_id = a.id AND e.created_at >= ${start} AND e.created_at < ${end}
      JOIN ledger_transactions t ON t.id = e.transaction_id AND t.created_at = e.created_at
    ),
    -- Months detached for archive (decision 0079) count by the sums they left: before the period in its opening,
    -- after it with the entries after it; a period that reaches into one is not read here.
    archived AS (
      SELECT coalesce(sum(s.amount) FILTER (WHERE m.ends <= ${start}), 0)::bigint AS before_start,
             coalesce(sum(s.amount) FILTER (WHERE m.starts >= ${end}), 0)::bigint AS after_end,
             count(*) FILTER (WHERE m.ends > ${start} AND m.starts < ${end}) > 0 AS in_period
      FROM account a JOIN ledger_archived_sums s ON s.account_id = a.id
      CROSS JOIN LATERAL (SELECT s.month::timestamp AT TIME ZONE 'UTC' AS starts,
                                 (s.month + interval '1 month') AT TIME ZONE 'UTC' AS ends) m
    ),
    totals AS (
      SELECT x.before_start + (SELECT before_start FROM archived) AS opening,
             x.before_end + (SELECT before_start FROM archived) AS closing,
             (SELECT coalesce(sum(amount), 0) FROM moves)::bigint AS in_range,
             x.after_end + (SELECT after_end FROM archived) AS after_end
      FROM sums x
    ),
    lines AS (
      SELECT m.transaction_id, m.created_at, m.rule, m.memo, m.amount,
             (x.opening + sum(m.amount) OVER (ORDER BY m.created_at, m.transaction_id))::bigint AS balance_after
      FROM moves m CROSS JOIN totals x
    ),
    checked AS (
      SELECT x.opening, x.closing, x.in_range, (SELECT in_period FROM archived) AS archived,
             x.opening + x.in_range = x.closing
             AND coalesce((SELECT l.balance_after FROM lines l
                           ORDER BY l.created_at DESC, l.transaction_id DESC LIMIT 1), x.opening) = x.closing
             AND x.closing + x.after_end = coalesce((SELECT balance FROM account), 0) AS adds_up
      FROM totals x
    )
    SELECT c.opening, c.closing, c.in_range, c.adds_up, c.archived,
           l.transaction_id, l.created_at, l.rule, l.memo, l.amount, l.balance_after
    FROM checked c LEFT JOIN lines l ON true
    ORDER BY l.created_at, l.transaction_id`.execute(db);
  const head = rows[0];
  if (!head) throw new Error('The statement query returned no row.');
  if (head.archived)
    throw new AppError(
      'BUSINESS_RULE',
      'This period reaches into a month moved to the archive: support can send its statement.',
    );
  if (!head.adds_up) {
    // Never shown to anyone as a statement: the error handler logs it and answers 500.
    throw new Error(
      `Statement of member ${owner} wallet ${wallet} [${start.toISOString()}, ${end.toISOString()}) does not add up: ` +
        `opening ${head.opening} + postings ${head.in_range} vs closing ${head.closing}`,
    );
  }
  return {
    opening: head.opening,
    closing: head.closing,
    total: head.in_range,
    rows: rows
      .filter((r) => r.transaction_id !== null)
      .map((r) => ({
        transaction_id: r.transaction_id as bigint,
        created_at: r.created_at as Date,
        rule: r.rule as string,
        memo: r.memo,
        amount: r.amount as bigint,
        balance_after: r.balance_after as bigint,
      })),
  };
}

/** The member a statement is about: a member account (not staff), deleted or not. */
export async function statementMember(
  db: DbOrTx,
  id: bigint,
): Promise<{ id: bigint; username: string; fullname: string } | undefined> {
  return db
    .selectFrom('users')
    .select(['id', 'username', 'fullname'])
    .where('id', '=', id)
    .where('role', '=', 'user')
    .executeTakeFirst();
}
