import { sql } from 'kysely';
import type { Db, DbOrTx } from '../../db';

/** One member's liabilities at the cut-off, in 10^-8 units. */
export type MemberBalances = { member_id: bigint; usd: bigint; sgx: bigint };

/**
 * The cut-off of a tree (decision 0044): the earliest of now and the start of every other transaction open in
 * this database. A ledger transaction's created_at is its start (now()), so every transaction that started
 * before the cut-off has ended before the snapshot is taken, and the snapshot holds each of them exactly when
 * it committed: "the balances of every transaction that started before the cut-off" is then one consistent set,
 * which `reconcileProof` recomputes later from the entries. Read before the snapshot's transaction begins.
 * Sessions of other roles show no start here (pg_stat_activity); the app writes the ledger as its own role.
 */
export async function cutoffNow(db: DbOrTx): Promise<Date> {
  const { rows } = await sql<{ cutoff: Date }>`
    SELECT least(clock_timestamp(), min(xact_start)) AS cutoff FROM pg_stat_activity
    WHERE datname = current_database() AND pid <> pg_backend_pid() AND xact_start IS NOT NULL`.execute(db);
  const cutoff = rows[0]?.cutoff;
  if (!cutoff) throw new Error('no cut-off');
  return cutoff;
}

/**
 * Every member's balances per asset at `cutoff`, read in one REPEATABLE READ snapshot: each member-owned account's
 * balance less the entries of transactions that started at or after the cut-off, plus the member's withdrawals
 * pending at the cut-off (still owed to them). Every member is a leaf, a
 * member without money too (zero balances), and so is any other account owner (none today), so the tree's
 * totals are the ledger's member liabilities to the unit.
 */
export async function snapshotBalances(db: Db, cutoff: Date): Promise<MemberBalances[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      const { rows } = await sql<MemberBalances>`
        WITH later AS (
          SELECT e.account_id, sum(e.amount) AS amount
          FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          WHERE t.created_at >= ${cutoff}
          GROUP BY e.account_id
        ), held AS (
          SELECT a.owner_id,
                 coalesce(sum(a.balance - coalesce(l.amount, 0)) FILTER (WHERE a.asset = 'USD'), 0) AS usd,
                 coalesce(sum(a.balance - coalesce(l.amount, 0)) FILTER (WHERE a.asset = 'SGX'), 0) AS sgx
          FROM ledger_accounts a LEFT JOIN later l ON l.account_id = a.id
          WHERE a.owner_id IS NOT NULL
          GROUP BY a.owner_id
        ), pending AS (
          -- Money a member asked to withdraw and is not paid yet (held in the platform's pending_withdrawals
          -- account) is still owed to them: the gross amount of every withdrawal pending now, less the entries
          -- of that account in transactions that started at or after the cut-off (so exactly the holds of
          -- transactions started before it, not yet paid or returned by one started before it).
          SELECT p.owner_id, sum(p.amount) AS usd FROM (
            SELECT w.user_id AS owner_id, w.amount FROM withdrawals w WHERE w.status = 'pending'
            UNION ALL
            SELECT t.member_id, -e.amount
            FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
            JOIN ledger_accounts a ON a.id = e.account_id
              AND a.owner_id IS NULL AND a.kind = 'pending_withdrawals' AND a.asset = 'USD'
            WHERE t.created_at >= ${cutoff}
          ) AS p
          GROUP BY p.owner_id
        )
        SELECT u.id AS member_id, (coalesce(h.usd, 0) + coalesce(p.usd, 0))::bigint AS usd,
               coalesce(h.sgx, 0)::bigint AS sgx
        FROM users u LEFT JOIN held h ON h.owner_id = u.id LEFT JOIN pending p ON p.owner_id = u.id
        WHERE u.role = 'user' OR h.owner_id IS NOT NULL OR p.owner_id IS NOT NULL
        ORDER BY u.id`.execute(tx);
      return rows;
    });
}
