import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from './ledger.service';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  expect(r.derived_mismatches).toEqual([]);
  await t.close();
});

const fund = (member: bigint, amount: string, key: string) =>
  t.deps.db.transaction().execute((tx) =>
    post(tx, {
      key,
      kind: 'deposit',
      memberId: member,
      entries: [
        { account: { owner: member, kind: 'deposit' }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
      ],
    }),
  );

const spend = (member: bigint, amount: string, key: string) =>
  t.deps.db.transaction().execute((tx) =>
    post(tx, {
      key,
      kind: 'withdrawal_hold',
      memberId: member,
      entries: [
        { account: { owner: member, kind: 'deposit' }, amount: -parseUnits(amount) },
        { account: { owner: null, kind: 'pending_withdrawals' }, amount: parseUnits(amount) },
      ],
    }),
  );

const balance = async (member: bigint, kind = 'deposit') =>
  (
    await sqlOn(t.url, 'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2', [
      member,
      kind,
    ])
  ).rows[0]?.balance as bigint | undefined;

describe('posting', () => {
  it('posts a balanced transaction once per idempotency key', async () => {
    const m = await buildMember(t.deps);
    const first = await fund(m.id, '125.5', `test-deposit:${m.id}`);
    const again = await fund(m.id, '125.5', `test-deposit:${m.id}`);
    expect(first.created).toBe(true);
    expect(again).toEqual({ transactionId: first.transactionId, created: false });
    expect(await balance(m.id)).toBe(parseUnits('125.5'));
  });

  it('refuses an unbalanced transaction, a zero entry and two postings to one account', async () => {
    const m = await buildMember(t.deps);
    const tx = (entries: { account: { owner: bigint | null; kind: 'deposit' | 'cash' }; amount: bigint }[]) =>
      t.deps.db.transaction().execute((x) => post(x, { key: `bad:${Math.random()}`, kind: 'test', entries }));
    await expect(
      tx([
        { account: { owner: m.id, kind: 'deposit' }, amount: 5n },
        { account: { owner: null, kind: 'cash' }, amount: -4n },
      ]),
    ).rejects.toThrow(/balance/);
    await expect(
      tx([
        { account: { owner: m.id, kind: 'deposit' }, amount: 0n },
        { account: { owner: null, kind: 'cash' }, amount: 0n },
      ]),
    ).rejects.toThrow(/zero/);
    await expect(
      tx([
        { account: { owner: m.id, kind: 'deposit' }, amount: 5n },
        { account: { owner: m.id, kind: 'deposit' }, amount: -5n },
      ]),
    ).rejects.toThrow(/twice/);
  });

  it('never takes a member account below zero, and rolls the whole transaction back', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '10', `fund:${m.id}`);
    await expect(spend(m.id, '10.00000001', `spend:${m.id}`)).rejects.toThrow('Insufficient balance.');
    expect(await balance(m.id)).toBe(parseUnits('10'));
    const row = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
      [`spend:${m.id}`],
    );
    expect(row.rows[0]?.n).toBe(0);
  });

  it('lets exactly one of 50 simultaneous spends of the whole balance through', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '100', `fund-race:${m.id}`);
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) => spend(m.id, '100', `race:${m.id}:${i}`)),
    );
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
    expect(await balance(m.id)).toBe(0n);
  });

  it('posts a key once when the same key arrives 20 times at once', async () => {
    const m = await buildMember(t.deps);
    const results = await Promise.all(Array.from({ length: 20 }, () => fund(m.id, '3', `same-key:${m.id}`)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => r.transactionId)).size).toBe(1);
    expect(await balance(m.id)).toBe(parseUnits('3'));
  });
});

describe('the database guards the ledger', () => {
  it('refuses to update or delete entries and transactions', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '1', `guard:${m.id}`);
    await expect(sqlOn(t.url, 'UPDATE ledger_entries SET amount = amount * 2')).rejects.toThrow(
      /append-only/,
    );
    await expect(sqlOn(t.url, 'DELETE FROM ledger_entries')).rejects.toThrow(/append-only/);
    await expect(sqlOn(t.url, "UPDATE ledger_transactions SET memo = 'x'")).rejects.toThrow(/append-only/);
  });

  it('refuses at commit an unbalanced set of entries written by hand, and a negative member balance', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '1', `hand:${m.id}`);
    await expect(
      sqlOn(
        t.url,
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('by-hand', 'test') RETURNING id)
         INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT tx.id, a.id, 5 FROM tx, ledger_accounts a WHERE a.owner_id = $1`,
        [m.id],
      ),
    ).rejects.toThrow(/does not balance/);
    await expect(
      sqlOn(t.url, 'UPDATE ledger_accounts SET balance = -1 WHERE owner_id = $1', [m.id]),
    ).rejects.toThrow(/check/);
  });

  it('refuses an entry naming no account or no transaction, and keeps accounts and transactions (0064)', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '2', `refs:${m.id}`);
    const noAccount = sqlOn(
      t.url,
      `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('refs-a-' || $1::bigint, 'test') RETURNING id)
       INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT tx.id, 999999999, 5 FROM tx
       UNION ALL SELECT tx.id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'cash'), -5 FROM tx`,
      [m.id],
    );
    await expect(noAccount).rejects.toMatchObject({
      code: '23503',
      message: expect.stringMatching(/names no account/),
    });
    const noTransaction = sqlOn(
      t.url,
      `INSERT INTO ledger_entries (transaction_id, account_id, amount)
       SELECT 999999999, a.id, 1 FROM ledger_accounts a WHERE a.owner_id = $1 AND a.kind = 'deposit'
       UNION ALL SELECT 999999999, a.id, -1 FROM ledger_accounts a WHERE a.owner_id IS NULL AND a.kind = 'cash'`,
      [m.id],
    );
    await expect(noTransaction).rejects.toMatchObject({
      code: '23503',
      message: expect.stringMatching(/names no transaction/),
    });
    await expect(sqlOn(t.url, 'DELETE FROM ledger_accounts WHERE owner_id = $1', [m.id])).rejects.toThrow(
      /append-only/,
    );
    for (const table of ['ledger_accounts', 'ledger_transactions'])
      await expect(sqlOn(t.url, `TRUNCATE ${table} CASCADE`)).rejects.toThrow(/append-only/);
    expect(await balance(m.id)).toBe(parseUnits('2'));
  });

  it('checks every transaction an INSERT statement touches, and an entry added later to a posted one', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '1.5', `stmt:${m.id}`);
    await spend(m.id, '0.5', `stmt-spend:${m.id}`); // the pending_withdrawals account exists from here
    // Two transactions in one statement, the second one unbalanced: the whole statement is refused.
    await expect(
      sqlOn(
        t.url,
        `WITH tx AS (INSERT INTO ledger_transactions (idempotency_key, kind)
                     VALUES ('stmt-a-' || $1::bigint, 'test'), ('stmt-b-' || $1::bigint, 'test') RETURNING id, idempotency_key),
              acc AS (SELECT id FROM ledger_accounts WHERE owner_id = $1::bigint AND kind = 'deposit')
         INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT tx.id, acc.id, v.amount FROM tx, acc,
           (VALUES ('stmt-a-', 3), ('stmt-b-', 4)) AS v(prefix, amount)
         WHERE tx.idempotency_key = v.prefix || $1::bigint
         UNION ALL
         SELECT tx.id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'cash'), -3
         FROM tx WHERE tx.idempotency_key = 'stmt-a-' || $1::bigint
         UNION ALL
         SELECT tx.id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'cash'), -5
         FROM tx WHERE tx.idempotency_key = 'stmt-b-' || $1::bigint`,
        [m.id],
      ),
    ).rejects.toThrow(/does not balance/);
    // One more entry on a transaction that was balanced: refused. Written later, it is not at its transaction's time,
    // which is what the check says first (decision 0097: it finds an entry's transaction at the entry's time).
    await expect(
      sqlOn(
        t.url,
        `INSERT INTO ledger_entries (transaction_id, account_id, amount)
         SELECT t.id, a.id, 1 FROM ledger_transactions t, ledger_accounts a
         WHERE t.idempotency_key = 'stmt:' || $1::bigint AND a.owner_id IS NULL AND a.kind = 'pending_withdrawals'`,
        [m.id],
      ),
    ).rejects.toThrow(/not at its transaction's time/);
    expect(await balance(m.id)).toBe(parseUnits('1'));
  });

  it('reconciliation finds a balance that does not match its entries', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '7', `recon:${m.id}`);
    expect((await reconcile(t.deps.db)).mismatches).toEqual([]);
    await sqlOn(t.url, 'UPDATE ledger_accounts SET balance = balance + 1 WHERE owner_id = $1', [m.id]);
    const bad = await reconcile(t.deps.db);
    expect(bad.mismatches).toHaveLength(1);
    expect(bad.mismatches[0]).toMatchObject({
      balance: String(parseUnits('7') + 1n),
      ledger: String(parseUnits('7')),
    });
    await sqlOn(t.url, 'UPDATE ledger_accounts SET balance = balance - 1 WHERE owner_id = $1', [m.id]);
  });
});
it('refuses a transaction or a CTO share naming no user, and keeps users and CTO payouts (0067)', async () => {
  const m = await buildMember(t.deps);
  for (const column of ['member_id', 'created_by'])
    await expect(
      sqlOn(
        t.url,
        `INSERT INTO ledger_transactions (idempotency_key, kind, ${column}) VALUES ('refs-u-' || $1::text, 'test', 999999999)`,
        [`${column}:${m.id}`],
      ),
    ).rejects.toMatchObject({ code: '23503', message: expect.stringMatching(/names no user 999999999/) });
  // Named members pass, many in one statement.
  await sqlOn(
    t.url,
    `INSERT INTO ledger_transactions (idempotency_key, kind, member_id, created_by)
       SELECT 'refs-ok-' || $1::bigint || '-' || i, 'test', $1::bigint, $1::bigint FROM generate_series(1, 3) i`,
    [m.id],
  );
  const payout = await sqlOn(
    t.url,
    "INSERT INTO cto_payouts (month, turnover, pool, members, share, status) VALUES ('1999-01', 0, 0, 1, 0, 'paid') RETURNING id",
  );
  const payoutId = payout.rows[0]?.id as bigint;
  await expect(
    sqlOn(t.url, 'INSERT INTO cto_shares (payout_id, user_id, amount) VALUES ($1, 999999999, 0)', [payoutId]),
  ).rejects.toMatchObject({ code: '23503' });
  await expect(
    sqlOn(t.url, 'INSERT INTO cto_shares (payout_id, user_id, amount) VALUES (999999999, $1, 0)', [m.id]),
  ).rejects.toMatchObject({ code: '23503' });
  await sqlOn(t.url, 'INSERT INTO cto_shares (payout_id, user_id, amount) VALUES ($1, $2, 0)', [
    payoutId,
    m.id,
  ]);
  await expect(sqlOn(t.url, 'DELETE FROM users WHERE id = $1', [m.id])).rejects.toThrow(/never deleted/);
  await expect(sqlOn(t.url, 'TRUNCATE users CASCADE')).rejects.toThrow(/never deleted|append-only/);
  expect((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM users WHERE id = $1', [m.id])).rows[0]?.n).toBe(
    1,
  );
  await expect(sqlOn(t.url, 'DELETE FROM cto_payouts WHERE id = $1', [payoutId])).rejects.toThrow(
    /never deleted/,
  );
});

describe('what the ledger keeps beside its entries (migration 0062)', () => {
  const kept = async (member: bigint) =>
    (
      await sqlOn(
        t.url,
        `SELECT s.source, s.credit, sum(s.entries)::int AS entries, sum(s.amount)::bigint AS amount
         FROM ledger_account_figures s
         JOIN ledger_accounts a ON a.id = s.account_id
         WHERE a.owner_id = $1 GROUP BY 1, 2 ORDER BY 1, 2`,
        [member],
      )
    ).rows;

  it("gives every entry its transaction's time and keeps a member account's figures through folds", async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '3', `kept-a:${m.id}`);
    await fund(m.id, '4', `kept-b:${m.id}`);
    await spend(m.id, '2.5', `kept-c:${m.id}`);
    const before = [
      { source: 'deposit', credit: true, entries: 2, amount: parseUnits('7') },
      { source: 'withdrawal_hold', credit: false, entries: 1, amount: -parseUnits('2.5') },
    ];
    expect(await kept(m.id)).toEqual(before);
    const times = await sqlOn(
      t.url,
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_transactions t ON t.id = e.transaction_id
       JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id = $1 AND e.created_at = t.created_at`,
      [m.id],
    );
    expect(times.rows[0]?.n).toBe(3);
    // A fold moves the appended rows into one row per figure; nothing is counted twice or lost.
    await sqlOn(t.url, 'SELECT account_sums_fold()');
    expect(await kept(m.id)).toEqual(before);
    const live = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_account_sums_live');
    expect(live.rows[0]?.n).toBe(0);
    await fund(m.id, '1', `kept-d:${m.id}`);
    expect((await kept(m.id))[0]).toEqual({
      source: 'deposit',
      credit: true,
      entries: 3,
      amount: parseUnits('8'),
    });
    expect((await reconcile(t.deps.db)).derived_mismatches).toEqual([]);
  });

  it('reconciliation finds a kept figure or an entry time that differs from the entries', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '5', `kept-bad:${m.id}`);
    await sqlOn(t.url, 'SELECT account_sums_fold()');
    const account = `(SELECT id FROM ledger_accounts WHERE owner_id = ${m.id} AND kind = 'deposit')`;
    await sqlOn(t.url, `UPDATE ledger_account_sums SET amount = amount + 1 WHERE account_id = ${account}`);
    const bad = await reconcile(t.deps.db);
    expect(bad.derived_mismatches).toHaveLength(1);
    expect(bad.derived_mismatches[0]).toContain('deposit credits');
    await sqlOn(t.url, `UPDATE ledger_account_sums SET amount = amount - 1 WHERE account_id = ${account}`);
    await sqlOn(
      t.url,
      `BEGIN;
       ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
       UPDATE ledger_entries SET created_at = created_at - interval '1 hour' WHERE account_id = ${account};
       ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
       COMMIT`,
    );
    const late = await reconcile(t.deps.db);
    expect(late.derived_mismatches).toHaveLength(1);
    expect(late.derived_mismatches[0]).toMatch(/^entry \d+: time /);
    await sqlOn(
      t.url,
      `BEGIN;
       ALTER TABLE ledger_entries DISABLE TRIGGER ledger_entries_append_only;
       UPDATE ledger_entries SET created_at = created_at + interval '1 hour' WHERE account_id = ${account};
       ALTER TABLE ledger_entries ENABLE TRIGGER ledger_entries_append_only;
       COMMIT`,
    );
    expect((await reconcile(t.deps.db)).derived_mismatches).toEqual([]);
  });
});

describe('the posting function (ledger_post_many, one round trip)', () => {
  it('refuses an overdraft of one unit in the database itself, leaving nothing behind', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '2', `fn-fund:${m.id}`);
    // Called directly, as a client that skipped every check of the application would.
    await expect(
      sqlOn(
        t.url,
        `SELECT * FROM ledger_post_many(ARRAY['fn-over:' || $1::bigint::text], ARRAY['test']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL,
           ARRAY[1, 1], ARRAY[$1::bigint, NULL]::bigint[], ARRAY['deposit', 'cash'], ARRAY['USD', 'USD'], ARRAY[-200000001, 200000001]::bigint[])`,
        [m.id],
      ),
    ).rejects.toThrow(/Insufficient balance/);
    expect(await balance(m.id)).toBe(parseUnits('2'));
    const left = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = 'fn-over:' || $1::bigint::text",
      [m.id],
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it('refuses at commit an unbalanced posting made through the function', async () => {
    const m = await buildMember(t.deps);
    await expect(
      sqlOn(
        t.url,
        `SELECT * FROM ledger_post_many(ARRAY['fn-unbalanced:' || $1::bigint::text], ARRAY['test']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL,
           ARRAY[1, 1], ARRAY[$1::bigint, NULL]::bigint[], ARRAY['deposit', 'cash'], ARRAY['USD', 'USD'], ARRAY[5, -4]::bigint[])`,
        [m.id],
      ),
    ).rejects.toThrow(/does not balance/);
    expect((await balance(m.id)) ?? 0n).toBe(0n);
  });

  it('refuses an account kind a member may not hold, and posts nothing', async () => {
    const m = await buildMember(t.deps);
    await expect(
      sqlOn(
        t.url,
        `SELECT * FROM ledger_post_many(ARRAY['fn-kind:' || $1::bigint::text], ARRAY['test']::text[], ARRAY[NULL]::text[], ARRAY[$1::bigint]::bigint[], ARRAY[NULL]::text[], ARRAY[NULL]::jsonb[], NULL,
           ARRAY[1, 1], ARRAY[$1::bigint, NULL]::bigint[], ARRAY['cash', 'cash'], ARRAY['USD', 'USD'], ARRAY[5, -5]::bigint[])`,
        [m.id],
      ),
    ).rejects.toThrow(/check constraint/);
  });

  it('keeps no balance on platform accounts: it is the sum of their entries, and takes no row lock', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '40', `plat-fund:${m.id}`);
    await spend(m.id, '15', `plat-spend:${m.id}`);
    const { rows } = await sqlOn(
      t.url,
      `SELECT b.kind, b.balance, a.balance AS kept,
              (SELECT coalesce(sum(amount), 0) FROM ledger_entries e WHERE e.account_id = b.id) AS entries
       FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.id WHERE b.owner_id IS NULL`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) {
      expect(BigInt(r.balance)).toBe(BigInt(r.entries));
      expect(BigInt(r.kept)).toBe(0n);
    }
    // Every asset's accounts still sum to zero, platform accounts included.
    const sums = await sqlOn(
      t.url,
      'SELECT asset, sum(balance)::text AS s FROM ledger_balances GROUP BY asset',
    );
    for (const r of sums.rows) expect(r.s).toBe('0');
    // A platform balance cannot be written by hand.
    await expect(
      sqlOn(t.url, "UPDATE ledger_accounts SET balance = 1 WHERE owner_id IS NULL AND kind = 'cash'"),
    ).rejects.toThrow(/ledger_accounts_platform_derived/);
  });

  it('lets unrelated members post to one platform account at the same time without waiting on each other', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => buildMember(t.deps)));
    for (const m of members) await fund(m.id, '5', `par-fund:${m.id}`);
    // Member A holds an open transaction that has posted to pending_withdrawals; B, C and D must not wait on it.
    const [a, ...rest] = members as [
      Awaited<ReturnType<typeof buildMember>>,
      ...Awaited<ReturnType<typeof buildMember>>[],
    ];
    let release!: () => void;
    const held = new Promise<void>((r) => {
      release = r;
    });
    let posted!: () => void;
    const aPosted = new Promise<void>((r) => {
      posted = r;
    });
    const open = t.deps.db.transaction().execute(async (tx) => {
      await post(tx, {
        key: `par-a:${a.id}`,
        kind: 'withdrawal_hold',
        entries: [
          { account: { owner: a.id, kind: 'deposit' }, amount: -parseUnits('1') },
          { account: { owner: null, kind: 'pending_withdrawals' }, amount: parseUnits('1') },
        ],
      });
      posted();
      await held;
    });
    await aPosted;
    const others = await Promise.race([
      Promise.all(rest.map((m) => spend(m.id, '1', `par-other:${m.id}`))).then(() => 'done' as const),
      new Promise<'blocked'>((r) => setTimeout(() => r('blocked'), 5_000)),
    ]);
    release();
    await open;
    expect(others).toBe('done');
  });
});

describe('admin edit of Business Balance', () => {
  it('posts an audited adjustment for the difference instead of overwriting, once per idempotency key', async () => {
    const admin = await buildAdmin(t.deps);
    const token = await tokenFor(t.app, admin, 'admin');
    const m = await buildMember(t.deps);
    await fund(m.id, '40', `edit-fund:${m.id}`);
    const put = (value: string, key: string) =>
      t.app.inject({
        method: 'PUT',
        url: `/api/v1/users/${m.id}`,
        headers: { ...bearer(token), 'idempotency-key': key },
        payload: { business_balance: value, reason: 'bonus correction' },
      });
    const res = await put('100.25', 'edit-key-0001');
    expect(res.statusCode).toBe(200);
    // Business is everything credited into the wallet: the 40 deposit and the 60.25 adjustment.
    expect(res.json().singleuser).toMatchObject({
      business_balance: '100.25000000',
      business: '100.25000000',
    });
    expect((await put('100.25', 'edit-key-0001')).json().singleuser.business_balance).toBe('100.25000000');
    const adj = await sqlOn(
      t.url,
      "SELECT memo, created_by FROM ledger_transactions WHERE kind = 'adjustment' AND member_id = $1",
      [m.id],
    );
    expect(adj.rows).toEqual([{ memo: 'admin edit: bonus correction', created_by: admin.id }]);
    const audit = await sqlOn(
      t.url,
      "SELECT before, after FROM audit_log WHERE action = 'member.update' AND entity_id = $1 ORDER BY id",
      [String(m.id)],
    );
    expect(audit.rows).toHaveLength(1); // the retried save changed nothing and wrote nothing
    expect(audit.rows[0]).toMatchObject({
      before: { business_balance: '40.00000000' },
      after: { business_balance: '100.25000000' },
    });

    const down = await put('0', 'edit-key-0002');
    expect(down.json().singleuser).toMatchObject({
      business_balance: '0.00000000',
      business: '100.25000000',
    });
    expect((await put('-5', 'edit-key-0003')).statusCode).toBe(400);
    expect((await put('1.123456789', 'edit-key-0004')).statusCode).toBe(400);
    const recon = await t.app.inject({ url: '/api/v1/ledger/reconciliation', headers: bearer(token) });
    expect(recon.json()).toMatchObject({ ok: true, mismatches: [] });
  });
});

describe('the application role', () => {
  it('may append to the ledger but not change it, even with the triggers out of the way', async () => {
    const { sql } = await import('kysely');
    await expect(sql`UPDATE ledger_entries SET amount = amount`.execute(t.deps.db)).rejects.toThrow(
      /permission denied/,
    );
    await expect(sql`DELETE FROM ledger_transactions`.execute(t.deps.db)).rejects.toThrow(
      /permission denied/,
    );
    const { rows } = await sql<{ role: string }>`SELECT current_user AS role`.execute(t.deps.db);
    expect(rows[0]?.role).toBe('sgx_app');
  });
});

describe('the money functions and the planner', () => {
  it('tells the planner every set-returning money function returns one row, not the default thousand', async () => {
    // The ROI claim's (db/functions/roi_claim.sql) with the rest.
    const moneyFunctions = [
      'income_decide',
      'ledger_post_many',
      'roi_claim',
      'token_trade',
      'token_trade_keyed',
      'transfer_touser',
      'withdrawal_request',
    ];
    const { rows } = await sqlOn(
      t.url,
      `SELECT proname, prorows::int AS rows FROM pg_proc
       WHERE proname = ANY($1) AND proretset ORDER BY proname, prorows`,
      [moneyFunctions],
    );
    expect(new Set(rows.map((r) => r.proname))).toEqual(new Set(moneyFunctions));
    expect(rows.every((r) => r.rows === 1)).toBe(true);
  });
});

/**
 * Decision 0097: ledger_transactions is partitioned by month, and a transaction's idempotency key has its home for
 * all time in ledger_transaction_keys (key, id, time), which the records naming a transaction reference: a key posts
 * once, alone, at once from many connections, and in a batch; every writer's transaction gets its key; a key naming
 * another transaction is refused; the keys cannot be changed; a transaction lands in its month's partition.
 */
const keyRows = async (like: string) =>
  (
    await sqlOn(
      t.url,
      `SELECT k.idempotency_key AS key, k.id, k.created_at = t.created_at AS timed
       FROM ledger_transaction_keys k LEFT JOIN ledger_transactions t ON t.id = k.id
       WHERE k.idempotency_key LIKE $1 ORDER BY k.id`,
      [like],
    )
  ).rows as { key: string; id: bigint; timed: boolean | null }[];

describe('ledger transaction keys (decision 0097)', () => {
  it('posts a key once: again, and at once from ten connections, the first transaction answers', async () => {
    const m = await buildMember(t.deps);
    const first = await fund(m.id, '3', `keys-once:${m.id}`);
    expect(first.created).toBe(true);
    expect(await fund(m.id, '3', `keys-once:${m.id}`)).toEqual({
      transactionId: first.transactionId,
      created: false,
    });

    const results = await Promise.all(Array.from({ length: 10 }, () => fund(m.id, '2', `keys-race:${m.id}`)));
    expect(results.filter((r) => r.created)).toHaveLength(1);
    expect(new Set(results.map((r) => String(r.transactionId))).size).toBe(1);
    const rows = await keyRows(`keys-%:${m.id}`);
    expect(rows).toEqual([
      { key: `keys-once:${m.id}`, id: first.transactionId, timed: true },
      { key: `keys-race:${m.id}`, id: results[0]?.transactionId, timed: true },
    ]);
    const { rows: balance } = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [m.id],
    );
    expect(balance[0]?.balance).toBe(parseUnits('5'));
  });

  it('a batch posts its new keys and answers a key posted before with its first transaction', async () => {
    const m = await buildMember(t.deps);
    const before = await fund(m.id, '1', `keys-batch:${m.id}:b`);
    const { rows: owner } = await sqlOn(
      t.url,
      "SELECT id FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [m.id],
    );
    expect(owner).toHaveLength(1);
    const keys = ['a', 'b', 'c'].map((k) => `keys-batch:${m.id}:${k}`);
    const { rows } = await sqlOn(
      t.url,
      `SELECT posting, transaction_id, created FROM ledger_post_many(
         $1::text[], ARRAY['deposit', 'deposit', 'deposit'], ARRAY[NULL, NULL, NULL]::text[],
         ARRAY[$2, $2, $2]::bigint[], ARRAY[NULL, NULL, NULL]::text[], ARRAY[NULL, NULL, NULL]::jsonb[], NULL,
         ARRAY[1, 1, 2, 2, 3, 3], ARRAY[$2, NULL, $2, NULL, $2, NULL]::bigint[],
         ARRAY['deposit', 'cash', 'deposit', 'cash', 'deposit', 'cash'], ARRAY['USD', 'USD', 'USD', 'USD', 'USD', 'USD'],
         ARRAY[100, -100, 200, -200, 300, -300]::bigint[]) ORDER BY posting`,
      [keys, m.id],
    );
    expect(rows.map((r) => [r.posting, r.created])).toEqual([
      [1, true],
      [2, false],
      [3, true],
    ]);
    expect(rows[1]?.transaction_id).toBe(before.transactionId);
    // b's key was posted first (by id), then a's and c's.
    expect((await keyRows(`keys-batch:${m.id}:%`)).map((r) => [r.key, r.timed])).toEqual(
      [keys[1], keys[0], keys[2]].map((k) => [k, true]),
    );
    // The key posted before moved nothing again: 1 USD, then 100 and 300 units.
    const { rows: balance } = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [m.id],
    );
    expect(balance[0]?.balance).toBe(parseUnits('1') + 400n);
    // A key twice in one batch is refused and leaves nothing.
    await expect(
      sqlOn(
        t.url,
        `SELECT * FROM ledger_post_many(ARRAY['keys-twice:${m.id}', 'keys-twice:${m.id}'], ARRAY['test', 'test'],
           ARRAY[NULL, NULL]::text[], ARRAY[NULL, NULL]::bigint[], ARRAY[NULL, NULL]::text[],
           ARRAY[NULL, NULL]::jsonb[], NULL, ARRAY[1, 1, 2, 2], ARRAY[NULL, NULL, NULL, NULL]::bigint[],
           ARRAY['cash', 'treasury', 'cash', 'treasury'], ARRAY['USD', 'USD', 'USD', 'USD'],
           ARRAY[1, -1, 1, -1]::bigint[])`,
      ),
    ).rejects.toThrow(/twice/);
    expect(await keyRows(`keys-twice:${m.id}`)).toEqual([]);
  });

  it("another writer's transaction gets its key; a key naming another transaction is refused", async () => {
    const { rows } = await sqlOn(
      t.url,
      `INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('keys-by-hand', 'test') RETURNING id`,
    );
    expect(await keyRows('keys-by-hand')).toEqual([{ key: 'keys-by-hand', id: rows[0]?.id, timed: true }]);
    await expect(
      sqlOn(t.url, `INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('keys-by-hand', 'test')`),
    ).rejects.toThrow(/ledger_transaction_keys_pkey/);
    // Two at once in one statement, and a key posted by ledger_post_many.
    const m = await buildMember(t.deps);
    await fund(m.id, '1', `keys-posted:${m.id}`);
    await expect(
      sqlOn(
        t.url,
        `INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ('keys-pair', 'test'), ('keys-pair', 'test')`,
      ),
    ).rejects.toThrow(/ledger_transaction_keys_pkey/);
    await expect(
      sqlOn(t.url, 'INSERT INTO ledger_transactions (idempotency_key, kind) VALUES ($1, $2)', [
        `keys-posted:${m.id}`,
        'test',
      ]),
    ).rejects.toThrow(/ledger_transaction_keys_pkey/);
    expect(await keyRows('keys-pair')).toEqual([]);
    const { rows: n } = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = ANY ($1)',
      [['keys-pair', `keys-posted:${m.id}`, 'keys-by-hand']],
    );
    expect(n[0]?.n).toBe(2);
  });

  it('keeps the keys as written, and the app role reads and adds only', async () => {
    const m = await buildMember(t.deps);
    await fund(m.id, '1', `keys-kept:${m.id}`);
    await expect(sqlOn(t.url, "UPDATE ledger_transaction_keys SET idempotency_key = 'x'")).rejects.toThrow(
      /append-only/,
    );
    await expect(sqlOn(t.url, 'DELETE FROM ledger_transaction_keys')).rejects.toThrow(/append-only/);
    await expect(sqlOn(t.url, 'TRUNCATE ledger_transaction_keys CASCADE')).rejects.toThrow(/append-only/);
    await expect(t.deps.db.deleteFrom('ledger_transaction_keys').execute()).rejects.toThrow(
      /permission denied/,
    );
    // A record naming a transaction names its key: one that was posted is taken, one never posted refused.
    const other = await buildMember(t.deps);
    const transfer = (id: bigint | number, key: string) =>
      sqlOn(
        t.url,
        `INSERT INTO transfers (kind, user_id, userto_id, amount, request_key, ledger_transaction_id)
         VALUES ('touser', $1, $2, 1, $3, $4)`,
        [m.id, other.id, key, id],
      );
    const { rows } = await sqlOn(t.url, 'SELECT id FROM ledger_transaction_keys WHERE idempotency_key = $1', [
      `keys-kept:${m.id}`,
    ]);
    await transfer(rows[0]?.id, `keys-ref-ok:${m.id}`);
    await expect(transfer(-1, `keys-ref-none:${m.id}`)).rejects.toThrow(
      /transfers_ledger_transaction_id_fkey/,
    );
  });

  it("a transaction lands in its month's partition, the key in the table kept whole", async () => {
    const m = await buildMember(t.deps);
    const { transactionId } = await fund(m.id, '1', `keys-month:${m.id}`);
    const { rows } = await sqlOn(
      t.url,
      `SELECT t.tableoid::regclass::text AS part, to_char(t.created_at AT TIME ZONE 'UTC', 'YYYY_MM') AS month,
              (SELECT c.relkind::text FROM pg_class c WHERE c.oid = 'ledger_transactions'::regclass) AS kind,
              (SELECT c.relkind::text FROM pg_class c WHERE c.oid = 'ledger_transaction_keys'::regclass) AS keys
       FROM ledger_transactions t WHERE t.id = $1`,
      [transactionId],
    );
    expect(rows).toEqual([
      { part: `ledger_transactions_${rows[0]?.month}`, month: expect.any(String), kind: 'p', keys: 'r' },
    ]);
  });
});
