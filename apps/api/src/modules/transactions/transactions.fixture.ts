import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, expect } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { post, reconcile } from '../ledger/ledger.service';

/**
 * Set-up shared by the transactions tests: the app on the real PostgreSQL, an admin, a Bronze plan (100, 5% to
 * the sponsor), members with funds posted through the ledger; after the file's tests, the ledger reconciles.
 */
export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
export type Member = Built & { token: string; username: string };
export type Tx = {
  transaction_id: number;
  user_id: number;
  transaction_type: string;
  source: string;
  amount: string;
  wallet: string;
  status: string;
};

export function transactionsSuite() {
  const s = {} as { t: TestApp; admin: Built; adminToken: string; bronze: number };
  beforeAll(async () => {
    s.t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
    s.admin = await buildAdmin(s.t.deps);
    s.adminToken = await tokenFor(s.t.app, s.admin, 'admin');
    const res = await asAdmin('POST', '/plans/add', {
      name: 'Bronze',
      monthly_price: '100',
      ROI_day: '0.5',
      Sponser_bonus: '5',
      plan_period: 365,
    });
    s.bronze = res.json().plan.id;
  });
  afterAll(async () => {
    const recon = await asAdmin('GET', '/ledger/reconciliation');
    expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
    const r = await reconcile(s.t.deps.db);
    expect(r.mismatches).toEqual([]);
    expect(r.unbalanced).toEqual([]);
    await s.t.close();
  });

  const call = (
    token: string | null,
    method: Method,
    url: string,
    payload?: unknown,
    headers: Record<string, string> = {},
  ) =>
    s.t.app.inject({
      method,
      url: `/api/v1${url}`,
      headers: { ...(token ? bearer(token) : {}), ...headers },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  const asAdmin = (method: Method, url: string, payload?: unknown, headers: Record<string, string> = {}) =>
    call(s.adminToken, method, url, payload, headers);

  const member = async (sponsor?: Built): Promise<Member> => {
    const m = await buildMember(s.t.deps, { sponsorId: sponsor?.id ?? null });
    const username = (await sqlOn(s.t.url, 'SELECT username FROM users WHERE id = $1', [m.id])).rows[0]
      ?.username;
    return { ...m, username, token: await tokenFor(s.t.app, m) };
  };

  const fund = (who: bigint, amount: string) =>
    s.t.deps.db.transaction().execute((tx) =>
      post(tx, {
        key: `test-fund:${randomUUID()}`,
        kind: 'deposit',
        memberId: who,
        memo: 'test deposit',
        entries: [
          { account: { owner: who, kind: 'deposit' }, amount: parseUnits(amount) },
          { account: { owner: null, kind: 'cash' }, amount: -parseUnits(amount) },
        ],
      }),
    );

  const balance = async (who: bigint, kind = 'deposit'): Promise<bigint> =>
    ((
      await sqlOn(s.t.url, 'SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = $2', [
        who,
        kind,
      ])
    ).rows[0]?.balance as bigint | undefined) ?? 0n;

  const manual = (
    m: Built | number,
    direction: 'credit' | 'debit',
    amount: string,
    wallet = 'deposit',
    reason = 'support ticket 42',
    key = randomUUID(),
  ) =>
    asAdmin(
      'POST',
      '/tr/create',
      { user_id: typeof m === 'number' ? m : Number(m.id), amount, direction, wallet, reason },
      { 'idempotency-key': key },
    );

  const reverse = (id: number, reason = 'posted by mistake') =>
    asAdmin('PATCH', `/transactions/${id}`, { status: 'reversed', reason });

  /** A sponsor whose direct bought a 100 plan: 5 of direct income on working. */
  const sponsorWithIncome = async () => {
    const sponsor = await member();
    await fund(sponsor.id, '100');
    expect(
      (
        await call(sponsor.token, 'POST', '/topup/add', {
          id: s.bronze,
          userby_id: Number(sponsor.id),
          userto_id: Number(sponsor.id),
        })
      ).statusCode,
    ).toBe(201);
    const direct = await member(sponsor);
    await fund(direct.id, '100');
    expect(
      (
        await call(direct.token, 'POST', '/topup/add', {
          id: s.bronze,
          userby_id: Number(direct.id),
          userto_id: Number(direct.id),
        })
      ).statusCode,
    ).toBe(201);
    return { sponsor, direct };
  };

  return { s, call, asAdmin, member, fund, balance, manual, reverse, sponsorWithIncome };
}
