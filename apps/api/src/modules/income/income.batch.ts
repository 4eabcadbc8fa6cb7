import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db';

/**
 * Credits many members at once (no loop over members): one ledger transaction per credit with its idempotency
 * key, two entries each, posted by the one writer of the ledger, ledger_post_many (db/functions/
 * ledger_post_many.sql, decision 0064), in one call. Keys already posted are left alone. The credits come from a
 * query (columns user_id, amount, key, details), so a job paying many members never carries them through the
 * application. For income outside the earning cap (CTO) and the salary, which applies the cap in SQL first
 * (income_decision.sql); other capped income goes through creditIncome. Answers how many were posted now.
 */
export async function postIncomeFrom(
  tx: Tx,
  incomeType: string,
  wallet: 'working' | 'non_working',
  credits: RawBuilder<unknown>,
): Promise<number> {
  // Named first, so that the statement is known in pg_stat_activity, whose text is cut at 1 kB.
  const { rows } = await sql<{ n: number }>`/* postIncomeFrom: ledger_post_many */
    WITH c AS MATERIALIZED (
      SELECT c.user_id, c.amount, c.key, c.details, (row_number() OVER ())::integer AS p
      FROM (${credits}) AS c WHERE c.amount > 0
    ),
    postings AS (
      SELECT array_agg(key ORDER BY p) AS keys, array_agg(user_id ORDER BY p) AS members,
             array_agg(details ORDER BY p) AS details, count(*)::integer AS n
      FROM c
    ),
    entries AS (
      SELECT array_agg(c.p ORDER BY c.p, e.leg) AS entry_of, array_agg(e.o ORDER BY c.p, e.leg) AS owners,
             array_agg(e.k ORDER BY c.p, e.leg) AS kinds, array_agg(e.amt ORDER BY c.p, e.leg) AS amounts
      FROM c
      CROSS JOIN LATERAL (VALUES (1, c.user_id, ${wallet}::text, c.amount::bigint),
                                 (2, NULL::bigint, 'income_expense'::text, -c.amount::bigint)) AS e (leg, o, k, amt)
    )
    SELECT count(*) FILTER (WHERE m.created)::integer AS n
    FROM postings, entries,
         ledger_post_many(postings.keys, array_fill('income'::text, ARRAY[postings.n]),
                          array_fill(${incomeType}::text, ARRAY[postings.n]), postings.members,
                          array_fill(${incomeType}::text, ARRAY[postings.n]), postings.details, NULL,
                          entries.entry_of, entries.owners, entries.kinds, array_fill('USD'::text, ARRAY[postings.n * 2]),
                          entries.amounts) AS m`.execute(tx);
  return rows[0]?.n ?? 0;
}
