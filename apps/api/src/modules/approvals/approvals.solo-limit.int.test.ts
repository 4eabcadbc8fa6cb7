import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve } from '../../../test/approvals';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet, randomHash, walletsOf } from '../../../test/money';
import { reconcile } from '../ledger/ledger.service';

/**
 * What one admin may do alone is capped per admin per rolling 24 hours, in total across kinds
 * (decision 0030): settings.soloDailyLimit, default $3,000. Past it, each further action waits for a second admin.
 */
let t: TestApp;
let approver: Admin;
beforeAll(async () => {
  t = await buildTestApp();
  approver = await admin();
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

type Admin = { id: bigint; token: string; username: string };
type Member = { id: bigint; token: string };
type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
const api = (method: Method, url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });

async function admin(): Promise<Admin> {
  const a = await buildAdmin(t.deps);
  const row = await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [a.id]);
  return { id: a.id, token: await tokenFor(t.app, a, 'admin'), username: String(row.rows[0]?.username) };
}

async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [
    m.id,
    `0x${randomBytes(20).toString('hex')}`,
  ]);
  return { ...m, token: await tokenFor(t.app, m) };
}

const credit = (by: Admin, m: Member, amount: string, key?: string) =>
  api(
    'POST',
    '/tr/create',
    by.token,
    { user_id: Number(m.id), amount, direction: 'credit', wallet: 'deposit', reason: 'goodwill' },
    key,
  );
const depositOf = async (m: Member) => (await walletsOf(t.app, m.token, m.id)).deposit;
const used = async (a: Admin) =>
  (
    await sqlOn(
      t.url,
      "SELECT coalesce(sum(amount), 0)::text AS n FROM admin_solo_actions WHERE admin_id = $1 AND at > now() - interval '24 hours'",
      [a.id],
    )
  ).rows[0]?.n;
const whyOf = (a: Admin, usedText: string) =>
  `Waits: over ${a.username}'s solo limit: $${usedText} of $3,000.00 used in the last 24 hours.`;

async function soloCredits(by: Admin, m: Member, n: number) {
  for (let i = 0; i < n; i++) {
    const res = await credit(by, m, '999');
    expect(res.statusCode, res.body).toBe(201);
  }
}

describe('one admin alone, per rolling 24 hours', () => {
  it('makes three credits of 999 at once; the fourth waits and says why; another admin has their own allowance', async () => {
    const a = await admin();
    const m = await member();
    await soloCredits(a, m, 3);
    expect(await depositOf(m)).toBe('2997.00000000');

    const fourth = await credit(a, m, '999');
    expect(fourth.statusCode, fourth.body).toBe(202);
    const approval = fourth.json().approval;
    expect(approval).toMatchObject({ kind: 'transaction', status: 'pending', amount: '999.00000000' });
    expect(approval.summary).toBe(
      `Credit $999.00 to the deposit wallet of ${approval.member_username}. ${whyOf(a, '2,997.00')}`,
    );
    expect(await depositOf(m)).toBe('2997.00000000');

    // Another admin's allowance is their own.
    const c = await admin();
    expect((await credit(c, m, '999')).statusCode).toBe(201);
    expect(await depositOf(m)).toBe('3996.00000000');

    // Approved by a second admin, the fourth counts against no one: the requester can still do $3 alone.
    await approve(t.app, approver.token, approval.id);
    expect(await depositOf(m)).toBe('4995.00000000');
    expect(await used(a)).toBe(String(2997n * 10n ** 8n));
    expect(await used(approver)).toBe('0');
    expect((await credit(a, m, '3')).statusCode).toBe(201);
    expect((await credit(a, m, '0.00000001')).statusCode).toBe(202);
  });

  it('counts every kind together: credits, a balance edit, codes, a deposit credit, a reversal, a withdrawal', async () => {
    const a = await admin();
    const m = await member();
    await soloCredits(a, m, 2);
    // Codes: value times count.
    const codes = await api('POST', '/codes', a.token, { count: 3, amount: '333' });
    expect(codes.statusCode, codes.body).toBe(201);
    expect(await used(a)).toBe(String(2997n * 10n ** 8n));
    await fundWallet(t.deps, m.id, 'working', '2000');
    const w = await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: '990' });
    expect(w.statusCode, w.body).toBe(201);
    const done = await api('PUT', `/withdrawalrequest/${w.json().withdrawal.id}`, a.token, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(done.statusCode, done.body).toBe(202);
    expect(done.json().approval.summary).toContain(whyOf(a, '2,997.00'));

    // A second admin: a balance edit (its size either way), a deposit credit and a reversal.
    const b = await admin();
    const edit = await api('PUT', `/users/${m.id}`, b.token, {
      business_balance: '999',
      reason: 'correction',
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const d = await api('POST', '/deposite/add', m.token, {
      user_id: Number(m.id),
      amount: '999',
      currency: 'TRC20',
      hash: randomHash().slice(2),
    });
    expect(d.statusCode, d.body).toBe(201);
    const credited = await api('PUT', `/deposite/${d.json().deposit.id}`, b.token, {
      status: 'complete',
      user_id: Number(m.id),
    });
    expect(credited.statusCode, credited.body).toBe(200);
    expect(await used(b)).toBe(String(1998n * 10n ** 8n));
    const other = await admin();
    const moved = await credit(other, m, '999');
    const reversal = await api('PATCH', `/transactions/${moved.json().transaction_id}`, b.token, {
      status: 'reversed',
      reason: 'wrong member',
    });
    expect(reversal.statusCode, reversal.body).toBe(200);
    // $3 more would fit exactly; a little more does not.
    const last = await credit(b, m, '3.00000001');
    expect(last.statusCode).toBe(202);
    expect(last.json().approval.summary).toContain(whyOf(b, '2,997.00'));
  });

  it('gives the allowance back as rows leave the last 24 hours', async () => {
    const a = await admin();
    const m = await member();
    await soloCredits(a, m, 3);
    expect((await credit(a, m, '999')).statusCode).toBe(202);
    const back = (interval: string) =>
      sqlOn(t.url, `UPDATE admin_solo_actions SET at = now() - interval '${interval}' WHERE admin_id = $1`, [
        a.id,
      ]);
    await back('23 hours 59 minutes');
    expect((await credit(a, m, '999')).statusCode).toBe(202);
    await back('24 hours 1 second');
    expect((await credit(a, m, '999')).statusCode).toBe(201);
  });

  it('lets exactly one of three concurrent credits through when only one fits', async () => {
    const a = await admin();
    const m = await member();
    await soloCredits(a, m, 2);
    const results = await Promise.all([1, 2, 3].map(() => credit(a, m, '999')));
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 202, 202]);
    expect(await depositOf(m)).toBe('2997.00000000');
    expect(await used(a)).toBe(String(2997n * 10n ** 8n));
  });

  it('answers a retried request as before: a credit done alone is not counted twice, one waiting waits again', async () => {
    const a = await admin();
    const m = await member();
    const first = await credit(a, m, '999', 'solo-retry-0001');
    expect(first.statusCode).toBe(201);
    await soloCredits(a, m, 2);
    // The allowance is used up; the retry of the first is the first's answer, and moves nothing more.
    const retry = await credit(a, m, '999', 'solo-retry-0001');
    expect(retry.statusCode, retry.body).toBe(201);
    expect(retry.json().transaction_id).toBe(first.json().transaction_id);
    expect(await depositOf(m)).toBe('2997.00000000');
    expect(await used(a)).toBe(String(2997n * 10n ** 8n));

    const waiting = await credit(a, m, '999', 'solo-retry-0002');
    expect(waiting.statusCode).toBe(202);
    await sqlOn(t.url, "UPDATE admin_solo_actions SET at = now() - interval '2 days' WHERE admin_id = $1", [
      a.id,
    ]);
    // The allowance is back, but the request already waits: the same approval, not a second credit.
    const again = await credit(a, m, '999', 'solo-retry-0002');
    expect(again.statusCode).toBe(202);
    expect(again.json().approval.id).toBe(waiting.json().approval.id);
    expect(await depositOf(m)).toBe('2997.00000000');
  });

  it('does not let another admin pay out alone a withdrawal that waits for a second admin', async () => {
    const a = await admin();
    const m = await member();
    await soloCredits(a, m, 3);
    await fundWallet(t.deps, m.id, 'working', '500');
    const w = (
      await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: '100' })
    ).json().withdrawal;
    const body = { status: 'complete', user_id: Number(m.id) };
    const asked = await api('PUT', `/withdrawalrequest/${w.id}`, a.token, body);
    expect(asked.statusCode).toBe(202);
    const c = await admin();
    const alone = await api('PUT', `/withdrawalrequest/${w.id}`, c.token, body);
    expect(alone.statusCode).toBe(409);
    expect(await used(c)).toBe('0');
    const again = await api('PUT', `/withdrawalrequest/${w.id}`, a.token, body);
    expect(again.json().approval.id).toBe(asked.json().approval.id);
    await approve(t.app, c.token, asked.json().approval.id);
    const paid = await sqlOn(t.url, 'SELECT status FROM withdrawals WHERE id = $1', [w.id]);
    expect(paid.rows[0]?.status).toBe('complete');
  });

  it('is an economic setting: changing it waits for a second admin', async () => {
    const a = await admin();
    const get = async () => (await api('GET', '/settings', a.token)).json().settings;
    expect((await get()).soloDailyLimit).toBe('3000');
    const asked = await api('PUT', '/settings', a.token, {
      settings: { soloDailyLimit: '10000' },
      reason: 'busy week',
    });
    expect(asked.statusCode, asked.body).toBe(202);
    expect(asked.json().approval).toMatchObject({
      kind: 'settings',
      changes: [{ field: 'Solo daily limit', before: '3000', after: '10000' }],
    });
    expect((await get()).soloDailyLimit).toBe('3000');
    await approve(t.app, approver.token, asked.json().approval.id);
    expect((await get()).soloDailyLimit).toBe('10000');
    const m = await member();
    await soloCredits(a, m, 4);
  });
});
