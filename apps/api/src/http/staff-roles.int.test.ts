import { grantFor, type StaffArea, type StaffRole, staffAreas, staffMay, staffRoles } from '@sgx/contracts';
import { formatUnits, parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../test/helpers';
import { fundDeposit, launchToken } from '../../test/money';
import { NOT_YOUR_DECISION_MESSAGE } from '../modules/approvals/approvals.service';

/**
 * Staff roles (decision 0042): the role x route matrix over every registered admin route, and the
 * approval rule (the second admin must be allowed to make the decision).
 */
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  await launchToken(t.deps, parseUnits('100000000'));
});
afterAll(() => t.close());

const ROLE_REFUSAL = 'Your staff role does not allow this.';
const concrete = (url: string) =>
  url.replace(/:(\w+)/g, (_m, name: string) => (name === 'id' || /Id$/.test(name) ? '999999' : 'x'));

/** A staff account holding exactly `roles`, signed in (two-factor done as the factories do). */
async function staff(...roles: StaffRole[]): Promise<{ id: bigint; token: string }> {
  const admin = await buildAdmin(t.deps);
  await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [admin.id, roles]);
  return { id: admin.id, token: await tokenFor(t.app, admin, 'admin') };
}

const call = (token: string, method: string, url: string, payload?: object) =>
  t.app.inject({
    method: method as 'GET',
    url,
    headers: bearer(token),
    payload: payload ?? (method === 'GET' || method === 'DELETE' ? undefined : {}),
  });

describe('staff roles', () => {
  it('every admin route names its permission, and every area is used by a route', () => {
    const admin = t.app.routeTable.filter((r) => r.access === 'admin');
    expect(admin.length).toBeGreaterThan(90);
    for (const r of admin) expect(r.permission, `${r.method} ${r.url}`).toBeTypeOf('string');
    const used = new Set(admin.map((r) => r.permission));
    for (const area of staffAreas) expect(used.has(area as StaffArea), area).toBe(true);
  });

  it('an existing admin is an owner; a member holds no role; a role outside the list is refused by the database', async () => {
    const admin = await buildAdmin(t.deps);
    const member = await buildMember(t.deps);
    const rows = await sqlOn(t.url, 'SELECT id, staff_roles FROM users WHERE id = ANY($1) ORDER BY id', [
      [admin.id, member.id],
    ]);
    expect(rows.rows.map((r) => r.staff_roles)).toEqual([['owner'], []]);
    await expect(
      sqlOn(t.url, "UPDATE users SET staff_roles = '{janitor}' WHERE id = $1", [admin.id]),
    ).rejects.toThrow(/users_staff_roles_known/);
    // Made a member, the account keeps no role.
    await sqlOn(t.url, "UPDATE users SET role = 'user' WHERE id = $1", [admin.id]);
    const after = await sqlOn(t.url, 'SELECT staff_roles FROM users WHERE id = $1', [admin.id]);
    expect(after.rows[0].staff_roles).toEqual([]);
  });

  // The generated matrix: every role against every admin route (HEAD aside), refused exactly outside its grants.
  for (const role of staffRoles.filter((r) => r !== 'owner')) {
    it(`${role}: 403 on every admin route outside its permissions, and never refused for its role inside them`, async () => {
      const { token } = await staff(role);
      // Signing out is checked last: it ends the session the matrix uses.
      const routes = t.app.routeTable
        .filter((r) => r.access === 'admin' && r.method !== 'HEAD')
        .sort((a, b) => Number(a.url.endsWith('/signoutadmin')) - Number(b.url.endsWith('/signoutadmin')));
      const wrong: string[] = [];
      for (const r of routes) {
        const allowed = staffMay([role], r.permission as StaffArea, grantFor(r.method));
        const res = await call(token, r.method, concrete(r.url));
        const refusedForRole = res.statusCode === 403 && res.json().message === ROLE_REFUSAL;
        if (allowed === refusedForRole)
          wrong.push(`${r.method} ${r.url} (${r.permission}): ${res.statusCode}`);
      }
      expect(wrong).toEqual([]);
    });
  }

  it('the owner is refused nowhere for its role', async () => {
    const { token } = await staff('owner');
    for (const r of t.app.routeTable.filter(
      (x) => x.access === 'admin' && x.method === 'GET' && !x.url.endsWith('/signoutadmin'),
    )) {
      const res = await call(token, 'GET', concrete(r.url));
      expect(res.statusCode === 403 && res.json().message === ROLE_REFUSAL, r.url).toBe(false);
    }
  });
});

describe('approvals by role', () => {
  it('a debit is approved by finance, never by support or compliance', async () => {
    const owner = await staff('owner');
    const member = await buildMember(t.deps);
    await fundDeposit(t.deps, member.id, '100');
    const asked = await t.app.inject({
      method: 'POST',
      url: '/api/v1/withdrawalrequest/debit',
      headers: { ...bearer(owner.token), 'idempotency-key': 'staff-debit-0001' },
      payload: { user_id: Number(member.id), amount: '10', wallet: 'deposit', reason: 'chargeback' },
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().approval.id as number;
    const url = `/api/v1/admin/approvals/${id}/approve`;
    for (const role of ['support', 'compliance', 'content'] as const) {
      const res = await call((await staff(role)).token, 'POST', url);
      expect(res.statusCode, role).toBe(403);
      expect(res.json().message).toBe(ROLE_REFUSAL);
    }
    const finance = await staff('finance');
    const done = await call(finance.token, 'POST', url);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().approval).toMatchObject({ status: 'approved', kind: 'debit' });
    const wallet = await t.app.inject({
      url: `/api/v1/tr/wallet/${member.id}`,
      headers: bearer(owner.token),
    });
    expect(wallet.json().wallets ?? wallet.json()).toBeDefined();
    expect(JSON.stringify(wallet.json())).toContain('90.00000000');
  });

  it('a token price change waits for someone allowed to change settings: finance can neither approve nor reject it', async () => {
    const owner = await staff('owner');
    const now = (await t.app.inject({ url: '/api/v1/social-genx/price/1' })).json().current_price as string;
    const asked = await call(owner.token, 'PUT', '/api/v1/social-genx/config', {
      token_id: 1,
      current_price: formatUnits((parseUnits(now) * 12n) / 10n),
      reason: 'listing',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    const id = asked.json().approval.id as number;
    const finance = await staff('finance');
    const approve = await call(finance.token, 'POST', `/api/v1/admin/approvals/${id}/approve`);
    expect(approve.statusCode).toBe(403);
    expect(approve.json().message).toBe(NOT_YOUR_DECISION_MESSAGE);
    const reject = await call(finance.token, 'POST', `/api/v1/admin/approvals/${id}/reject`, {
      reason: 'Not agreed with the team.',
    });
    expect(reject.statusCode, reject.body).toBe(403);
    expect(reject.json().message).toBe(NOT_YOUR_DECISION_MESSAGE);
    const second = await staff('owner');
    const done = await call(second.token, 'POST', `/api/v1/admin/approvals/${id}/approve`);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().approval).toMatchObject({ status: 'approved', kind: 'token_price' });
  });
});

describe('staff on the routes members share (a member page, an edit, a ticket)', () => {
  const editMember = (token: string, id: bigint, payload: object) =>
    call(token, 'PUT', `/api/v1/users/${id}`, payload);
  const stored = async (id: bigint) =>
    (await sqlOn(t.url, 'SELECT status, fullname FROM users WHERE id = $1', [id])).rows[0];

  it("content staff cannot open a member's record; support and compliance can", async () => {
    const m = await buildMember(t.deps);
    for (const [role, status] of [
      ['content', 403],
      ['support', 200],
      ['compliance', 200],
      ['finance', 200],
    ] as const) {
      const res = await call((await staff(role)).token, 'GET', `/api/v1/users/${m.id}`);
      expect(res.statusCode, role).toBe(status);
    }
  });

  it("money lists are for the roles that read money: support and content see no member's withdrawals or transactions", async () => {
    const m = await buildMember(t.deps);
    for (const [role, status] of [
      ['support', 403],
      ['content', 403],
      ['finance', 200],
      ['compliance', 200],
    ] as const) {
      const token = (await staff(role)).token;
      for (const url of [
        '/api/v1/withdrawalrequest/list',
        `/api/v1/tr/user/${m.id}`,
        '/api/v1/deposite/list',
      ])
        expect((await call(token, 'GET', url)).statusCode, `${role} ${url}`).toBe(status);
    }
  });

  it('support blocks a member but cannot change a balance; finance changes the balance but not the name', async () => {
    const m = await buildMember(t.deps);
    const support = await staff('support');
    const finance = await staff('finance');

    const money = await editMember(support.token, m.id, { business_balance: '1000', reason: 'bonus' });
    expect(money.statusCode).toBe(403);
    expect(money.json().message).toMatch(/cannot change balances/);
    const blocked = await editMember(support.token, m.id, { status: 'block', block_reason: 'Under review.' });
    expect(blocked.statusCode, blocked.body).toBe(200);
    expect((await stored(m.id)).status).toBe('block');

    const renamed = await editMember(finance.token, m.id, { fullname: 'Someone Else' });
    expect(renamed.statusCode).toBe(403);
    expect((await stored(m.id)).fullname).toBe('Test Member');
    const balance = await editMember(finance.token, m.id, { business_balance: '5', reason: 'correction' });
    expect([200, 202], balance.body).toContain(balance.statusCode);
  });

  it('support answers a ticket; finance and content cannot read or answer it', async () => {
    const m = await buildMember(t.deps);
    const opened = await call(await tokenFor(t.app, m), 'POST', '/api/v1/tickets', {
      subject: 'Where is my ROI?',
      category: 'general',
      message: 'It did not arrive today.',
    });
    expect(opened.statusCode, opened.body).toBeLessThan(300);
    const id = (opened.json().ticket ?? opened.json().data)?.id as number;
    for (const role of ['finance', 'content'] as const) {
      const token = (await staff(role)).token;
      expect((await call(token, 'GET', `/api/v1/tickets/single/${id}`)).statusCode, role).toBe(403);
    }
    const support = await staff('support');
    expect((await call(support.token, 'GET', `/api/v1/tickets/single/${id}`)).statusCode).toBe(200);
  });
});
