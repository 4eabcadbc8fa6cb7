import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
const plans = { bronze: 0, silver: 0, gold: 0 };
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
  for (const [name, price] of [
    ['bronze', '100'],
    ['silver', '1000'],
    ['gold', '5000'],
  ] as const) {
    const res = await asAdmin('POST', '/plans/add', {
      name,
      monthly_price: price,
      ROI_day: '0.5',
      Sponser_bonus: '5',
      plan_period: 365,
    });
    expect(res.statusCode).toBe(201);
    plans[name] = res.json().plan.id;
  }
});
afterAll(async () => {
  const recon = await asAdmin('GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const call = (
  token: string | null,
  method: Method,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...(token ? bearer(token) : {}), ...headers },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(adminToken, method, url, payload);

type Member = Built & { token: string };
const member = async (sponsor?: Built): Promise<Member> => {
  const m = await buildMember(t.deps, { sponsorId: sponsor?.id ?? null });
  return { ...m, token: await tokenFor(t.app, m) };
};

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

const balance = async (who: bigint | null, kind = 'deposit'): Promise<bigint> =>
  ((
    await sqlOn(t.url, 'SELECT balance FROM ledger_balances WHERE coalesce(owner_id, 0) = $1 AND kind = $2', [
      who ?? 0n,
      kind,
    ])
  ).rows[0]?.balance as bigint | undefined) ?? 0n;

const row = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      `SELECT active_plan, plan_id, activation_date, is_active, roi_status, level_status, team_business,
              active_directs FROM users WHERE id = $1`,
      [id],
    )
  ).rows[0];

const skips = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      'SELECT income_type, amount, reason, cause_key FROM income_skips WHERE user_id = $1 ORDER BY id',
      [id],
    )
  ).rows;

/** GET /users/{id} as the member themself. */
const profile = async (m: Member) => {
  const res = await call(m.token, 'GET', `/users/${m.id}`);
  expect(res.statusCode).toBe(200);
  return res.json().singleuser;
};

const topup = (
  token: string,
  by: bigint,
  to: bigint,
  plan: number,
  amount?: string | number,
  headers: Record<string, string> = {},
) =>
  call(
    token,
    'POST',
    '/topup/add',
    { id: plan, userby_id: Number(by), userto_id: Number(to), ...(amount === undefined ? {} : { amount }) },
    headers,
  );

/** A member who holds a plan of `amount` bought from their own wallet (so is active, with a cap). */
const withPlan = async (amount: string, sponsor?: Built): Promise<Member> => {
  const m = await member(sponsor);
  await fund(m.id, amount);
  const res = await topup(m.token, m.id, m.id, plans.bronze, amount);
  expect(res.statusCode).toBe(201);
  return m;
};

const topupCount = async (id: bigint) =>
  Number(
    (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM topups WHERE userby_id = $1 OR userto_id = $1', [id]))
      .rows[0]?.n,
  );

describe('a top-up for oneself', () => {
  it('pays from the deposit wallet and opens the plan', async () => {
    const m = await member();
    await fund(m.id, '500');
    const investments = await balance(null, 'investments');
    const res = await topup(m.token, m.id, m.id, plans.bronze);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Top-up successful',
      topup: {
        kind: 'topup',
        plan_id: plans.bronze,
        plan_name: 'bronze',
        userby_id: Number(m.id),
        userto_id: Number(m.id),
        amount: '100.00000000',
        status: 'complete',
      },
    });
    expect(await balance(m.id)).toBe(parseUnits('400'));
    expect(await balance(null, 'investments')).toBe(investments + parseUnits('100'));
    const me = await profile(m);
    expect(me).toMatchObject({
      active_plan: '100.00000000',
      plan_id: plans.bronze,
      is_active: 'active',
      roi_status: 'open',
      level_status: 'open',
      paid_member: true,
      business_balance: '400.00000000',
    });
    expect(me.activation_date).not.toBeNull();
  });

  it('raises the plan with a later top-up and keeps the first activation date', async () => {
    const m = await member();
    await fund(m.id, '1500');
    expect((await topup(m.token, m.id, m.id, plans.bronze, '100')).statusCode).toBe(201);
    const first = (await row(m.id))?.activation_date as Date;
    const res = await topup(m.token, m.id, m.id, plans.silver, '1000.5');
    expect(res.statusCode).toBe(201);
    const after = await row(m.id);
    expect(after).toMatchObject({ active_plan: parseUnits('1100.5'), plan_id: BigInt(plans.silver) });
    expect(after?.activation_date).toEqual(first);
    const held = (await call(m.token, 'GET', '/actplan/list')).json().activeplans;
    expect(held).toMatchObject([{ amount: '1100.50000000', plan_id: plans.silver, status: 'active' }]);
    expect(await balance(m.id)).toBe(parseUnits('399.5'));
  });
});

describe('a top-up for another member', () => {
  it('charges the payer, opens the receiver’s plan, counts for the uplines and pays the sponsor', async () => {
    const top = await withPlan('100');
    const sponsor = await withPlan('100', top);
    const receiver = await member(sponsor);
    const payer = await member();
    await fund(payer.id, '2000');
    const before = { top: await row(top.id), sponsor: await row(sponsor.id) };
    // The top earned 5 when the sponsor bought their own plan; this top-up pays the top nothing.
    expect(await balance(top.id, 'working')).toBe(parseUnits('5'));

    const res = await topup(payer.token, payer.id, receiver.id, plans.silver, '1200');
    expect(res.statusCode).toBe(201);
    const rec = res.json().topup;
    expect(rec).toMatchObject({
      userby_id: Number(payer.id),
      userto_id: Number(receiver.id),
      amount: '1200.00000000',
    });
    expect(await balance(payer.id)).toBe(parseUnits('800'));
    expect(await balance(receiver.id)).toBe(0n);
    expect(await row(receiver.id)).toMatchObject({
      active_plan: parseUnits('1200'),
      plan_id: BigInt(plans.silver),
      is_active: 'active',
      roi_status: 'open',
      level_status: 'open',
    });
    expect((await row(receiver.id))?.activation_date).toBeInstanceOf(Date);
    expect((await row(payer.id))?.active_plan).toBe(0n);

    const sponsorAfter = await row(sponsor.id);
    const topAfter = await row(top.id);
    expect(sponsorAfter?.team_business).toBe((before.sponsor?.team_business as bigint) + parseUnits('1200'));
    expect(topAfter?.team_business).toBe((before.top?.team_business as bigint) + parseUnits('1200'));
    expect(sponsorAfter?.active_directs).toBe((before.sponsor?.active_directs as number) + 1);
    expect(topAfter?.active_directs).toBe(before.top?.active_directs);

    // 5 % of 1200 to the direct sponsor's working wallet, and nothing to the sponsor's sponsor.
    expect(await profile(sponsor)).toMatchObject({ direct_income: '60.00000000', working: '60.00000000' });
    expect(await profile(top)).toMatchObject({ direct_income: '5.00000000', working: '5.00000000' });
    const income = await sqlOn(
      t.url,
      'SELECT kind, income_type, member_id FROM ledger_transactions WHERE idempotency_key = $1',
      [`direct:${rec.id}`],
    );
    expect(income.rows).toEqual([{ kind: 'income', income_type: 'direct_income', member_id: sponsor.id }]);
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('60'));
  });

  it('counts a direct as active once, however often they top up', async () => {
    const sponsor = await withPlan('100');
    const d = await member(sponsor);
    await fund(d.id, '300');
    expect((await topup(d.token, d.id, d.id, plans.bronze)).statusCode).toBe(201);
    expect((await topup(d.token, d.id, d.id, plans.bronze)).statusCode).toBe(201);
    expect((await row(sponsor.id))?.active_directs).toBe(1);
    expect((await row(sponsor.id))?.team_business).toBe(parseUnits('200'));
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('10'));
  });

  it('refuses a member paying from another member’s wallet, and changes nothing', async () => {
    const victim = await member();
    const thief = await member();
    await fund(victim.id, '1000');
    const res = await topup(thief.token, victim.id, thief.id, plans.bronze);
    expect(res.statusCode).toBe(403);
    const res2 = await topup(thief.token, victim.id, victim.id, plans.bronze);
    expect(res2.statusCode).toBe(403);
    expect(await balance(victim.id)).toBe(parseUnits('1000'));
    expect(await topupCount(victim.id)).toBe(0);
    expect((await row(thief.id))?.active_plan).toBe(0n);
  });

  it('lets an admin top up from a member’s wallet, and audits it', async () => {
    const m = await member();
    await fund(m.id, '100');
    const res = await call(adminToken, 'POST', '/topup/add', {
      id: plans.bronze,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(res.statusCode).toBe(201);
    expect(await balance(m.id)).toBe(0n);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, entity, entity_id, after FROM audit_log WHERE action = 'topup.create' AND entity_id = $1",
      [String(res.json().topup.id)],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: admin.id, entity: 'topup' });
    expect(audit.rows[0]?.after).toMatchObject({ payer: String(m.id), amount: '100.00000000' });
  });

  it('refuses an insufficient balance with 422 and changes nothing', async () => {
    const sponsor = await withPlan('100');
    const m = await member(sponsor);
    await fund(m.id, '99.99999999');
    const before = await row(sponsor.id);
    const res = await topup(m.token, m.id, m.id, plans.bronze);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ code: 'BUSINESS_RULE', message: 'Insufficient balance.' });
    expect(await balance(m.id)).toBe(parseUnits('99.99999999'));
    expect(await row(m.id)).toMatchObject({ active_plan: 0n, plan_id: null, is_active: 'inactive' });
    expect(await row(sponsor.id)).toEqual(before);
    expect(await balance(sponsor.id, 'working')).toBe(0n);
    expect(await skips(sponsor.id)).toEqual([]);
    expect(await topupCount(m.id)).toBe(0);
    expect((await call(m.token, 'GET', '/actplan/list')).json().total).toBe(0);
  });

  it('refuses an amount below the plan price, an unknown plan and an unknown or blocked receiver', async () => {
    const m = await member();
    await fund(m.id, '5000');
    const low = await topup(m.token, m.id, m.id, plans.silver, '999.99999999');
    expect(low.statusCode).toBe(422);
    expect(low.json().message).toMatch(/at least the plan price/);
    expect((await topup(m.token, m.id, m.id, 999999)).statusCode).toBe(404);
    expect((await topup(m.token, m.id, 999999n, plans.bronze)).statusCode).toBe(404);
    expect((await topup(m.token, m.id, admin.id, plans.bronze)).statusCode).toBe(404);
    const blocked = await member();
    expect(
      (await asAdmin('PUT', `/users/${blocked.id}`, { status: 'block', block_reason: 'fraud check' }))
        .statusCode,
    ).toBe(200);
    expect((await topup(m.token, m.id, blocked.id, plans.bronze)).statusCode).toBe(422);
    const bad = await topup(m.token, m.id, m.id, plans.bronze, '-100');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.amount).toBeDefined();
    expect(await balance(m.id)).toBe(parseUnits('5000'));
    expect(await topupCount(m.id)).toBe(0);
  });
});

describe('idempotency', () => {
  it('tops up once when the same Idempotency-Key arrives twice', async () => {
    const sponsor = await withPlan('100');
    const m = await member(sponsor);
    await fund(m.id, '1000');
    const key = { 'idempotency-key': `topup-${randomUUID()}` };
    const first = await topup(m.token, m.id, m.id, plans.bronze, '200', key);
    const again = await topup(m.token, m.id, m.id, plans.bronze, '200', key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json().topup.id).toBe(first.json().topup.id);
    expect(await balance(m.id)).toBe(parseUnits('800'));
    expect((await row(m.id))?.active_plan).toBe(parseUnits('200'));
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('10'));
    expect(await topupCount(m.id)).toBe(1);
  });

  it('tops up once when the same Idempotency-Key arrives twice at the same moment', async () => {
    const m = await member();
    await fund(m.id, '1000');
    const key = { 'idempotency-key': `topup-${randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => topup(m.token, m.id, m.id, plans.bronze, '100', key)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().topup.id)).size).toBe(1);
    expect(await balance(m.id)).toBe(parseUnits('900'));
    expect(await topupCount(m.id)).toBe(1);
  });

  it('keeps one member’s Idempotency-Key apart from another’s', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    await fund(b.id, '100');
    const key = { 'idempotency-key': `shared-${randomUUID()}` };
    const ra = await topup(a.token, a.id, a.id, plans.bronze, undefined, key);
    const rb = await topup(b.token, b.id, b.id, plans.bronze, undefined, key);
    expect(ra.statusCode).toBe(201);
    expect(rb.statusCode).toBe(201);
    expect(rb.json().topup.userto_id).toBe(Number(b.id));
    expect(await balance(b.id)).toBe(0n);
    expect((await row(b.id))?.active_plan).toBe(parseUnits('100'));
  });
});

describe('re-top-up and entry', () => {
  it('adds principal to an existing plan only', async () => {
    const sponsor = await withPlan('100');
    const m = await member(sponsor);
    await fund(m.id, '300');
    const retopup = (amount: string) =>
      call(m.token, 'POST', '/topup/addretopup', {
        userby_id: Number(m.id),
        userto_id: Number(m.id),
        amount,
      });
    const none = await retopup('50');
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe('There is no active plan to add to. Choose a plan first.');
    expect(await balance(m.id)).toBe(parseUnits('300'));

    expect((await topup(m.token, m.id, m.id, plans.bronze)).statusCode).toBe(201);
    const res = await retopup('50');
    expect(res.statusCode).toBe(201);
    expect(res.json().topup).toMatchObject({ kind: 'retopup', plan_id: plans.bronze, amount: '50.00000000' });
    expect(await balance(m.id)).toBe(parseUnits('150'));
    expect((await row(m.id))?.active_plan).toBe(parseUnits('150'));
    const held = (await call(m.token, 'GET', '/actplan/list')).json().activeplans;
    expect(held).toMatchObject([{ amount: '150.00000000', status: 'active' }]);
    // 5 % of 100 and of 50.
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('7.5'));
    expect((await row(sponsor.id))?.team_business).toBe(parseUnits('150'));
    const other = await member();
    const forOther = await call(other.token, 'POST', '/topup/addretopup', {
      userby_id: Number(m.id),
      userto_id: Number(m.id),
      amount: '1',
    });
    expect(forOther.statusCode).toBe(403);
  });

  it('activates an account for the entry fee, paid to fee revenue, once', async () => {
    const sponsor = await member();
    const m = await member(sponsor);
    await fund(m.id, '25');
    const revenue = await balance(null, 'fee_revenue');
    const entry = () => call(m.token, 'POST', '/topup/entry', { id: Number(m.id), userby_id: Number(m.id) });
    const res = await entry();
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Account activated',
      topup: { kind: 'entry', plan_id: null, amount: '10.00000000' },
    });
    expect(await balance(m.id)).toBe(parseUnits('15'));
    expect(await balance(null, 'fee_revenue')).toBe(revenue + parseUnits('10'));
    expect(await row(m.id)).toMatchObject({ is_active: 'active', active_plan: 0n });
    expect((await row(sponsor.id))?.active_directs).toBe(1);

    const again = await entry();
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe('This account is already active.');
    expect(await balance(m.id)).toBe(parseUnits('15'));
    expect(await balance(null, 'fee_revenue')).toBe(revenue + parseUnits('10'));
    expect((await row(sponsor.id))?.active_directs).toBe(1);

    const poor = await member();
    await fund(poor.id, '9.99');
    const short = await call(poor.token, 'POST', '/topup/entry', {
      id: Number(poor.id),
      userby_id: Number(poor.id),
    });
    expect(short.statusCode).toBe(422);
    expect((await row(poor.id))?.is_active).toBe('inactive');
  });
});

describe('lists', () => {
  it('shows an admin every top-up, a member only their own, with search and CSV', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '1100');
    expect((await topup(a.token, a.id, a.id, plans.bronze)).statusCode).toBe(201);
    expect((await topup(a.token, a.id, b.id, plans.silver)).statusCode).toBe(201);
    const c = await member();
    await fund(c.id, '100');
    expect((await topup(c.token, c.id, c.id, plans.bronze)).statusCode).toBe(201);

    const all = (await asAdmin('GET', '/topup/list?limit=100')).json();
    const ids = all.topups.map((x: { userto_id: number }) => x.userto_id);
    expect(ids).toEqual(expect.arrayContaining([Number(a.id), Number(b.id), Number(c.id)]));
    expect(all.total).toBeGreaterThanOrEqual(3);

    const mine = (await call(b.token, 'GET', '/topup/list')).json();
    expect(mine.total).toBe(1);
    expect(mine.topups[0]).toMatchObject({ userby_id: Number(a.id), userto_id: Number(b.id) });
    const aList = (await call(a.token, 'GET', '/topup/list')).json();
    expect(aList.total).toBe(2);
    expect((await call(c.token, 'GET', `/topup/by/${a.id}`)).statusCode).toBe(403);
    expect((await call(c.token, 'GET', `/topup/by/${c.id}`)).json().total).toBe(1);
    // Without a search the top-ups are counted without their names: the filters still count.
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    expect((await call(a.token, 'GET', `/topup/list?from=${tomorrow}`)).json()).toMatchObject({ total: 0 });
    expect((await call(a.token, 'GET', '/topup/list?status=retopup')).json()).toMatchObject({ total: 0 });
    const aTopups = (await call(a.token, 'GET', '/topup/list?status=topup&limit=1&page=2')).json();
    expect(aTopups).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 });
    expect(aTopups.topups).toHaveLength(1);

    const aName = (await profile(a)).username as string;
    const found = (await asAdmin('GET', `/topup/list?search=${aName}`)).json();
    expect(found.total).toBe(2);
    const silverOfA = (
      await asAdmin('GET', `/topup/list?search=${aName}&status=topup&limit=1&page=2`)
    ).json();
    expect(silverOfA).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 });
    expect(silverOfA.topups).toHaveLength(1);

    const csv = await asAdmin('GET', `/topup/list?format=csv&search=${aName}`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.headers['content-disposition']).toMatch(/attachment; filename="topups-/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe(
      '"id","kind","plan_id","plan_name","userby_id","userby","userto_id","userto","amount","status","created_at","userby_fullname","userto_fullname"',
    );
    expect(lines.slice(1).every((l) => l.includes(`"${aName}"`))).toBe(true);
    expect(lines.slice(1).some((l) => l.includes('"1000.00000000"'))).toBe(true);
    const memberCsv = await call(c.token, 'GET', '/topup/list?format=csv');
    expect(memberCsv.body.trim().split('\r\n')).toHaveLength(2);
    expect(memberCsv.body).not.toContain(aName);
  });

  it('never changes or deletes a completed top-up', async () => {
    const m = await member();
    await fund(m.id, '100');
    const id = (await topup(m.token, m.id, m.id, plans.bronze)).json().topup.id;
    const put = await asAdmin('PUT', `/topup/${id}`, { amount: '1' });
    expect(put.statusCode).toBe(409);
    expect(put.json().code).toBe('CONFLICT');
    expect((await asAdmin('DELETE', `/topup/${id}`)).statusCode).toBe(409);
    expect((await call(m.token, 'DELETE', `/topup/${id}`)).statusCode).toBe(403);
    expect((await row(m.id))?.active_plan).toBe(parseUnits('100'));
    expect(await topupCount(m.id)).toBe(1);
  });
});

describe('direct income and the earning cap', () => {
  it('pays exactly up to 3 x the plan, records the rest as skipped, closes income, and reopens on a top-up', async () => {
    const sponsor = await withPlan('100'); // cap 300
    const d1 = await member(sponsor);
    const d2 = await member(sponsor);
    const d3 = await member(sponsor);
    await fund(d1.id, '5000');
    await fund(d2.id, '2000');
    await fund(d3.id, '200');
    expect((await topup(d1.token, d1.id, d1.id, plans.gold)).statusCode).toBe(201); // due 250
    expect(await profile(sponsor)).toMatchObject({ direct_income: '250.00000000', roi_status: 'open' });
    const second = await topup(d2.token, d2.id, d2.id, plans.silver, '2000'); // due 100: 50 paid, 50 cut
    expect(second.statusCode).toBe(201);
    expect(await profile(sponsor)).toMatchObject({
      direct_income: '300.00000000',
      working: '300.00000000',
      roi_status: 'close',
      level_status: 'close',
    });
    expect(await skips(sponsor.id)).toEqual([
      {
        income_type: 'direct_income',
        amount: parseUnits('50'),
        reason: 'cut at the earning cap',
        cause_key: `direct:${second.json().topup.id}:over-cap`,
      },
    ]);
    const third = await topup(d3.token, d3.id, d3.id, plans.bronze); // due 5: nothing left
    expect(third.statusCode).toBe(201);
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('300'));
    expect((await skips(sponsor.id))[1]).toMatchObject({
      amount: parseUnits('5'),
      reason: 'earning cap reached',
    });

    // A new top-up raises the cap to 600 and reopens income.
    await fund(sponsor.id, '100');
    expect((await topup(sponsor.token, sponsor.id, sponsor.id, plans.bronze)).statusCode).toBe(201);
    expect(await profile(sponsor)).toMatchObject({ roi_status: 'open', level_status: 'open' });
    expect((await topup(d3.token, d3.id, d3.id, plans.bronze)).statusCode).toBe(201);
    expect(await balance(sponsor.id, 'working')).toBe(parseUnits('305'));
  });

  it('pays nothing to a sponsor with no plan, an inactive one or a blocked one, and says why', async () => {
    const noPlan = await member();
    await fund(noPlan.id, '10');
    expect(
      (
        await call(noPlan.token, 'POST', '/topup/entry', {
          id: Number(noPlan.id),
          userby_id: Number(noPlan.id),
        })
      ).statusCode,
    ).toBe(201);
    const inactive = await member();
    const blocked = await withPlan('100');
    expect(
      (await asAdmin('PUT', `/users/${blocked.id}`, { status: 'block', block_reason: 'under review' }))
        .statusCode,
    ).toBe(200);

    // Said from the sponsor's side: the sponsor lacked the plan, not the member who bought one (decision 0019).
    for (const [sponsor, reasonFor] of [
      [
        noPlan,
        (buyer: string) =>
          `You held no plan when ${buyer} bought theirs (the activation fee alone earns no income), so this direct income was not paid.`,
      ],
      [
        inactive,
        (buyer: string) =>
          `You had no active plan when ${buyer} bought theirs, so this direct income was not paid.`,
      ],
      [
        blocked,
        (buyer: string) =>
          `Your account was blocked when ${buyer} bought their plan, so this direct income was not paid.`,
      ],
    ] as const) {
      const d = await member(sponsor);
      await fund(d.id, '100');
      const res = await topup(d.token, d.id, d.id, plans.bronze);
      expect(res.statusCode).toBe(201);
      expect(await balance(sponsor.id, 'working')).toBe(0n);
      const buyer = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [d.id])).rows[0]
        ?.username;
      expect(await skips(sponsor.id)).toEqual([
        {
          income_type: 'direct_income',
          amount: parseUnits('5'),
          reason: reasonFor(String(buyer)),
          cause_key: `direct:${res.json().topup.id}`,
        },
      ]);
      expect((await row(sponsor.id))?.team_business).toBe(parseUnits('100'));
    }
  });

  it('skips direct income while the direct switch is off', async () => {
    const sponsor = await withPlan('100');
    const d = await member(sponsor);
    await fund(d.id, '100');
    const off = await asAdmin('PUT', '/settings', {
      settings: { features: { direct: false } },
      reason: 'pause',
    });
    expect(off.statusCode).toBe(200);
    try {
      expect((await topup(d.token, d.id, d.id, plans.bronze)).statusCode).toBe(201);
    } finally {
      await asAdmin('PUT', '/settings', { settings: { features: { direct: true } }, reason: 'resume' });
    }
    expect(await balance(sponsor.id, 'working')).toBe(0n);
    expect((await skips(sponsor.id))[0]?.reason).toBe('direct income is switched off');
  });
});
