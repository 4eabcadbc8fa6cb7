import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
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
const call = (token: string | null, method: Method, url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) => call(adminToken, method, url, payload);

type Member = Built & { token: string };
const member = async (): Promise<Member> => {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
};

const deposit = async (who: bigint): Promise<string> =>
  (
    await sqlOn(t.url, "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'", [who])
  ).rows[0]?.balance?.toString() ?? '0';

type Code = {
  id: number;
  code: string;
  amount: string;
  redeemed_by: number | null;
  redeemed_at: string | null;
};
const issue = async (count: number, amount: string | number): Promise<Code[]> => {
  const res = await asAdmin('POST', '/codes', { count, amount });
  expect(res.statusCode).toBe(201);
  return res.json().codes;
};
const redeem = (m: Member, code: string) => call(m.token, 'POST', '/codes/redeem', { code });

describe('issuing codes', () => {
  it('issues unique one-time codes with a value, audited', async () => {
    const res = await asAdmin('POST', '/codes', { count: 3, amount: '25.5' });
    expect(res.statusCode).toBe(201);
    expect(res.json().message).toBe('3 codes created');
    const codes: Code[] = res.json().codes;
    expect(codes).toHaveLength(3);
    for (const c of codes) {
      expect(c.code).toMatch(/^[A-HJ-NP-Z2-9]{12}$/);
      expect(c).toMatchObject({ amount: '25.50000000', redeemed_by: null, redeemed_at: null });
    }
    expect(new Set(codes.map((c) => c.code)).size).toBe(3);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, after FROM audit_log WHERE action = 'codes.issue' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({
      actor_id: admin.id,
      after: { count: 3, amount: '25.50000000', ids: codes.map((c) => String(c.id)) },
    });
    expect((await asAdmin('POST', '/codes', { count: 1, amount: 1 })).json().message).toBe('1 code created');
  });

  it('refuses bad input and members', async () => {
    for (const body of [
      { count: 0, amount: '10' },
      { count: 501, amount: '10' },
      { count: 1, amount: '0' },
      { count: 1, amount: '-5' },
      { count: 1, amount: '1.000000001' },
      { count: 1 },
    ]) {
      const res = await asAdmin('POST', '/codes', body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().code).toBe('VALIDATION_FAILED');
      expect(res.json().details).toBeDefined();
    }
    const m = await member();
    expect((await call(m.token, 'POST', '/codes', { count: 1, amount: '1000' })).statusCode).toBe(403);
    expect((await call(m.token, 'GET', '/codes')).statusCode).toBe(403);
    expect((await call(m.token, 'GET', '/codes/1')).statusCode).toBe(403);
    expect((await call(null, 'POST', '/codes/redeem', { code: 'ABCDEFGH' })).statusCode).toBe(401);
  });
});

describe('reading codes', () => {
  it('lists codes newest first, filters by unused and redeemed, and reads one', async () => {
    const [a, b] = await issue(2, '7');
    if (!a || !b) throw new Error('two codes expected');
    const m = await member();
    expect((await redeem(m, a.code)).statusCode).toBe(200);

    const all = (await asAdmin('GET', '/codes?limit=100')).json();
    const ids = all.codes.map((c: Code) => c.id);
    expect(ids.indexOf(b.id)).toBeLessThan(ids.indexOf(a.id));
    expect(all.total).toBe(ids.length);

    const redeemed = (await asAdmin('GET', '/codes?status=redeemed&limit=100')).json().codes;
    expect(redeemed.map((c: Code) => c.id)).toContain(a.id);
    expect(redeemed.map((c: Code) => c.id)).not.toContain(b.id);
    expect(redeemed.every((c: Code) => c.redeemed_at !== null)).toBe(true);
    const unused = (await asAdmin('GET', '/codes?status=unused&limit=100')).json().codes;
    expect(unused.map((c: Code) => c.id)).toContain(b.id);
    expect(unused.map((c: Code) => c.id)).not.toContain(a.id);
    expect(unused.every((c: Code) => c.redeemed_at === null)).toBe(true);

    const search = (await asAdmin('GET', `/codes?search=${b.code.toLowerCase()}`)).json();
    expect(search.codes.map((c: Code) => c.id)).toEqual([b.id]);

    const one = await asAdmin('GET', `/codes/${a.id}`);
    expect(one.statusCode).toBe(200);
    expect(one.json().code).toMatchObject({ id: a.id, code: a.code, redeemed_by: Number(m.id) });
    expect(one.json().code.redeemed_at).not.toBeNull();
    expect((await asAdmin('GET', '/codes/999999')).statusCode).toBe(404);
    expect((await asAdmin('GET', '/codes/abc')).statusCode).toBe(400);
  });
});

describe('redeeming', () => {
  it('credits the deposit wallet once; a second redeem is a 409', async () => {
    const [c] = await issue(1, '40.12345678');
    if (!c) throw new Error('a code expected');
    const m = await member();
    const other = await member();
    const res = await redeem(m, c.code.toLowerCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      message: 'Code redeemed: the amount is in your deposit wallet',
      amount: '40.12345678',
    });
    expect(await deposit(m.id)).toBe('4012345678');
    const me = (await call(m.token, 'GET', `/users/${m.id}`)).json().singleuser;
    expect(me.business_balance).toBe('40.12345678');

    const again = await redeem(m, c.code);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONFLICT', message: 'This code has already been used.' });
    expect((await redeem(other, c.code)).statusCode).toBe(409);
    expect(await deposit(m.id)).toBe('4012345678');
    expect(await deposit(other.id)).toBe('0');

    expect((await redeem(m, 'NOSUCHCODE22')).statusCode).toBe(404);
    expect((await redeem(m, 'ab')).statusCode).toBe(400);
    const adminRedeem = await asAdmin('POST', '/codes/redeem', { code: c.code });
    expect(adminRedeem.statusCode).toBe(403);
  });

  it('credits once when 20 members redeem one code at the same moment', async () => {
    const [c] = await issue(1, '50');
    if (!c) throw new Error('a code expected');
    const members = await Promise.all(Array.from({ length: 20 }, () => member()));
    const results = await Promise.all(members.map((m) => redeem(m, c.code)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((s) => s === 200)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(19);
    const balances = await Promise.all(members.map((m) => deposit(m.id)));
    expect(balances.filter((b) => b === '5000000000')).toHaveLength(1);
    expect(balances.filter((b) => b === '0')).toHaveLength(19);
    const winner = members[codes.indexOf(200)];
    expect((await asAdmin('GET', `/codes/${c.id}`)).json().code.redeemed_by).toBe(Number(winner?.id));
    const posted = await sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
      [`code:${c.id}`],
    );
    expect(posted.rows[0]?.n).toBe(1);
  });

  it('credits once when one member sends the same redeem 20 times at once', async () => {
    const [c] = await issue(1, '3');
    if (!c) throw new Error('a code expected');
    const m = await member();
    const results = await Promise.all(Array.from({ length: 20 }, () => redeem(m, c.code)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(19);
    expect(await deposit(m.id)).toBe('300000000');
  });
});

describe('issuing codes once per request', () => {
  it('returns the first batch to a retry with the same Idempotency-Key, even at once', async () => {
    const { bearer: auth, buildAdmin: admin, tokenFor: tok } = await import('../../../test/factories');
    const token = await tok(t.app, await admin(t.deps), 'admin');
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/codes',
        headers: { ...auth(token), 'idempotency-key': 'issue-batch-0001' },
        payload: { count: 3, amount: '5' },
      });
    const results = await Promise.all([send(), send(), send()]);
    const codeSets = results.map((r) =>
      r
        .json()
        .codes.map((c: { code: string }) => c.code)
        .join(','),
    );
    expect(new Set(codeSets).size).toBe(1);
    const { rows } = await (await import('../../../test/helpers')).sqlOn(
      t.url,
      'SELECT count(*)::int AS n FROM codes WHERE batch_key LIKE $1',
      ['%:issue-batch-0001'],
    );
    expect(rows[0]?.n).toBe(3);
  });
});

describe('public settings', () => {
  it('shows members the fees and rates, not the admin-only settings', async () => {
    const res = await t.app.inject({ url: '/api/v1/settings/public' });
    expect(res.json().settings).toMatchObject({ entryFee: '10', withdrawal: { workingMinimum: '20' } });
    expect(res.json().settings.rootReferralCode).toBeUndefined();
  });
});
