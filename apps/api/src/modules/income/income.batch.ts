import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db';

/**
 * Credits many members in a few set-based statements (no loop over members): one ledger transaction per
 * credit with its idempotency key, two entries each, and each member balance updated by exactly one
 * statement row (the platform's account takes no update: its balance is the sum of its entries). Keys
 * already posted are left alone. The credits come from a query (columns user_id, amount, key, details), so
 * a job paying many members never carries them through the application. For income outside the earning
 * cap (CTO) and the salary, which applies the cap in SQL first; other capped income goes through
 * creditIncome.
 */
export async function postIncomeFrom(
  tx: Tx,
  incomeType: string,
  wallet: 'working' | 'non_working',
  credits: RawBuilder<unknown>,
): Promise<number> {
  await sql`CREATE TEMP TABLE income_batch (user_id bigint, amount bigint, key text, details jsonb, tx_id bigint, account_id bigint) ON COMMIT DROP`.execute(
    tx,
  );
  await sql`
    INSERT INTO income_batch (user_id, amount, key, details)
    SELECT c.user_id, c.amount, c.key, c.details FROM (${credits}) AS c WHERE c.amount > 0`.execute(tx);
  // Every lookup goes by key, one per credit: a batch is thousands of rows against a ledger of millions of
  // accounts, where a hash of every member account (what the planner picks for a join) cost far more.
  const lookUpAccounts = (onlyMissing: boolean) => sql`
    UPDATE income_batch b
    SET account_id = (SELECT id FROM ledger_accounts WHERE owner_id = b.user_id AND kind = ${wallet} AND asset = 'USD')
    ${onlyMissing ? sql`WHERE b.account_id IS NULL` : sql``}`;
  await lookUpAccounts(false).execute(tx);
  // The accounts members do not have yet; one another writer creates meanwhile wins the conflict, and is read
  // (committed by then) with the ones made here.
  await sql`
    INSERT INTO ledger_accounts (owner_id, kind, asset)
    SELECT DISTINCT user_id, ${wallet}, 'USD' FROM income_batch WHERE account_id IS NULL
    ON CONFLICT DO NOTHING`.execute(tx);
  await lookUpAccounts(true).execute(tx);
  await sql`INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative) VALUES (NULL, 'income_expense', 'USD', true) ON CONFLICT DO NOTHING`.execute(
    tx,
  );
  await sql`
    WITH posted AS (
      INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, details)
      SELECT key, 'income', ${incomeType}, user_id, ${incomeType}, details FROM income_batch
      ON CONFLICT (idempotency_key) DO NOTHING
      RETURNING id, idempotency_key
    )
    UPDATE income_batch b SET tx_id = p.id FROM posted p WHERE p.idempotency_key = b.key`.execute(tx);
  await sql`
    INSERT INTO ledger_entries (transaction_id, account_id, amount)
    SELECT b.tx_id, b.account_id, b.amount FROM income_batch b WHERE b.tx_id IS NOT NULL
    UNION ALL
    -- The platform's account through its unique key (coalesce(owner_id, 0), kind, asset).
    SELECT b.tx_id, (SELECT id FROM ledger_accounts WHERE coalesce(owner_id, 0) = 0 AND kind = 'income_expense' AND asset = 'USD'),
           -b.amount
    FROM income_batch b WHERE b.tx_id IS NOT NULL`.execute(tx);
  // Each account once, found through its primary key (= ANY: an index scan, never a scan of every account).
  await sql`
    UPDATE ledger_accounts a SET balance = a.balance + b.amount
    FROM (SELECT account_id, sum(amount)::bigint AS amount FROM income_batch WHERE tx_id IS NOT NULL
          GROUP BY account_id) b
    WHERE a.id = b.account_id
      AND a.id = ANY (ARRAY(SELECT account_id FROM income_batch WHERE tx_id IS NOT NULL))`.execute(tx);
  const { rows: n } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM income_batch WHERE tx_id IS NOT NULL`.execute(tx);
  await sql`DROP TABLE income_batch`.execute(tx);
  return n[0]?.n ?? 0;
}
