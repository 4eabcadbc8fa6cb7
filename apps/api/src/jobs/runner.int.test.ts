import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { jobs, previousMonth } from './jobs';
import { type JobRunner, startJobs } from './runner';

let t: TestApp;
let runner: JobRunner;
beforeAll(async () => {
  t = await buildTestApp();
  runner = await startJobs(t.deps, t.url, jobs, { schedule: true, pollingIntervalSeconds: 0.5 });
});
afterAll(async () => {
  await runner.stop();
  await t.close();
});

describe('scheduled jobs on the PostgreSQL queue', () => {
  it('declares every scheduled job with a UTC schedule and knows last month', () => {
    const scheduled = jobs.filter((j) => j.cron !== undefined);
    expect(scheduled.map((j) => j.name)).toContain('deposits-chain-minutely');
    for (const j of scheduled) expect(j.cron?.split(' ')).toHaveLength(5);
    // The per-deposit check runs only when queued.
    expect(jobs.find((j) => j.name === 'deposit-verify')?.cron).toBeUndefined();
    expect(previousMonth(new Date('2026-01-01T00:30:00Z'))).toBe('2025-12');
    expect(previousMonth(new Date('2026-11-21T10:00:00Z'))).toBe('2026-10');
  });

  it('runs the salary job from the queue, and running it twice pays once', async () => {
    const m = await buildMember(t.deps);
    await sqlOn(
      t.url,
      "UPDATE users SET active_directs = 5, active_plan = $2, is_active = 'active' WHERE id = $1",
      [m.id, parseUnits('1000')],
    );
    await runner.boss.send('salary-monthly', { month: '2026-10' });
    await runner.boss.send('salary-monthly', { month: '2026-10' });
    const deadline = Date.now() + 20_000;
    let jobsDone = 0;
    while (Date.now() < deadline) {
      const { rows } = await sqlOn(
        t.url,
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name = 'salary-monthly' AND state = 'completed'",
      );
      jobsDone = rows[0]?.n ?? 0;
      if (jobsDone >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(jobsDone).toBe(2);
    const paid = await sqlOn(
      t.url,
      "SELECT paid FROM salary_payments WHERE user_id = $1 AND month = '2026-10'",
      [m.id],
    );
    expect(paid.rows).toEqual([{ paid: parseUnits('25') }]);
    // Each run queued the marks and the memo pieces at its end (decision 0093), which ran at once: the salary's memo
    // is pieced without waiting for the pieces' next minute.
    let followed: { name: string; n: number }[] = [];
    while (Date.now() < deadline) {
      followed = (
        await sqlOn(
          t.url,
          `SELECT name, count(*)::int AS n FROM pgboss.job
           WHERE data->>'after' = 'salary-monthly' AND state = 'completed' GROUP BY 1 ORDER BY 1`,
        )
      ).rows;
      if (followed.every((f) => f.n >= 2) && followed.length === 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(followed).toEqual([
      { name: 'ledger-marks-minutely', n: 2 },
      { name: 'ledger-memo-pieces-minutely', n: 2 },
    ]);
    const pieced = await sqlOn(
      t.url,
      `SELECT (SELECT pieced_until FROM ledger_memo_pieces_state) > max(t.created_at) AS covered
       FROM ledger_transactions t WHERE t.income_type = 'salary'`,
    );
    expect(pieced.rows).toEqual([{ covered: true }]);
    const schedules = await sqlOn(t.url, 'SELECT name, cron, timezone FROM pgboss.schedule ORDER BY name');
    expect(schedules.rows).toEqual([
      { name: 'audit-partitions-daily', cron: '6 1 * * *', timezone: 'UTC' },
      { name: 'cto-monthly', cron: '45 0 1 * *', timezone: 'UTC' },
      { name: 'deposits-chain-minutely', cron: '* * * * *', timezone: 'UTC' },
      { name: 'deposits-reorg-recheck', cron: '* * * * *', timezone: 'UTC' },
      { name: 'earned-marks-hourly', cron: '25 * * * *', timezone: 'UTC' },
      { name: 'identity-documents-retention-daily', cron: '25 1 * * *', timezone: 'UTC' },
      { name: 'income-holds-daily', cron: '10 0 * * *', timezone: 'UTC' },
      { name: 'ledger-figures-minutely', cron: '* * * * *', timezone: 'UTC' },
      { name: 'ledger-marks-minutely', cron: '* * * * *', timezone: 'UTC' },
      { name: 'ledger-memo-pieces-minutely', cron: '* * * * *', timezone: 'UTC' },
      { name: 'ledger-partitions-daily', cron: '5 1 * * *', timezone: 'UTC' },
      { name: 'ledger-reconcile-hourly', cron: '20 * * * *', timezone: 'UTC' },
      { name: 'payouts-hot', cron: '* * * * *', timezone: 'UTC' },
      { name: 'payouts-reconcile-daily', cron: '40 1 * * *', timezone: 'UTC' },
      { name: 'payouts-reorg-recheck', cron: '* * * * *', timezone: 'UTC' },
      { name: 'privacy-retention-daily', cron: '35 1 * * *', timezone: 'UTC' },
      { name: 'proof-of-liabilities-daily', cron: '20 0 * * *', timezone: 'UTC' },
      { name: 'reward-windows-daily', cron: '5 0 * * *', timezone: 'UTC' },
      { name: 'salary-monthly', cron: '30 0 1 * *', timezone: 'UTC' },
      { name: 'sanctions-refresh-daily', cron: '50 1 * * *', timezone: 'UTC' },
      { name: 'solvency-daily', cron: '40 0 * * *', timezone: 'UTC' },
      { name: 'team-counters-daily', cron: '15 1 * * *', timezone: 'UTC' },
    ]);
  });

  it('runs the CTO and team-counter jobs from the queue', async () => {
    await runner.boss.send('cto-monthly', { month: '2026-10' });
    await runner.boss.send('team-counters-daily', {});
    const deadline = Date.now() + 20_000;
    let done = 0;
    while (Date.now() < deadline) {
      const { rows } = await sqlOn(
        t.url,
        "SELECT count(*)::int AS n FROM pgboss.job WHERE name IN ('cto-monthly', 'team-counters-daily') AND state = 'completed'",
      );
      done = rows[0]?.n ?? 0;
      if (done >= 2) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(done).toBe(2);
    // nobody qualifies for CTO here, so the month stays unpaid rather than closed
    expect((await sqlOn(t.url, 'SELECT count(*)::int AS n FROM cto_payouts')).rows[0]?.n).toBe(0);
    const check = await sqlOn(t.url, 'SELECT checked FROM counter_checks ORDER BY id DESC LIMIT 1');
    expect(check.rows[0]?.checked).toBeGreaterThan(0);
  });

  it('lets an admin run a month by hand and read the salary lists', async () => {
    const admin = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
    const m = await buildMember(t.deps);
    await sqlOn(
      t.url,
      "UPDATE users SET active_directs = 10, active_plan = $2, is_active = 'active' WHERE id = $1",
      [m.id, parseUnits('1000')],
    );
    const run = await t.app.inject({
      method: 'POST',
      url: '/api/v1/salary/run',
      headers: bearer(admin),
      payload: { month: '2026-09' },
    });
    expect(run.json().data).toMatchObject({ month: '2026-09', total: '85.00000000' });
    const list = (
      await t.app.inject({ url: '/api/v1/salary/user-salaries?month=2026-09', headers: bearer(admin) })
    ).json();
    expect(list).toMatchObject({ total: 2, total_pages: 1, current_page: 1 });
    const token = await tokenFor(t.app, m);
    const mine = (
      await t.app.inject({ url: `/api/v1/salary/user-history/${m.id}`, headers: bearer(token) })
    ).json();
    expect(mine.data.map((p: { paid: string }) => p.paid)).toEqual(['60.00000000']);
    const tiers = (await t.app.inject({ url: '/api/v1/salary/tier-stats', headers: bearer(admin) })).json()
      .data;
    expect(tiers.find((x: { directs: number }) => x.directs === 10).members).toBe(1);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: '/api/v1/salary/run',
          headers: bearer(token),
          payload: { month: '2026-09' },
        })
      ).statusCode,
    ).toBe(403);
  });
});
