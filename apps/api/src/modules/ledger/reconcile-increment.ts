import type { ReconciliationRun } from '@sgx/contracts';
import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';
import { closeLimit } from './closable';
import { cappedIncomeTypes } from './income-types';
import { figureMismatches } from './ledger.service';

/** What one run of the incremental reconciliation checked and found (decision 0086). */
export type ReconcileIncrement = {
  /** False when there was nothing new to check (or another run held the turn): the last run's watermark. */
  ran: boolean;
  /** The entries checked: created_at in [from, through); from null on the first run, which reads them all. */
  from: Date | null;
  through: Date;
  transactions: number;
  entries: number;
  accounts: number;
  mismatches: string[];
};

/** At most this many mismatches of each kind are listed. */
const LISTED = 100;

/**
 * The incremental reconciliation (decision 0086). The full one (`reconcile`, ledger.service.ts) sums every entry
 * ever written; this one keeps the sums it has checked per member account and figure key (`ledger_reconciled`, up to
 * the last run's watermark) and reads only the transactions after it, from their time index:
 *
 * - every member account with a new entry: its balance = the checked sums + its new entries;
 * - its folded figures (`ledger_account_figures`) per source, income and side: the same;
 * - its owner's total_earned = the capped income on their working and non-working accounts, the same way;
 * - every new transaction sums to zero per asset.
 *
 * The new watermark is the last closable hour (`rollup_closable_until`: no transaction still open started before it),
 * read before the snapshot the checks see, so that every entry stamped before it is in that snapshot. The checked sums
 * then move up to it, and the run is recorded with what it found (`ledger_reconcile_runs`). An entry stamped with a
 * time not its transaction's is not counted, so its account's balance disagrees. Accounts with no new entry are left
 * to the full reconciliation.
 */
export async function reconcileIncrement(db: Db, upto?: Date): Promise<ReconcileIncrement> {
  const started = Date.now();
  const closable = await sql<{ w: Date }>`SELECT rollup_closable_until(${closeLimit(upto)}) AS w`.execute(db);
  const w1 = closable.rows[0]?.w as Date;
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .execute(async (tx) => {
      const turn = await sql<{ ok: boolean }>`SELECT pg_try_advisory_xact_lock(727031) AS ok`.execute(tx);
      const last = await sql<{ through: Date }>`
        SELECT through FROM ledger_reconcile_runs ORDER BY through DESC LIMIT 1`.execute(tx);
      const w0 = last.rows[0]?.through ?? null;
      if (!turn.rows[0]?.ok || (w0 !== null && w1 <= w0))
        return {
          ran: false,
          from: w0,
          through: w0 ?? w1,
          transactions: 0,
          entries: 0,
          accounts: 0,
          mismatches: [],
        };
      const since = w0 === null ? sql`` : sql`WHERE t.created_at >= ${w0}`;
      // One pass over the new entries, grouped two ways: per account and figure key (those before the new watermark
      // apart: they join the checked sums; all of them: the balances and figures hold them already), and per
      // transaction and asset (each must sum to zero).
      await sql`
        CREATE TEMP TABLE reconcile_window ON COMMIT DROP AS
        SELECT GROUPING(t.id) = 1 AS by_account, e.account_id, a.owner_id IS NOT NULL AS member,
               coalesce(t.income_type, t.kind) AS source, t.income_type IS NOT NULL AS income, e.amount > 0 AS credit,
               t.id AS transaction_id, a.asset,
               count(*) FILTER (WHERE t.created_at < ${w1}) AS closed_entries,
               coalesce(sum(e.amount) FILTER (WHERE t.created_at < ${w1}), 0) AS closed_amount,
               count(*) AS entries, sum(e.amount) AS amount
        FROM ledger_transactions t
        JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
        JOIN ledger_accounts a ON a.id = e.account_id
        ${since}
        GROUP BY GROUPING SETS (
          (e.account_id, a.owner_id IS NOT NULL, coalesce(t.income_type, t.kind), t.income_type IS NOT NULL,
           e.amount > 0),
          (t.id, a.asset)
        )`.execute(tx);
      // The member accounts' part, with (on a first run) the sums archived months left (decision 0079).
      await sql`
        CREATE TEMP TABLE reconcile_fresh ON COMMIT DROP AS
        SELECT account_id, source, income, credit,
               sum(closed_entries)::bigint AS closed_entries, sum(closed_amount)::bigint AS closed_amount,
               sum(entries)::bigint AS entries, sum(amount)::bigint AS amount
        FROM (
          SELECT account_id, source, income, credit, closed_entries, closed_amount, entries, amount
          FROM reconcile_window WHERE by_account AND member
          ${
            w0 === null
              ? sql`UNION ALL
          SELECT s.account_id, s.source, s.income, s.credit, s.entries, s.amount, s.entries, s.amount
          FROM ledger_archived_sums s JOIN ledger_accounts a ON a.id = s.account_id AND a.owner_id IS NOT NULL`
              : sql``
          }
        ) x
        GROUP BY 1, 2, 3, 4`.execute(tx);
      await sql`CREATE TEMP TABLE reconcile_touched ON COMMIT DROP AS
        SELECT DISTINCT account_id FROM reconcile_fresh`.execute(tx);
      await sql`ANALYZE reconcile_fresh, reconcile_touched`.execute(tx);
      // Per touched account and key: the checked sums plus the new entries.
      await sql`
        CREATE TEMP TABLE reconcile_expected ON COMMIT DROP AS
        SELECT account_id, source, income, credit, sum(entries) AS entries, sum(amount) AS amount
        FROM (
          SELECT r.account_id, r.source, r.income, r.credit, r.entries, r.amount
          FROM ledger_reconciled r JOIN reconcile_touched x USING (account_id)
          UNION ALL
          SELECT account_id, source, income, credit, entries, amount FROM reconcile_fresh
        ) y
        GROUP BY 1, 2, 3, 4`.execute(tx);
      await sql`ANALYZE reconcile_expected`.execute(tx);
      const balances = await sql<{ what: string }>`
        SELECT 'account ' || a.id || ': balance ' || a.balance || ', entries ' || coalesce(x.amount, 0) AS what
        FROM reconcile_touched t
        JOIN ledger_accounts a ON a.id = t.account_id
        LEFT JOIN (SELECT account_id, sum(amount) AS amount FROM reconcile_expected GROUP BY 1) x
          ON x.account_id = a.id
        WHERE a.balance <> coalesce(x.amount, 0)
        ORDER BY a.id LIMIT ${LISTED}`.execute(tx);
      const touchedFigures = sql`(SELECT f.* FROM ledger_account_figures f JOIN reconcile_touched t USING (account_id))`;
      const figures = await sql<{ what: string }>`
        ${figureMismatches(sql`reconcile_expected`, touchedFigures)}
        ORDER BY 1 LIMIT ${LISTED}`.execute(tx);
      // Each touched owner's capped income, over both their paid wallets (one of them may have no new entry).
      const capped = sql`income AND source = ANY(${[...cappedIncomeTypes]}::text[])`;
      const earned = await sql<{ what: string }>`
        WITH owners AS (
          SELECT DISTINCT a.owner_id FROM reconcile_touched t JOIN ledger_accounts a ON a.id = t.account_id
        ),
        paid AS (
          SELECT a.owner_id, a.id FROM owners o
          JOIN ledger_accounts a ON a.owner_id = o.owner_id AND a.kind IN ('working', 'non_working')
        ),
        sums AS (
          SELECT p.owner_id, r.amount FROM paid p JOIN ledger_reconciled r ON r.account_id = p.id WHERE ${capped}
          UNION ALL
          SELECT p.owner_id, f.amount FROM paid p JOIN reconcile_fresh f ON f.account_id = p.id WHERE ${capped}
        )
        SELECT 'member ' || u.id || ': total_earned ' || u.total_earned || ', ledger ' || coalesce(x.amount, 0) AS what
        FROM owners o
        JOIN users u ON u.id = o.owner_id
        LEFT JOIN (SELECT owner_id, sum(amount) AS amount FROM sums GROUP BY 1) x ON x.owner_id = u.id
        WHERE u.total_earned <> coalesce(x.amount, 0)
        ORDER BY u.id LIMIT ${LISTED}`.execute(tx);
      const unbalanced = await sql<{ what: string; transactions: bigint; entries: bigint }>`
        SELECT count(*) AS transactions, coalesce(sum(n), 0) AS entries,
               coalesce((SELECT string_agg(w, '; ') FROM (
                 SELECT 'transaction ' || transaction_id || ' ' || asset || ': sums to ' || amount AS w
                 FROM reconcile_window WHERE NOT by_account AND amount <> 0
                 ORDER BY transaction_id LIMIT ${LISTED}) u), '') AS what
        FROM (SELECT transaction_id, sum(entries) AS n FROM reconcile_window WHERE NOT by_account GROUP BY 1) x
      `.execute(tx);
      await sql`
        INSERT INTO ledger_reconciled (account_id, source, income, credit, entries, amount)
        SELECT account_id, source, income, credit, closed_entries, closed_amount FROM reconcile_fresh
        WHERE closed_entries > 0
        ON CONFLICT (account_id, source, income, credit) DO UPDATE
          SET entries = ledger_reconciled.entries + EXCLUDED.entries,
              amount = ledger_reconciled.amount + EXCLUDED.amount`.execute(tx);
      const touched = await sql<{ n: bigint }>`SELECT count(*) AS n FROM reconcile_touched`.execute(tx);
      const sums = unbalanced.rows[0];
      const mismatches = [
        ...balances.rows.map((r) => r.what),
        ...figures.rows.map((r) => r.what),
        ...earned.rows.map((r) => r.what),
        ...(sums?.what ? sums.what.split('; ') : []),
      ];
      const result: ReconcileIncrement = {
        ran: true,
        from: w0,
        through: w1,
        transactions: Number(sums?.transactions ?? 0n),
        entries: Number(sums?.entries ?? 0n),
        accounts: Number(touched.rows[0]?.n ?? 0n),
        mismatches,
      };
      await tx
        .insertInto('ledger_reconcile_runs')
        .values({
          from_at: w0,
          through: w1,
          transactions: BigInt(result.transactions),
          entries: BigInt(result.entries),
          accounts: BigInt(result.accounts),
          mismatches: JSON.stringify(mismatches),
          ms: Date.now() - started,
        })
        .execute();
      return result;
    });
}

/** The latest `count` runs, newest first. */
export async function latestReconcileRuns(db: DbOrTx, count = 24): Promise<ReconciliationRun[]> {
  const rows = await db
    .selectFrom('ledger_reconcile_runs')
    .selectAll()
    .orderBy('id', 'desc')
    .limit(count)
    .execute();
  return rows.map((r) => ({
    id: Number(r.id),
    from_at: r.from_at === null ? null : r.from_at.toISOString(),
    through: r.through.toISOString(),
    transactions: Number(r.transactions),
    entries: Number(r.entries),
    accounts: Number(r.accounts),
    mismatches: r.mismatches as string[],
    ms: r.ms,
    created_at: r.created_at.toISOString(),
  }));
}
