import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseAt, type OldDatabase } from '../../../test/helpers';

/**
 * Migration 0100 (decision 0092) on a real PostgreSQL: a database at 0099 holding marks of closed hours as they were
 * (`position`: the hour's rows newer than the transaction's) converts in place to `through` (the rows at or older
 * than it), each mark's value what the ledger says, per asset, source ('' all) and side ('' both); the marks' instant
 * moves to its own table.
 */

let old: OldDatabase;
let owner: pg.Pool;

const q = (text: string, values: unknown[] = []) => owner.query(text, values);

/**
 * Every transaction's rows on members' wallets in its hour, per asset, source and side and for all of them, with the
 * rows of that hour and group newer than it (`newer`) and at or older than it (`through`), from the ledger itself.
 */
const REFERENCE = `
  SELECT period, asset, source, side, created_at, id,
         (sum(n) OVER (PARTITION BY period, asset, source, side ORDER BY created_at DESC, id DESC) - n)::bigint AS newer,
         (sum(n) OVER (PARTITION BY period, asset, source, side ORDER BY created_at, id))::bigint AS through
  FROM (
    SELECT date_trunc('hour', t.created_at, 'UTC') AS period, a.asset, g.source, g.side, t.created_at, t.id,
           count(*) AS n
    FROM ledger_transactions t
    JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
    CROSS JOIN LATERAL (VALUES
      ('', ''), (coalesce(t.income_type, t.kind), ''),
      ('', CASE WHEN e.amount > 0 THEN 'credit' ELSE 'debit' END),
      (coalesce(t.income_type, t.kind), CASE WHEN e.amount > 0 THEN 'credit' ELSE 'debit' END)) g (source, side)
    GROUP BY 1, 2, 3, 4, 5, 6
  ) x`;

let before: string;

beforeAll(async () => {
  // The database as it was at 0099 (the tree's functions apply unchanged; none that needs 0100 is called before it).
  old = await databaseAt('0099');
  owner = old.owner;

  const users = await q(
    `INSERT INTO users (username, email, password_hash, fullname, refferal_code, role) VALUES
       ('pam', 'pam@example.com', 'h', 'Pam Member', 'PAM1', 'user'),
       ('tom', 'tom@example.com', 'h', 'Tom Member', 'TOM1', 'user') RETURNING id`,
  );
  const [pam, tom] = users.rows.map((r) => String(r.id));
  const acc = await q(
    `INSERT INTO ledger_accounts (owner_id, kind, asset, balance, allow_negative) VALUES
       ($1, 'deposit', 'USD', 1000000, false), ($2, 'deposit', 'USD', 0, false), ($1, 'non_working', 'USD', 0, false),
       (NULL, 'cash', 'USD', 0, true), (NULL, 'income_expense', 'USD', 0, true)
     RETURNING id`,
    [pam, tom],
  );
  const [pamDeposit, tomDeposit, pamRoi, cash, expense] = acc.rows.map((r) => String(r.id));
  // Two past hours of deposits, adjustments down, ROI and transfers (two members' rows), some at one instant.
  const yesterday = new Date(Math.floor(Date.now() / 86_400_000) * 86_400_000 - 86_400_000);
  let k = 0;
  for (const hour of [10, 11])
    for (let i = 0; i < 24; i++) {
      const when = new Date(
        yesterday.getTime() + hour * 3_600_000 + Math.floor(i / 3) * 60_000,
      ).toISOString();
      const shape = i % 4;
      const [kind, income, from, to] = [
        ['deposit', null, cash, pamDeposit],
        ['adjustment', null, pamDeposit, cash],
        ['income', 'roi_income', expense, pamRoi],
        ['transfer', null, pamDeposit, tomDeposit],
      ][shape] as [string, string | null, string, string];
      await q(
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind, income_type, created_at)
                     VALUES ($1, $2, $3, $6) RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
         SELECT tx.id, $4::bigint, -$7::bigint, $6 FROM tx UNION ALL SELECT tx.id, $5::bigint, $7::bigint, $6 FROM tx`,
        [`h${k++}`, kind, income, from, to, when, 100 + i],
      );
    }
  // Those hours closed, and marked as 0098 did: every transaction, with the rows newer than it.
  await q('DELETE FROM ledger_rollups');
  await q("UPDATE rollup_state SET closed_until = '2020-01-01' WHERE name = 'hourly'");
  await q("SELECT rollup_live_rebuild('2020-01-01')");
  await q('SELECT rollup_fill(now())');
  await q(
    `INSERT INTO ledger_marks (period, asset, source, side, position, created_at, transaction_id)
     SELECT period, asset, source, side, newer, created_at, id FROM (${REFERENCE}) r`,
  );
  await q("UPDATE rollup_state SET closed_until = date_trunc('hour', now(), 'UTC') WHERE name = 'marks'");
  before = String(
    (await q("SELECT closed_until::text AS w FROM rollup_state WHERE name = 'marks'")).rows[0].w,
  );

  // The conversion, as a running database is upgraded.
  await old.upgrade();
}, 120_000);

afterAll(async () => {
  await old?.close();
});

describe('the marks converted in place (migration 0100)', () => {
  it('hold the rows at or older than their transaction, per asset, source and side', async () => {
    const marks = await q(
      `SELECT period::text, asset, source, side, through::text, transaction_id::text FROM ledger_marks
       ORDER BY 1, 2, 3, 4, 5`,
    );
    const want = await q(
      `SELECT period::text, asset, source, side, through::text, id::text AS transaction_id FROM (${REFERENCE}) r
       ORDER BY 1, 2, 3, 4, 5`,
    );
    // Both sides, several sources, the transfers' two rows: every group of the hours is there.
    expect(new Set(want.rows.map((r) => `${r.source}/${r.side}`)).size).toBeGreaterThan(8);
    expect(marks.rows).toEqual(want.rows);
  });

  it('keep the marks’ instant in their own table', async () => {
    const w = await q('SELECT marked_until::text AS w FROM ledger_marks_state');
    expect(w.rows).toEqual([{ w: before }]);
    expect((await q("SELECT count(*)::int AS n FROM rollup_state WHERE name = 'marks'")).rows[0].n).toBe(0);
  });

  it('keep their old position for an instance of the version before (a rolling upgrade), and new marks have none', async () => {
    const kept = await q(
      `SELECT period::text, asset, source, side, position::text AS n FROM ledger_marks ORDER BY 1, 2, 3, 4, 5`,
    );
    const want = await q(
      `SELECT period::text, asset, source, side, newer::text AS n FROM (${REFERENCE}) r ORDER BY 1, 2, 3, 4, 5`,
    );
    expect(kept.rows).toEqual(want.rows);
    // A mark made now (this hour, every row a mark) has no position, which that version's read (position <=) skips.
    const [deposit, cash] = (
      await q(
        `SELECT id::text FROM ledger_accounts WHERE kind IN ('deposit', 'cash') AND (owner_id IS NULL OR kind = 'deposit')
         ORDER BY owner_id NULLS LAST, id LIMIT 2`,
      )
    ).rows.map((r) => r.id as string);
    for (let i = 0; i < 3; i++)
      await q(
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ($1, 'deposit') RETURNING id, created_at)
         INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
         SELECT tx.id, $2::bigint, -5, tx.created_at FROM tx UNION ALL SELECT tx.id, $3::bigint, 5, tx.created_at FROM tx`,
        [`now${i}`, cash, deposit],
      );
    await q('SELECT ledger_marks_fill(1, 1000000)');
    const fresh = await q(
      "SELECT count(*)::int AS n, count(position)::int AS positioned FROM ledger_marks WHERE period >= date_trunc('hour', now(), 'UTC')",
    );
    expect(fresh.rows[0].n).toBeGreaterThan(0);
    expect(fresh.rows[0].positioned).toBe(0);
  });
});
