import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet } from '../../../test/money';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  await t.close();
});

const api = (url: string, token = adminToken, method: 'GET' | 'POST' = 'GET', payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

/**
 * A member who never signed in (no IP recorded), with an address of their own, deposits above what they
 * withdraw, asking (through the admin) for a fifth of the working wallet; `ageDays` back-dates the account.
 */
async function requestBy(ageDays: number) {
  const m = await buildMember(t.deps);
  await sqlOn(
    t.url,
    `UPDATE users SET bep20 = $2, created_at = now() - make_interval(days => $3) WHERE id = $1`,
    [m.id, `0x${randomBytes(20).toString('hex')}`, ageDays],
  );
  await fundDeposit(t.deps, m.id, '500');
  await fundWallet(t.deps, m.id, 'working', '500');
  const res = await api('/withdrawalrequest/add', adminToken, 'POST', {
    user_id: Number(m.id),
    amount: '100',
  });
  expect(res.statusCode).toBe(201);
  const username = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id])).rows[0]?.username;
  return { member: m, id: res.json().withdrawal.id as number, username: String(username) };
}

describe('the withdrawal queue, flagged only', () => {
  it('keeps the requests with a flagged risk signal and leaves out the others', async () => {
    const fresh = await requestBy(2);
    const old = await requestBy(30);
    const risk = async (id: number) => (await api(`/withdrawalrequest/${id}/risk`)).json();
    expect((await risk(fresh.id)).flagged).toBe(true);
    expect((await risk(old.id)).flagged).toBe(false);

    const list = async (query: string) =>
      (await api(`/withdrawalrequest/list?${query}`)).json().withdrawals.map((w: { id: number }) => w.id);
    for (const r of [fresh, old]) expect(await list(`search=${r.username}`)).toEqual([r.id]);
    expect(await list(`search=${fresh.username}&flagged=true`)).toEqual([fresh.id]);
    expect(await list(`search=${old.username}&flagged=true`)).toEqual([]);
    expect(await list(`search=${old.username}&flagged=false`)).toEqual([old.id]);
    const flagged = (await api('/withdrawalrequest/list?flagged=true&limit=100')).json();
    expect(flagged.withdrawals.map((w: { id: number }) => w.id)).toContain(fresh.id);
    expect(flagged.withdrawals.map((w: { id: number }) => w.id)).not.toContain(old.id);
    expect(flagged.withdrawals.every((w: { flagged: boolean }) => w.flagged)).toBe(true);
    expect(flagged.total).toBe(flagged.withdrawals.length);

    // The records say it too, and the CSV keeps it after the approval columns (then the payout's, decision 0034, and
    // the way it is paid, decision 0054: by hand, no payout contract in this test).
    const [record] = (await api(`/withdrawalrequest/list?search=${fresh.username}`)).json().withdrawals;
    expect(record).toMatchObject({ flagged: true, approval_id: null, approval_requested_by: null });
    const csv = (await api(`/withdrawalrequest/list?search=${fresh.username}&format=csv`)).body.split('\r\n');
    expect(
      csv[0]?.endsWith(
        '"approval_id","approval_requested_by","flagged","payout_status","payout_chain_id","payout_tx_hash","payout_method"',
      ),
    ).toBe(true);
    expect(csv[1]?.endsWith('"","","true","","","","hand"')).toBe(true);

    // A member sees nothing of it, and cannot filter by it.
    const memberToken = await tokenFor(t.app, fresh.member);
    const own = (await api('/withdrawalrequest/list?flagged=true', memberToken)).json().withdrawals;
    expect(own).toEqual([expect.objectContaining({ id: fresh.id, flagged: false })]);
  });
});
