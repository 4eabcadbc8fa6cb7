import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { databaseAt, type OldDatabase } from '../../../test/helpers';
import { appUrlOf, connect, type Database } from '../../db';
import type { Deps } from '../../deps';
import { jobs } from '../../jobs/jobs';
import { readStatement } from '../statements/statements.repo';
import { reconcile } from './ledger.service';
import { createLedgerMonthsAhead } from './partitions';

/**
 * Decision 0079 on a real PostgreSQL: a database at migration 0088 holding ledger history of several past months
 * and this one converts in place (0089) to ledger_entries partitioned by month; the books reconcile, a past
 * month's statement adds up, the guards hold on the table and on a partition named directly; an entry of a month
 * with no partition lands in the DEFAULT partition and moves to its month when the month is made; the daily job
 * makes the months ahead once; a month detached for archive leaves its sums, and the books still reconcile.
 */

let old: OldDatabase;
let url: string;
let owner: pg.Pool;
let database: Database;
let app: Database;
let member: string;
let admin: string;
let accounts: { deposit: string; cash: string; treasury: string };
const before: { rows: unknown[]; transactions: unknown[] } = { rows: [], transactions: [] };

/** The first day (UTC) of the month `k` months from now (negative: past). */
const monthOf = (k: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + k, 1));
};
const partOf = (d: Date) => `ledger_entries_${d.toISOString().slice(0, 7).replace('-', '_')}`;
const at = (k: number, day = 15) => new Date(monthOf(k).getTime() + (day - 1) * 86_400_000);

/** The history: a deposit to the member in each of these months (months from now), amount 100 × (months ago + 1). */
const HISTORY = [-8, -7, -6, -5, -4, 0];

async function q(text: string, values: unknown[] = []) {
  return owner.query(text, values);
}

/** One balanced transaction of `amount` from `from` to `to` at `when`, as the owner, in one statement. */
async function post(key: string, from: string, to: string, amount: number, when: Date, pool = owner) {
  await pool.query(
    `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind, created_at) VALUES ($1, 'deposit', $5) RETURNING id)
     INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
     SELECT tx.id, $2::bigint, -$4::bigint, $5 FROM tx UNION ALL SELECT tx.id, $3::bigint, $4::bigint, $5 FROM tx`,
    [key, from, to, amount, when.toISOString()],
  );
}

async function partitions(parent = 'ledger_entries'): Promise<string[]> {
  const { rows } = await q(
    `SELECT c.relname FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
     WHERE i.inhparent = $1::regclass ORDER BY 1`,
    [parent],
  );
  return rows.map((r) => r.relname as string);
}
/** The transactions' partition of the month `d` is in (decision 0097). */
const txPartOf = (d: Date) => partOf(d).replace('ledger_entries_', 'ledger_transactions_');
const transactions = async () =>
  (await q('SELECT id, idempotency_key, kind, created_at FROM ledger_transactions ORDER BY id')).rows;

const entries = async () =>
  (await q('SELECT id, transaction_id, account_id, amount, created_at FROM ledger_entries ORDER BY id')).rows;

beforeAll(async () => {
  // The database as it was at 0088, with the tree of then (before the archive's tables and guards existed).
  old = await databaseAt('0088', async (tree) => {
    // The view as it was before 0089: without the archived months' sums (their table comes with 0089).
    const view = (await readFile(path.join(tree, 'views/ledger_balances.sql'), 'utf8'))
      .split('\n')
      .filter((line) => !/ledger_archived_sums|detached for archive/.test(line))
      .join('\n');
    await writeFile(path.join(tree, 'views/ledger_balances.sql'), view);
    // The members' search text as it was kept before 0097 (without the username's own column, which 0097 adds).
    await writeFile(
      path.join(tree, 'functions/member_search_keep.sql'),
      `CREATE OR REPLACE FUNCTION public.member_search_keep() RETURNS trigger LANGUAGE plpgsql AS $function$
BEGIN
  INSERT INTO member_search (user_id, text)
  VALUES (NEW.id, member_search_text(NEW.username, NEW.email, NEW.fullname, NEW.refferal_code, NEW.phone))
  ON CONFLICT (user_id) DO UPDATE SET text = excluded.text WHERE member_search.text IS DISTINCT FROM excluded.text;
  RETURN NULL;
END $function$;
`,
    );
  });
  url = old.url;
  owner = old.owner;

  const users = await q(
    `INSERT INTO users (username, email, password_hash, fullname, refferal_code, role) VALUES
       ('pam', 'pam@example.com', 'h', 'Pam Member', 'PAM1', 'user'),
       ('ada', 'ada@example.com', 'h', 'Ada Admin', 'ADA1', 'admin') RETURNING id`,
  );
  member = String(users.rows[0].id);
  admin = String(users.rows[1].id);
  const acc = await q(
    `INSERT INTO ledger_accounts (owner_id, kind, asset, balance, allow_negative) VALUES
       ($1, 'deposit', 'USD', 0, false), (NULL, 'cash', 'USD', 0, true), (NULL, 'treasury', 'USD', 0, true)
     RETURNING id`,
    [member],
  );
  accounts = {
    deposit: String(acc.rows[0].id),
    cash: String(acc.rows[1].id),
    treasury: String(acc.rows[2].id),
  };
  let total = 0;
  for (const k of HISTORY) {
    const amount = 100 * (1 - k);
    await post(`history:${k}`, accounts.cash, accounts.deposit, amount, at(k, k === 0 ? 1 : 15));
    total += amount;
  }
  await q('UPDATE ledger_accounts SET balance = $2 WHERE id = $1', [accounts.deposit, total]);
  before.rows = await entries();
  before.transactions = await transactions();

  // The conversion, as a running database is upgraded.
  await old.upgrade();
  database = connect(url, 2);
  app = connect(appUrlOf(url, inject('pgAppPassword')), 2);
}, 120_000);

afterAll(async () => {
  await database?.close();
  await app?.close();
  await old?.close();
});

describe('ledger entries by month (decision 0079)', () => {
  it('converts in place: every row kept in its month, a partition from the oldest month to three ahead', async () => {
    const parts = await partitions();
    const months: string[] = [];
    for (let k = -8; k <= 3; k++) months.push(partOf(monthOf(k)));
    expect(parts).toEqual([...months, 'ledger_entries_default'].sort());
    expect(await entries()).toEqual(before.rows);
    for (const k of HISTORY) {
      const { rows } = await q(`SELECT amount FROM ${partOf(monthOf(k))} WHERE amount > 0`);
      expect(rows).toEqual([{ amount: BigInt(100 * (1 - k)) }]);
    }
    expect((await q('SELECT count(*)::int AS n FROM ledger_entries_default')).rows[0].n).toBe(0);
    // The sequence goes on from where it was.
    await post('after', accounts.cash, accounts.treasury, 5, new Date());
    const ids = (await entries()).map((r) => BigInt(r.id));
    expect(ids.at(-1)).toBeGreaterThan(BigInt((before.rows.at(-1) as { id: string }).id));
    const { relkind } = (await q("SELECT relkind FROM pg_class WHERE relname = 'ledger_entries'")).rows[0];
    expect(relkind).toBe('p');
  });

  it('converts the transactions in place too (0103): their months beside the entries, their keys kept whole', async () => {
    const months: string[] = [];
    for (let k = -8; k <= 3; k++) months.push(txPartOf(monthOf(k)));
    expect(await partitions('ledger_transactions')).toEqual(
      [...months, 'ledger_transactions_default'].sort(),
    );
    const now = await transactions();
    expect(now.slice(0, before.transactions.length)).toEqual(before.transactions);
    for (const k of HISTORY) {
      const { rows } = await q(
        `SELECT idempotency_key FROM ${txPartOf(monthOf(k))} WHERE idempotency_key LIKE 'history:%' ORDER BY id`,
      );
      expect(rows).toEqual([{ idempotency_key: `history:${k}` }]);
    }
    // Every transaction has its key (the same id and time), and no key is left without its transaction.
    const { rows: keys } = await q(
      `SELECT count(*)::int AS n,
              count(*) FILTER (WHERE t.id IS NULL OR t.created_at <> k.created_at OR t.idempotency_key <> k.idempotency_key)::int AS bad
       FROM ledger_transaction_keys k LEFT JOIN ledger_transactions t ON t.id = k.id`,
    );
    expect(keys[0]).toEqual({ n: now.length, bad: 0 });
    // A key posted before the conversion posts nothing after it.
    await expect(
      q("INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('history:-8', 'deposit')"),
    ).rejects.toThrow(/ledger_transaction_keys_pkey/);
    const answer = await app.pool.query(
      `SELECT transaction_id, created FROM ledger_post_many(ARRAY['history:-8'], ARRAY['deposit'], ARRAY[NULL]::text[],
         ARRAY[NULL]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL, ARRAY[1, 1], ARRAY[NULL, NULL]::bigint[],
         ARRAY['cash', 'treasury'], ARRAY['USD', 'USD'], ARRAY[1, -1]::bigint[])`,
    );
    expect(answer.rows).toEqual([
      { transaction_id: (before.transactions[0] as { id: bigint }).id, created: false },
    ]);
    // The guards: on the table, a month named directly and the DEFAULT partition; the app role only through the table.
    const month = txPartOf(monthOf(0));
    for (const table of ['ledger_transactions', month]) {
      await expect(q(`UPDATE ${table} SET memo = 'x'`)).rejects.toThrow(/append-only/);
      await expect(q(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
    }
    for (const table of ['ledger_transactions', month, 'ledger_transactions_default'])
      await expect(q(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
    await expect(app.pool.query(`SELECT count(*) FROM ${month}`)).rejects.toThrow(/permission denied/);
    // A transaction written into a month named directly still gets its key and its check.
    await q(`INSERT INTO ${month} (idempotency_key, kind) VALUES ('direct-month', 'test')`);
    expect(
      (
        await q(
          "SELECT count(*)::int AS n FROM ledger_transaction_keys WHERE idempotency_key = 'direct-month'",
        )
      ).rows[0].n,
    ).toBe(1);
    await expect(
      q(`INSERT INTO ${month} (idempotency_key, kind, member_id) VALUES ('direct-nobody', 'test', -5)`),
    ).rejects.toThrow(/names no user/);
  });

  it('reconciles, and a past month statement adds up', async () => {
    const r = await reconcile(database.db);
    expect(r.mismatches).toEqual([]);
    expect(r.unbalanced).toEqual([]);
    expect(r.derived_mismatches).toEqual([]);
    const s = await readStatement(database.db, BigInt(member), 'deposit', monthOf(-6), monthOf(-5));
    expect(s.opening).toBe(900n + 800n);
    expect(s.rows.map((x) => x.amount)).toEqual([700n]);
    expect(s.closing).toBe(900n + 800n + 700n);
  });

  it('refuses an unbalanced set, a change and a truncation on the table and on a partition named directly', async () => {
    const month = partOf(monthOf(0));
    await expect(
      q(
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('lopsided', 'test') RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount) SELECT tx.id, $1::bigint, 5 FROM tx`,
        [accounts.cash],
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      q(
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('lopsided-part', 'test') RETURNING id)
         INSERT INTO ${month} (transaction_id, account_id, amount) SELECT tx.id, $1::bigint, 5 FROM tx`,
        [accounts.cash],
      ),
    ).rejects.toThrow(/does not balance/);
    // An entry not at its transaction's time (which keeps transaction and account unique with time in the key).
    await expect(
      q(
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('late', 'test') RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
         SELECT tx.id, $1::bigint, 5, now() - interval '1 day' FROM tx
         UNION ALL SELECT tx.id, $2::bigint, -5, now() - interval '1 day' FROM tx`,
        [accounts.cash, accounts.treasury],
      ),
    ).rejects.toThrow(/not at its transaction's time/);
    for (const table of ['ledger_entries', month]) {
      await expect(q(`UPDATE ${table} SET amount = amount * 2`)).rejects.toThrow(/append-only/);
      await expect(q(`DELETE FROM ${table}`)).rejects.toThrow(/append-only/);
    }
    // TRUNCATE is refused whatever the partition holds (the DEFAULT one is empty here).
    for (const table of ['ledger_entries', month, 'ledger_entries_default'])
      await expect(q(`TRUNCATE ${table}`)).rejects.toThrow(/append-only/);
    // The app role appends through the table only.
    await expect(app.pool.query(`SELECT count(*) FROM ${month}`)).rejects.toThrow(/permission denied/);
    await expect(app.pool.query('DELETE FROM ledger_entries')).rejects.toThrow(/permission denied/);
    expect(await entries()).toHaveLength(before.rows.length + 2);
  });

  it('keeps an entry of a month with no partition in the DEFAULT partition, and moves it when its month is made', async () => {
    const far = monthOf(40);
    await post('far', accounts.cash, accounts.treasury, 7, new Date(far.getTime() + 86_400_000));
    expect((await q('SELECT amount FROM ledger_entries_default ORDER BY amount')).rows).toEqual([
      { amount: -7n },
      { amount: 7n },
    ]);
    expect((await q('SELECT ledger_partition_create($1) AS made', [far])).rows[0].made).toBe(true);
    expect((await q('SELECT count(*)::int AS n FROM ledger_entries_default')).rows[0].n).toBe(0);
    expect((await q(`SELECT amount FROM ${partOf(far)} ORDER BY amount`)).rows).toEqual([
      { amount: -7n },
      { amount: 7n },
    ]);
    await expect(q(`DELETE FROM ${partOf(far)}`)).rejects.toThrow(/append-only/);
    await expect(q(`TRUNCATE ${partOf(far)}`)).rejects.toThrow(/append-only/);
    expect((await q('SELECT ledger_partition_create($1) AS made', [far])).rows[0].made).toBe(false);
    expect((await reconcile(database.db)).unbalanced).toEqual([]);
  });

  it('the daily job makes the months ahead, once, as the app role', async () => {
    const job = jobs.find((j) => j.name === 'ledger-partitions-daily');
    if (!job) throw new Error('the ledger partitions job is not registered');
    // The last month ahead is not there yet (empty ones, dropped by the owner): both tables' months are made.
    const last = [txPartOf(monthOf(3)), partOf(monthOf(3))];
    for (const table of last) await q(`DROP TABLE ${table}`);
    const run = () =>
      job.run({ db: app.db } as unknown as Deps, {}, new Date()) as Promise<{ made: string[] }>;
    // The parents' own statistics, which autovacuum never gathers for a partitioned table, are gathered again.
    const stats = async () =>
      (
        await q(
          `SELECT count(*)::int AS n FROM pg_statistic
           WHERE starelid IN ('ledger_entries'::regclass, 'ledger_transactions'::regclass) AND stainherit`,
        )
      ).rows[0].n as number;
    await q(
      `DELETE FROM pg_statistic WHERE starelid IN ('ledger_entries'::regclass, 'ledger_transactions'::regclass)`,
    );
    expect(await stats()).toBe(0);
    expect(await run()).toEqual({ made: last });
    expect(await stats()).toBeGreaterThan(10);
    expect(await run()).toEqual({ made: [] });
    expect(await partitions()).toContain(partOf(monthOf(3)));
    expect(await partitions('ledger_transactions')).toContain(txPartOf(monthOf(3)));
    for (const table of last) await expect(q(`TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
    // Two instances at once: the month is made once, neither fails.
    await q(`DROP TABLE ${partOf(monthOf(3))}`);
    const both = await Promise.all([run(), createLedgerMonthsAhead(database.db)]);
    expect(both.flatMap((b) => b.made)).toEqual([partOf(monthOf(3))]);
  });

  it('detaches an old month for archive, never a recent one, and the books are still explained', async () => {
    for (const k of [0, -1, -2, 2])
      await expect(q('SELECT ledger_partition_detach($1, $2)', [monthOf(k), admin])).rejects.toThrow(
        /may not be detached/,
      );
    await expect(app.pool.query('SELECT ledger_partition_detach($1)', [monthOf(-6)])).rejects.toThrow(
      /permission denied/,
    );
    const month = partOf(monthOf(-6));
    expect((await q('SELECT ledger_partition_detach($1, $2) AS t', [at(-6), admin])).rows[0].t).toBe(month);
    expect(await partitions()).not.toContain(month);
    // The detached table keeps its rows and its guards.
    expect((await q(`SELECT amount FROM ${month} ORDER BY amount`)).rows).toEqual([
      { amount: -700n },
      { amount: 700n },
    ]);
    for (const change of [
      `UPDATE ${month} SET amount = 1`,
      `DELETE FROM ${month}`,
      `TRUNCATE ${month}`,
      `INSERT INTO ${month} SELECT * FROM ${month}`,
    ])
      await expect(q(change)).rejects.toThrow(/append-only/);
    expect(
      (
        await q(
          'SELECT month, table_name, entries, transactions_table, transactions FROM ledger_archived_months',
        )
      ).rows,
    ).toEqual([
      {
        month: expect.anything(),
        table_name: month,
        entries: 2n,
        transactions_table: txPartOf(monthOf(-6)),
        transactions: 1n,
      },
    ]);
    // The month's transactions left with it, read only; their keys stay, so the key posts nothing again.
    const txMonth = txPartOf(monthOf(-6));
    expect(await partitions('ledger_transactions')).not.toContain(txMonth);
    expect((await q(`SELECT idempotency_key FROM ${txMonth}`)).rows).toEqual([
      { idempotency_key: 'history:-6' },
    ]);
    for (const change of [
      `UPDATE ${txMonth} SET memo = 'x'`,
      `DELETE FROM ${txMonth}`,
      `TRUNCATE ${txMonth}`,
      `INSERT INTO ${txMonth} SELECT * FROM ${txMonth}`,
    ])
      await expect(q(change)).rejects.toThrow(/append-only/);
    const again = await app.pool.query(
      `SELECT created FROM ledger_post_many(ARRAY['history:-6'], ARRAY['deposit'], ARRAY[NULL]::text[],
         ARRAY[NULL]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL, ARRAY[1, 1], ARRAY[NULL, NULL]::bigint[],
         ARRAY['cash', 'treasury'], ARRAY['USD', 'USD'], ARRAY[1, -1]::bigint[])`,
    );
    expect(again.rows).toEqual([{ created: false }]);
    expect(
      (await q("SELECT actor_id, entity_id FROM audit_log WHERE action = 'ledger.month_detached'")).rows,
    ).toEqual([{ actor_id: BigInt(admin), entity_id: month }]);
    await expect(q('SELECT ledger_partition_detach($1)', [monthOf(-6)])).rejects.toThrow(/no partition/);
    // The entries left no longer hold the month; its sums do.
    const r = await reconcile(database.db);
    expect(r.mismatches).toEqual([]);
    expect(r.unbalanced).toEqual([]);
    expect(r.earned_mismatches).toEqual([]);
    expect(r.derived_mismatches).toEqual([]);
    const platform = await q('SELECT balance FROM ledger_balances WHERE id = $1', [accounts.cash]);
    expect(platform.rows[0].balance).toBe(BigInt(-(900 + 800 + 700 + 600 + 500 + 100 + 5 + 7)));
    await expect(q('DELETE FROM ledger_archived_sums')).rejects.toThrow(/append-only/);
    // Statements: a later month opens with the archived month's sum, an earlier one closes to the balance with
    // it, and the archived month itself is not read from the entries left.
    const later = await readStatement(database.db, BigInt(member), 'deposit', monthOf(-5), monthOf(-4));
    expect(later.opening).toBe(900n + 800n + 700n);
    expect(later.rows.map((x) => x.amount)).toEqual([600n]);
    const earlier = await readStatement(database.db, BigInt(member), 'deposit', monthOf(-7), monthOf(-6));
    expect([earlier.opening, earlier.closing]).toEqual([900n, 900n + 800n]);
    await expect(
      readStatement(database.db, BigInt(member), 'deposit', at(-6, 10), monthOf(-5)),
    ).rejects.toThrow(/moved to the archive/);
  });
});
