import { amountOut } from '@sgx/contracts';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { randomHash } from '../../../test/money';
import { Rollups } from '../rollups/rollups';
import { resetRollups, writePastLedger, writePastRequest } from './history.fixture';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const U = 100_000_000n;

let t: TestApp;
let adminToken: string;
let rollups: Rollups;
const now = Date.now();
const today = Math.floor(now / DAY) * DAY;
const at = (ms: number) => new Date(ms);

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  rollups = new Rollups(t.deps.db);

  // Members registered over the last days, one of them deleted since, one blocked, one active.
  const times = [
    today - 3 * DAY + 10 * HOUR,
    today - 2 * DAY, // exactly midnight: counts on the day it starts
    today - DAY - 1, // the last millisecond of the day before yesterday
    today - DAY + 5 * HOUR + 59 * 60_000,
    now - 3 * HOUR,
    now - 20 * 60_000,
  ];
  const members = [];
  for (const when of times) {
    const m = await buildMember(t.deps);
    await sqlOn(t.url, 'UPDATE users SET created_at = $2 WHERE id = $1', [m.id, at(when)]);
    members.push(m);
  }
  const [a, b, c, d] = members.map((m) => m.id) as [bigint, bigint, bigint, bigint];
  await sqlOn(t.url, 'UPDATE users SET deleted_at = now() WHERE id = $1', [d]);
  await sqlOn(t.url, "UPDATE users SET status = 'block' WHERE id = $1", [b]);
  await sqlOn(t.url, "UPDATE users SET is_active = 'active', active_plan = $2 WHERE id = $1", [c, 50n * U]);

  // Money over the same days: funding, income (one reversed), a token movement (not USD).
  await writePastLedger(t.url, [
    { at: at(today - 3 * DAY + 11 * HOUR), owner: a, wallet: 'deposit', amount: 500n * U, kind: 'deposit' },
    {
      at: at(today - 3 * DAY + 23 * HOUR + 59 * 60_000),
      owner: a,
      wallet: 'non_working',
      amount: 2n * U,
      kind: 'income',
      incomeType: 'roi_income',
    },
    {
      at: at(today - 2 * DAY),
      owner: b,
      wallet: 'working',
      amount: 7n * U,
      kind: 'income',
      incomeType: 'level_month',
    },
    {
      at: at(today - 2 * DAY + HOUR),
      owner: b,
      wallet: 'working',
      amount: -3n * U,
      kind: 'reversal',
      incomeType: 'level_month',
    },
    { at: at(today - DAY + 2 * HOUR), owner: c, wallet: 'token', amount: 10n * U, kind: 'token_buy' },
    {
      at: at(now - 2 * HOUR),
      owner: c,
      wallet: 'non_working',
      amount: 3n * U,
      kind: 'income',
      incomeType: 'roi_income',
    },
    { at: at(now - 30 * 60_000), owner: a, wallet: 'deposit', amount: -100n * U, kind: 'adjustment' },
    {
      at: at(now - 5 * 60_000),
      owner: d,
      wallet: 'working',
      amount: 1n * U,
      kind: 'income',
      incomeType: 'direct_income',
    },
  ]);
  await writePastRequest(t.url, {
    table: 'deposits',
    user: a,
    amount: 500n * U,
    at: at(today - 3 * DAY + 11 * HOUR),
  });
  await writePastRequest(t.url, { table: 'deposits', user: b, amount: 40n * U, at: at(today - DAY) });
  await writePastRequest(t.url, { table: 'deposits', user: c, amount: 25n * U, at: at(now - HOUR) });
  await writePastRequest(t.url, { table: 'deposits', user: c, amount: 9n * U, at: null });
  await writePastRequest(t.url, {
    table: 'withdrawals',
    user: a,
    amount: 60n * U,
    at: at(today - 2 * DAY + 30 * 60_000),
  });
  await writePastRequest(t.url, {
    table: 'withdrawals',
    user: a,
    amount: 20n * U,
    at: at(now - 15 * 60_000),
  });
  await writePastRequest(t.url, { table: 'withdrawals', user: b, amount: 11n * U, at: null });

  // A deposit made through the app now.
  const m = members[4];
  if (!m) throw new Error('no member');
  const token = await tokenFor(t.app, m);
  const dep = await t.app.inject({
    method: 'POST',
    url: '/api/v1/deposite/add',
    headers: bearer(token),
    payload: { user_id: Number(m.id), amount: '33', currency: 'BEP20', hash: randomHash() },
  });
  expect(
    (
      await t.app.inject({
        method: 'PUT',
        url: `/api/v1/deposite/${dep.json().deposit.id}`,
        headers: bearer(adminToken),
        payload: { status: 'complete', user_id: Number(m.id) },
      })
    ).statusCode,
  ).toBe(200);

  // Nothing closed yet: the watermark before all of it, and known to the app.
  await resetRollups(t.url);
  rollups.forget();
  await rollups.fill(new Date(0));
});
afterAll(() => t.close());

/** The dashboard as it was computed before the rollups, by scanning the tables (UTC days). */
async function recount() {
  const todayAt = at(today);
  const q = async <R>(text: string, values: unknown[] = []) => (await sqlOn(t.url, text, values)).rows as R[];
  const [m] = await q<{ total: number; active: number; new_today: number; blocked: number }>(
    `SELECT count(*)::int AS total, count(*) FILTER (WHERE is_active = 'active')::int AS active,
            count(*) FILTER (WHERE created_at >= $1)::int AS new_today,
            count(*) FILTER (WHERE status = 'block')::int AS blocked
     FROM users WHERE role = 'user' AND deleted_at IS NULL`,
    [todayAt],
  );
  const [x] = await q<Record<string, bigint | number>>(
    `SELECT
      (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits WHERE status = 'complete') AS dep_total,
      (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits WHERE status = 'complete' AND decided_at >= $1) AS dep_today,
      (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals WHERE status = 'complete') AS wd_total,
      (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals WHERE status = 'complete' AND decided_at >= $1) AS wd_today,
      (SELECT count(*)::int FROM deposits WHERE status = 'pending') AS pd_count,
      (SELECT coalesce(sum(amount), 0)::bigint FROM deposits WHERE status = 'pending') AS pd_amount,
      (SELECT count(*)::int FROM withdrawals WHERE status = 'pending') AS pw_count,
      (SELECT coalesce(sum(amount), 0)::bigint FROM withdrawals WHERE status = 'pending') AS pw_amount,
      (SELECT coalesce(sum(active_plan), 0)::bigint FROM users WHERE deleted_at IS NULL) AS invested`,
    [todayAt],
  );
  const income = await q<{ income_type: string; total: string }>(
    `SELECT t.income_type, sum(e.amount)::bigint AS total
     FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
     JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
     WHERE t.income_type IS NOT NULL AND t.created_at >= $1 GROUP BY 1 ORDER BY 1`,
    [todayAt],
  );
  const daily = await q<{
    day: string;
    registrations: number;
    deposits: string;
    withdrawals: string;
    income: string;
  }>(
    `WITH days AS (SELECT generate_series(($1::timestamptz AT TIME ZONE 'UTC')::date - 29,
                                          ($1::timestamptz AT TIME ZONE 'UTC')::date, interval '1 day')::date AS day)
     SELECT to_char(d.day, 'YYYY-MM-DD') AS day,
       (SELECT count(*)::int FROM users u WHERE u.role = 'user' AND (u.created_at AT TIME ZONE 'UTC')::date = d.day) AS registrations,
       (SELECT coalesce(sum(credited_amount), 0)::bigint FROM deposits x WHERE x.status = 'complete' AND (x.decided_at AT TIME ZONE 'UTC')::date = d.day) AS deposits,
       (SELECT coalesce(sum(net), 0)::bigint FROM withdrawals w WHERE w.status = 'complete' AND (w.decided_at AT TIME ZONE 'UTC')::date = d.day) AS withdrawals,
       (SELECT coalesce(sum(e.amount), 0)::bigint FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
          JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
          WHERE t.income_type IS NOT NULL AND (t.created_at AT TIME ZONE 'UTC')::date = d.day) AS income
     FROM days d ORDER BY d.day`,
    [todayAt],
  );
  const money = (v: unknown) => amountOut(BigInt(v as bigint));
  if (!m || !x) throw new Error('recount returned nothing');
  return {
    members: m,
    money: {
      deposits_total: money(x.dep_total),
      deposits_today: money(x.dep_today),
      withdrawals_total: money(x.wd_total),
      withdrawals_today: money(x.wd_today),
      pending_deposits: { count: Number(x.pd_count), amount: money(x.pd_amount) },
      pending_withdrawals: { count: Number(x.pw_count), amount: money(x.pw_amount) },
      invested: money(x.invested),
    },
    income_today: income.map((r) => ({ income_type: r.income_type, total: money(r.total) })),
    daily: daily.map((d) => ({
      day: d.day,
      registrations: d.registrations,
      deposits: money(d.deposits),
      withdrawals: money(d.withdrawals),
      income: money(d.income),
    })),
  };
}

const stats = async () => {
  const res = await t.app.inject({ url: '/api/v1/admin/stats', headers: bearer(adminToken) });
  expect(res.statusCode).toBe(200);
  const { token_price: _price, ...rest } = res.json();
  return rest;
};

/** The rollups of closed hours and days against a recount of the tables. */
async function rollupsMatchRecount(): Promise<void> {
  const w = (await sqlOn(t.url, "SELECT closed_until FROM rollup_state WHERE name = 'hourly'")).rows[0]
    .closed_until as Date;
  const ledgerRecount = (grain: 'hour' | 'day') => `
    SELECT date_trunc('${grain}', t.created_at, 'UTC') AS period, a.asset, coalesce(t.income_type, t.kind) AS source,
           t.income_type IS NOT NULL AS income, e.amount > 0 AS credit, count(*)::bigint AS entries, sum(e.amount)::bigint AS amount
    FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
    JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
    WHERE t.created_at < $1 ${grain === 'day' ? "AND t.created_at < date_trunc('day', $1::timestamptz, 'UTC')" : ''}
    GROUP BY 1, 2, 3, 4, 5`;
  const ledgerStored = (grain: 'hour' | 'day') =>
    `SELECT period, asset, source, income, credit, entries, amount FROM ledger_rollups WHERE grain = '${grain}'`;
  const activityRecount = (grain: 'hour' | 'day') => `
    SELECT period, sum(r)::bigint AS registrations, sum(d)::bigint AS deposits, sum(w)::bigint AS withdrawals FROM (
      SELECT date_trunc('${grain}', created_at, 'UTC') AS period, count(*) AS r, 0 AS d, 0 AS w FROM users
        WHERE role = 'user' AND created_at < $1 GROUP BY 1
      UNION ALL SELECT date_trunc('${grain}', decided_at, 'UTC'), 0, sum(credited_amount), 0 FROM deposits
        WHERE status = 'complete' AND decided_at < $1 GROUP BY 1
      UNION ALL SELECT date_trunc('${grain}', decided_at, 'UTC'), 0, 0, sum(net) FROM withdrawals
        WHERE status = 'complete' AND decided_at < $1 GROUP BY 1) x
    WHERE ${grain === 'day' ? "period < date_trunc('day', $1::timestamptz, 'UTC')" : 'true'}
    GROUP BY 1`;
  const activityStored = (grain: 'hour' | 'day') =>
    `SELECT period, registrations, deposits, withdrawals FROM activity_rollups WHERE grain = '${grain}'`;
  for (const grain of ['hour', 'day'] as const) {
    for (const [a, b] of [
      [ledgerRecount(grain), ledgerStored(grain)],
      [activityRecount(grain), activityStored(grain)],
    ] as const) {
      const diff = await sqlOn(t.url, `(${a} EXCEPT ${b}) UNION ALL (${b} EXCEPT ${a})`, [w]);
      expect(diff.rows, `${grain}: ${a.slice(0, 40)}`).toEqual([]);
    }
  }
}

describe('dashboard figures from rollups', () => {
  it('equal a recount of the tables whatever has been closed: nothing, some days, some hours, everything', async () => {
    const expected = await recount();
    expect(expected.members.total).toBe(5);
    expect(await stats()).toEqual(expected);
    for (const upto of [
      today - 3 * DAY + 5 * HOUR + 30 * 60_000, // inside the first day
      today - 2 * DAY + 30 * 60_000, // just after a midnight
      today - DAY + 6 * HOUR, // inside yesterday
      today, // at midnight: yesterday closed as a day
      // Inside today (before 01:30 UTC no hour of today has closed yet: today's midnight again).
      Math.max(today, now - 90 * 60_000),
    ]) {
      const w = await rollups.fill(at(upto));
      expect(w.getTime()).toBe(Math.floor(upto / HOUR) * HOUR);
      await rollupsMatchRecount();
      expect(await stats(), new Date(upto).toISOString()).toEqual(expected);
    }
    // The figures were read from the rollups: a closed day changed by hand shows.
    const days = await sqlOn(
      t.url,
      "SELECT (SELECT count(*)::int FROM ledger_rollups WHERE grain = 'day') AS l, (SELECT count(*)::int FROM activity_rollups WHERE grain = 'day') AS a",
    );
    // Closed days exist (how many depends on the hour: in the first hours of a UTC day the history written
    // "hours ago" falls on the day before); that they equal a recount is rollupsMatchRecount's, above.
    expect(days.rows[0].l).toBeGreaterThanOrEqual(5);
    expect(days.rows[0].a).toBeGreaterThanOrEqual(3);
    await sqlOn(
      t.url,
      "UPDATE activity_rollups SET deposits = deposits + 1 WHERE grain = 'day' AND period = $1",
      [at(today - 3 * DAY)],
    );
    expect((await stats()).money.deposits_total).not.toBe(expected.money.deposits_total);
    await sqlOn(
      t.url,
      "UPDATE activity_rollups SET deposits = deposits - 1 WHERE grain = 'day' AND period = $1",
      [at(today - 3 * DAY)],
    );
  });

  it('fills idempotently, also when fillers run at once', async () => {
    const snapshot = async () =>
      (
        await sqlOn(
          t.url,
          `SELECT (SELECT json_agg(r ORDER BY grain, period, asset, source, income, credit) FROM ledger_rollups r) AS l,
                  (SELECT json_agg(r ORDER BY grain, period) FROM activity_rollups r) AS a,
                  (SELECT closed_until FROM rollup_state WHERE name = 'hourly') AS w`,
        )
      ).rows[0];
    const upto = at(now - 45 * 60_000);
    await rollups.fill(upto);
    const before = await snapshot();
    await rollups.fill(upto);
    await Promise.all([rollups.fill(upto), rollups.fill(upto), rollups.fill(upto)]);
    expect(await snapshot()).toEqual(before);
    await rollupsMatchRecount();
  });

  it('does not close an hour while a transaction from before its end is still open', async () => {
    const w0 = await rollups.fill(at(now - 45 * 60_000));
    const client = new pg.Client({ connectionString: t.url });
    await client.connect();
    try {
      await client.query('BEGIN');
      await client.query('SELECT 1');
      const started = (await client.query('SELECT now() AS s')).rows[0].s as Date;
      const w1 = await rollups.fill(at(now + 3 * HOUR));
      expect(w1.getTime()).toBeLessThanOrEqual(
        Math.max(w0.getTime(), Math.floor(started.getTime() / HOUR) * HOUR),
      );
      await client.query('COMMIT');
    } finally {
      await client.end();
    }
    const w2 = await rollups.fill(at(now + 3 * HOUR));
    expect(w2.getTime()).toBeGreaterThan(now);
    await rollupsMatchRecount();
    expect(await stats()).toEqual(await recount());
  });
});

describe('running member counts', () => {
  it('equal a recount through registrations, edits, activation, deletion and folding', async () => {
    const count = async () => {
      const r = (
        await sqlOn(
          t.url,
          `SELECT count(*)::int AS users, count(*) FILTER (WHERE role = 'user')::int AS members,
                  count(*) FILTER (WHERE role = 'user' AND is_active = 'active')::int AS active,
                  count(*) FILTER (WHERE role = 'user' AND status = 'block')::int AS blocked,
                  coalesce(sum(active_plan), 0)::bigint AS invested
           FROM users WHERE deleted_at IS NULL`,
        )
      ).rows[0];
      return { ...r, invested: BigInt(r.invested) };
    };
    expect(await rollups.tally()).toEqual(await count());
    const m = await buildMember(t.deps);
    const admin = await buildAdmin(t.deps);
    const edit = (payload: object) =>
      t.app.inject({ method: 'PUT', url: `/api/v1/users/${m.id}`, headers: bearer(adminToken), payload });
    expect((await edit({ status: 'block', block_reason: 'under review' })).statusCode).toBe(200);
    expect((await edit({ is_active: 'active' })).statusCode).toBe(200);
    expect((await edit({ is_active: 'active', status: 'block' })).statusCode).toBe(200);
    await sqlOn(t.url, 'UPDATE users SET active_plan = active_plan + $2 WHERE id = $1', [m.id, 70n * U]);
    await sqlOn(t.url, "UPDATE users SET role = 'admin' WHERE id = $1", [admin.id]);
    expect(await rollups.tally()).toEqual(await count());
    expect(
      (await t.app.inject({ method: 'DELETE', url: `/api/v1/users/${m.id}`, headers: bearer(adminToken) }))
        .statusCode,
    ).toBe(200);
    expect(await rollups.tally()).toEqual(await count());
    const rowsBefore = (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM member_tally')).rows[0].n;
    expect(rowsBefore).toBeGreaterThan(1);
    await rollups.foldTally();
    expect((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM member_tally')).rows[0].n).toBe(1);
    expect(await rollups.tally()).toEqual(await count());
    const s = await stats();
    const c = await count();
    expect(s.members).toMatchObject({ total: c.members, active: c.active, blocked: c.blocked });
    expect(s.money.invested).toBe(amountOut(c.invested));
  });
});

describe("the writers' live figures (db/functions/ledger_entries_statement.sql)", () => {
  /** The live rows of the hours at and after the watermark, summed, against a recount of the ledger. */
  async function liveMatchesRecount(): Promise<void> {
    const group = 'period, asset, source, income, credit';
    const live = `SELECT ${group}, sum(entries)::bigint AS entries, sum(amount)::bigint AS amount FROM ledger_rollup_live
      WHERE period >= (SELECT closed_until FROM rollup_state WHERE name = 'hourly') GROUP BY 1, 2, 3, 4, 5`;
    const recount = `SELECT date_trunc('hour', t.created_at, 'UTC') AS period, a.asset, coalesce(t.income_type, t.kind) AS source,
        t.income_type IS NOT NULL AS income, e.amount > 0 AS credit, count(*)::bigint AS entries, sum(e.amount)::bigint AS amount
      FROM ledger_transactions t JOIN ledger_entries e ON e.transaction_id = t.id
      JOIN ledger_accounts a ON a.id = e.account_id AND a.owner_id IS NOT NULL
      WHERE t.created_at >= (SELECT closed_until FROM rollup_state WHERE name = 'hourly') GROUP BY 1, 2, 3, 4, 5`;
    const diff = await sqlOn(t.url, `(${live} EXCEPT ${recount}) UNION ALL (${recount} EXCEPT ${live})`);
    expect(diff.rows).toEqual([]);
  }

  it('are added by every posting, survive folding, and are what the screens read', async () => {
    // Nothing closed again (earlier tests closed hours ahead of now), the live rows rebuilt from the ledger;
    // the postings below reach them only through the trigger.
    await resetRollups(t.url);
    rollups.forget();
    await rollups.fill(at(now - 45 * 60_000));
    const m = await buildMember(t.deps);
    const token = await tokenFor(t.app, m);
    const other = await buildMember(t.deps);
    for (const amount of ['40', '25']) {
      const dep = await t.app.inject({
        method: 'POST',
        url: '/api/v1/deposite/add',
        headers: bearer(token),
        payload: { user_id: Number(m.id), amount, currency: 'BEP20', hash: randomHash() },
      });
      const done = await t.app.inject({
        method: 'PUT',
        url: `/api/v1/deposite/${dep.json().deposit.id}`,
        headers: bearer(adminToken),
        payload: { status: 'complete', user_id: Number(m.id) },
      });
      expect(done.statusCode).toBe(200);
    }
    const moved = await t.app.inject({
      method: 'POST',
      url: '/api/v1/transfer/touser',
      headers: bearer(token),
      payload: { user_id: Number(m.id), userto_id: Number(other.id), amount: '7' },
    });
    expect([200, 201]).toContain(moved.statusCode);
    const rows = async () =>
      Number((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_rollup_live')).rows[0]?.n);
    expect(await rows()).toBeGreaterThan(0);
    await liveMatchesRecount();
    expect(await stats()).toEqual(await recount());

    // A fold (each fill) sums each open hour's rows into one per group and drops the closed hours.
    const before = await rows();
    rollups.forget();
    await rollups.fill(at(now - 45 * 60_000));
    const groups = Number(
      (
        await sqlOn(
          t.url,
          'SELECT count(*)::int AS n FROM (SELECT DISTINCT period, asset, source, income, credit FROM ledger_rollup_live) g',
        )
      ).rows[0]?.n,
    );
    expect(await rows()).toBe(groups);
    expect(groups).toBeLessThan(before);
    await liveMatchesRecount();
    expect(await stats()).toEqual(await recount());
    const list = await t.app.inject({ url: '/api/v1/tr/all?limit=5', headers: bearer(adminToken) });
    const counted = await sqlOn(
      t.url,
      `SELECT count(*)::int AS n FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id
       JOIN users u ON u.id = a.owner_id WHERE a.asset = 'USD'`,
    );
    expect(list.json().total).toBe(counted.rows[0]?.n);

    // Another process closes every hour and folds (dropping the live rows of those hours) while this
    // one still holds its older watermark: the figures read are the same, between the fill and the fold too (the
    // closed hours' live rows still there: db/functions/ledger_hours.sql reads them from the rollups).
    await sqlOn(t.url, "SELECT rollup_fill(now() + interval '3 hours')");
    expect(Number((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_rollup_live')).rows[0]?.n)).toBe(
      groups,
    );
    expect(await stats()).toEqual(await recount());
    expect(
      (await t.app.inject({ url: '/api/v1/tr/all?limit=5', headers: bearer(adminToken) })).json().total,
    ).toBe(counted.rows[0]?.n);
    await sqlOn(t.url, 'SELECT rollup_live_fold()');
    expect(Number((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_rollup_live')).rows[0]?.n)).toBe(
      0,
    );
    expect(await stats()).toEqual(await recount());
    expect(
      (await t.app.inject({ url: '/api/v1/tr/all?limit=5', headers: bearer(adminToken) })).json().total,
    ).toBe(counted.rows[0]?.n);
  });
});
