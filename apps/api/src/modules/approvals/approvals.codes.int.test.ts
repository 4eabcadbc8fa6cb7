import { approvalPendingMessage } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { reconcile } from '../ledger/ledger.service';
import { SAME_ADMIN_MESSAGE } from './approvals.service';

/** Issuing codes worth the approval threshold (default $1,000) or more waits for a second admin (decision 0024). */
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
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object, key?: string) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), ...(key ? { 'idempotency-key': key } : {}) },
    payload,
  });
const issue = (count: number, amount: string, key?: string) =>
  api('POST', '/codes', tokenA, { count, amount }, key);
const approve = (id: number, token: string) => api('POST', `/admin/approvals/${id}/approve`, token, {});

/** The codes of value `amount` (units) issued so far. */
const codesOf = async (amount: string) =>
  (
    await sqlOn(t.url, 'SELECT code, created_by, batch_key FROM codes WHERE amount = $1 ORDER BY id', [
      amount,
    ])
  ).rows as { code: string; created_by: bigint; batch_key: string }[];

describe('issuing codes worth the threshold waits for a second admin', () => {
  it('issues a batch below the threshold at once', async () => {
    // 3 x $333.33 = $999.99: just under $1,000.
    const res = await issue(3, '333.33');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().codes).toHaveLength(3);
    expect(await codesOf('33333000000')).toHaveLength(3);
  });

  it('keeps a batch at the threshold until another admin approves; it is issued once, redeemable once, both admins audited', async () => {
    // 4 x $250 = $1,000: at the threshold, so it waits.
    const res = await issue(4, '250', 'codes-at-threshold-1');
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().message).toBe(approvalPendingMessage);
    const a = res.json().approval;
    expect(a).toMatchObject({ kind: 'codes', status: 'pending', amount: '1000.00000000', subject_id: null });
    expect(a.summary).toContain('4 one-time codes');
    expect(await codesOf('25000000000')).toEqual([]);

    // A retry with the same key gets the same approval back, and still nothing is issued.
    const again = await issue(4, '250', 'codes-at-threshold-1');
    expect(again.statusCode).toBe(202);
    expect(again.json().approval.id).toBe(a.id);

    const own = await approve(a.id, tokenA);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(SAME_ADMIN_MESSAGE);
    expect(await codesOf('25000000000')).toEqual([]);

    const ok = await approve(a.id, tokenB);
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().approval).toMatchObject({ status: 'approved', decided_by: Number(adminBId) });
    const codes = await codesOf('25000000000');
    expect(codes).toHaveLength(4);
    expect(codes.every((c) => c.created_by === adminA.id)).toBe(true);
    expect(new Set(codes.map((c) => c.batch_key))).toEqual(new Set([`${adminA.id}:approval:${a.id}`]));

    // Approved twice: the second finds it decided, and nothing more is issued.
    expect((await approve(a.id, tokenB)).statusCode).toBe(409);
    expect(await codesOf('25000000000')).toHaveLength(4);
    // The first admin retrying their request hears it was approved; no second batch.
    const after = await issue(4, '250', 'codes-at-threshold-1');
    expect(after.statusCode).toBe(202);
    expect(after.json().approval.status).toBe('approved');
    expect(await codesOf('25000000000')).toHaveLength(4);

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by, approval_id, after FROM audit_log WHERE action = 'codes.issue' AND approval_id = $1",
      [a.id],
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({
      actor_id: adminA.id,
      approved_by: adminBId,
      after: { count: 4, amount: '250.00000000' },
    });

    const m = await buildMember(t.deps);
    const mToken = await tokenFor(t.app, m);
    const code = codes[0]?.code ?? '';
    const first = await api('POST', '/codes/redeem', mToken, { code });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().amount).toBe('250.00000000');
    expect((await api('POST', '/codes/redeem', mToken, { code })).statusCode).toBe(409);
    const wallet = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'deposit'",
      [m.id],
    );
    expect(wallet.rows[0]?.balance).toBe(25000000000n);
  });

  it('issues nothing when the second admin rejects it', async () => {
    const res = await issue(1, '5000');
    expect(res.statusCode, res.body).toBe(202);
    const id = res.json().approval.id;
    const rejected = await api('POST', `/admin/approvals/${id}/reject`, tokenB, { reason: 'not planned' });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().approval.status).toBe('rejected');
    expect((await approve(id, tokenB)).statusCode).toBe(409);
    expect(await codesOf('500000000000')).toEqual([]);
  });
});
