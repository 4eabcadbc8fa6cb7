import { BLOCK_REASON_REQUIRED } from '@sgx/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

// Decision 0035: blocking takes a reason the member sees; unblocking clears it.
let t: TestApp;
let admin: Built;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await buildAdmin(t.deps);
  adminToken = await tokenFor(t.app, admin, 'admin');
});
afterAll(() => t.close());

const call = (token: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
const edit = (id: bigint, payload: object) => call(adminToken, 'PUT', `/users/${id}`, payload);

const stored = async (id: bigint) =>
  (await sqlOn(t.url, 'SELECT status, block_reason FROM users WHERE id = $1', [id])).rows[0];
const audits = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      "SELECT before, after, reason FROM audit_log WHERE action = 'member.update' AND entity_id = $1 ORDER BY id",
      [String(id)],
    )
  ).rows;

describe('blocking a member with a reason', () => {
  it('refuses a block without a reason, and changes nothing', async () => {
    const m = await buildMember(t.deps);
    for (const payload of [
      { status: 'block', fullname: 'Renamed' },
      { status: 'block', block_reason: '' },
      { status: 'block', block_reason: '   ' },
    ]) {
      const res = await edit(m.id, payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(BLOCK_REASON_REQUIRED);
      expect(res.json().details.block_reason).toEqual([BLOCK_REASON_REQUIRED]);
    }
    expect(await stored(m.id)).toEqual({ status: 'unblock', block_reason: null });
    const name = await sqlOn(t.url, 'SELECT fullname FROM users WHERE id = $1', [m.id]);
    expect(name.rows[0]?.fullname).toBe('Test Member');
    expect(await audits(m.id)).toHaveLength(0);
  });

  it('keeps the reason, audits it, shows it to the member only, and clears it on unblock', async () => {
    const m = await buildMember(t.deps);
    const other = await buildMember(t.deps);
    const why = 'Your deposit of 12 May is under review; we will write to you within 3 days.';

    const blocked = await edit(m.id, { status: 'block', block_reason: `  ${why} ` });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().singleuser).toMatchObject({ status: 'block', block_reason: why });
    expect(await stored(m.id)).toEqual({ status: 'block', block_reason: why });
    const [audit] = await audits(m.id);
    expect(audit).toMatchObject({
      before: { status: 'unblock', block_reason: null },
      after: { status: 'block', block_reason: why },
      reason: why,
    });

    // The member reads it on their own record (what every page of the member area reads) ...
    const memberToken = await tokenFor(t.app, m);
    const own = await call(memberToken, 'GET', `/users/${m.id}`);
    expect(own.statusCode).toBe(200);
    expect(own.json().singleuser).toMatchObject({ status: 'block', block_reason: why });
    // ... another member cannot.
    const otherToken = await tokenFor(t.app, other);
    const theirs = await call(otherToken, 'GET', `/users/${m.id}`);
    expect(theirs.statusCode).toBe(403);
    expect(theirs.body).not.toContain('under review');
    // The admin's list shows it too.
    const listed = await call(adminToken, 'GET', `/users/list?search=${encodeURIComponent(m.email)}`);
    expect(listed.json().allusers[0]).toMatchObject({ status: 'block', block_reason: why });

    // A support ticket stays possible while blocked.
    const ticket = await call(memberToken, 'POST', '/tickets', {
      subject: 'Why am I blocked?',
      message: 'Please tell me what to send.',
    });
    expect(ticket.statusCode).toBe(201);
    // The member cannot reword or clear their own reason.
    expect((await call(memberToken, 'PUT', `/users/${m.id}`, { block_reason: 'fine' })).statusCode).toBe(403);

    // Another edit of the blocked member keeps the reason; the admin may reword it.
    expect((await edit(m.id, { fullname: 'Still Blocked' })).statusCode).toBe(200);
    expect(await stored(m.id)).toEqual({ status: 'block', block_reason: why });
    const reworded = await edit(m.id, { block_reason: 'Send a photo of your ID through a support ticket.' });
    expect(reworded.json().singleuser.block_reason).toBe('Send a photo of your ID through a support ticket.');

    // A reason goes only with a block.
    const wrong = await edit(m.id, { status: 'unblock', block_reason: 'x' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().details.block_reason).toEqual(['A reason is given only when blocking.']);

    const unblocked = await edit(m.id, { status: 'unblock', reason: 'ID received' });
    expect(unblocked.statusCode).toBe(200);
    expect(unblocked.json().singleuser).toMatchObject({ status: 'unblock', block_reason: null });
    expect(await stored(m.id)).toEqual({ status: 'unblock', block_reason: null });
    expect((await call(memberToken, 'GET', `/users/${m.id}`)).json().singleuser.block_reason).toBeNull();
    const last = (await audits(m.id)).at(-1);
    expect(last).toMatchObject({
      before: { status: 'block', block_reason: 'Send a photo of your ID through a support ticket.' },
      after: { status: 'unblock', block_reason: null },
      reason: 'ID received',
    });
  });

  it('keeps a reason only on a blocked account, in the database too', async () => {
    const m = await buildMember(t.deps);
    await expect(sqlOn(t.url, "UPDATE users SET block_reason = 'x' WHERE id = $1", [m.id])).rejects.toThrow(
      /users_block_reason_only_blocked/,
    );
    // An account blocked before reasons were kept is edited without one.
    await sqlOn(t.url, "UPDATE users SET status = 'block' WHERE id = $1", [m.id]);
    expect((await edit(m.id, { is_active: 'active' })).statusCode).toBe(200);
    expect(await stored(m.id)).toEqual({ status: 'block', block_reason: null });
  });
});
