import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, secondAdmin, simulateApproval } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(async () => {
  const recon = await call(adminToken, 'GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(adminToken, method, url, payload);

type Member = Built & { token: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  return { ...m, token: await tokenFor(t.app, m) };
};

/** Credits a member's deposit wallet through the ledger, as an approved deposit does. */
const fund = (who: bigint, amount: string) =>
  t.deps.db.transaction().execute((tx) =>
    post(tx, {
      key: `test-fund:${randomUUID()}`,
      kind: 'deposit',
      memberId: who,
      entries: [
        { account: { owner: who, kind: 'deposit' }, amount: parseUnits(amount) },
        { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
      ],
    }),
  );

const balance = async (who: bigint, kind = 'deposit'): Promise<bigint> =>
  ((await sqlOn(t.url, 'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2', [who, kind]))
    .rows[0]?.balance as bigint | undefined) ?? 0n;

const userRow = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      'SELECT active_plan, plan_id, is_active, team_business, active_directs FROM users WHERE id = $1',
      [id],
    )
  ).rows[0];

const planBody = (over: Record<string, unknown> = {}) => ({
  name: `Plan ${randomUUID().slice(0, 8)}`,
  monthly_price: '100',
  ROI_day: '0.5',
  Sponser_bonus: '5',
  plan_period: 365,
  description: 'test plan',
  ...over,
});

let approver: { id: bigint; token: string } | undefined;
/** The second admin who approves what waits (decision 0070: a new plan once members hold plans). */
const second = async () => {
  approver ??= await secondAdmin(t.app, t.deps);
  return approver;
};

const planNamed = async (name: string) =>
  (await call(null, 'GET', '/plans/list')).json().allplans.find((p: { name: string }) => p.name === name) as
    | { id: number; name: string }
    | undefined;

/** A plan made now: at once while no member holds a plan, else through a second admin's approval. */
const createPlan = async (over: Record<string, unknown> = {}) => {
  const body = planBody(over);
  const res = await asAdmin('POST', '/plans/add', body);
  if (res.statusCode === 202) {
    await approveWaiting(t.app, res, (await second()).token);
    const made = await planNamed(body.name);
    if (!made) throw new Error(`plan ${body.name} was not created`);
    return made;
  }
  expect(res.statusCode).toBe(201);
  return res.json().plan as { id: number; name: string };
};

describe('plan management', () => {
  it('creates a plan with exact amounts, readable by anyone and audited', async () => {
    const res = await asAdmin(
      'POST',
      '/plans/add',
      planBody({ name: 'Silver', monthly_price: 1000, ROI_day: '0.6', Sponser_bonus: '5' }),
    );
    expect(res.statusCode).toBe(201);
    const plan = res.json().plan;
    expect(plan).toMatchObject({
      name: 'Silver',
      monthly_price: '1000.00000000',
      ROI_day: '0.60000000',
      Sponser_bonus: '5.00000000',
      plan_period: 365,
      type: 'investment',
      active: true,
    });
    const read = await call(null, 'GET', `/plans/${plan.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json().plan).toEqual(plan);
    const list = (await call(null, 'GET', '/plans/list')).json().allplans;
    expect(list.map((p: { id: number }) => p.id)).toContain(plan.id);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, after FROM audit_log WHERE action = 'plan.create' AND entity_id = $1",
      [String(plan.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.id, after: plan }]);
  });

  it('updates only the fields given: the sale switch at once, the price after a second admin, each audited', async () => {
    const plan = await createPlan({ monthly_price: '100' });
    const res = await asAdmin('PUT', `/plans/${plan.id}`, {
      monthly_price: '150.25',
      active: false,
      reason: 'price review',
    });
    // The sale switch applies now; the price is an economic rule and waits (decision 0070).
    expect(res.statusCode).toBe(202);
    expect(res.json().plan).toMatchObject({ monthly_price: '100.00000000', active: false });
    expect(res.json().approval).toMatchObject({
      kind: 'plan',
      status: 'pending',
      changes: [{ field: 'Price', before: '100.00000000', after: '150.25000000' }],
    });
    expect((await call(null, 'GET', `/plans/${plan.id}`)).json().plan.monthly_price).toBe('100.00000000');
    await approveWaiting(t.app, res, (await second()).token);
    expect((await call(null, 'GET', `/plans/${plan.id}`)).json().plan).toMatchObject({
      name: plan.name,
      monthly_price: '150.25000000',
      ROI_day: '0.50000000',
      active: false,
    });
    const audit = await sqlOn(
      t.url,
      "SELECT before, after, reason FROM audit_log WHERE action = 'plan.update' AND entity_id = $1 ORDER BY id",
      [String(plan.id)],
    );
    expect(audit.rows).toHaveLength(2);
    expect(audit.rows[0]?.before).toMatchObject({ monthly_price: '100.00000000', active: true });
    expect(audit.rows[0]?.after).toMatchObject({ monthly_price: '100.00000000', active: false });
    expect(audit.rows[1]?.after).toMatchObject({ monthly_price: '150.25000000', active: false });
    expect(audit.rows[1]?.reason).toBe('price review');
    // A cosmetic edit alone applies at once.
    const renamed = await asAdmin('PUT', `/plans/${plan.id}`, { description: 'reviewed' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().plan.description).toBe('reviewed');
    expect((await asAdmin('PUT', '/plans/999999', { name: 'Nope' })).statusCode).toBe(404);
  });

  it('refuses an approved edit whose plan changed since it was asked for', async () => {
    const plan = await createPlan({ ROI_day: '0.5' });
    const first = await asAdmin('PUT', `/plans/${plan.id}`, { ROI_day: '0.7' });
    const other = await asAdmin('PUT', `/plans/${plan.id}`, { ROI_day: '0.6' });
    expect([first.statusCode, other.statusCode]).toEqual([202, 202]);
    await approveWaiting(t.app, other, (await second()).token);
    const approver = (await second()).token;
    const firstId = first.json().approval.id as number;
    const approveFirst = () =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/approvals/${firstId}/approve`,
        headers: bearer(approver),
        payload: {},
      });
    // Not before its simulation (decision 0069): refused, and the request still waits.
    const early = await approveFirst();
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toMatch(/only with its simulation/);
    const waiting = await sqlOn(t.url, 'SELECT status FROM approvals WHERE id = $1', [firstId]);
    expect(waiting.rows[0]?.status).toBe('pending');
    await simulateApproval(t.app, approver, firstId);
    const stale = await approveFirst();
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe(
      'Daily ROI % of this plan changed since this was asked for; ask again.',
    );
    expect((await call(null, 'GET', `/plans/${plan.id}`)).json().plan.ROI_day).toBe('0.60000000');
  });

  it('deletes softly: gone from reads and sale, the row and the members holding it stay', async () => {
    const plan = await createPlan();
    const holder = await member();
    await fund(holder.id, '100');
    const act = await asAdmin('POST', '/actplan/add', { user_id: Number(holder.id), plan_id: plan.id });
    expect(act.statusCode).toBe(201);

    const del = await asAdmin('DELETE', `/plans/${plan.id}`);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Plan deleted successfully' });
    expect((await call(null, 'GET', `/plans/${plan.id}`)).statusCode).toBe(404);
    const list = (await call(null, 'GET', '/plans/list')).json().allplans;
    expect(list.map((p: { id: number }) => p.id)).not.toContain(plan.id);
    const row = await sqlOn(t.url, 'SELECT deleted_at, active FROM plans WHERE id = $1', [plan.id]);
    expect(row.rows[0]?.deleted_at).toBeInstanceOf(Date);
    expect(row.rows[0]?.active).toBe(false);
    expect((await asAdmin('DELETE', `/plans/${plan.id}`)).statusCode).toBe(404);
    expect((await asAdmin('PUT', `/plans/${plan.id}`, { name: 'Back' })).statusCode).toBe(404);

    // Nobody can buy it any more; the member who holds it keeps it.
    const buyer = await member();
    await fund(buyer.id, '100');
    const buy = await call(buyer.token, 'POST', '/topup/add', {
      id: plan.id,
      userby_id: Number(buyer.id),
      userto_id: Number(buyer.id),
    });
    expect(buy.statusCode).toBe(404);
    expect(await balance(buyer.id)).toBe(parseUnits('100'));
    const held = (await call(holder.token, 'GET', '/actplan/list')).json().activeplans;
    expect(held).toMatchObject([{ plan_id: plan.id, status: 'active', amount: '100.00000000' }]);
    const audit = await sqlOn(
      t.url,
      "SELECT 1 FROM audit_log WHERE action = 'plan.delete' AND entity_id = $1",
      [String(plan.id)],
    );
    expect(audit.rowCount).toBe(1);
  });

  it('saves level income percentages and unlock rules as audited settings', async () => {
    const levels = ['12', '6', '4', '3', '2', '1', '1', '1', '0.5', '0.25'];
    // Economic settings: each change waits for a second admin (decision 0024).
    const second = await secondAdmin(t.app, t.deps);
    const res = await asAdmin('POST', '/plans/addinvestlevel', { levels, reason: 'new level table' });
    await approveWaiting(t.app, res, second.token);
    expect((await asAdmin('GET', '/settings')).json().settings.levelPercents).toEqual(levels);

    const directs = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];
    const res2 = await asAdmin('POST', '/plans/addactivelevel', { directs, reason: 'easier unlocks' });
    await approveWaiting(t.app, res2, second.token);
    expect((await asAdmin('GET', '/settings')).json().settings.levelUnlockDirects).toEqual(directs);

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, before, after, reason FROM audit_log WHERE action = 'settings.update' ORDER BY id",
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.id,
        before: { levelPercents: ['10', '5', '4', '3', '2', '1', '1', '1', '1', '1'] },
        after: { levelPercents: levels },
        reason: 'new level table',
      },
      {
        actor_id: admin.id,
        before: { levelUnlockDirects: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10] },
        after: { levelUnlockDirects: directs },
        reason: 'easier unlocks',
      },
    ]);

    const short = await asAdmin('POST', '/plans/addinvestlevel', { levels: ['1', '2'], reason: 'short' });
    expect(short.statusCode).toBe(400);
    expect(short.json().details.levels).toBeDefined();
    const noReason = await asAdmin('POST', '/plans/addactivelevel', { directs });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().details.reason).toBeDefined();
    const negative = await asAdmin('POST', '/plans/addinvestlevel', {
      levels: ['-1', ...levels.slice(1)],
      reason: 'negative',
    });
    expect(negative.statusCode).toBe(400);
    expect((await asAdmin('GET', '/settings')).json().settings.levelPercents).toEqual(levels);
  });
});

describe('plans members hold', () => {
  it('activates a plan from the member’s deposit wallet (admin) and refuses a short wallet or price', async () => {
    const plan = await createPlan({ monthly_price: '100' });
    const m = await member();
    await fund(m.id, '250');
    const below = await asAdmin('POST', '/actplan/add', {
      user_id: Number(m.id),
      plan_id: plan.id,
      amount: '99.99',
    });
    expect(below.statusCode).toBe(422);
    const tooMuch = await asAdmin('POST', '/actplan/add', {
      user_id: Number(m.id),
      plan_id: plan.id,
      amount: '250.00000001',
    });
    expect(tooMuch.statusCode).toBe(422);
    expect(await balance(m.id)).toBe(parseUnits('250'));

    const res = await asAdmin('POST', '/actplan/add', {
      user_id: Number(m.id),
      plan_id: plan.id,
      amount: '200',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().topup_id).toEqual(expect.any(Number));
    expect(await balance(m.id)).toBe(parseUnits('50'));
    // An admin spent a member's money: audited.
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, after FROM audit_log WHERE action = 'topup.create' AND entity_id = $1",
      [String(res.json().topup_id)],
    );
    expect(audit.rows).toEqual([
      {
        actor_id: admin.id,
        after: { kind: 'topup', payer: String(m.id), receiver: String(m.id), amount: '200.00000000' },
      },
    ]);
    expect(await userRow(m.id)).toMatchObject({
      active_plan: parseUnits('200'),
      plan_id: BigInt(plan.id),
      is_active: 'active',
    });
    const mine = (await call(m.token, 'GET', '/actplan/list')).json();
    expect(mine.total).toBe(1);
    expect(mine.activeplans[0]).toMatchObject({
      user_id: Number(m.id),
      plan_id: plan.id,
      plan_name: plan.name,
      amount: '200.00000000',
      status: 'active',
      ended_at: null,
    });
    // Admin tables name the holder by name and username (decision 0021).
    const fullname = (await sqlOn(t.url, 'SELECT fullname FROM users WHERE id = $1', [m.id])).rows[0]
      ?.fullname;
    expect(mine.activeplans[0].fullname).toBe(fullname);
    expect((await asAdmin('POST', '/actplan/add', { user_id: 999999, plan_id: plan.id })).statusCode).toBe(
      404,
    );
  });

  it('lists plans: a member sees only their own, an admin all with search and status', async () => {
    const plan = await createPlan();
    const a = await member();
    const b = await member();
    for (const m of [a, b]) {
      await fund(m.id, '100');
      expect(
        (await asAdmin('POST', '/actplan/add', { user_id: Number(m.id), plan_id: plan.id })).statusCode,
      ).toBe(201);
    }
    const aList = (await call(a.token, 'GET', '/actplan/list')).json();
    expect(aList.activeplans.map((p: { user_id: number }) => p.user_id)).toEqual([Number(a.id)]);
    expect(aList).toMatchObject({ total: 1, totalPages: 1, currentPage: 1 });

    const all = (await asAdmin('GET', `/actplan/list?search=${encodeURIComponent(plan.name)}`)).json();
    expect(all.total).toBe(2);
    expect(all.activeplans.map((p: { user_id: number }) => p.user_id).sort()).toEqual(
      [Number(a.id), Number(b.id)].sort(),
    );
    const bName = (await asAdmin('GET', `/users/${b.id}`)).json().singleuser.username;
    const byName = (await asAdmin('GET', `/actplan/list?search=${bName}`)).json();
    expect(byName.activeplans.map((p: { user_id: number }) => p.user_id)).toEqual([Number(b.id)]);
    const ended = (await asAdmin('GET', `/actplan/list?status=ended&search=${plan.name}`)).json();
    expect(ended.total).toBe(0);

    const aPlan = aList.activeplans[0].id;
    const bPlan = all.activeplans.find((p: { user_id: number }) => p.user_id === Number(b.id)).id;
    const own = await call(a.token, 'GET', `/actplan/${aPlan}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().activeplan).toMatchObject({ id: aPlan, user_id: Number(a.id) });
    const theirs = await call(a.token, 'GET', `/actplan/${bPlan}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain(bName);
    expect((await asAdmin('GET', `/actplan/${bPlan}`)).statusCode).toBe(200);
    expect((await asAdmin('GET', '/actplan/999999')).statusCode).toBe(404);
  });

  for (const how of ['PUT', 'DELETE'] as const) {
    it(`ends a plan with ${how}: principal back in the deposit wallet, uplines' team business down`, async () => {
      const plan = await createPlan({ monthly_price: '100' });
      const top = await member();
      const sponsor = await member(top);
      const m = await member(sponsor);
      await fund(m.id, '300');
      const act = await asAdmin('POST', '/actplan/add', {
        user_id: Number(m.id),
        plan_id: plan.id,
        amount: '300',
      });
      expect(act.statusCode).toBe(201);
      expect(await balance(m.id)).toBe(0n);
      expect((await userRow(sponsor.id))?.team_business).toBe(parseUnits('300'));
      expect((await userRow(top.id))?.team_business).toBe(parseUnits('300'));

      const mp = (await call(m.token, 'GET', '/actplan/list')).json().activeplans[0];
      const end =
        how === 'PUT'
          ? await asAdmin('PUT', `/actplan/${mp.id}`, { status: 'ended', reason: 'member asked to stop' })
          : await asAdmin('DELETE', `/actplan/${mp.id}`);
      expect(end.statusCode).toBe(200);
      expect(await balance(m.id)).toBe(parseUnits('300'));
      expect(await userRow(m.id)).toMatchObject({ active_plan: 0n, plan_id: null });
      expect((await userRow(sponsor.id))?.team_business).toBe(0n);
      expect((await userRow(top.id))?.team_business).toBe(0n);
      const after = (await call(m.token, 'GET', `/actplan/${mp.id}`)).json().activeplan;
      expect(after).toMatchObject({
        status: 'ended',
        end_reason: how === 'PUT' ? 'member asked to stop' : 'ended by admin',
      });
      expect(after.ended_at).not.toBeNull();
      const audit = await sqlOn(
        t.url,
        "SELECT actor_id, reason FROM audit_log WHERE action = 'plan.end' AND entity_id = $1",
        [String(mp.id)],
      );
      expect(audit.rows).toEqual([
        { actor_id: admin.id, reason: how === 'PUT' ? 'member asked to stop' : 'ended by admin' },
      ]);

      // Ending it again changes nothing.
      const again = await asAdmin('PUT', `/actplan/${mp.id}`, { status: 'ended', reason: 'twice' });
      expect(again.statusCode).toBe(422);
      expect((await asAdmin('DELETE', `/actplan/${mp.id}`)).statusCode).toBe(422);
      expect(await balance(m.id)).toBe(parseUnits('300'));
      expect((await asAdmin('DELETE', '/actplan/999999')).statusCode).toBe(404);
    });
  }

  it('lets a member buy a new plan after the old one ended', async () => {
    const plan = await createPlan({ monthly_price: '100' });
    const m = await member();
    await fund(m.id, '100');
    await asAdmin('POST', '/actplan/add', { user_id: Number(m.id), plan_id: plan.id });
    const mp = (await call(m.token, 'GET', '/actplan/list')).json().activeplans[0];
    expect((await asAdmin('DELETE', `/actplan/${mp.id}`)).statusCode).toBe(200);
    const again = await call(m.token, 'POST', '/topup/add', {
      id: plan.id,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(again.statusCode).toBe(201);
    const list = (await call(m.token, 'GET', '/actplan/list')).json().activeplans;
    expect(list.map((p: { status: string }) => p.status)).toEqual(['active', 'ended']);
    expect(await userRow(m.id)).toMatchObject({ active_plan: parseUnits('100'), plan_id: BigInt(plan.id) });
  });
});

describe('refusals', () => {
  it('refuses members on admin routes, and anyone without a session', async () => {
    const plan = await createPlan();
    const m = await member();
    await fund(m.id, '100');
    const calls: [Method, string, unknown][] = [
      ['POST', '/plans/add', planBody()],
      ['PUT', `/plans/${plan.id}`, { name: 'Hacked' }],
      ['DELETE', `/plans/${plan.id}`, undefined],
      ['POST', '/plans/addinvestlevel', { levels: Array(10).fill('50'), reason: 'more for me' }],
      ['POST', '/plans/addactivelevel', { directs: Array(10).fill(0), reason: 'all levels' }],
      ['POST', '/actplan/add', { user_id: Number(m.id), plan_id: plan.id }],
      ['PUT', '/actplan/1', { status: 'ended', reason: 'give it back' }],
      ['DELETE', '/actplan/1', undefined],
    ];
    for (const [method, url, payload] of calls) {
      const res = await call(m.token, method, url, payload);
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().code).toBe('FORBIDDEN');
      expect((await call(null, method, url, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect((await call(null, 'GET', `/plans/${plan.id}`)).json().plan.name).toBe(plan.name);
    expect(await balance(m.id)).toBe(parseUnits('100'));
    expect((await userRow(m.id))?.active_plan).toBe(0n);
    expect((await call(null, 'GET', '/actplan/list')).statusCode).toBe(401);
  });

  it('answers bad input with 400 and the field errors', async () => {
    const res = await asAdmin('POST', '/plans/add', {
      name: '',
      monthly_price: '-1',
      ROI_day: '11',
      Sponser_bonus: 'abc',
      plan_period: 0,
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('VALIDATION_FAILED');
    expect(Object.keys(body.details).sort()).toEqual(
      ['ROI_day', 'Sponser_bonus', 'monthly_price', 'name', 'plan_period'].sort(),
    );
    const precise = await asAdmin('POST', '/plans/add', planBody({ monthly_price: '1.123456789' }));
    expect(precise.statusCode).toBe(400);
    expect(precise.json().details.monthly_price).toBeDefined();
    expect((await asAdmin('GET', '/plans/abc')).statusCode).toBe(400);
    const plan = await createPlan();
    const put = await asAdmin('PUT', `/plans/${plan.id}`, { monthly_price: 0 });
    expect(put.statusCode).toBe(400);
    expect(put.json().details.monthly_price).toBeDefined();
    const end = await asAdmin('PUT', '/actplan/1', { status: 'active', reason: 'x' });
    expect(end.statusCode).toBe(400);
    expect(Object.keys(end.json().details).sort()).toEqual(['reason', 'status']);
    const act = await asAdmin('POST', '/actplan/add', { user_id: 'me', plan_id: plan.id, amount: 0 });
    expect(act.statusCode).toBe(400);
    expect(Object.keys(act.json().details).sort()).toEqual(['amount', 'user_id']);
    const names = (await call(null, 'GET', '/plans/list'))
      .json()
      .allplans.map((p: { name: string }) => p.name);
    expect(names).not.toContain('');
  });
});
