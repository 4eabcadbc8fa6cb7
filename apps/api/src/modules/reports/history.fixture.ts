import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * Test history in the past, written straight into the tables (the app only ever writes "now"): ledger
 * transactions with their entries, the member balances and earned totals they move, completed and open
 * requests. Each ledger row pairs a member account with a platform account, so every transaction balances
 * and the ledger reconciles.
 */
export type PastMovement = {
  at: Date;
  owner: bigint;
  wallet: 'deposit' | 'working' | 'non_working' | 'token';
  amount: bigint;
  kind: string;
  incomeType?: string;
  memo?: string;
  /** The other leg on another member's account (a transfer) instead of a platform account. */
  counterpart?: { owner: bigint; wallet: 'deposit' | 'working' | 'non_working' };
};

const capped = new Set(['level_month', 'roi_income', 'reward', 'direct_income', 'salary']);

export async function writePastLedger(url: string, rows: PastMovement[]): Promise<bigint[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  const ids: bigint[] = [];
  try {
    await client.query('BEGIN');
    const account = async (owner: bigint | null, kind: string, asset: string): Promise<string> => {
      await client.query(
        'INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING',
        [owner, kind, asset, owner === null],
      );
      const r = await client.query(
        'SELECT id FROM ledger_accounts WHERE coalesce(owner_id, 0) = coalesce($1::bigint, 0) AND kind = $2 AND asset = $3',
        [owner, kind, asset],
      );
      return r.rows[0].id;
    };
    const net = new Map<string, bigint>();
    const earned = new Map<bigint, bigint>();
    for (const m of rows) {
      const asset = m.wallet === 'token' ? 'SGX' : 'USD';
      const mine = await account(m.owner, m.wallet, asset);
      const other = m.counterpart
        ? await account(m.counterpart.owner, m.counterpart.wallet, asset)
        : await account(
            null,
            asset === 'SGX' ? 'token_treasury' : m.incomeType ? 'income_expense' : 'cash',
            asset,
          );
      const t = await client.query(
        `INSERT INTO ledger_transactions (idempotency_key, kind, income_type, member_id, memo, created_at)
         VALUES ($1, $2, $3, $4, $5, $6) RETURNING id`,
        [
          `past:${randomBytes(8).toString('hex')}`,
          m.kind,
          m.incomeType ?? null,
          m.owner,
          m.memo ?? `${m.kind} in the past`,
          m.at,
        ],
      );
      const id = BigInt(t.rows[0].id);
      ids.push(id);
      await client.query(
        // An entry carries its transaction's time (migration 0062).
        `INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
         VALUES ($1, $2, $3, $6), ($1, $4, $5, $6)`,
        [id, mine, m.amount, other, -m.amount, m.at],
      );
      net.set(mine, (net.get(mine) ?? 0n) + m.amount);
      if (m.counterpart) net.set(other, (net.get(other) ?? 0n) - m.amount);
      if (m.incomeType && capped.has(m.incomeType) && (m.wallet === 'working' || m.wallet === 'non_working'))
        earned.set(m.owner, (earned.get(m.owner) ?? 0n) + m.amount);
    }
    for (const [id, amount] of net)
      await client.query('UPDATE ledger_accounts SET balance = balance + $2 WHERE id = $1', [id, amount]);
    for (const [owner, amount] of earned)
      await client.query('UPDATE users SET total_earned = total_earned + $2 WHERE id = $1', [owner, amount]);
    // Rows stamped in the past, before the memos' pieces' instant: cut again (decision 0091).
    await client.query('SELECT ledger_memo_pieces_restart()');
    await client.query('COMMIT');
  } catch (err) {
    await client.query('ROLLBACK');
    throw err;
  } finally {
    await client.end();
  }
  return ids;
}

/** A completed (or open, `at` null) deposit or withdrawal decided at `at`. */
export async function writePastRequest(
  url: string,
  r: { table: 'deposits' | 'withdrawals'; user: bigint; amount: bigint; at: Date | null },
): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const status = r.at ? 'complete' : 'pending';
    const key = randomBytes(16).toString('hex');
    if (r.table === 'deposits')
      await client.query(
        `INSERT INTO deposits (user_id, amount, currency, hash, status, credited_amount, verified_by, decided_at, created_at)
         VALUES ($1, $2, 'BEP20', $3, $4, $5, $6, $7::timestamptz, coalesce($7::timestamptz, now()))`,
        [r.user, r.amount, `0x${key}${key}`, status, r.at ? r.amount : null, r.at ? 'admin' : null, r.at],
      );
    else
      await client.query(
        `INSERT INTO withdrawals (user_id, kind, amount, fee, net, currency, address, status, request_key, decided_at, created_at)
         VALUES ($1, 'working', $2::bigint, $2::bigint / 10, $2::bigint - $2::bigint / 10, 'BEP20', '0xabc', $3, $4, $5::timestamptz, coalesce($5::timestamptz, now()))`,
        [r.user, r.amount, status, key, r.at],
      );
  } finally {
    await client.end();
  }
}

/** Empties the rollups and moves their watermark back to `from`, as if nothing had been closed yet. */
export async function resetRollups(url: string, from = new Date('2020-01-01T00:00:00Z')): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('DELETE FROM ledger_rollups');
    await client.query('DELETE FROM activity_rollups');
    await client.query("UPDATE rollup_state SET closed_until = $1 WHERE name = 'hourly'", [from]);
    // The marks of busy hours (decision 0090), made again from there on by ledger_marks_fill.
    await client.query('SELECT ledger_marks_restart($1)', [from]);
    // The memos' pieces (decision 0091), cut again from the oldest transaction by ledger_memo_pieces_fill.
    await client.query('SELECT ledger_memo_pieces_restart()');
    // The writers' live figures of the hours from there on, as if no fold had dropped them.
    await client.query('SELECT rollup_live_rebuild($1)', [from]);
  } finally {
    await client.end();
  }
}
