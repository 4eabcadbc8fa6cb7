import { randomBytes } from 'node:crypto';
import type { SolvencyReport, SolvencyResponse } from '@sgx/contracts';
import { parseUnits } from '@sgx/money';
import fc from 'fast-check';
import { getAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { HistoryClock } from '../../db/demo/backdate';
import type { Deps } from '../../deps';
import type { Principal } from '../../http/principal';
import { jobs } from '../../jobs/jobs';
import { RoiService, WATCH_SECONDS } from '../income/roi.service';
import { cappedIncomeTypes } from '../ledger/income-types';
import { changePayoutAddress } from '../payouts/payout-address';

/**
 * The solvency report (decision 0068) of a small economy played over five past days through the real
 * services, every figure computed by hand below; and C, the headroom, equal to the sum of each member's own
 * earning-cap decision on generated members.
 *
 * The economy: plan "Test" costs 1,000, pays 0.5 % a day and 10 % to the sponsor; the cap is 3x.
 *   day 0: A deposits 3,000 and buys the plan; B (A's direct) deposits 2,000 and buys it: A earns 100 direct.
 *   day 1: A and B claim 5 each; A earns 0.5 of level income (10 % of B's 5).
 *   day 2: A withdraws 50 from working income (10 % fee), paid.
 * Owed now L0 = 5,000 - 2,000 + 100 + 5 + 5 + 0.5 - 50 = 3,060.5. Principal 2,000.
 * Headroom: A 3,000 - 105.5 = 2,894.5, B 3,000 - 5 = 2,995: C = 5,889.5; each one's own ROI fills at most
 * 1,000 x 0.5 % x 365 = 1,825 of it: ROI-driven 3,650, referral-driven 2,239.5.
 * Paid rate 50 / 5,000 = 0.01. Recruitment share (100 + 0.5) / 110.5 = 0.9095. Net positions (what withdrawals paid
 * them, net of the fee, + held - deposited): A 45 + 2,055.5 + 1,000 - 3,000 = 100.5, B 0 + 1,005 + 1,000 - 2,000 = 5:
 * Gini (-5 + 100.5) / (2 x 105.5) = 0.4526; nobody under water.
 */
let t: TestApp;
let admin: Built;
let adminToken: string;
let a: Built;
let b: Built;
const today = () => new Date().toISOString().slice(0, 10);
const member = (userId: bigint): Principal => ({ userId, role: 'user', sessionId: 0n, secondFactor: 'ok' });

async function play(deps: Deps): Promise<void> {
  const adminP: Principal = { userId: admin.id, role: 'admin', sessionId: 0n, secondFactor: 'ok' };
  await deps.settings.change(
    admin.id,
    { approvalThreshold: '1000000', soloDailyLimit: '1000000' },
    'test economy',
  );
  const plan = await deps.db
    .insertInto('plans')
    .values({
      name: 'Test',
      monthly_price: parseUnits('1000'),
      roi_day: parseUnits('0.5'),
      sponsor_bonus: parseUnits('10'),
      plan_period: 365,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  await deps.db
    .insertInto('videos')
    .values({ title: 'Daily', url: 'https://example.com/v', description: 'watch' })
    .execute();
  const clock = await HistoryClock.start(deps.db, 5, 'UTC');
  let now = clock.at(0, 0);
  const roi = new RoiService(deps.db, deps.settings, () => now);
  const deposit = async (who: Built, amount: string) => {
    const d = await deps.deposits.request(who.id, {
      amount: parseUnits(amount),
      currency: 'TRC20',
      hash: `0x${randomBytes(32).toString('hex')}`,
    });
    await deps.deposits.decide(adminP, d.id, { status: 'complete', user_id: d.user_id, note: 'seen' });
  };
  const buy = (who: Built) =>
    deps.topups.topup(member(who.id), {
      payer: who.id,
      receiver: who.id,
      planId: plan.id,
      amount: undefined,
      kind: 'topup',
      requestKey: `plan-${who.id}`,
    });
  const claim = async (who: Built, day: number) => {
    now = clock.at(day, 10);
    await roi.startWatch(member(who.id));
    now = clock.at(day, 10 + (WATCH_SECONDS + 5) / 3600);
    await roi.claim(member(who.id), who.id);
  };
  for (let day = 0; day < 5; day++) {
    await clock.beginDay(day);
    if (day === 0) {
      await deposit(a, '3000');
      await buy(a);
      await deposit(b, '2000');
      await buy(b);
    }
    if (day === 1) {
      await claim(a, 1);
      await claim(b, 1);
    }
    if (day === 2) {
      await deps.db.transaction().execute((tx) =>
        changePayoutAddress(tx, {
          userId: a.id,
          currency: 'BEP20',
          address: getAddress(`0x${randomBytes(20).toString('hex')}`),
          actorId: a.id,
          holdHours: '0',
        }),
      );
      const w = await deps.withdrawals.request(
        member(a.id),
        a.id,
        'working',
        { amount: parseUnits('50'), currency: 'BEP20' },
        { key: 'w-1', fingerprint: null },
      );
      await deps.withdrawals.decide(adminP, w.id, { status: 'complete', user_id: w.user_id, note: 'paid' });
    }
  }
  await clock.moveBack();
  await deps.settings.change(admin.id, { approvalThreshold: '1000', soloDailyLimit: '3000' }, 'test economy');
}

const build = async (): Promise<SolvencyReport> => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v1/admin/solvency/build',
    headers: bearer(adminToken),
    payload: {},
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().report;
};
const alertsNow = async () => {
  const res = await t.app.inject({ url: '/api/v1/admin/queue-counts', headers: bearer(adminToken) });
  return (res.json() as { alerts: { kind: string; message: string; link: string | null }[] }).alerts;
};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  a = await buildMember(t.deps);
  b = await buildMember(t.deps, { sponsorId: a.id });
  await t.asOwner(play);
}, 120_000);
afterAll(() => t?.close());

describe('the solvency report of a small economy', () => {
  let report: SolvencyReport;
  beforeAll(async () => {
    report = await build();
  });

  it('owes what the proof published, to the unit, and holds the principal beside it', async () => {
    expect(report.day).toBe(today());
    expect(report.owed_now).toBe('3060.50000000');
    expect(report.proof_total).toBe(report.owed_now);
    expect(report.owed_matches_proof).toBe(true);
    const proof = await sqlOn(t.url, 'SELECT total_usd FROM proof_trees WHERE day = $1', [today()]);
    expect(String(proof.rows[0]?.total_usd)).toBe(String(parseUnits('3060.5')));
    expect(report.principal).toBe('2000.00000000');
  });

  it('C: the headroom under the cap, split by what can fill it', () => {
    expect(report.earnable).toEqual({
      total: '5889.50000000',
      roi: '3650.00000000',
      referral: '2239.50000000',
      // CTO's bound at trend: 1 % of the plans of a day (2,000 / 30 = 66.66666666), 0.66666667 rounded, x 365
      cto_bound: '243.33333455',
    });
  });

  it('flows of the trailing windows, from the books', () => {
    const w = {
      deposits: '5000.00000000',
      plans: '2000.00000000',
      roi: '10.00000000',
      team: '100.50000000',
      withdrawals: '50.00000000',
      principal_withdrawals: '0.00000000',
    };
    expect(report.flows.last_7).toEqual(w);
    expect(report.flows.last_30).toEqual(w);
    expect(report.flows.prior_30.deposits).toBe('0.00000000');
    expect(report.flows.growth_30.deposits).toBeNull();
    expect(report.flows.growth_7.withdrawals).toBeNull();
  });

  it('health figures', async () => {
    expect(report.health).toEqual({
      paid_rate: '0.0100',
      new_money_dependence: null,
      recruitment_share: '0.9095',
      gini: '0.4526',
      under_water_share: '0.0000',
    });
    // Both joined on day 0 of the history (the backdating moved their sign-up there).
    const joined = await sqlOn(
      t.url,
      "SELECT DISTINCT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM') AS m FROM users WHERE id IN ($1, $2)",
      [String(a.id), String(b.id)],
    );
    expect(report.cohorts).toEqual([
      {
        join_month: joined.rows[0]?.m,
        members: 2,
        deposited: '5000.00000000',
        withdrawn: '45.00000000',
        held: '5060.50000000',
        net: '105.50000000',
        under_water: 0,
      },
    ]);
  });

  it('with no reserves proven, the no-new-money runway is zero days: owners are warned in the app and by e-mail', async () => {
    expect(report.reserves).toBe('0.00000000');
    expect(report.coverage).toBe('0.0000');
    const stopped = report.runway.find((r) => r.scenario === 'stopped');
    expect(stopped?.days_covered).toBe(0);
    expect(stopped?.first_short_day).toBe(today());
    expect(stopped?.points).toHaveLength(365);
    expect(report.alert).toMatchObject({ threshold_days: 90, runway_below: true, active: true });
    const alerts = await alertsNow();
    expect(alerts).toHaveLength(1);
    expect(alerts[0]?.link).toBe('/admin/solvency');
    expect(alerts[0]?.message).toContain('below the alert threshold of 90 days');
    const mails = await sqlOn(
      t.url,
      "SELECT to_address FROM mail_outbox WHERE subject = 'SocialGenX solvency warning'",
    );
    expect(mails.rows.map((r) => r.to_address)).toEqual([admin.email]);
  });

  it('recomputing keeps one row a day and mails the open warning once; proven reserves resolve it', async () => {
    await build();
    const mails = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM mail_outbox WHERE subject = 'SocialGenX solvency warning'",
    );
    expect(mails.rows[0]?.n).toBe(1);
    // A proven reserve of 1,000,000 read at the cut-off (as readReserves records one).
    await sqlOn(
      t.url,
      `WITH tr AS (SELECT id FROM proof_trees WHERE day = $1)
       , c AS (INSERT INTO proof_reserve_chains (tree_id, chain_id, status, block_number, block_hash)
               SELECT id, 56, 'read', 1, '0x' || repeat('ab', 32) FROM tr RETURNING tree_id)
       INSERT INTO proof_reserve_balances (tree_id, chain_id, address, balance)
       SELECT tree_id, 56, '0x' || repeat('cd', 20), $2 FROM c`,
      [today(), String(parseUnits('1000000'))],
    );
    const again = await build();
    expect(again.reserves).toBe('1000000.00000000');
    expect(again.coverage).toBe('326.7439');
    expect(again.runway.find((r) => r.scenario === 'stopped')?.first_short_day).toBeNull();
    expect(again.alert.active).toBe(false);
    expect(await alertsNow()).toEqual([]);
    const rows = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM solvency_reports');
    expect(rows.rows[0]?.n).toBe(1);
    const res = await t.app.inject({ url: '/api/v1/admin/solvency', headers: bearer(adminToken) });
    const body = res.json() as SolvencyResponse;
    expect(body.report?.reserves).toBe('1000000.00000000');
    expect(body.history).toEqual([
      {
        day: today(),
        owed_now: '3060.50000000',
        reserves: '1000000.00000000',
        coverage: '326.7439',
        days_covered_stopped: 365,
      },
    ]);
  });

  it('coverage falling seven days in a row warns the owners, and a day that does not fall ends it', async () => {
    // Seven earlier days, each with a little more coverage than the next (reserves 1,007,000 down to 1,001,000,
    // the same owed): with today's 1,000,000 that is seven falls in a row.
    await sqlOn(
      t.url,
      `INSERT INTO solvency_reports (day, cutoff, owed_now, proof_total, principal, earnable_roi, earnable_referral,
                                     cto_bound, reserves, days_covered_stopped, flows, runway, health, cohorts,
                                     threshold_days)
       SELECT $1::date - k, now() - k * interval '1 day', $2, $2, 0, 0, 0, 0, $3::bigint + k * $4::bigint, 365,
              '{}', '[]', '{}', '[]', 90
       FROM generate_series(1, 7) k`,
      [today(), String(parseUnits('3060.5')), String(parseUnits('1000000')), String(parseUnits('1000'))],
    );
    const falling = await build();
    expect(falling.alert).toMatchObject({ runway_below: false, coverage_falling_days: 7, active: true });
    expect((await alertsNow())[0]?.message).toContain('has fallen 7 days in a row');
    // Yesterday's coverage equal to today's: not a fall, so the run is broken and the warning ends.
    await sqlOn(t.url, 'UPDATE solvency_reports SET reserves = $2 WHERE day = $1::date - 1', [
      today(),
      String(parseUnits('1000000')),
    ]);
    const flat = await build();
    expect(flat.alert).toMatchObject({ coverage_falling_days: 0, active: false });
    expect(await alertsNow()).toEqual([]);
    await sqlOn(t.url, 'DELETE FROM solvency_reports WHERE day < $1::date', [today()]);
  });

  it('the public proof page reads coverage and the no-new-money runway, with no session', async () => {
    const res = await t.app.inject({ url: '/api/v1/solvency/public' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      day: today(),
      owed_now: '3060.50000000',
      reserves: '1000000.00000000',
      coverage: '326.7439',
      days_covered_stopped: 365,
      first_short_day: null,
      reserves_partial: false,
      threshold_days: 90,
      below_threshold: false,
    });
  });

  it('each member sees what they can still earn under their cap and their next ROI credit', async () => {
    const room = async (who: Built) =>
      (
        await t.app.inject({
          url: '/api/v1/income/earning-room',
          headers: bearer(await tokenFor(t.app, who)),
        })
      ).json();
    // A: 3,000 cap, 100 direct + 5 ROI + 0.5 level earned; their next claim pays 0.5 % of 1,000, open today.
    expect(await room(a)).toEqual({
      cap: '3000.00000000',
      earned: '105.50000000',
      can_still_earn: '2894.50000000',
      reason: null,
      next_roi: { amount: '5.00000000', rate_percent: '0.50000000', claimable: 'today' },
    });
    expect((await room(b)).can_still_earn).toBe('2995.00000000');
  });

  it('the daily job finds the day computed and changes nothing', async () => {
    const job = jobs.find((j) => j.name === 'solvency-daily');
    const r = (await job?.run(t.deps, {}, new Date())) as { built: boolean };
    expect(r.built).toBe(false);
  });

  it('the warning threshold is a setting only two admins change', async () => {
    const res = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: { ...bearer(adminToken), 'idempotency-key': `threshold-${randomBytes(6).toString('hex')}` },
      payload: { settings: { solvencyRunwayAlertDays: 30 }, reason: 'a shorter warning' },
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().settings.solvencyRunwayAlertDays).toBe(90);
    expect((await t.deps.settings.all()).solvencyRunwayAlertDays).toBe(90);
  });

  it('is for finance, compliance and owners only', async () => {
    const res = await t.app.inject({
      url: '/api/v1/admin/solvency',
      headers: bearer(await tokenFor(t.app, a)),
    });
    expect(res.statusCode).toBe(403);
    const anon = await t.app.inject({ url: '/api/v1/admin/solvency' });
    expect(anon.statusCode).toBe(401);
  });
});

describe("C is the sum of every member's own earning-cap decision", () => {
  it('on generated members (plans, earnings, states)', async () => {
    const cap = parseUnits('3');
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            plan: fc.bigInt({ min: 0n, max: 10n ** 13n }),
            earnedShare: fc.integer({ min: 0, max: 400 }),
            status: fc.constantFrom('unblock', 'block'),
            active: fc.constantFrom('active', 'inactive'),
            roi: fc.constantFrom('open', 'close'),
          }),
          { minLength: 1, maxLength: 30 },
        ),
        async (people) => {
          const ids: bigint[] = [];
          for (const p of people) {
            const m = await buildMember(t.deps);
            ids.push(m.id);
            const earned = (p.plan * BigInt(p.earnedShare)) / 100n;
            await sqlOn(
              t.url,
              `WITH u AS (UPDATE users SET active_plan = $2, total_earned = $3, status = $4, is_active = $5, roi_status = $6
                          WHERE id = $1 RETURNING id)
               INSERT INTO member_plans (user_id, plan_id, amount, started_at, ends_at)
               SELECT u.id, (SELECT min(id) FROM plans), $2, now() - interval '1 day', now() + interval '1 year' FROM u WHERE $2 > 0`,
              [m.id, String(p.plan), String(earned), p.status, p.active, p.roi],
            );
          }
          const set = await sqlOn(
            t.url,
            `SELECT coalesce(sum(headroom), 0)::text AS c FROM solvency_members(now(), $1, 365, $2::text[]) WHERE member_id = ANY($3::bigint[])`,
            [String(cap), [...cappedIncomeTypes], ids.map(String)],
          );
          let one = 0n;
          for (const id of ids) {
            const d = await sqlOn(
              t.url,
              `SELECT pay FROM income_decide($1, 9000000000000000000, 'roi', true, NULL, $2, NULL)`,
              [String(id), String(cap)],
            );
            one += BigInt(d.rows[0]?.pay ?? 0);
          }
          expect(BigInt(set.rows[0]?.c)).toBe(one);
          await sqlOn(
            t.url,
            "UPDATE member_plans SET status = $2, ended_at = now() - interval '2 days' WHERE user_id = ANY($1::bigint[])",
            [ids.map(String), 'ended'],
          );
          await sqlOn(
            t.url,
            "UPDATE users SET active_plan = 0, total_earned = 0, is_active = 'inactive' WHERE id = ANY($1::bigint[])",
            [ids.map(String)],
          );
        },
      ),
      { numRuns: 15 },
    );
  }, 120_000);
});
