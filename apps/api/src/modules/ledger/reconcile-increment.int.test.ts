import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import { type PastMovement, writePastLedger } from '../reports/history.fixture';
import { reconcile } from './ledger.service';
import { reconcileIncrement } from './reconcile-increment';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(async () => {
  await t.close();
});

const HOUR = 3_600_000;
const U = parseUnits('1');
const hoursAgo = (h: number) => new Date(Date.now() - h * HOUR);
const floorHour = (d: Date) => new Date(Math.floor(d.getTime() / HOUR) * HOUR);

/** A day of movements for `owners` from `from` hours ago, one every 20 minutes: deposits, ROI, transfers. */
function movements(owners: bigint[], from: number, count: number): PastMovement[] {
  return Array.from({ length: count }, (_, i): PastMovement => {
    const owner = owners[Math.floor(i / 3) % owners.length] as bigint;
    const at = new Date(Date.now() - from * HOUR + i * 20 * 60_000);
    if (i % 3 === 0) return { at, owner, wallet: 'deposit', amount: 40n * U, kind: 'deposit' };
    if (i % 3 === 1)
      return { at, owner, wallet: 'non_working', amount: 2n * U, kind: 'income', incomeType: 'roi_income' };
    return {
      at,
      owner,
      wallet: 'deposit',
      amount: -U,
      kind: 'transfer',
      counterpart: { owner: owners[(Math.floor(i / 3) + 1) % owners.length] as bigint, wallet: 'deposit' },
    };
  });
}

describe('the incremental reconciliation (decision 0086)', () => {
  it('checks only what was written since its last run, and finds what disagrees there', async () => {
    const owners = [
      (await buildMember(t.deps)).id,
      (await buildMember(t.deps)).id,
      (await buildMember(t.deps)).id,
    ];
    const later = [(await buildMember(t.deps)).id, (await buildMember(t.deps)).id];
    await writePastLedger(t.url, movements(owners, 30, 24));
    const full = await reconcile(t.deps.db);
    expect(full.mismatches).toEqual([]);

    // The first run reads all history up to its watermark, the last closable hour before `upto`.
    const first = await reconcileIncrement(t.deps.db, hoursAgo(20));
    expect(first).toMatchObject({ ran: true, from: null, through: floorHour(hoursAgo(20)), mismatches: [] });
    const everyAccount = await sqlOn(
      t.url,
      `SELECT count(DISTINCT e.account_id)::int AS n FROM ledger_entries e
       JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL`,
    );
    expect(first.accounts).toBe(everyAccount.rows[0]?.n);
    // Nothing new before the same watermark: not run again.
    expect(await reconcileIncrement(t.deps.db, hoursAgo(20))).toMatchObject({
      ran: false,
      through: first.through,
    });

    // Later history for two other members, and a deposit now (after the next watermark: in the balance already).
    await writePastLedger(t.url, movements(later, 10, 12));
    await fundDeposit(t.deps, owners[0] as bigint, '7');
    await fundDeposit(t.deps, later[0] as bigint, '7');
    const second = await reconcileIncrement(t.deps.db, hoursAgo(2));
    expect(second).toMatchObject({
      ran: true,
      from: first.through,
      through: floorHour(hoursAgo(2)),
      mismatches: [],
    });
    // Only the accounts with new entries: the later members' deposit and ROI wallets, and owners[0]'s deposit wallet.
    expect(second.accounts).toBe(5);
    expect(second.transactions).toBe(14);
    const kept = await sqlOn(
      t.url,
      `SELECT sum(amount)::bigint AS amount FROM ledger_reconciled r JOIN ledger_accounts a ON a.id = r.account_id
       WHERE a.owner_id = $1 AND a.kind = 'deposit'`,
      [later[0]],
    );
    const before = await sqlOn(
      t.url,
      `SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'`,
      [later[0]],
    );
    // The deposit of now is not yet among the checked sums (those of the hours before it are): it lies after the
    // watermark.
    expect(BigInt(kept.rows[0]?.amount)).toBe(BigInt(before.rows[0]?.balance) - 7n * U);

    // A balance moved without an entry, a total_earned changed, an unbalanced transaction: each found once its
    // account is touched again.
    const [a, b] = later as [bigint, bigint];
    await sqlOn(
      t.url,
      `UPDATE ledger_accounts SET balance = balance + 1 WHERE owner_id = $1 AND kind = 'deposit'`,
      [a],
    );
    await sqlOn(t.url, 'UPDATE users SET total_earned = total_earned + 5 WHERE id = $1', [b]);
    await writePastLedger(t.url, [
      { at: hoursAgo(1.5), owner: a, wallet: 'deposit', amount: U, kind: 'deposit' },
      {
        at: hoursAgo(1.4),
        owner: b,
        wallet: 'non_working',
        amount: U,
        kind: 'income',
        incomeType: 'roi_income',
      },
    ]);
    await sqlOn(
      t.url,
      `BEGIN;
       SET LOCAL session_replication_role = replica;
       WITH tx AS (
         INSERT INTO ledger_transactions (idempotency_key, kind, member_id, memo, created_at)
         VALUES ('increment-unbalanced', 'adjustment', ${a}, 'tampered', now() - interval '80 minutes') RETURNING id, created_at)
       INSERT INTO ledger_entries (transaction_id, account_id, amount, created_at)
       SELECT tx.id, (SELECT id FROM ledger_accounts WHERE owner_id IS NULL AND kind = 'cash' AND asset = 'USD'), 3, tx.created_at
       FROM tx RETURNING transaction_id;
       COMMIT`,
    );
    const third = await reconcileIncrement(t.deps.db, new Date(Date.now() + 2 * HOUR));
    expect(third.ran).toBe(true);
    expect(third.mismatches).toHaveLength(3);
    expect(third.mismatches.some((m) => /^account \d+: balance /.test(m))).toBe(true);
    expect(third.mismatches.some((m) => m.startsWith(`member ${b}: total_earned `))).toBe(true);
    expect(third.mismatches.some((m) => /^transaction \d+ USD: sums to 3$/.test(m))).toBe(true);
    // Recorded, each run with its window and findings.
    const runs = await sqlOn(
      t.url,
      'SELECT from_at, through, jsonb_array_length(mismatches) AS n FROM ledger_reconcile_runs ORDER BY id',
    );
    expect(runs.rows.map((r) => Number(r.n))).toEqual([0, 0, 3]);
    expect(runs.rows[0]?.from_at).toBeNull();
    expect(runs.rows[2]?.from_at).toEqual(second.through);
    // Through the API, newest first, for an admin (the money area); a member is refused.
    const admin = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    const res = await t.app.inject({ url: '/api/v1/ledger/reconciliation/runs', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    const listed = res.json().runs as { from_at: string | null; through: string; mismatches: string[] }[];
    expect(listed.map((r) => r.mismatches.length)).toEqual([3, 0, 0]);
    expect(listed[0]).toMatchObject({
      from_at: second.through.toISOString(),
      transactions: third.transactions,
    });
    expect(listed[2]?.from_at).toBeNull();
    const member = await tokenFor(t.app, await buildMember(t.deps));
    const refused = await t.app.inject({
      url: '/api/v1/ledger/reconciliation/runs',
      headers: bearer(member),
    });
    expect(refused.statusCode).toBe(403);
    // The full reconciliation, reading all history, finds the same three.
    const all = await reconcile(t.deps.db);
    expect([all.mismatches.length, all.earned_mismatches.length, all.unbalanced.length]).toEqual([1, 1, 1]);
    // Undone, so that the ledger reconciles again when the app closes.
    await sqlOn(
      t.url,
      `BEGIN;
       SET LOCAL session_replication_role = replica;
       UPDATE ledger_accounts SET balance = balance - 1 WHERE owner_id = ${a} AND kind = 'deposit';
       UPDATE users SET total_earned = total_earned - 5 WHERE id = ${b};
       DELETE FROM ledger_entries WHERE transaction_id = (SELECT id FROM ledger_transactions WHERE idempotency_key = 'increment-unbalanced');
       DELETE FROM ledger_transactions WHERE idempotency_key = 'increment-unbalanced';
       COMMIT`,
    );

    // A folded figure that differs from the entries is found too, once its account has a new entry.
    const account = `(SELECT id FROM ledger_accounts WHERE owner_id = ${a} AND kind = 'deposit')`;
    const figure = (amount: number) =>
      sqlOn(
        t.url,
        `INSERT INTO ledger_account_sums_live (account_id, source, income, credit, entries, amount)
         VALUES (${account}, 'deposit', false, true, 0, ${amount})`,
      );
    await figure(1);
    await writePastLedger(t.url, [
      { at: new Date(Date.now() + 2.5 * HOUR), owner: a, wallet: 'deposit', amount: U, kind: 'deposit' },
    ]);
    const fourth = await reconcileIncrement(t.deps.db, new Date(Date.now() + 4 * HOUR));
    expect(fourth.mismatches).toHaveLength(1);
    expect(fourth.mismatches[0]).toMatch(
      /^account \d+ deposit credits: kept \d+ \/ \d+, entries \d+ \/ \d+$/,
    );
    await figure(-1);
  });
});
