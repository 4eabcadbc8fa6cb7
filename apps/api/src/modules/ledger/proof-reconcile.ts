import { sql } from 'kysely';
import type { DbOrTx } from '../../db';

// Part of the ledger's reconciliation (ledger.service.ts reconcile): it reads the proof module's latest tree
// totals from their table and checks them against the ledger, so the ledger imports nothing of proof
// (decision 0059).
/**
 * The latest tree's totals against the ledger's member liabilities at its cut-off, recomputed now (the owned
 * accounts' and the pending_withdrawals account's balances less the entries of transactions that started at or after the cut-off, in one statement).
 * Empty when they agree or when no tree was built yet; one line per asset that differs otherwise.
 */
export async function reconcileProof(db: DbOrTx): Promise<string[]> {
  const { rows } = await sql<{ day: string; asset: string; tree: bigint; ledger: bigint }>`
    WITH tree AS (SELECT id, day, cutoff, total_usd, total_sgx FROM proof_trees ORDER BY day DESC LIMIT 1),
    later AS (
      SELECT a.asset, sum(e.amount) AS amount
      FROM tree, ledger_transactions t
      JOIN ledger_entries e ON e.transaction_id = t.id AND e.created_at = t.created_at
      JOIN ledger_accounts a ON a.id = e.account_id
        AND (a.owner_id IS NOT NULL OR a.kind = 'pending_withdrawals')
      WHERE t.created_at >= tree.cutoff
      GROUP BY a.asset
    ), now_held AS (
      -- ledger_balances: a platform account's balance is the sum of its entries (db/views/ledger_balances.sql).
      SELECT asset, sum(balance) AS amount FROM ledger_balances
      WHERE owner_id IS NOT NULL OR kind = 'pending_withdrawals' GROUP BY asset
    )
    SELECT to_char(tree.day, 'YYYY-MM-DD') AS day, x.asset,
           CASE x.asset WHEN 'USD' THEN tree.total_usd ELSE tree.total_sgx END AS tree,
           (coalesce((SELECT amount FROM now_held h WHERE h.asset = x.asset), 0)
             - coalesce((SELECT amount FROM later l WHERE l.asset = x.asset), 0))::bigint AS ledger
    FROM tree CROSS JOIN (VALUES ('USD'), ('SGX')) AS x (asset)`.execute(db);
  return rows
    .filter((r) => r.tree !== r.ledger)
    .map((r) => `proof ${r.day} ${r.asset}: tree ${r.tree} units, ledger ${r.ledger} units at the cut-off`);
}
