import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { simulateApproval, twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, walletsOf } from '../../../test/money';

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

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
const api = (
  method: Method,
  url: string,
  token: string,
  payload?: object,
  headers: Record<string, string> = {},
) => t.app.inject({ method, url: `/api/v1${url}`, headers: { ...bearer(token), ...headers }, payload });
const approve = (id: number, token = tokenB) => api('POST', `/admin/approvals/${id}/approve`, token, {});

async function member(deposit = '100') {
  const m = await buildMember(t.deps);
  if (deposit !== '0') await fundDeposit(t.deps, m.id, deposit);
  return { ...m, token: await tokenFor(t.app, m) };
}
const deposit = async (m: { id: bigint; token: string }) => (await walletsOf(t.app, m.token, m.id)).deposit;
const ledgerRows = async (key: string) =>
  (await sqlOn(t.url, 'SELECT created_by FROM ledger_transactions WHERE idempotency_key = $1', [key])).rows;

describe('admin debit', () => {
  it('waits for a second admin whatever its amount, is posted once under the approval, audited with both admins', async () => {
    const m = await member('100');
    const body = { user_id: Number(m.id), amount: '10', wallet: 'deposit', reason: 'chargeback' };
    const asked = await api('POST', '/withdrawalrequest/debit', tokenA, body, {
      'idempotency-key': 'debit-key-0001',
    });
    expect(asked.statusCode).toBe(202);
    const approval = asked.json().approval;
    expect(approval).toMatchObject({
      kind: 'debit',
      amount: '10.00000000',
      member_id: Number(m.id),
      reason: 'chargeback',
      changes: [{ field: 'Deposit wallet', before: '100.00', after: '90.00' }],
    });
    expect(await deposit(m)).toBe('100.00000000');
    // A retry of the same request returns the same approval.
    const retry = await api('POST', '/withdrawalrequest/debit', tokenA, body, {
      'idempotency-key': 'debit-key-0001',
    });
    expect(retry.statusCode).toBe(202);
    expect(retry.json().approval.id).toBe(approval.id);

    expect((await approve(approval.id, tokenA)).statusCode).toBe(403);
    expect((await approve(approval.id)).statusCode).toBe(200);
    expect(await deposit(m)).toBe('90.00000000');
    expect(await ledgerRows(`admin-debit:approval:${approval.id}`)).toEqual([{ created_by: adminA.id }]);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by, reason FROM audit_log WHERE action = 'wallet.debit' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: adminA.id, approved_by: adminBId, reason: 'chargeback' }]);
  });

  it('is refused at once beyond the balance; one refused when approved is cancelled with the refusal', async () => {
    const m = await member('100');
    const body = { user_id: Number(m.id), amount: '101', wallet: 'deposit', reason: 'chargeback' };
    expect((await api('POST', '/withdrawalrequest/debit', tokenA, body)).statusCode).toBe(422);
    const first = (await api('POST', '/withdrawalrequest/debit', tokenA, { ...body, amount: '70' })).json()
      .approval;
    const second = (await api('POST', '/withdrawalrequest/debit', tokenA, { ...body, amount: '60' })).json()
      .approval;
    expect((await approve(first.id)).statusCode).toBe(200);
    // 30 left: the second no longer fits. Nothing of it is kept; the approval says why.
    const late = await approve(second.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toBe('Insufficient balance.');
    const row = (await api('GET', '/admin/approvals?status=cancelled&limit=100', tokenA))
      .json()
      .approvals.find((a: { id: number }) => a.id === second.id);
    expect(row).toMatchObject({
      decided_by: Number(adminBId),
      decision_reason: 'Refused when approved: Insufficient balance.',
    });
    expect(await deposit(m)).toBe('30.00000000');
    expect(await ledgerRows(`admin-debit:approval:${second.id}`)).toEqual([]);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id FROM audit_log WHERE action = 'approval.refused' AND entity_id = $1",
      [String(second.id)],
    );
    expect(audit.rows).toEqual([{ actor_id: adminBId }]);
  });
});

describe('manual transactions and reversals', () => {
  it('posts below the threshold at once, waits at or above it, and reverses the same way', async () => {
    const m = await member('0');
    const credit = (amount: string) =>
      api('POST', '/tr/create', tokenA, {
        user_id: Number(m.id),
        amount,
        direction: 'credit',
        wallet: 'deposit',
        reason: 'bonus',
      });
    const small = await credit('999.99999999');
    expect(small.statusCode).toBe(201);
    expect(await deposit(m)).toBe('999.99999999');

    const big = await credit('1000');
    expect(big.statusCode).toBe(202);
    const approval = big.json().approval;
    expect(approval).toMatchObject({ kind: 'transaction', amount: '1000.00000000', member_id: Number(m.id) });
    expect(await deposit(m)).toBe('999.99999999');
    expect((await approve(approval.id)).statusCode).toBe(200);
    expect(await deposit(m)).toBe('1999.99999999');
    const posted = await sqlOn(
      t.url,
      'SELECT id, created_by FROM ledger_transactions WHERE idempotency_key = $1',
      [`manual:approval:${approval.id}`],
    );
    expect(posted.rows[0]?.created_by).toBe(adminA.id);

    // Reversing the 1000 credit moves 1000: it waits. Reversing the small one does not.
    const bigId = Number(posted.rows[0]?.id);
    const reverse = await api('PATCH', `/transactions/${bigId}`, tokenA, {
      status: 'reversed',
      reason: 'posted twice',
    });
    expect(reverse.statusCode).toBe(202);
    const edit = reverse.json().approval;
    expect(edit).toMatchObject({ kind: 'transaction_edit', subject_id: bigId, amount: '1000.00000000' });
    // Shown as the screens show money (to the cent).
    expect(edit.changes[0]).toMatchObject({ before: '2,000.00', after: '1,000.00' });
    expect(await deposit(m)).toBe('1999.99999999');
    expect((await approve(edit.id)).statusCode).toBe(200);
    expect(await deposit(m)).toBe('999.99999999');
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by FROM audit_log WHERE action = 'transaction.reverse' AND entity_id = $1",
      [String(bigId)],
    );
    expect(audit.rows).toEqual([{ actor_id: adminA.id, approved_by: adminBId }]);
    // Already reversed: refused at once.
    expect(
      (await api('PATCH', `/transactions/${bigId}`, tokenA, { status: 'reversed', reason: 'again' }))
        .statusCode,
    ).toBe(422);
    const smallId = small.json().transaction_id;
    const undo = await api('PATCH', `/transactions/${smallId}`, tokenA, {
      status: 'reversed',
      reason: 'wrong member',
    });
    expect(undo.statusCode).toBe(200);
    expect(await deposit(m)).toBe('0.00000000');
  });
});

describe('admin edit of Business Balance', () => {
  it('saves the rest of the edit at once; a difference at or above the threshold waits for a second admin', async () => {
    const m = await member('40');
    const put = (payload: object) =>
      api('PUT', `/users/${m.id}`, tokenA, { reason: 'correction', ...payload });
    const small = await put({ business_balance: '50' });
    expect(small.statusCode).toBe(200);
    expect(small.json().singleuser.business_balance).toBe('50.00000000');

    const big = await put({ business_balance: '1050', fullname: 'Renamed Member' });
    expect(big.statusCode).toBe(202);
    expect(big.json().singleuser).toMatchObject({
      fullname: 'Renamed Member',
      business_balance: '50.00000000',
    });
    const approval = big.json().approval;
    expect(approval).toMatchObject({
      kind: 'balance_edit',
      amount: '1000.00000000',
      changes: [{ field: 'Business Balance', before: '50.00', after: '1,050.00' }],
    });
    expect((await approve(approval.id)).statusCode).toBe(200);
    expect(await deposit(m)).toBe('1050.00000000');
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by, before, after FROM audit_log WHERE action = 'member.update' AND entity_id = $1 ORDER BY id",
      [String(m.id)],
    );
    expect(audit.rows.at(-1)).toEqual({
      actor_id: adminA.id,
      approved_by: adminBId,
      before: { business_balance: '50.00000000' },
      after: { business_balance: '1050.00000000' },
    });

    // Taking 1000 away waits too; rejected, nothing moves.
    const down = await put({ business_balance: '50' });
    expect(down.statusCode).toBe(202);
    const rejected = await api('POST', `/admin/approvals/${down.json().approval.id}/reject`, tokenB, {
      reason: 'no proof',
    });
    expect(rejected.json().approval.status).toBe('rejected');
    expect(await deposit(m)).toBe('1050.00000000');
  });

  it('refuses an approved edit when the balance moved since it was asked for, so two edits never add up', async () => {
    const m = await member('0');
    const put = (payload: object, key: string) =>
      api('PUT', `/users/${m.id}`, tokenA, { reason: 'correction', ...payload }, { 'idempotency-key': key });
    const first = await put({ business_balance: '5000' }, 'balance-edit-0001');
    const second = await put({ business_balance: '5000' }, 'balance-edit-0002');
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect((await approve(first.json().approval.id)).statusCode).toBe(200);
    const late = await approve(second.json().approval.id);
    expect(late.statusCode).toBe(422);
    expect(late.json().message).toMatch(
      /is \$?5,000\.00( USD)? now, not \$?0\.00( USD)? as when this edit was asked for/,
    );
    expect(await deposit(m)).toBe('5000.00000000');
  });
});

describe("other admins' accounts", () => {
  it("lets no admin set another admin's password, e-mail or username, so nobody approves as someone else", async () => {
    const other = await buildAdmin(t.deps);
    for (const change of [
      { password: 'Tangerine-Comet-93' },
      { email: 'taken-over@example.com' },
      { username: 'ADMTAKEN1' },
    ]) {
      const res = await api('PUT', `/users/${other.id}`, tokenA, change);
      expect(res.statusCode, JSON.stringify(change)).toBe(403);
    }
    // Their own sign-in still works with their own password; other fields of theirs may be edited.
    expect((await api('PUT', `/users/${other.id}`, tokenA, { fullname: 'Renamed Admin' })).statusCode).toBe(
      200,
    );
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin',
      payload: { email: other.email, password: other.password },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('debits no deleted member', async () => {
    const m = await member('100');
    expect((await api('DELETE', `/users/${m.id}`, tokenA)).statusCode).toBe(200);
    const res = await api('POST', '/withdrawalrequest/debit', tokenA, {
      user_id: Number(m.id),
      amount: '10',
      wallet: 'deposit',
      reason: 'chargeback',
    });
    expect(res.statusCode).toBe(404);
  });
});

describe('settings', () => {
  const get = async () => (await api('GET', '/settings', tokenA)).json().settings;

  it('applies feature switches at once; an economic change waits for a second admin', async () => {
    const now = await get();
    const switchOnly = await api('PUT', '/settings', tokenA, {
      settings: { features: { support: false } },
      reason: 'pause',
    });
    expect(switchOnly.statusCode).toBe(200);
    expect((await get()).features.support).toBe(false);

    const both = await api('PUT', '/settings', tokenA, {
      settings: {
        features: { support: true },
        withdrawal: { ...now.withdrawal, workingFeePercent: '12' },
        approvalThreshold: now.approvalThreshold,
      },
      reason: 'fees up',
    });
    expect(both.statusCode).toBe(202);
    const approval = both.json().approval;
    // Only what changes is asked for (the threshold was sent unchanged).
    expect(approval).toMatchObject({
      kind: 'settings',
      changes: [{ field: 'Withdrawal working fee percent', before: '10', after: '12' }],
      reason: 'fees up',
    });
    expect(both.json().settings.features.support).toBe(true);
    expect((await get()).features.support).toBe(true);
    expect((await get()).withdrawal.workingFeePercent).toBe('10');

    expect((await approve(approval.id, tokenA)).statusCode).toBe(403);
    // A fee is an economic rule: approved only with its simulation done (decision 0069), the request still waiting.
    expect((await approve(approval.id)).statusCode).toBe(409);
    await simulateApproval(t.app, tokenB, approval.id);
    expect((await approve(approval.id)).statusCode).toBe(200);
    expect((await get()).withdrawal.workingFeePercent).toBe('12');
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by, after FROM audit_log WHERE action = 'settings.update' ORDER BY id DESC LIMIT 1",
    );
    expect(audit.rows[0]).toMatchObject({ actor_id: adminA.id, approved_by: adminBId });
    expect(audit.rows[0]?.after.withdrawal.workingFeePercent).toBe('12');
  });

  it('treats the threshold itself and the level settings as economic; a stale change is refused', async () => {
    const threshold = await api('PUT', '/settings', tokenA, {
      settings: { approvalThreshold: '1' },
      reason: 'lower',
    });
    expect(threshold.statusCode).toBe(202);
    const levels = await api('POST', '/plans/addinvestlevel', tokenA, {
      levels: ['9', '5', '4', '3', '2', '1', '1', '1', '1', '1'],
      reason: 'level 1 down',
    });
    expect(levels.statusCode).toBe(202);
    expect((await get()).levelPercents[0]).toBe('10');

    // Two asks for the same setting: the first approved wins, the second no longer matches what it showed.
    const first = await api('PUT', '/settings', tokenA, {
      settings: { tokenSlippagePercent: '2' },
      reason: 'first ask',
    });
    const second = await api('PUT', '/settings', tokenA, {
      settings: { tokenSlippagePercent: '3' },
      reason: 'second ask',
    });
    expect(first.statusCode, first.body).toBe(202);
    for (const asked of [first, second]) await simulateApproval(t.app, tokenB, asked.json().approval.id);
    expect((await approve(first.json().approval.id)).statusCode).toBe(200);
    const stale = await approve(second.json().approval.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('Token slippage percent changed since this was asked for; ask again.');
    expect((await get()).tokenSlippagePercent).toBe('2');
    expect((await approve(second.json().approval.id)).statusCode).toBe(409);

    // Nothing changed by the ones left waiting.
    expect((await get()).approvalThreshold).toBe('1000');
  });
});
