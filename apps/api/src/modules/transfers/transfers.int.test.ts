import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '../ledger/ledger.service';

let t: TestApp;
let adminToken: string;
let bronze: number;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
  const res = await call(adminToken, 'POST', '/plans/add', {
    name: 'Bronze',
    monthly_price: '100',
    ROI_day: '0.5',
    Sponser_bonus: '5',
    plan_period: 365,
  });
  expect(res.statusCode).toBe(201);
  bronze = res.json().plan.id;
});
afterAll(async () => {
  await expectReconciled();
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

const expectReconciled = async () => {
  const recon = await call(adminToken, 'GET', '/ledger/reconciliation');
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  expect(r.unbalanced).toEqual([]);
};

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

const balance = async (who: bigint, kind = 'deposit'): Promise<bigint> =>
  ((await sqlOn(t.url, 'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2', [who, kind]))
    .rows[0]?.balance as bigint | undefined) ?? 0n;

const transfer = (
  as: Member,
  from: bigint,
  to: bigint,
  amount: string | number,
  headers: Record<string, string> = {},
) =>
  call(
    as.token,
    'POST',
    '/transfer/touser',
    { user_id: Number(from), userto_id: Number(to), amount },
    headers,
  );

const transferCount = async (id: bigint) =>
  Number(
    (
      await sqlOn(t.url, 'SELECT count(*)::int AS n FROM transfers WHERE user_id = $1 OR userto_id = $1', [
        id,
      ])
    ).rows[0]?.n,
  );

describe('transfer to a member', () => {
  it('moves deposit balance from the caller to the receiver', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    await fund(b.id, '5');
    const res = await transfer(a, a.id, b.id, '30.5');
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Transfer successful',
      transfer: { kind: 'touser', user_id: Number(a.id), userto_id: Number(b.id), amount: '30.50000000' },
    });
    expect(await balance(a.id)).toBe(parseUnits('69.5'));
    expect(await balance(b.id)).toBe(parseUnits('35.5'));
    const ledger = await sqlOn(
      t.url,
      'SELECT kind, member_id, created_by FROM ledger_transactions WHERE idempotency_key = $1',
      [`transfer:${res.json().transfer.id}`],
    );
    expect(ledger.rows).toEqual([{ kind: 'transfer', member_id: a.id, created_by: a.id }]);
    // The receiver's business_balance shows it; a transfer is not new funding of the platform.
    const me = (await call(b.token, 'GET', `/users/${b.id}`)).json().singleuser;
    expect(me.business_balance).toBe('35.50000000');
  });

  it('refuses a transfer to oneself, to nobody, beyond the balance, or for another member', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '50');
    const self = await transfer(a, a.id, a.id, '1');
    expect(self.statusCode).toBe(422);
    expect(self.json().code).toBe('BUSINESS_RULE');
    expect((await transfer(a, a.id, 999999n, '1')).statusCode).toBe(404);
    const admin = await buildAdmin(t.deps);
    expect((await transfer(a, a.id, admin.id, '1')).statusCode).toBe(404);
    const tooMuch = await transfer(a, a.id, b.id, '50.00000001');
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().message).toBe('Insufficient balance.');
    const forOther = await transfer(b, a.id, b.id, '10');
    expect(forOther.statusCode).toBe(403);
    const zero = await transfer(a, a.id, b.id, 0);
    expect(zero.statusCode).toBe(400);
    expect(zero.json().details.amount).toBeDefined();
    expect((await transfer(a, a.id, b.id, '1.000000001')).statusCode).toBe(400);
    const asAdmin = await call(adminToken, 'POST', '/transfer/touser', {
      user_id: Number(a.id),
      userto_id: Number(b.id),
      amount: '1',
    });
    expect(asAdmin.statusCode).toBe(403);
    expect(await balance(a.id)).toBe(parseUnits('50'));
    expect(await balance(b.id)).toBe(0n);
    expect(await transferCount(a.id)).toBe(0);
  });

  it('moves money once per Idempotency-Key, also when the retry races the first attempt', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    const key = { 'idempotency-key': `transfer-${randomUUID()}` };
    const first = await transfer(a, a.id, b.id, '10', key);
    const again = await transfer(a, a.id, b.id, '10', key);
    expect(again.json().transfer.id).toBe(first.json().transfer.id);
    expect(await balance(a.id)).toBe(parseUnits('90'));

    const raceKey = { 'idempotency-key': `transfer-${randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => transfer(a, a.id, b.id, '10', raceKey)),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().transfer.id)).size).toBe(1);
    expect(await balance(a.id)).toBe(parseUnits('80'));
    expect(await balance(b.id)).toBe(parseUnits('20'));

    // Another member's identical key is their own.
    await fund(b.id, '1');
    const theirs = await transfer(b, b.id, a.id, '1', key);
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().transfer.user_id).toBe(Number(b.id));
    expect(await balance(a.id)).toBe(parseUnits('81'));
  });

  it('lets exactly 10 of 50 simultaneous transfers of 10 out of a balance of 100, losing nothing', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    const results = await Promise.all(Array.from({ length: 50 }, () => transfer(a, a.id, b.id, '10')));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 422)).toHaveLength(40);
    expect(await balance(a.id)).toBe(0n);
    expect(await balance(b.id)).toBe(parseUnits('100'));
    expect(await transferCount(a.id)).toBe(10);
    const list = (await call(b.token, 'GET', '/transfer/list?limit=100')).json();
    expect(list.total).toBe(10);
    await expectReconciled();
  });
});

describe('transfers arriving together (group commit, decision 0047)', () => {
  it('share a statement and a commit, each with its own answer: one refusal never fails the others', async () => {
    const [a, b, c] = [await member(), await member(), await member()];
    await fund(a.id, '41.5');
    const used = { 'idempotency-key': `transfer-${randomUUID()}` };
    expect((await transfer(a, a.id, c.id, '1', used)).statusCode).toBe(201);
    const key = { 'idempotency-key': `transfer-${randomUUID()}` };
    // Their order inside the burst is not known (each passes the session check first); the outcome is the same
    // in any order: 40.5 USD holds the 0.5 and four of the six 10s.
    const results = await Promise.all([
      ...Array.from({ length: 6 }, () => transfer(a, a.id, b.id, '10')),
      transfer(a, a.id, 999999n, '1'),
      transfer(c, c.id, b.id, '5'),
      transfer(a, a.id, c.id, '0.5', key),
      transfer(a, a.id, c.id, '0.5', key),
      transfer(a, a.id, c.id, '2', used),
    ]);
    const codes = results.map((r) => r.statusCode);
    expect(codes.slice(0, 6).filter((x) => x === 201)).toHaveLength(4);
    expect(codes.slice(0, 6).filter((x) => x === 422)).toHaveLength(2);
    expect(codes.slice(6, 8)).toEqual([404, 422]);
    expect(results[7]?.json().message).toBe('Insufficient balance.');
    expect(codes.slice(8, 10)).toEqual([201, 201]);
    expect(results[8]?.json().transfer.id).toBe(results[9]?.json().transfer.id);
    expect(codes[10]).toBe(409);
    expect(await balance(a.id)).toBe(0n);
    expect(await balance(b.id)).toBe(parseUnits('40'));
    expect(await balance(c.id)).toBe(parseUnits('1.5'));
    // They were written together: the transfers of this burst came from fewer database transactions than there
    // are transfers (the first goes alone, the ones that arrived meanwhile share the next commit). A row's
    // created_at is its transaction's start (now()); xmin would not tell (each transfer is a subtransaction).
    const { rows } = await sqlOn(
      t.url,
      `SELECT count(*)::int AS transfers, count(DISTINCT created_at)::int AS commits
       FROM transfers WHERE user_id = $1 AND created_at > now() - interval '1 minute' AND amount <> $2`,
      [a.id, parseUnits('1')],
    );
    expect(rows[0]?.transfers).toBe(5);
    expect(rows[0]?.commits).toBeLessThan(5);
    await expectReconciled();
  });
});

describe('top-up of a friend', () => {
  it('pays a friend’s plan from the caller’s deposit wallet', async () => {
    const sponsor = await member();
    const a = await member();
    const friend = await member(sponsor);
    await fund(a.id, '250');
    const res = await call(a.token, 'POST', '/transfer/friend', {
      user_id: Number(a.id),
      userto_id: Number(friend.id),
      plan_id: bronze,
      amount: '150',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().transfer).toMatchObject({
      kind: 'friend',
      user_id: Number(a.id),
      userto_id: Number(friend.id),
      amount: '150.00000000',
    });
    expect(await balance(a.id)).toBe(parseUnits('100'));
    expect(await balance(friend.id)).toBe(0n);
    const f = (await call(friend.token, 'GET', `/users/${friend.id}`)).json().singleuser;
    expect(f).toMatchObject({ active_plan: '150.00000000', plan_id: bronze, is_active: 'active' });
    const topups = (await call(friend.token, 'GET', '/topup/list')).json().topups;
    expect(topups).toMatchObject([{ kind: 'friend', userby_id: Number(a.id), amount: '150.00000000' }]);
    const team = await sqlOn(t.url, 'SELECT team_business FROM users WHERE id = $1', [sponsor.id]);
    expect(team.rows[0]?.team_business).toBe(parseUnits('150'));

    const short = await call(a.token, 'POST', '/transfer/friend', {
      user_id: Number(a.id),
      userto_id: Number(friend.id),
      plan_id: bronze,
      amount: '100.00000001',
    });
    expect(short.statusCode).toBe(422);
    expect(await balance(a.id)).toBe(parseUnits('100'));

    // Retries with one Idempotency-Key, racing each other, top up once.
    const key = { 'idempotency-key': `friend-${randomUUID()}` };
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        call(
          a.token,
          'POST',
          '/transfer/friend',
          { user_id: Number(a.id), userto_id: Number(friend.id), plan_id: bronze, amount: '100' },
          key,
        ),
      ),
    );
    expect(results.map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
    expect(new Set(results.map((r) => r.json().transfer.id)).size).toBe(1);
    expect(await balance(a.id)).toBe(0n);
    expect((await call(friend.token, 'GET', `/users/${friend.id}`)).json().singleuser.active_plan).toBe(
      '250.00000000',
    );
  });

  it('refuses the caller’s own plan with the screen’s message, and another member’s wallet', async () => {
    const a = await member();
    const b = await member();
    await fund(a.id, '100');
    const self = await call(a.token, 'POST', '/transfer/friend', {
      user_id: Number(a.id),
      userto_id: Number(a.id),
      plan_id: bronze,
    });
    expect(self.statusCode).toBe(422);
    expect(self.json()).toEqual({
      message: 'Visit Membership Plan to topup self account',
      code: 'BUSINESS_RULE',
    });
    const stolen = await call(b.token, 'POST', '/transfer/friend', {
      user_id: Number(a.id),
      userto_id: Number(b.id),
      plan_id: bronze,
    });
    expect(stolen.statusCode).toBe(403);
    const unknown = await call(a.token, 'POST', '/transfer/friend', {
      user_id: Number(a.id),
      userto_id: 999999,
      plan_id: bronze,
    });
    expect(unknown.statusCode).toBe(404);
    expect(await balance(a.id)).toBe(parseUnits('100'));
    expect(await transferCount(a.id)).toBe(0);
  });
});

describe('reading transfers', () => {
  it('shows a member only the transfers they sent or received; an admin sees all', async () => {
    const a = await member();
    const b = await member();
    const c = await member();
    await fund(a.id, '100');
    await fund(c.id, '100');
    const ab = (await transfer(a, a.id, b.id, '10')).json().transfer;
    const ca = (await transfer(c, c.id, a.id, '20')).json().transfer;
    const cb = (await transfer(c, c.id, b.id, '30')).json().transfer;

    const ids = async (m: Member) =>
      (await call(m.token, 'GET', '/transfer/list')).json().transfers.map((x: { id: number }) => x.id);
    expect(await ids(a)).toEqual([ca.id, ab.id]);
    expect(await ids(b)).toEqual([cb.id, ab.id]);
    expect(await ids(c)).toEqual([cb.id, ca.id]);
    const all = (await call(adminToken, 'GET', '/transfer/list?limit=100')).json();
    expect(all.transfers.map((x: { id: number }) => x.id)).toEqual(
      expect.arrayContaining([ab.id, ca.id, cb.id]),
    );
    const aName = ab.username as string;
    const search = (await call(adminToken, 'GET', `/transfer/list?search=${aName}`)).json();
    expect(search.transfers.map((x: { id: number }) => x.id)).toEqual([ca.id, ab.id]);
    const paged = (await call(a.token, 'GET', '/transfer/list?limit=1&page=2')).json();
    expect(paged).toMatchObject({ total: 2, totalPages: 2, currentPage: 2 });
    expect(paged.transfers.map((x: { id: number }) => x.id)).toEqual([ab.id]);
    const csv = await call(b.token, 'GET', '/transfer/list?format=csv');
    expect(csv.body.trim().split('\r\n')).toHaveLength(3);

    const byId = (m: Member | null, id: number) =>
      call(m ? m.token : adminToken, 'GET', `/transfer/byid/${id}`);
    expect((await byId(a, ab.id)).json().transfer).toMatchObject({ id: ab.id, amount: '10.00000000' });
    expect((await byId(b, ab.id)).statusCode).toBe(200);
    const stranger = await byId(c, ab.id);
    expect(stranger.statusCode).toBe(403);
    expect(stranger.body).not.toContain('10.00000000');
    expect((await byId(null, cb.id)).statusCode).toBe(200);
    expect((await byId(null, 999999)).statusCode).toBe(404);
    expect((await call(null, 'GET', '/transfer/list')).statusCode).toBe(401);
  });
});
