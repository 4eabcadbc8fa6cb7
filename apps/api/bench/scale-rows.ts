/**
 * `npm run bench:scale`, step 2: the app's tables filled from the staging tables (scale-tree.ts),
 * set-based and a chunk of members per transaction: members with their counters and total_earned,
 * approved deposits, plans bought (top-ups, member plans), ROI claims with their watch sessions, income
 * skips, reward windows, and the ledger (accounts with balances, transactions, entries) exactly as the
 * app would have posted them. Foreign keys and a per-statement zero-sum check stay on; only a per-row
 * zero-sum trigger would be switched off while loading; reconciliation proves the result (scale.ts).
 */
import type pg from 'pg';
import { CHUNK, type Layout } from './scale-tree';

export type Ids = {
  admin: number;
  video: number;
  rewardPlan: number;
  passwordHash: string;
};

async function one(c: pg.Client, text: string): Promise<number> {
  const { rows } = await c.query<{ v: string }>(text);
  return Number(rows[0]?.v ?? 0);
}

export async function loadRows(c: pg.Client, l: Layout, ids: Ids, log: (m: string) => void): Promise<void> {
  const { n, base: B } = l;
  // The ledger is partitioned by month (decision 0079): the history's months are made first, so its entries land in
  // their months, not in the DEFAULT partition.
  await c.query(`SELECT ledger_partition_create(m::date) FROM generate_series(
      date_trunc('month', (SELECT min(created_at) FROM bench_m) AT TIME ZONE 'UTC'),
      date_trunc('month', now() AT TIME ZONE 'UTC'), interval '1 month') AS m`);
  await c.query(`INSERT INTO ledger_accounts (owner_id, kind, asset, allow_negative)
    VALUES (NULL, 'cash', 'USD', true), (NULL, 'investments', 'USD', true), (NULL, 'income_expense', 'USD', true)
    ON CONFLICT DO NOTHING`);
  const platform = async (kind: string) =>
    one(
      c,
      `SELECT id AS v FROM ledger_accounts WHERE owner_id IS NULL AND kind = '${kind}' AND asset = 'USD'`,
    );
  const CASH = await platform('cash');
  const INVEST = await platform('investments');
  const INCOME = await platform('income_expense');
  const T = await one(c, 'SELECT coalesce(max(id), 0) AS v FROM ledger_transactions');
  const A = await one(c, 'SELECT coalesce(max(id), 0) AS v FROM ledger_accounts');
  // Ids: member i's deposit transaction T+i, top-up T+n+i, income credit T+2n+seq; deposit account
  // A+i, working A+n+i, non-working A+2n+i; deposit and top-up row i.
  const ADMIN = ids.admin;
  const range = (alias: string) => `${alias}.i BETWEEN $1 AND $2`;
  const hash = `'0x' || md5('bench-deposit-' || m.i) || md5('bench-' || m.i)`;
  const deposited = "m.created_at + interval '30 minutes'";
  const wallet = `CASE b.wallet WHEN 'working' THEN ${A + n} ELSE ${A + 2 * n} END + b.i`;

  const chunk = [
    `INSERT INTO users (id, username, email, password_hash, role, status, is_active, roi_status, level_status, fullname,
       phone, sponsor_id, refferal_code, created_at, updated_at, verify_at, activation_date, total_team, bep20,
       active_plan, plan_id, team_business, active_directs, total_earned)
     SELECT ${B} + m.i, 'SGX' || lpad(m.i::text, 7, '0'), 'member' || m.i || '@bench.example', $3, 'user', 'unblock',
       CASE WHEN m.plan > 0 THEN 'active' ELSE 'inactive' END,
       CASE WHEN m.plan > 0 AND coalesce(e.earned, 0) >= m.plan * 3 THEN 'close' ELSE 'open' END,
       CASE WHEN m.plan > 0 AND coalesce(e.earned, 0) >= m.plan * 3 THEN 'close' ELSE 'open' END,
       'Bench Member ' || m.i, '9' || lpad(m.i::text, 9, '0'), ${B} + m.sponsor,
       CASE WHEN m.i = 1 THEN 'SGXROOT' ELSE 'R' || lpad(m.i::text, 8, '0') END,
       m.created_at, m.created_at, m.created_at, m.activated_at, coalesce(c.team, 0),
       '0x' || lpad(to_hex(${B} + m.i), 40, '0'), m.plan, m.plan_id, coalesce(c.business, 0), coalesce(c.active, 0),
       coalesce(e.earned, 0)
     FROM bench_m m LEFT JOIN bench_c c ON c.i = m.i
     LEFT JOIN (SELECT i, sum(pay)::bigint AS earned FROM bench_inc b WHERE ${range('b')} GROUP BY i) e ON e.i = m.i
     WHERE ${range('m')} ORDER BY m.i`,
    `INSERT INTO ledger_transactions (id, idempotency_key, kind, income_type, member_id, memo, details, created_by, created_at)
     SELECT ${T} + m.i, 'deposit:BEP20:' || ${hash}, 'deposit', NULL, ${B} + m.i, 'BEP20 deposit ' || left(${hash}, 10) || '…',
       jsonb_build_object('deposit_id', m.i::text, 'requested', m.deposit::text, 'credited', m.deposit::text, 'verified_by', 'admin'),
       ${ADMIN}, ${deposited}
     FROM bench_m m WHERE ${range('m')}
     UNION ALL
     SELECT ${T + n} + m.i, 'topup:' || m.i, 'topup', NULL, ${B} + m.i, p.name || ' top-up',
       jsonb_build_object('topup_id', m.i::text, 'plan_id', m.plan_id::text, 'payer', (${B} + m.i)::text, 'receiver', (${B} + m.i)::text),
       ${B} + m.i, m.activated_at
     FROM bench_m m JOIN plans p ON p.id = m.plan_id WHERE ${range('m')} AND m.plan > 0
     UNION ALL
     SELECT ${T + 2 * n} + b.seq, b.key, 'income', b.type, ${B} + b.i, replace(b.type, '_', ' '),
       jsonb_build_object('rule', CASE b.type WHEN 'roi_income' THEN 'daily ROI' ELSE 'direct sponsor bonus' END,
         'source_member', (${B} + b.src)::text, 'topup_id', b.src::text, 'business_date', b.day::text,
         'due', b.amount::text, 'paid', b.pay::text, 'cap', (b.plan * 3)::text, 'earned_before', b.earned_before::text),
       NULL, b.at
     FROM bench_inc b WHERE ${range('b')} AND b.pay > 0`,
    `INSERT INTO ledger_accounts (id, owner_id, kind, asset, balance, allow_negative, created_at)
     SELECT ${A} + m.i, ${B} + m.i, 'deposit', 'USD', m.deposit - m.plan, false, m.created_at FROM bench_m m WHERE ${range('m')}
     UNION ALL
     SELECT CASE w.wallet WHEN 'working' THEN ${A + n} ELSE ${A + 2 * n} END + w.i, ${B} + w.i, w.wallet, 'USD', w.total, false, w.first
     FROM (SELECT i, wallet, sum(pay)::bigint AS total, min(at) AS first FROM bench_inc b
           WHERE ${range('b')} AND b.pay > 0 GROUP BY i, wallet) w`,
    // Each entry carries its transaction's time (migration 0062).
    `INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
     SELECT ${T} + m.i, ${A} + m.i, m.deposit, ${deposited} FROM bench_m m WHERE ${range('m')}
     UNION ALL SELECT ${T} + m.i, ${CASH}, -m.deposit, ${deposited} FROM bench_m m WHERE ${range('m')}
     UNION ALL SELECT ${T + n} + m.i, ${A} + m.i, -m.plan, m.activated_at FROM bench_m m WHERE ${range('m')} AND m.plan > 0
     UNION ALL SELECT ${T + n} + m.i, ${INVEST}, m.plan, m.activated_at FROM bench_m m WHERE ${range('m')} AND m.plan > 0
     UNION ALL SELECT ${T + 2 * n} + b.seq, ${wallet}, b.pay, b.at FROM bench_inc b WHERE ${range('b')} AND b.pay > 0
     UNION ALL SELECT ${T + 2 * n} + b.seq, ${INCOME}, -b.pay, b.at FROM bench_inc b WHERE ${range('b')} AND b.pay > 0`,
    `INSERT INTO deposits (id, user_id, amount, currency, hash, status, credited_amount, verified_by, decided_by, decided_at,
       ledger_transaction_id, created_at)
     SELECT m.i, ${B} + m.i, m.deposit, 'BEP20', ${hash}, 'complete', m.deposit, 'admin', ${ADMIN},
       m.created_at + interval '30 minutes', ${T} + m.i, m.created_at + interval '10 minutes'
     FROM bench_m m WHERE ${range('m')}`,
    `INSERT INTO topups (id, kind, plan_id, userby_id, userto_id, amount, status, request_key, ledger_transaction_id, created_by, created_at)
     SELECT m.i, 'topup', m.plan_id, ${B} + m.i, ${B} + m.i, m.plan, 'complete', (${B} + m.i) || ':bench-topup',
       ${T + n} + m.i, ${B} + m.i, m.activated_at
     FROM bench_m m WHERE ${range('m')} AND m.plan > 0`,
    `INSERT INTO member_plans (user_id, plan_id, amount, status, started_at, ends_at)
     SELECT ${B} + m.i, m.plan_id, m.plan, 'active', m.activated_at, m.activated_at + make_interval(days => p.plan_period)
     FROM bench_m m JOIN plans p ON p.id = m.plan_id WHERE ${range('m')} AND m.plan > 0`,
    `INSERT INTO watch_sessions (id, user_id, video_id, business_date, started_at)
     SELECT b.seq, ${B} + b.i, ${ids.video}, b.day, b.at - interval '1 minute'
     FROM bench_inc b WHERE ${range('b')} AND b.type = 'roi_income'`,
    `INSERT INTO roi_claims (user_id, business_date, watch_session_id, due, paid, created_at)
     SELECT ${B} + b.i, b.day, b.seq, b.amount, b.pay, b.at FROM bench_inc b WHERE ${range('b')} AND b.type = 'roi_income'`,
    `INSERT INTO income_skips (user_id, income_type, cause_key, amount, reason, details, created_at)
     SELECT ${B} + b.i, b.type, CASE WHEN b.pay > 0 THEN b.key || ':over-cap' ELSE b.key END, b.amount - b.pay,
       CASE WHEN b.plan = 0 THEN 'member is inactive' WHEN b.pay > 0 THEN 'cut at the earning cap' ELSE 'earning cap reached' END,
       jsonb_build_object('rule', b.type, 'source_member', (${B} + b.src)::text), b.at
     FROM bench_inc b WHERE ${range('b')} AND b.pay < b.amount`,
    `INSERT INTO member_rewards (user_id, reward_plan_id, window_start, window_end, status, created_at)
     SELECT ${B} + m.i, ${ids.rewardPlan}, m.activated_at, m.activated_at + interval '30 days', 'working', m.activated_at
     FROM bench_m m WHERE ${range('m')} AND m.plan > 0 AND (hashint8extended(m.i::bigint, 9) & 15) = 0`,
  ];

  // The ledger's checks run once per statement (migration 0067): each chunk's entries are one statement
  // holding whole transactions.
  for (let lo = 1; lo <= n; lo += CHUNK) {
    const hi = Math.min(n, lo + CHUNK - 1);
    await c.query('BEGIN');
    try {
      await c.query(chunk[0] ?? '', [lo, hi, ids.passwordHash]);
      for (const statement of chunk.slice(1)) await c.query(statement, [lo, hi]);
      await c.query('COMMIT');
    } catch (err) {
      await c.query('ROLLBACK');
      throw err;
    }
    log(`  members ${lo.toLocaleString('en')}..${hi.toLocaleString('en')} loaded`);
  }

  for (const table of [
    'users',
    'ledger_transactions',
    'ledger_accounts',
    'deposits',
    'topups',
    'watch_sessions',
  ]) {
    await c.query(`SELECT setval(pg_get_serial_sequence('${table}', 'id'), (SELECT max(id) FROM ${table}))`);
  }
  // Platform accounts: where the schema derives their balance from their entries (migration 0018), the
  // column stays 0; otherwise it holds the sum, as post() kept it.
  const derived = await one(
    c,
    "SELECT count(*) AS v FROM pg_constraint WHERE conname = 'ledger_accounts_platform_derived'",
  );
  if (!derived) {
    await c.query(`UPDATE ledger_accounts a SET balance = s.total
      FROM (SELECT account_id, sum(amount)::bigint AS total FROM ledger_entries
            WHERE account_id IN (${CASH}, ${INVEST}, ${INCOME}) GROUP BY account_id) s
      WHERE a.id = s.account_id`);
  }
}

/**
 * Where the schema keeps rollups of closed hours (rollup_state, migration 0019; rollup_fill, db/functions/rollup_fill.sql), they must
 * cover the back-dated history just loaded: the watermark goes back to the first day with data, as that
 * migration sets it on an existing database, and the rollups are filled up to ten minutes ago (the
 * app would do the same on its first read). Returns the milliseconds it took, or null without rollups.
 */
export async function rebuildRollups(c: pg.Client): Promise<number | null> {
  const present = await one(
    c,
    "SELECT (to_regclass('rollup_state') IS NOT NULL AND to_regprocedure('rollup_fill(timestamptz)') IS NOT NULL)::int AS v",
  );
  if (!present) return null;
  const started = performance.now();
  await c.query('DELETE FROM ledger_rollups; DELETE FROM activity_rollups');
  await c.query(`UPDATE rollup_state SET closed_until = date_trunc('day', least(
      (SELECT min(created_at) FROM users), (SELECT min(created_at) FROM ledger_transactions),
      (SELECT min(decided_at) FROM deposits WHERE status = 'complete'),
      (SELECT min(decided_at) FROM withdrawals WHERE status = 'complete'), now()), 'UTC')
    WHERE name = 'hourly'`);
  await c.query("SELECT rollup_fill(now() - interval '10 minutes')");
  // The writers' live figures (migration 0025) of the hours still open, fresh after the reset.
  if (await one(c, "SELECT (to_regprocedure('rollup_live_rebuild(timestamptz)') IS NOT NULL)::int AS v"))
    await c.query(
      "SELECT rollup_live_rebuild((SELECT closed_until FROM rollup_state WHERE name = 'hourly'))",
    );
  // The member accounts' figures the loader's statements appended (migration 0062), folded as the filler would.
  await c.query('SELECT account_sums_fold()');
  // The busy hours' marks (decision 0090), made as the `ledger-marks-minutely` job would, a week a call.
  if (await one(c, "SELECT (to_regprocedure('ledger_marks_fill(integer,integer)') IS NOT NULL)::int AS v")) {
    await c.query(`SELECT ledger_marks_restart(coalesce(
      (SELECT date_trunc('hour', min(created_at), 'UTC') FROM ledger_transactions),
      (SELECT closed_until FROM rollup_state WHERE name = 'hourly')))`);
    while (
      await one(
        c,
        `SELECT (ledger_marks_fill() < (SELECT closed_until FROM rollup_state WHERE name = 'hourly'))::int AS v`,
      )
    );
  }
  // The memos' pieces (decision 0091), cut as the `ledger-memo-pieces-minutely` job would, 30 days a call.
  if (await one(c, "SELECT (to_regprocedure('ledger_memo_pieces_restart()') IS NOT NULL)::int AS v")) {
    await c.query('SELECT ledger_memo_pieces_restart()');
    while (
      await one(
        c,
        `SELECT (ledger_memo_pieces_fill() < (SELECT max(created_at) FROM ledger_transactions))::int AS v`,
      )
    );
  }
  return performance.now() - started;
}
