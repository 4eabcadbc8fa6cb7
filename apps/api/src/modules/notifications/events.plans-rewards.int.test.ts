import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit } from '../../../test/money';

/**
 * Decision 0019: the "plan ended" and "reward claimable" notifications, each written exactly once for its member,
 * also when the request that causes it runs again.
 */
let t: TestApp;
let adminToken: string;
let bronze = 0;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const plan = await call(adminToken, 'POST', '/plans/add', {
    name: 'bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(plan.statusCode).toBe(201);
  bronze = plan.json().plan.id;
  // Rank 1: the directs' business in the window must reach $150, no leg counting more than $75.
  const rank = await call(adminToken, 'POST', '/rewards', {
    rank: 1,
    title: 'Star',
    threshold: '150',
    duration_days: 30,
    reward: '25',
  });
  expect(rank.statusCode).toBe(201);
});
afterAll(() => t.close());

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (
  token: string,
  method: Method,
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

type Member = Built & { token: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
    m.id,
    '0x52908400098527886E0F7030069857D2E4169EE7',
  ]);
  return { ...m, token: await tokenFor(t.app, m) };
};

/** A member's event rows of one kind, oldest first, straight from the table. */
const eventsOf = async (id: bigint, kind: string) =>
  (
    await sqlOn(
      t.url,
      'SELECT kind, title, message, link, dedupe_key FROM member_events WHERE user_id = $1 AND kind = $2 ORDER BY id',
      [id, kind],
    )
  ).rows as { kind: string; title: string; message: string; link: string; dedupe_key: string }[];

/** The member buys (or tops up) the bronze plan from their deposit wallet, funded just before. */
const buyPlan = async (m: Member, key = `topup-${randomUUID()}`) => {
  await fundDeposit(t.deps, m.id, '100');
  const res = await call(
    m.token,
    'POST',
    '/topup/add',
    { id: bronze, userby_id: Number(m.id), userto_id: Number(m.id), amount: '100' },
    { 'idempotency-key': key },
  );
  expect(res.statusCode, res.body).toBe(201);
  return res;
};

const memberPlanId = async (m: Member): Promise<number> => {
  const plans = (await call(m.token, 'GET', '/actplan/list')).json().activeplans as {
    id: number;
    status: string;
  }[];
  const active = plans.find((p) => p.status === 'active');
  if (active === undefined) throw new Error('no active plan');
  return active.id;
};

describe('plan ended', () => {
  it('an admin ending a plan (twice, and by DELETE after) tells the member once', async () => {
    const m = await member();
    await buyPlan(m);
    const id = await memberPlanId(m);
    const end = { status: 'ended', reason: 'member asked to leave' };
    expect((await call(adminToken, 'PUT', `/actplan/${id}`, end)).statusCode).toBe(200);
    const again = await call(adminToken, 'PUT', `/actplan/${id}`, end);
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This plan has already ended.');
    expect((await call(adminToken, 'DELETE', `/actplan/${id}`)).statusCode).toBe(422);
    expect(await eventsOf(m.id, 'plan_ended')).toEqual([
      {
        kind: 'plan_ended',
        title: 'Plan ended',
        message:
          'Your plan of $100.00 ended (member asked to leave); its amount is returned to your deposit wallet.',
        link: '/user/subscription',
        dedupe_key: `plan-ended:${id}`,
      },
    ]);
  });

  it('a principal withdrawal completing (decided twice) ends the plan and tells the member once', async () => {
    const m = await member();
    const other = await member();
    await buyPlan(m);
    await buyPlan(other);
    const id = await memberPlanId(m);
    const w = (
      await call(m.token, 'POST', '/withdrawalrequest/add/principle', { user_id: Number(m.id) })
    ).json().withdrawal;
    expect(w).toMatchObject({ kind: 'principal', amount: '100.00000000' });
    // Nothing is told while the request waits.
    expect(await eventsOf(m.id, 'plan_ended')).toEqual([]);
    const pay = { status: 'complete', user_id: Number(m.id) };
    expect(
      (await call(adminToken, 'PUT', `/withdrawalrequest/update/principle/${w.id}`, pay)).statusCode,
    ).toBe(200);
    expect(
      (await call(adminToken, 'PUT', `/withdrawalrequest/update/principle/${w.id}`, pay)).statusCode,
    ).toBe(409);
    expect(await eventsOf(m.id, 'plan_ended')).toMatchObject([
      {
        message: 'Your plan of $100.00 ended because its principal was withdrawn.',
        dedupe_key: `plan-ended:${id}`,
      },
    ]);
    // Only that member is told.
    expect(await eventsOf(other.id, 'plan_ended')).toEqual([]);
  });
});

describe('reward claimable', () => {
  it('tells a leader with a running rank once, when the directs’ business reaches the threshold', async () => {
    const leader = await member();
    expect((await call(leader.token, 'POST', '/initialize', { user_id: Number(leader.id) })).statusCode).toBe(
      200,
    );
    const [a, b, c] = [await member(leader), await member(leader), await member(leader)];
    if (a === undefined || b === undefined || c === undefined) throw new Error('directs not built');

    // One leg of $100 counts $75 of the $150: not yet.
    await buyPlan(a);
    expect(await eventsOf(leader.id, 'reward_claimable')).toEqual([]);

    // The second leg reaches it: one notification, also when the same top-up is sent again.
    const key = `topup-${randomUUID()}`;
    const first = await buyPlan(b, key);
    const repeat = await call(
      b.token,
      'POST',
      '/topup/add',
      { id: bronze, userby_id: Number(b.id), userto_id: Number(b.id), amount: '100' },
      { 'idempotency-key': key },
    );
    expect(repeat.json().topup.id).toBe(first.json().topup.id);
    const rank = (
      await sqlOn(
        t.url,
        "SELECT id, window_end FROM member_rewards WHERE user_id = $1 AND status = 'working'",
        [leader.id],
      )
    ).rows[0] as { id: string; window_end: Date } | undefined;
    if (rank === undefined) throw new Error('no running rank');
    const until = rank.window_end.toISOString().slice(0, 16).replace('T', ' ');
    const expected = [
      {
        kind: 'reward_claimable',
        title: 'Reward ready to claim',
        message: `Your team reached the Star rank: claim your reward of $25.00 before ${until} UTC.`,
        link: '/user/rewards',
        dedupe_key: `reward-claimable:${rank.id}`,
      },
    ];
    expect(await eventsOf(leader.id, 'reward_claimable')).toEqual(expected);
    // The rank is indeed claimable (the same rule as the notification).
    expect((await call(leader.token, 'GET', `/rewards/user/claim/${leader.id}`)).json()).toMatchObject({
      claimable: true,
    });

    // Not again on the next top-ups: a third direct's plan, and a direct topping up again.
    await buyPlan(c);
    await buyPlan(a);
    expect(await eventsOf(leader.id, 'reward_claimable')).toEqual(expected);
    // The directs themselves are not told anything about the leader's rank.
    for (const d of [a, b, c]) expect(await eventsOf(d.id, 'reward_claimable')).toEqual([]);
  });

  it('tells a sponsor without a running rank nothing, however far the directs’ business goes', async () => {
    const sponsor = await member();
    const directs = [await member(sponsor), await member(sponsor), await member(sponsor)];
    for (const d of directs) await buyPlan(d);
    expect(await eventsOf(sponsor.id, 'reward_claimable')).toEqual([]);
    const ranks = await sqlOn(t.url, 'SELECT id FROM member_rewards WHERE user_id = $1', [sponsor.id]);
    expect(ranks.rows).toEqual([]);
  });
});
