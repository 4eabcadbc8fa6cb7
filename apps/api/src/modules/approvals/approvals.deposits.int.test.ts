import { approvalPendingMessage } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { randomHash, walletsOf } from '../../../test/money';
import { normalizeHash } from '../deposits/deposits.service';
import { reconcile } from '../ledger/ledger.service';
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
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

type Member = { id: bigint; token: string };
type Deposit = { id: number; hash: string };

async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
}

/** A TRC20 deposit the member reports (no chain reads it: an admin decides it). */
async function deposit(m: Member, amount: string): Promise<Deposit> {
  const res = await api('POST', '/deposite/add', m.token, {
    user_id: Number(m.id),
    amount,
    currency: 'TRC20',
    hash: randomHash().slice(2),
  });
  expect(res.statusCode).toBe(201);
  return res.json().deposit;
}

const complete = (d: Deposit, m: Member, token: string, amount?: string) =>
  api('PUT', `/deposite/${d.id}`, token, {
    status: 'complete',
    user_id: Number(m.id),
    ...(amount === undefined ? {} : { amount }),
    note: 'seen on Tronscan',
  });
const approve = (id: number, token: string) => api('POST', `/admin/approvals/${id}/approve`, token, {});
const credits = async (d: Deposit) =>
  (
    await sqlOn(t.url, 'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1', [
      `deposit:TRC20:${normalizeHash(d.hash)}`,
    ])
  ).rows[0]?.n;
const statusOf = async (d: Deposit) =>
  (await sqlOn(t.url, 'SELECT status FROM deposits WHERE id = $1', [d.id])).rows[0]?.status;
const approvalStatus = async (id: number) =>
  (await sqlOn(t.url, 'SELECT status, decision_reason FROM approvals WHERE id = $1', [id])).rows[0];

describe("an admin's credit of a deposit", () => {
  it('below the threshold, of the amount reported, is credited at once', async () => {
    const m = await member();
    const d = await deposit(m, '999.99999999');
    const res = await complete(d, m, tokenA);
    expect(res.statusCode).toBe(200);
    expect(res.json().deposit).toMatchObject({ status: 'complete', credited_amount: '999.99999999' });
    expect(await credits(d)).toBe(1);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('999.99999999');
  });

  it('at the threshold waits: nothing is credited, the requester cannot approve, another admin credits it once, the audit names both', async () => {
    const m = await member();
    const d = await deposit(m, '1000');

    const asked = await complete(d, m, tokenA);
    expect(asked.statusCode).toBe(202);
    expect(asked.json().message).toBe(approvalPendingMessage);
    const approval = asked.json().approval;
    expect(approval).toMatchObject({
      kind: 'deposit',
      status: 'pending',
      subject_id: d.id,
      member_id: Number(m.id),
      amount: '1000.00000000',
      requested_by: Number(adminA.id),
      reason: 'seen on Tronscan',
    });
    expect(approval.summary).toMatch(
      /^Credit the TRON \(TRC20\) deposit #\d+ of .+: \$1,000\.00 to their deposit wallet\.$/,
    );
    expect(await statusOf(d)).toBe('pending');
    expect(await credits(d)).toBe(0);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('0.00000000');

    const self = await approve(approval.id, tokenA);
    expect(self.statusCode).toBe(403);
    expect(self.json().message).toBe(SAME_ADMIN_MESSAGE);
    expect(await credits(d)).toBe(0);

    const done = await approve(approval.id, tokenB);
    expect(done.statusCode).toBe(200);
    expect(done.json().approval).toMatchObject({ status: 'approved', decided_by: Number(adminBId) });
    expect(await statusOf(d)).toBe('complete');
    expect(await credits(d)).toBe(1);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('1000.00000000');

    // Neither approving again nor completing again credits anything more.
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect((await complete(d, m, tokenB)).statusCode).toBe(409);
    expect(await credits(d)).toBe(1);

    const audit = await sqlOn(
      t.url,
      `SELECT action, actor_id, approved_by, approval_id FROM audit_log
       WHERE (entity = 'deposit' AND entity_id = $1) OR (entity = 'approval' AND entity_id = $2) ORDER BY id`,
      [String(d.id), String(approval.id)],
    );
    expect(audit.rows).toEqual([
      { action: 'approval.request', actor_id: adminA.id, approved_by: null, approval_id: null },
      {
        action: 'deposit.complete',
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
    const posted = await sqlOn(
      t.url,
      'SELECT created_by FROM ledger_transactions WHERE idempotency_key = $1',
      [`deposit:TRC20:${normalizeHash(d.hash)}`],
    );
    expect(posted.rows[0]?.created_by).toBe(adminA.id);
  });

  it('of another amount than reported waits too, below the threshold, and credits the approved amount', async () => {
    const m = await member();
    const d = await deposit(m, '100');
    const asked = await complete(d, m, tokenA, '99.5');
    expect(asked.statusCode).toBe(202);
    const approval = asked.json().approval;
    expect(approval).toMatchObject({ kind: 'deposit', amount: '99.50000000' });
    expect(approval.changes).toContainEqual({
      field: 'Amount credited',
      before: '$100.00',
      after: '$99.50',
    });
    expect(await credits(d)).toBe(0);

    // A higher amount than reported waits the same way (it is never credited on one admin's word).
    const other = await deposit(m, '10');
    expect((await complete(other, m, tokenA, '500')).statusCode).toBe(202);
    expect(await credits(other)).toBe(0);

    expect((await approve(approval.id, tokenB)).statusCode).toBe(200);
    expect(await credits(d)).toBe(1);
    const row = await sqlOn(t.url, 'SELECT credited_amount FROM deposits WHERE id = $1', [d.id]);
    expect(row.rows[0]?.credited_amount).toBe(9_950_000_000n);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('99.50000000');
  });

  it('returns the same approval to its requester; another admin, or another amount, is refused', async () => {
    const m = await member();
    const d = await deposit(m, '2000');
    const first = (await complete(d, m, tokenA)).json().approval;
    const again = await complete(d, m, tokenA);
    expect(again.statusCode).toBe(202);
    expect(again.json().approval.id).toBe(first.id);
    expect((await complete(d, m, tokenA, '1999')).statusCode).toBe(409);
    expect((await complete(d, m, tokenB)).statusCode).toBe(409);
    expect(await credits(d)).toBe(0);
  });
});

/** The deposit as the list shows it to the holder of `token` (an admin's queue, or the member's history). */
async function listed(d: Deposit, token: string) {
  const res = await api('GET', `/deposite/list?search=${normalizeHash(d.hash)}`, token);
  expect(res.statusCode).toBe(200);
  const rows = res.json().deposits as { id: number; approval_id: number | null }[];
  return rows.find((r) => r.id === d.id);
}

describe('the deposits queue', () => {
  it('shows admins the approval a credit waits for and who asked, until it is approved; members see null', async () => {
    const m = await member();
    const d = await deposit(m, '1200');
    expect(await listed(d, tokenA)).toMatchObject({ approval_id: null, approval_requested_by: null });
    const approval = (await complete(d, m, tokenA)).json().approval;
    const requester = (await sqlOn(t.url, 'SELECT username FROM users WHERE id = $1', [adminA.id])).rows[0]
      ?.username;
    expect(approval.requested_by_username).toBe(requester);

    for (const token of [tokenA, tokenB])
      expect(await listed(d, token)).toMatchObject({
        status: 'pending',
        approval_id: approval.id,
        approval_requested_by: requester,
      });
    expect(await listed(d, m.token)).toMatchObject({ approval_id: null, approval_requested_by: null });
    const mine = await api('GET', `/deposite/by/${m.id}`, tokenB);
    expect(mine.json().deposits[0]).toMatchObject({ id: d.id, approval_id: approval.id });

    // The CSV keeps its columns in place: the approval's two come after the source, then the chain sender's three,
    // then the own address and the explorer link (decision 0033).
    const csv = await api('GET', `/deposite/list?format=csv&search=${normalizeHash(d.hash)}`, tokenB);
    const [header, line] = csv.body.trim().split(/\r?\n/);
    expect(header?.split(',').slice(0, 2)).toEqual(['"id"', '"user_id"']);
    expect(header?.split(',').slice(-8, -5)).toEqual([
      '"source"',
      '"approval_id"',
      '"approval_requested_by"',
    ]);
    expect(header?.split(',').slice(-2)).toEqual(['"to_address"', '"explorer_url"']);
    expect(line?.split(',').slice(-7, -5)).toEqual([`"${approval.id}"`, `"${requester}"`]);

    expect((await approve(approval.id, tokenB)).statusCode).toBe(200);
    expect(await listed(d, tokenA)).toMatchObject({
      status: 'complete',
      approval_id: null,
      approval_requested_by: null,
    });
  });

  it('shows null again once the deposit is declined', async () => {
    const m = await member();
    const d = await deposit(m, '3000');
    const approval = (await complete(d, m, tokenA)).json().approval;
    expect(await listed(d, tokenB)).toMatchObject({ approval_id: approval.id });
    const declined = await api('PUT', `/deposite/${d.id}`, tokenB, {
      status: 'decline',
      user_id: Number(m.id),
      note: 'not on chain',
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().deposit).toMatchObject({ approval_id: null, approval_requested_by: null });
    expect(await listed(d, tokenA)).toMatchObject({
      status: 'decline',
      approval_id: null,
      approval_requested_by: null,
    });
  });
});

describe('a deposit credit that no longer applies', () => {
  it('is cancelled when an admin declines the deposit, and cannot be approved afterwards', async () => {
    const m = await member();
    const d = await deposit(m, '5000');
    const approval = (await complete(d, m, tokenA)).json().approval;

    const declined = await api('PUT', `/deposite/${d.id}`, tokenB, {
      status: 'decline',
      user_id: Number(m.id),
      note: 'not on chain',
    });
    expect(declined.statusCode).toBe(200);
    expect(await approvalStatus(approval.id)).toEqual({
      status: 'cancelled',
      decision_reason: 'The deposit was declined (not on chain).',
    });
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect(await statusOf(d)).toBe('decline');
    expect(await credits(d)).toBe(0);
  });

  it('is cancelled when the member cancels their report', async () => {
    const m = await member();
    const d = await deposit(m, '1500');
    const approval = (await complete(d, m, tokenA)).json().approval;
    expect((await api('DELETE', `/deposite/${d.id}`, m.token)).statusCode).toBe(200);
    expect((await approvalStatus(approval.id))?.status).toBe('cancelled');
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect(await credits(d)).toBe(0);
  });

  it('is cancelled when another admin credits the reported amount meanwhile', async () => {
    const m = await member();
    const d = await deposit(m, '50');
    const approval = (await complete(d, m, tokenA, '5000')).json().approval;
    expect((await complete(d, m, tokenB)).statusCode).toBe(200);
    expect(await approvalStatus(approval.id)).toEqual({
      status: 'cancelled',
      decision_reason: 'The deposit was credited.',
    });
    expect((await approve(approval.id, tokenB)).statusCode).toBe(409);
    expect(await credits(d)).toBe(1);
    expect((await walletsOf(t.app, m.token, m.id)).deposit).toBe('50.00000000');
  });
});
