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
 * Every member's balances per asset at `cutoff`, read in one REPEATABLE READ snapshot: the rule is
 * `db/functions/member_liabilities.sql` (balances less later entries, plus withdrawals pending at the cut-off; the
 * solvency report sums the same function as L0). Every member is a leaf, a member without money too (zero
 * balances), and so is any other account owner (none today), so the tree's totals are the ledger's member
 * liabilities to the unit.
 */
export async function snapshotBalances(db: Db, cutoff: Date): Promise<MemberBalances[]> {
  return db
    .transaction()
    .setIsolationLevel('repeatable read')
    .setAccessMode('read only')
    .execute(async (tx) => {
      const { rows } = await sql<MemberBalances>`
        SELECT member_id, usd, sgx FROM member_liabilities(${cutoff}) ORDER BY member_id`.execute(tx);
      return rows;
    });
}
