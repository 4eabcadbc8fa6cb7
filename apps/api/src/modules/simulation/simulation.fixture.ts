import { sqlOn } from '../../../test/helpers';
import { cappedIncomeTypes } from '../ledger/income-types';

/** The ledger's credits to members since `from`, per member and capped type (the replay's fidelity tests). */
export async function creditedSince(url: string, from: Date) {
  const { rows } = await sqlOn(
    url,
    `SELECT a.owner_id::text AS member_id, tr.income_type, sum(e.amount)::text AS paid
     FROM ledger_transactions tr JOIN ledger_entries e ON e.transaction_id = tr.id
     JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
     WHERE tr.created_at >= $1 AND tr.income_type = ANY($2::text[])
     GROUP BY 1, 2 HAVING sum(e.amount) <> 0 ORDER BY 1, 2`,
    [from, [...cappedIncomeTypes]],
  );
  return rows as { member_id: string; income_type: string; paid: string }[];
}
