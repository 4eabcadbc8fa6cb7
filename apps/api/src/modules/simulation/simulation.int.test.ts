import { parseUnits } from '@sgx/money';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';
import type { Deps } from '../../deps';
import type { Principal } from '../../http/principal';
import { RoiService, WATCH_SECONDS } from '../income/roi.service';
import { currentRules } from '../rules/rule-versions';
import { creditedSince } from './simulation.fixture';
import { proposedRules, replay, versionsInForce } from './simulation.replay';
import { simulate } from './simulation.service';

/**
 * The plan-change simulator (decision 0069). First its fidelity: an economy played through the real services (top-ups,
 * daily claims, level and direct income under the cap) replayed under the rules that were in force gives back every
 * member's credits of every type, to the unit. Then a proposal on a tiny economy gives the differences computed by
 * hand.
 */

const member = (userId: bigint): Principal => ({ userId, role: 'user', sessionId: 0n, secondFactor: 'ok' });
const DAY_MS = 86_400_000;
const BASE = Date.parse('2030-01-01T10:00:00Z');

/** The services of an economy: plans, buying, claiming on a day of a fake calendar (the business date). */
async function economy(deps: Deps) {
  await deps.db
    .insertInto('videos')
    .values({ title: 'Daily', url: 'https://example.com/v', description: 'watch' })
    .execute();
  let now = new Date(BASE);
  const roi = new RoiService(deps.db, deps.settings, () => now);
  const plan = async (name: string, price: string, roiDay: string, bonus: string) =>
    (
      await deps.db
        .insertInto('plans')
        .values({
          name,
          monthly_price: parseUnits(price),
          roi_day: parseUnits(roiDay),
          sponsor_bonus: parseUnits(bonus),
          plan_period: 365,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
  let n = 0;
  const buy = async (who: Built, planId: bigint, amount: string, kind: 'topup' | 'retopup' = 'topup') => {
    await fundDeposit(deps, who.id, amount);
    await deps.topups.topup(member(who.id), {
      payer: who.id,
      receiver: who.id,
      planId,
      amount: parseUnits(amount),
      kind,
      requestKey: `buy-${who.id}-${n++}`,
    });
  };
  const claim = async (who: Built, day: number) => {
    now = new Date(BASE + day * DAY_MS);
    await roi.startWatch(member(who.id));
    now = new Date(BASE + day * DAY_MS + (WATCH_SECONDS + 5) * 1000);
    return roi.claim(member(who.id), who.id);
  };
  return { plan, buy, claim };
}

const asRows = (rows: { member_id: bigint; income_type: string; paid: bigint }[]) =>
  rows
    .filter((r) => r.paid !== 0n)
    .map((r) => ({ member_id: String(r.member_id), income_type: r.income_type, paid: String(r.paid) }));

describe('fidelity: the history replayed under the rules in force gives back the real credits', () => {
  let t: TestApp;
  const from = new Date(Date.now() - 60_000);
  const people: Record<string, Built> = {};
  beforeAll(async () => {
    t = await buildTestApp();
    const deps = t.deps;
    const e = await economy(deps);
    // Plan X: 100, 40 % a day, 10 % to the sponsor; plan Y: 200, 10 % a day, 5 %. The cap is 3x; level 1 pays 10 %
    // and needs 1 active direct, level 2 5 % and 2, level 3 4 % and 3.
    const x = await e.plan('X', '100', '40', '10');
    const y = await e.plan('Y', '200', '10', '5');
    const a = await buildMember(deps);
    const b = await buildMember(deps, { sponsorId: a.id });
    const c = await buildMember(deps, { sponsorId: b.id });
    const d = await buildMember(deps, { sponsorId: a.id });
    const ee = await buildMember(deps, { sponsorId: c.id });
    Object.assign(people, { a, b, c, d, e: ee });
    await e.buy(a, x, '100'); // A's cap 300
    await e.buy(b, x, '100'); // A: direct 10
    await e.buy(c, x, '100'); // B: direct 10
    await e.claim(c, 1); // C 40; B level 1: 4; A level 2 locked (one active direct)
    await e.buy(d, y, '200'); // A: direct 10 (5 %); A has two active directs now
    await e.claim(c, 2); // C 40; B 4; A level 2 unlocked: 2
    // A earned 22; seven claims of 40 take them to the cap (300): the seventh is cut to 38, then ROI closes.
    for (let day = 3; day <= 9; day++) await e.claim(a, day);
    await e.buy(ee, x, '100'); // C: direct 10
    await sqlOn(t.url, "UPDATE users SET status = 'block' WHERE id = $1", [c.id]);
    await e.claim(ee, 10); // E 40; C blocked: level 1 refused; B level 2 locked; A level 3 locked
    await e.buy(a, x, '100', 'retopup'); // A's plan 200: cap 600, income open again
    await e.claim(a, 11); // A 80
    await e.claim(b, 11); // B 40; A level 1: 4
    await e.claim(d, 11); // D 20 (plan Y, 10 %); A level 1: 2
  }, 120_000);
  afterAll(() => t?.close());

  it('played the cases: a cut at the cap, a locked then unlocked level, a blocked upline, a second plan', async () => {
    const rows = await creditedSince(t.url, from);
    const of = (who: Built, type: string) =>
      rows.find((r) => r.member_id === String(who.id) && r.income_type === type)?.paid;
    expect(of(people.a as Built, 'roi_income')).toBe(String(parseUnits('358')));
    expect(of(people.a as Built, 'level_month')).toBe(String(parseUnits('8')));
    expect(of(people.a as Built, 'direct_income')).toBe(String(parseUnits('20')));
    expect(of(people.b as Built, 'level_month')).toBe(String(parseUnits('8')));
    expect(of(people.c as Built, 'level_month')).toBeUndefined();
    const skips = await sqlOn(t.url, 'SELECT reason FROM income_skips ORDER BY id');
    const reasons = skips.rows.map((r) => String(r.reason));
    expect(reasons.some((r) => r.startsWith('At level 2 you need 2'))).toBe(true);
    expect(reasons).toContain('cut at the earning cap');
    expect(reasons.some((r) => r.includes('blocked'))).toBe(true);
  });

  it('replays every member and type to the unit', async () => {
    const to = new Date(Date.now() + 1000);
    const versions = await versionsInForce(t.deps.db, from, to, await currentRules(t.deps.db));
    const replayed = await replay(t.deps.db, from, to, versions);
    expect(asRows(replayed)).toEqual(await creditedSince(t.url, from));
    // The cap cut A (and nobody else).
    expect(replayed.filter((r) => r.cut).map((r) => String(r.member_id))).toEqual([String(people.a?.id)]);
  });

  it('the simulation reports the replay exact and changes nothing under the same rules', async () => {
    const rules = await currentRules(t.deps.db);
    const result = await simulate(t.deps.db, { days: 1 }, rules);
    expect(result.fidelity).toEqual({ exact: true, members_differing: 0, difference: '0.00000000' });
    expect(result.top_changes).toEqual([]);
    for (const k of result.kinds) expect(k.replayed_proposed).toBe(k.replayed_current);
    expect(result.carried).toEqual(['salary', 'cto', 'reward']);
  });
});

describe('a proposal on a tiny economy: the differences computed by hand', () => {
  let t: TestApp;
  let p: Built;
  let q: Built;
  let planId: bigint;
  let adminToken: string;
  beforeAll(async () => {
    t = await buildTestApp();
    const admin = await buildAdmin(t.deps);
    adminToken = await tokenFor(t.app, admin, 'admin');
    const e = await economy(t.deps);
    // Plan Z: 1,000, 1 % a day, 10 % to the sponsor. P buys, Q (P's direct) buys: P earns 100 direct. Q claims two
    // days: 10 each, P 1 each at level 1 (10 %).
    planId = await e.plan('Z', '1000', '1', '10');
    p = await buildMember(t.deps);
    q = await buildMember(t.deps, { sponsorId: p.id });
    await e.buy(p, planId, '1000');
    await e.buy(q, planId, '1000');
    await e.claim(q, 1);
    await e.claim(q, 2);
  }, 120_000);
  afterAll(() => t?.close());

  const totals = (r: Awaited<ReturnType<typeof simulate>>) =>
    Object.fromEntries(
      r.kinds.map((k) => [k.income_type, [k.actual, k.replayed_current, k.replayed_proposed]]),
    );

  it('ROI rate doubled and level 1 at 20 %: ROI 20 -> 40, level 2 -> 8, direct unchanged', async () => {
    const proposal = {
      plans: [{ id: Number(planId), roi_day: '2' }],
      settings: { levelPercents: ['20', '5', '4', '3', '2', '1', '1', '1', '1', '1'] },
    };
    const r = await simulate(t.deps.db, proposal, proposedRules(await currentRules(t.deps.db), proposal));
    expect(totals(r)).toMatchObject({
      roi_income: ['20.00000000', '20.00000000', '40.00000000'],
      level_month: ['2.00000000', '2.00000000', '8.00000000'],
      direct_income: ['100.00000000', '100.00000000', '100.00000000'],
    });
    expect(r.fidelity.exact).toBe(true);
    expect(r.top_changes).toEqual([
      {
        member_id: String(q.id),
        username: expect.any(String),
        current: '20.00000000',
        proposed: '40.00000000',
        change: '20.00000000',
      },
      {
        member_id: String(p.id),
        username: expect.any(String),
        current: '102.00000000',
        proposed: '108.00000000',
        change: '6.00000000',
      },
    ]);
    expect(r.cap_reached).toEqual({ current: 0, proposed: 0 });
    expect(r.runway).toBeNull();
  });

  it('cap multiple 0.1: P reaches 100 with the direct income and earns no level income', async () => {
    const proposal = { settings: { earningCapMultiplier: '0.1' } };
    const r = await simulate(t.deps.db, proposal, proposedRules(await currentRules(t.deps.db), proposal));
    expect(totals(r)).toMatchObject({
      roi_income: ['20.00000000', '20.00000000', '20.00000000'],
      level_month: ['2.00000000', '2.00000000', '0.00000000'],
      direct_income: ['100.00000000', '100.00000000', '100.00000000'],
    });
    expect(r.cap_reached).toEqual({ current: 0, proposed: 1 });
    expect(r.top_changes).toEqual([
      {
        member_id: String(p.id),
        username: expect.any(String),
        current: '102.00000000',
        proposed: '100.00000000',
        change: '-2.00000000',
      },
    ]);
  });

  it('POST /admin/simulations runs in the background; GET reads its progress and result', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/simulations',
      headers: bearer(adminToken),
      payload: { settings: { earningCapMultiplier: '2' }, days: 30 },
    });
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().simulation.id as string;
    expect(['queued', 'running']).toContain(res.json().simulation.status);
    await t.deps.simulations.settled(BigInt(id));
    const got = await t.app.inject({ url: `/api/v1/admin/simulations/${id}`, headers: bearer(adminToken) });
    expect(got.statusCode, got.body).toBe(200);
    const s = got.json().simulation;
    expect(s).toMatchObject({ status: 'done', progress: 100, error: null });
    expect(s.result.fidelity.exact).toBe(true);
    expect(s.result.window.days).toBe(30);
    const member = await t.app.inject({
      url: `/api/v1/admin/simulations/${id}`,
      headers: bearer(await tokenFor(t.app, p)),
    });
    expect(member.statusCode).toBe(403);
  });
});

describe('a run under way on another instance', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  }, 60_000);
  afterAll(() => t?.close());

  it('is waited for while its lock is held, and run again once it is free (its instance stopped)', async () => {
    const { adminA, tokenA, tokenB } = await twoAdmins(t.app, t.deps);
    const asked = await t.app.inject({
      method: 'PUT',
      url: '/api/v1/settings',
      headers: bearer(tokenA),
      payload: { settings: { earningCapMultiplier: '2.5' }, reason: 'cap up' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const approvalId = asked.json().approval.id as number;
    // A run another instance began two minutes ago and still holds (its transaction's advisory lock).
    const { rows } = await sqlOn(
      t.url,
      `INSERT INTO simulations (requested_by, proposal, rules, approval_id, status, progress, created_at)
       VALUES ($1, '{}', '{}', $2, 'running', 40, now() - interval '2 minutes') RETURNING id`,
      [adminA.id, approvalId],
    );
    const elsewhere = String(rows[0]?.id);
    const other = new pg.Client({ connectionString: t.url });
    await other.connect();
    try {
      await other.query('SELECT pg_advisory_lock(hashtext($1))', [`simulation:${elsewhere}`]);
      const seen = await t.app.inject({
        url: `/api/v1/admin/approvals/${approvalId}/simulation`,
        headers: bearer(tokenB),
      });
      expect(seen.statusCode, seen.body).toBe(200);
      expect(seen.json().simulation).toMatchObject({ id: elsewhere, status: 'running', progress: 40 });
      const early = await t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/approvals/${approvalId}/approve`,
        headers: bearer(tokenB),
        payload: {},
      });
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'Its simulation is still running (40 %): approve when its result is shown.',
      );
    } finally {
      await other.end(); // the other instance stops: its lock is free
    }
    const again = await t.app.inject({
      url: `/api/v1/admin/approvals/${approvalId}/simulation`,
      headers: bearer(tokenB),
    });
    expect(again.statusCode, again.body).toBe(200);
    const rerun = again.json().simulation.id as string;
    expect(rerun).not.toBe(elsewhere);
    await t.deps.simulations.settled(BigInt(rerun));
    const done = await t.app.inject({ url: `/api/v1/admin/simulations/${rerun}`, headers: bearer(tokenB) });
    expect(done.json().simulation).toMatchObject({ status: 'done', progress: 100 });
  });
});
