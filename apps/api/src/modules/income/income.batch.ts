import { type RawBuilder, sql } from 'kysely';
import type { Tx } from '../../db';

export type BatchCredit = { userId: bigint; amount: bigint; key: string; details: Record<string, unknown> };

/**
 * Credits many members in a few set-based statements (no loop over members): one ledger transaction per
 * credit with its idempotency key, two entries each, and each member balance updated by exactly one
 * statement row (the platform's account takes no update: its balance is the sum of its entries). Keys
 * already posted are left alone. For income outside the earning cap (CTO) and the salary, which applies
 * the cap in SQL first; other capped income goes through creditIncome.
 */
export async function postIncomeBatch(
  tx: Tx,
  incomeType: string,
  wallet: 'working' | 'non_working',
  credits: BatchCredit[],
): Promise<number> {
  const rows = credits
    .filter((c) => c.amount > 0n)
    .map((c) => ({
      user_id: c.userId.toString(),
      amount: c.amount.toString(),
      key: c.key,
      details: c.details,
    }));
  if (rows.length === 0) return 0;
  const input = JSON.stringify(rows, (_k, v) => (typeof v === 'bigint' ? v.toString() : v));
  return postIncomeFrom(
    tx,
    incomeType,
    wallet,
    sql`SELECT user_id::bigint, amount::bigint, key, details
        FROM jsonb_to_recordset(${input}::jsonb) AS r(user_id text, amount text, key text, details jsonb)`,
  );
}

/**
 * The same, for credits a query selects (columns user_id, amount, key, details), so that a job paying
 * many members never carries them through the application: the rows go from the query to the ledger.
 */
export async function postIncomeFrom(
  tx: Tx,
  incomeType: string,
  wallet: 'working' | 'non_working',
  credits: RawBuilder<unknown>,
): Promise<number> {
  await sql`CREATE TEMP TABLE income_batch (user_id bigint, amount bigint, key text, details jsonb, tx_id bigint) ON COMMIT DROP`.execute(
    tx,
  );
  await sql`
    INSERT INTO income_batch (user_id, amount, key, details)
    SELECT c.user_id, c.amount, c.key, c.details FROM (${credits}) AS c WHERE c.amount > 0`.execute(tx);
  await sql`INSERT INTO ledger_accounts (owner_id, kind, asset) SELECT user_id, ${wallet}, 'USD' FROM income_batch ON CONFLICT DO NOTHING`.execute(
    tx,
  );
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
    SELECT b.tx_id, a.id, b.amount FROM income_batch b
    JOIN ledger_accounts a ON a.owner_id = b.user_id AND a.kind = ${wallet} AND a.asset = 'USD'
    WHERE b.tx_id IS NOT NULL
    UNION ALL
    SELECT b.tx_id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'income_expense' AND asset = 'USD'), -b.amount
    FROM income_batch b WHERE b.tx_id IS NOT NULL`.execute(tx);
  await sql`
    UPDATE ledger_accounts a SET balance = a.balance + b.amount
    FROM income_batch b WHERE b.tx_id IS NOT NULL AND a.owner_id = b.user_id AND a.kind = ${wallet} AND a.asset = 'USD'`.execute(
    tx,
  );
  const { rows: n } = await sql<{
    n: number;
  }>`SELECT count(*)::int AS n FROM income_batch WHERE tx_id IS NOT NULL`.execute(tx);
  await sql`DROP TABLE income_batch`.execute(tx);
  return n[0]?.n ?? 0;
}
