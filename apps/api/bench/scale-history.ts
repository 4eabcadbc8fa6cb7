/**
 * `npm run bench:scale -- --history-copies K`: the ledger's history copied back in time K times, so that a database
 * of a million members holds the tens of millions of entries of years of business (decision 0079's
 * partitioned history at 50,000,000 entries, docs/benchmarks.md)
 * without loading them member by member. Copy k of every transaction and its entries lies k spans before the
 * original (the span: the loaded history's days), with its own id and idempotency key, inserted through the ledger's
 * checks a day of the original at a time (each statement holds whole transactions). The member accounts' balances
 * and the members' total_earned take the copies' sums, so that the reconciliation and the proof still hold; the
 * rollups are rebuilt after (scale-rows.ts). Other tables (deposits, top-ups, claims) are not copied: the copies are
 * the ledger's history only.
 */
import type pg from 'pg';
import { cappedIncomeTypes } from '../src/modules/ledger/income-types';

const DAY = 86_400_000;

export async function copyHistory(c: pg.Client, copies: number, log: (m: string) => void): Promise<void> {
  if (copies <= 0) return;
  const started = performance.now();
  const span = await c.query<{ first: Date; last: Date; top: string }>(
    'SELECT min(created_at) AS first, max(created_at) AS last, max(id)::text AS top FROM ledger_transactions',
  );
  const first = span.rows[0]?.first;
  const last = span.rows[0]?.last;
  if (!first || !last) return;
  // Whole days longer than the history, so that no copy overlaps the next; ids past every existing one.
  const days = Math.ceil((last.getTime() - first.getTime()) / DAY) + 1;
  const stride = 10n ** BigInt(String(span.rows[0]?.top ?? '0').length);
  await c.query(
    `SELECT ledger_partition_create(m::date) FROM generate_series(
      date_trunc('month', ($1::timestamptz - make_interval(days => $2)) AT TIME ZONE 'UTC'),
      date_trunc('month', $1::timestamptz AT TIME ZONE 'UTC'), interval '1 month') AS m`,
    [first, days * copies],
  );
  const daysOf = (
    await c.query<{ d: Date }>(
      `SELECT d FROM generate_series(date_trunc('day', $1::timestamptz, 'UTC'), $2::timestamptz, interval '1 day') AS d`,
      [first, last],
    )
  ).rows.map((r) => r.d);
  for (let k = 1; k <= copies; k++) {
    const shift = `make_interval(days => ${k * days})`;
    for (const d of daysOf) {
      const range = `created_at >= $1::timestamptz AND created_at < $1::timestamptz + interval '1 day'`;
      await c.query('BEGIN');
      try {
        await c.query(
          `INSERT INTO ledger_transactions (id, idempotency_key, kind, income_type, member_id, memo, details, created_by, created_at)
           SELECT id + ${stride * BigInt(k)}, idempotency_key || ':history-${k}', kind, income_type, member_id, memo, details,
             created_by, created_at - ${shift}
           FROM ledger_transactions WHERE ${range} AND id < ${stride}`,
          [d],
        );
        await c.query(
          `INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
           SELECT transaction_id + ${stride * BigInt(k)}, account_id, amount, created_at - ${shift}
           FROM ledger_entries WHERE ${range} AND transaction_id < ${stride}`,
          [d],
        );
        await c.query('COMMIT');
      } catch (err) {
        await c.query('ROLLBACK');
        throw err;
      }
    }
    log(`  history copy ${k} of ${copies} (${k * days} days back) inserted`);
  }
  // The copies' sums on member accounts and members' capped earnings, as post() and the income service kept them.
  await c.query(`UPDATE ledger_accounts a SET balance = a.balance + s.total * ${copies}
    FROM (SELECT e.account_id, sum(e.amount)::bigint AS total FROM ledger_entries e
          JOIN ledger_accounts x ON x.id = e.account_id AND x.owner_id IS NOT NULL
          WHERE e.transaction_id < ${stride} GROUP BY e.account_id) s
    WHERE a.id = s.account_id`);
  await c.query(
    `UPDATE users u SET total_earned = u.total_earned + s.total * ${copies}
    FROM (SELECT x.owner_id, sum(e.amount)::bigint AS total FROM ledger_entries e
          JOIN ledger_transactions t ON t.id = e.transaction_id AND t.created_at = e.created_at
          JOIN ledger_accounts x ON x.id = e.account_id AND x.kind IN ('working', 'non_working')
          WHERE t.income_type = ANY($1::text[]) AND t.id < ${stride} GROUP BY x.owner_id) s
    WHERE u.id = s.owner_id`,
    [[...cappedIncomeTypes]],
  );
  await c.query(
    `SELECT setval(pg_get_serial_sequence('ledger_transactions', 'id'), (SELECT max(id) FROM ledger_transactions))`,
  );
  log(`  ${copies} copies of the history in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
