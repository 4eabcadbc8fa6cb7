import { randomBytes } from 'node:crypto';
import { approvalPendingMessage } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { secondAdmin, twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet, walletsOf } from '../../../test/money';
import { SAME_ADMIN_MESSAGE } from './approvals.service';

let t: TestApp;
let adminA: Built;
let tokenA: string;
let tokenB: string;
let adminBId: bigint;
beforeAll(async () => {
  t = await buildTestApp();
  ({ adminA, tokenA, tokenB, adminBId } = await twoAdmins(t.app, t.deps));
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

async function member(working = '5000') {
  const m = await buildMember(t.deps);
  const address = `0x${randomBytes(20).toString('hex')}`;
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, address]);
  await fundWallet(t.deps, m.id, 'working', working);
  const row = await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [m.id]);
  return { ...m, token: await tokenFor(t.app, m), username: String(row.rows[0]?.username) };
}

async function withdrawal(m: { id: bigint; token: string }, amount: string) {
  const res = await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount });
  expect(res.statusCode).toBe(201);
  return res.json().withdrawal as { id: number };
}

const complete = (w: { id: number }, m: { id: bigint }, token: string) =>
  api('PUT', `/withdrawalrequest/${w.id}`, token, { status: 'complete', user_id: Number(m.id) });
const approve = (id: number, token: string) => api('POST', `/admin/approvals/${id}/approve`, token, {});
const payouts = async (w: { id: number }) =>
  (
    await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1', [
      `withdrawal-complete:${w.id}`,
    ])
  ).rows[0]?.n;
const statusOf = async (w: { id: number }) =>
  (await sqlOn(t.url, 'SELECT status FROM withdrawals WHERE id = $1', [w.id])).rows[0]?.status;

describe('a withdrawal at or above the threshold', () => {
  it('waits for a second admin: the requester cannot approve, another can, it is paid once, the audit names both', async () => {
    const m = await member();
    const w = await withdrawal(m, '1500');
    const before = (await api('GET', '/admin/queue-counts', tokenA)).json().approvals;

    const asked = await complete(w, m, tokenA);
    expect(asked.statusCode).toBe(202);
    const approval = asked.json().approval;
    expect(asked.json().message).toBe(approvalPendingMessage);
    expect(approval).toMatchObject({
      kind: 'withdrawal',
      status: 'pending',
      subject_id: w.id,
      member_id: Number(m.id),
      member_username: m.username,
      amount: '1500.00000000',
      requested_by: Number(adminA.id),
      decided_by: null,
    });
    expect(await statusOf(w)).toBe('pending');
    expect(await payouts(w)).toBe(0);
    expect((await api('GET', '/admin/queue-counts', tokenA)).json().approvals).toBe(before + 1);

    // The queue shows it waiting, and who asked; the member sees neither.
    const queue = (await api('GET', `/withdrawalrequest/list?search=${m.username}`, tokenA)).json();
    const requester = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [adminA.id])).rows[0];
    expect(queue.withdrawals[0]).toMatchObject({
      id: w.id,
      status: 'pending',
      approval_id: approval.id,
      approval_requested_by: requester?.username,
    });
    const own = (await api('GET', '/withdrawalrequest/list', m.token)).json();
    expect(own.withdrawals[0]).toMatchObject({ id: w.id, approval_id: null, approval_requested_by: null });

    const self = await approve(approval.id, tokenA);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SAME_ADMIN_MESSAGE);
    expect(await statusOf(w)).toBe('pending');

    const done = await approve(approval.id, tokenB);
    expect(done.statusCode).toBe(200);
    expect(done.json().approval).toMatchObject({ status: 'approved', decided_by: Number(adminBId) });
    expect(await statusOf(w)).toBe('complete');
    expect(await payouts(w)).toBe(1);
    expect((await walletsOf(t.app, m.token, m.id)).pending_withdrawals).toBe('0.00000000');
    expect((await api('GET', '/admin/queue-counts', tokenA)).json().approvals).toBe(before);

    // Approving again does nothing more.
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect(await payouts(w)).toBe(1);

    const audit = await sqlOn(
      t.url,
      `SELECT action, actor_id, approved_by, approval_id FROM audit_log
       WHERE (entity = 'withdrawal' AND entity_id = $1) OR (entity = 'approval' AND entity_id = $2) ORDER BY id`,
      [String(w.id), String(approval.id)],
    );
    expect(audit.rows).toEqual([
      { action: 'approval.request', actor_id: adminA.id, approved_by: null, approval_id: null },
      {
        action: 'withdrawal.complete',
        actor_id: adminA.id,
        approved_by: adminBId,
        approval_id: BigInt(approval.id),
      },
      {
        action: 'approval.approve',
        actor_id: adminBId,
        approved_by: adminBId,
        approval_id: BigInt(approval.id),
      },
    ]);
  });

  it('waits at exactly the threshold; below it one admin completes at once', async () => {
    const m = await member();
    const below = await withdrawal(m, '999.99999999');
    const res = await complete(below, m, tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.json().withdrawal.status).toBe('complete');
    expect(await payouts(below)).toBe(1);

    const at = await withdrawal(m, '1000');
    expect((await complete(at, m, tokenA)).statusCode).toBe(202);
    expect(await statusOf(at)).toBe('pending');
  });

  it('follows the threshold setting', async () => {
    const m = await member();
    await t.deps.settings.change(adminA.id, { approvalThreshold: '50' }, 'test: a lower threshold');
    try {
      const w = await withdrawal(m, '60');
      expect((await complete(w, m, tokenA)).statusCode).toBe(202);
    } finally {
      await t.deps.settings.change(adminA.id, { approvalThreshold: '1000' }, 'test: back to default');
    }
    const w = await withdrawal(m, '60');
    expect((await complete(w, m, tokenA)).statusCode).toBe(200);
  });

  it('returns the same approval to a retry by its requester; another admin is told it waits', async () => {
    const m = await member();
    const w = await withdrawal(m, '1200');
    const first = (await complete(w, m, tokenA)).json().approval;
    const again = await complete(w, m, tokenA);
    expect(again.statusCode).toBe(202);
    expect(again.json().approval.id).toBe(first.id);
    const other = await complete(w, m, tokenB);
    expect(other.statusCode).toBe(409);
    const n = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM approvals WHERE kind = 'withdrawal' AND subject_id = $1",
      [w.id],
    );
    expect(n.rows[0]?.n).toBe(1);
  });
});

describe('an approval that no longer applies', () => {
  it('is cancelled when the withdrawal is declined, and cannot be approved afterwards', async () => {
    const m = await member();
    const w = await withdrawal(m, '2000');
    const approval = (await complete(w, m, tokenA)).json().approval;
    // Declining stays a one-admin action.
    const declined = await api('PUT', `/withdrawalrequest/${w.id}`, tokenA, {
      status: 'decline',
      user_id: Number(m.id),
      note: 'address unconfirmed',
    });
    expect(declined.statusCode).toBe(200);
    expect((await api('GET', `/admin/approvals?status=cancelled`, tokenA)).json().approvals[0]).toMatchObject(
      {
        id: approval.id,
        status: 'cancelled',
        decided_by: Number(adminA.id),
      },
    );
    const late = await approve(approval.id, tokenB);
    expect(late.statusCode).toBe(409);
    expect(await statusOf(w)).toBe('decline');
    expect(await payouts(w)).toBe(0);
    expect((await walletsOf(t.app, m.token, m.id)).working).toBe('5000.00000000');
  });

  it('is cancelled when the member cancels their request', async () => {
    const m = await member();
    const w = await withdrawal(m, '3000');
    const approval = (await complete(w, m, tokenA)).json().approval;
    expect((await api('DELETE', `/withdrawalrequest/${w.id}`, m.token)).statusCode).toBe(200);
    const row = await sqlOn(t.url, 'SELECT status, decided_by FROM approvals WHERE id = $1', [approval.id]);
    expect(row.rows[0]).toEqual({ status: 'cancelled', decided_by: m.id });
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect(await payouts(w)).toBe(0);
  });

  it('is rejected by another admin or withdrawn by its requester, and the money stays where it was', async () => {
    const m = await member();
    const w = await withdrawal(m, '1000');
    const wallets = await walletsOf(t.app, m.token, m.id);
    const first = (await complete(w, m, tokenA)).json().approval;
    expect((await api('POST', `/admin/approvals/${first.id}/reject`, tokenB, {})).statusCode).toBe(400);
    const rejected = await api('POST', `/admin/approvals/${first.id}/reject`, tokenB, {
      reason: 'member unverified',
    });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().approval).toMatchObject({
      status: 'rejected',
      decided_by: Number(adminBId),
      decision_reason: 'member unverified',
    });
    expect((await approve(first.id, tokenB)).statusCode).toBe(409);

    const second = (await complete(w, m, tokenA)).json().approval;
    expect(second.id).not.toBe(first.id);
    const withdrawn = await api('POST', `/admin/approvals/${second.id}/reject`, tokenA, {
      reason: 'asked by mistake',
    });
    expect(withdrawn.json().approval.status).toBe('cancelled');

    expect(await statusOf(w)).toBe('pending');
    expect(await payouts(w)).toBe(0);
    expect(await walletsOf(t.app, m.token, m.id)).toEqual(wallets);
    const audit = await sqlOn(
      t.url,
      "SELECT action, actor_id FROM audit_log WHERE entity = 'approval' AND entity_id IN ($1, $2) AND action <> 'approval.request' ORDER BY id",
      [String(first.id), String(second.id)],
    );
    expect(audit.rows).toEqual([
      { action: 'approval.reject', actor_id: adminBId },
      { action: 'approval.cancel', actor_id: adminA.id },
    ]);
  });
});

describe('two admins approving at once', () => {
  it('executes the action once: one approval succeeds, the other finds it decided', async () => {
    const c = await secondAdmin(t.app, t.deps);
    for (let round = 0; round < 5; round++) {
      const m = await member();
      const w = await withdrawal(m, '1500');
      const approval = (await complete(w, m, tokenA)).json().approval;
      const answers = await Promise.all([approve(approval.id, tokenB), approve(approval.id, c.token)]);
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
      expect(await statusOf(w)).toBe('complete');
      expect(await payouts(w)).toBe(1);
      const audit = await sqlOn(
        t.url,
        "SELECT count(*)::int AS n FROM audit_log WHERE action = 'withdrawal.complete' AND entity_id = $1",
        [String(w.id)],
      );
      expect(audit.rows[0]?.n).toBe(1);
    }
  });
});

describe('a decline racing an approval', () => {
  it('lets exactly one of them happen, without a deadlock', async () => {
    for (let round = 0; round < 5; round++) {
      const m = await member();
      const w = await withdrawal(m, '1500');
      const approval = (await complete(w, m, tokenA)).json().approval;
      const [approved, declined] = await Promise.all([
        approve(approval.id, tokenB),
        api('PUT', `/withdrawalrequest/${w.id}`, tokenA, { status: 'decline', user_id: Number(m.id) }),
      ]);
      expect([approved.statusCode, declined.statusCode].sort()).toEqual([200, 409]);
      // The loser is told why, not a deadlock.
      const loser = approved.statusCode === 409 ? approved : declined;
      expect(loser.json().message).toBe(
        loser === approved ? 'This was already cancelled.' : 'Only pending withdrawals can change.',
      );
      const status = await statusOf(w);
      expect(status).toBe(approved.statusCode === 200 ? 'complete' : 'decline');
      expect(await payouts(w)).toBe(status === 'complete' ? 1 : 0);
      const row = await sqlOn(t.url, 'SELECT status FROM approvals WHERE id = $1', [approval.id]);
      expect(row.rows[0]?.status).toBe(status === 'complete' ? 'approved' : 'cancelled');
    }
  });
});

describe('the approvals list', () => {
  it('lists pending first and newest first, filters by status, and is for admins only', async () => {
    const m = await member();
    const w = await withdrawal(m, '1100');
    const pending = (await complete(w, m, tokenA)).json().approval;
    const all = (await api('GET', '/admin/approvals?limit=100', tokenA)).json();
    const statuses: string[] = all.approvals.map((a: { status: string }) => a.status);
    expect(statuses.indexOf('pending')).toBe(0);
    expect(statuses.lastIndexOf('pending')).toBeLessThan(statuses.findIndex((s) => s !== 'pending'));
    const pendingIds: number[] = all.approvals
      .filter((a: { status: string }) => a.status === 'pending')
      .map((a: { id: number }) => a.id);
    expect(pendingIds).toEqual([...pendingIds].sort((a, b) => b - a));
    expect(pendingIds[0]).toBe(pending.id);
    const approved = (await api('GET', '/admin/approvals?status=approved&limit=100', tokenA)).json();
    expect(approved.approvals.length).toBeGreaterThan(0);
    expect(approved.approvals.every((a: { status: string }) => a.status === 'approved')).toBe(true);
    expect(approved.total).toBe(approved.approvals.length);
    expect((await api('GET', '/admin/approvals?status=sideways', tokenA)).statusCode).toBe(400);
    expect((await api('GET', '/admin/approvals', m.token)).statusCode).toBe(403);
    expect((await approve(pending.id, m.token)).statusCode).toBe(403);
    expect((await approve(999_999, tokenB)).statusCode).toBe(404);
  });
});
