import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, secondAdmin } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { randomHash, walletsOf } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

async function member() {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
}

describe('deposit requests', () => {
  it('records a pending deposit and credits nothing until an admin approves', async () => {
    const m = await member();
    const hash = randomHash();
    const res = await api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: '250.5',
      currency: 'BEP20',
      hash,
    });
    expect(res.statusCode).toBe(201);
    const { deposit } = res.json();
    expect(deposit).toMatchObject({
      status: 'pending',
      amount: '250.50000000',
      currency: 'BEP20',
      hash,
      credited_amount: null,
    });
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('0.00000000');

    const ok = await api('PUT', `/deposite/${deposit.id}`, adminToken, {
      status: 'complete',
      user_id: Number(m.id),
      note: 'seen on BscScan',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().deposit).toMatchObject({
      status: 'complete',
      credited_amount: '250.50000000',
      verified_by: 'admin',
    });
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('250.50000000');
    const me = (await api('GET', `/users/${m.id}`, m.token)).json().singleuser;
    expect(me).toMatchObject({ business_balance: '250.50000000', business: '250.50000000' });

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, reason FROM audit_log WHERE action = 'deposit.complete' AND entity_id = $1",
      [String(deposit.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: admin.id, reason: 'seen on BscScan' }]);
    // only pending deposits change
    const again = await api('PUT', `/deposite/${deposit.id}`, adminToken, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(again.statusCode).toBe(409);
    expect(
      (await api('PUT', `/deposite/${deposit.id}`, adminToken, { status: 'decline', user_id: Number(m.id) }))
        .statusCode,
    ).toBe(409);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('250.50000000');
  });

  it('lets an admin credit the amount seen on chain instead of the amount asked, with a second admin', async () => {
    const m = await member();
    const d = (
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: 100,
        currency: 'TRC20',
        hash: randomHash().slice(2),
      })
    ).json().deposit;
    const res = await api('PUT', `/deposite/${d.id}`, adminToken, {
      status: 'complete',
      amount: '99.5',
      user_id: Number(m.id),
    });
    // Another amount than reported waits for a second admin (decision 0024).
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('0.00000000');
    await approveWaiting(t.app, res, (await secondAdmin(t.app, t.deps)).token);
    const [credited] = (await api('GET', `/deposite/by/${m.id}`, adminToken)).json().deposits;
    expect(credited).toMatchObject({ amount: '100.00000000', credited_amount: '99.50000000' });
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('99.50000000');
  });

  it('takes a hash once per member in any spelling, from several members, and credits it once, ever', async () => {
    const a = await member();
    const b = await member();
    const hash = randomHash();
    const add = (m: typeof a, h: string, currency = 'BEP20') =>
      api('POST', '/deposite/add', m.token, { user_id: Number(m.id), amount: 10, currency, hash: h });
    const first = await add(a, hash);
    expect(first.statusCode).toBe(201);
    const dup = await add(a, hash.slice(2).toUpperCase(), 'TRC20');
    expect(dup.statusCode).toBe(409);
    expect(dup.json().message).toBe('This transaction hash has already been used.');
    // A report claims no hash (decision 0027): another member may report it too, and the admin sees both.
    const other = await add(b, hash.slice(2).toUpperCase());
    expect(other.statusCode).toBe(201);
    const listed = (await api('GET', `/deposite/list?search=${hash}`, adminToken)).json().deposits;
    expect(listed.map((d: { other_reports: number }) => d.other_reports)).toEqual([1, 1]);
    expect(
      (
        await api('PUT', `/deposite/${first.json().deposit.id}`, adminToken, {
          status: 'complete',
          user_id: Number(a.id),
        })
      ).statusCode,
    ).toBe(200);
    const second = await api('PUT', `/deposite/${other.json().deposit.id}`, adminToken, {
      status: 'complete',
      user_id: Number(b.id),
    });
    expect(second.statusCode).toBe(409);
    expect(second.json().message).toMatch(/already credited with deposit #\d+ of /);
    expect((await walletsOf(t.app, b.token, b.id)).deposit).toBe('0.00000000');
    // Once credited, nobody reports it again.
    const late = await add(await member(), hash);
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This transaction hash has already been credited.');
    // A declined report holds nothing: its member may report the hash again.
    const h2 = randomHash();
    const d = (await add(b, h2)).json().deposit;
    await api('PUT', `/deposite/${d.id}`, adminToken, { status: 'decline', user_id: Number(b.id) });
    expect((await add(b, h2)).statusCode).toBe(201);
  });

  it('credits one deposit once however many approvals race', async () => {
    const m = await member();
    const d = (
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: 40,
        currency: 'BEP20',
        hash: randomHash(),
      })
    ).json().deposit;
    const results = await Promise.all(
      Array.from({ length: 10 }, () =>
        api('PUT', `/deposite/${d.id}`, adminToken, { status: 'complete', user_id: Number(m.id) }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(9);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('40.00000000');
  });

  it('declines without credit, and lets a member cancel only their own pending request', async () => {
    const m = await member();
    const other = await member();
    const d1 = (
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: 5,
        currency: 'BEP20',
        hash: randomHash(),
      })
    ).json().deposit;
    const declined = await api('PUT', `/deposite/${d1.id}`, adminToken, {
      status: 'decline',
      user_id: Number(m.id),
      note: 'no such transfer',
    });
    expect(declined.json().deposit).toMatchObject({ status: 'decline', note: 'no such transfer' });
    const d2 = (
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: 5,
        currency: 'BEP20',
        hash: randomHash(),
      })
    ).json().deposit;
    expect((await api('DELETE', `/deposite/${d2.id}`, other.token)).statusCode).toBe(403);
    expect((await api('DELETE', `/deposite/${d2.id}`, m.token)).statusCode).toBe(200);
    expect((await api('DELETE', `/deposite/${d2.id}`, m.token)).statusCode).toBe(409);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('0.00000000');
  });

  it('refuses bad input, acting for someone else, and a wrong member on approval', async () => {
    const m = await member();
    const other = await member();
    const bad = await api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: '-1',
      currency: 'ERC20',
      hash: 'xyz',
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().details)).toEqual(expect.arrayContaining(['amount', 'currency', 'hash']));
    // A JSON number with a fraction is read from its decimal text, exactly (never through a float).
    const exact = await api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: 0.1,
      currency: 'BEP20',
      hash: randomHash(),
    });
    expect(exact.json().deposit.amount).toBe('0.10000000');
    const tooPrecise = await t.app.inject({
      method: 'POST',
      url: '/api/v1/deposite/add',
      headers: { ...bearer(m.token), 'content-type': 'application/json' },
      body: `{"user_id": ${m.id}, "amount": 0.123456789, "currency": "BEP20", "hash": "${randomHash()}"}`,
    });
    expect(tooPrecise.statusCode).toBe(400);
    const forOther = await api('POST', '/deposite/add', m.token, {
      user_id: Number(other.id),
      amount: 5,
      currency: 'BEP20',
      hash: randomHash(),
    });
    expect(forOther.statusCode).toBe(403);
    const d = (
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: 5,
        currency: 'BEP20',
        hash: randomHash(),
      })
    ).json().deposit;
    expect(
      (await api('PUT', `/deposite/${d.id}`, adminToken, { status: 'complete', user_id: Number(other.id) }))
        .statusCode,
    ).toBe(400);
    expect(
      (await api('PUT', `/deposite/${d.id}`, m.token, { status: 'complete', user_id: Number(m.id) }))
        .statusCode,
    ).toBe(403);
  });

  it('closes deposits with the feature switch', async () => {
    const m = await member();
    await api('PUT', '/settings', adminToken, {
      settings: { features: { deposit: false } },
      reason: 'wallet migration',
    });
    const res = await api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: 5,
      currency: 'BEP20',
      hash: randomHash(),
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Deposits are closed.');
    await api('PUT', '/settings', adminToken, {
      settings: { features: { deposit: true } },
      reason: 'migration done',
    });
  });
});

describe('deposit lists', () => {
  it('shows members only their own, admins all with status filter, search, paging and CSV', async () => {
    const m = await member();
    const other = await member();
    for (let i = 0; i < 3; i++)
      await api('POST', '/deposite/add', m.token, {
        user_id: Number(m.id),
        amount: i + 1,
        currency: 'BEP20',
        hash: randomHash(),
      });
    await api('POST', '/deposite/add', other.token, {
      user_id: Number(other.id),
      amount: 9,
      currency: 'BEP20',
      hash: randomHash(),
    });
    const mine = (await api('GET', '/deposite/list?limit=10', m.token)).json();
    expect(mine.total).toBe(3);
    expect(mine.deposits.every((d: { user_id: number }) => d.user_id === Number(m.id))).toBe(true);
    expect((await api('GET', `/deposite/by/${other.id}`, m.token)).statusCode).toBe(403);

    const username = mine.deposits[0].username;
    const page = (
      await api('GET', `/deposite/list?status=pending&search=${username}&limit=2&page=2`, adminToken)
    ).json();
    expect(page).toMatchObject({ total: 3, totalPages: 2, currentPage: 2 });
    expect(page.deposits).toHaveLength(1);
    const csv = await api('GET', `/deposite/list?status=pending&search=${username}&format=csv`, adminToken);
    expect(csv.headers['content-type']).toMatch(/text\/csv/);
    const lines = csv.body.trim().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[0]).toContain('"hash"');
  });
});
