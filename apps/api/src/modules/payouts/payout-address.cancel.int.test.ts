import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { endPayoutHolds, payoutConfirmation } from '../../../test/payout';

/**
 * Cancelling a payout address change during its hold (decision 0025): it needs the member's
 * password, because cancelling puts the old address back at once, with no hold (a session alone must not
 * bring back the wallet the member changed away from); it shares the change's rate limit; it restores the
 * old address once, only for the member who owns the change, and is audited and announced.
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  await t.close();
});

const BEP20_A = '0x52908400098527886E0F7030069857D2E4169EE7';
const BEP20_B = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

type Member = Built & { token: string };
const member = async (bep20?: string): Promise<Member> => {
  const m = await buildMember(t.deps);
  if (bep20) await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, bep20]);
  return { ...m, token: await tokenFor(t.app, m) };
};
const stateOf = async (m: Member) => {
  const res = await call(m.token, 'GET', '/users/payout-address');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
/** The member changes the BEP20 address with the password and an e-mailed code; the change's id. */
const changeTo = async (m: Member, address: string): Promise<number> => {
  const res = await call(m.token, 'PUT', '/users/payout-address', {
    currency: 'BEP20',
    address,
    ...(await payoutConfirmation(t, m)),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().payout.pending[0].id;
};
const cancel = (token: string, id: number, payload?: object) =>
  call(token, 'POST', `/users/payout-address/changes/${id}/cancel`, payload);
/** What a cancellation leaves behind: the change's cancelled_at, the audit records, the notices. */
const traces = async (m: Member) => ({
  cancelled: (
    await sqlOn(t.url, 'SELECT cancelled_at FROM payout_address_changes WHERE user_id = $1', [m.id])
  ).rows.filter((r) => r.cancelled_at !== null).length,
  audits: (
    await sqlOn(
      t.url,
      "SELECT 1 FROM audit_log WHERE action = 'member.payout_address_cancel' AND entity_id = $1",
      [String(m.id)],
    )
  ).rowCount,
  notices: (
    await sqlOn(
      t.url,
      "SELECT 1 FROM member_events WHERE user_id = $1 AND title = 'Payout address change cancelled'",
      [m.id],
    )
  ).rowCount,
});

describe('cancelling a change', () => {
  it('is refused without the password or with a wrong one, and nothing is restored', async () => {
    const m = await member(BEP20_A);
    const id = await changeTo(m, BEP20_B);

    const bare = await cancel(m.token, id);
    expect(bare.statusCode, bare.body).toBe(400);
    const empty = await cancel(m.token, id, {});
    expect(empty.statusCode, empty.body).toBe(400);
    expect(empty.json().details.password).toBeDefined();
    const blank = await cancel(m.token, id, { password: '' });
    expect(blank.statusCode, blank.body).toBe(400);
    expect(blank.json().details.password).toEqual(['Enter your password.']);
    const wrong = await cancel(m.token, id, { password: `${m.password}x` });
    expect(wrong.statusCode, wrong.body).toBe(400);
    expect(wrong.json()).toMatchObject({
      message: 'Your password is not correct.',
      details: { password: ['Your password is not correct.'] },
    });

    // The new address stays, its change still in hold and cancellable; nothing audited or announced.
    expect(await stateOf(m)).toMatchObject({ bep20: BEP20_B, pending: [{ id, new_address: BEP20_B }] });
    expect(await traces(m)).toEqual({ cancelled: 0, audits: 0, notices: 0 });
  });

  it('with the password restores the old address during the hold, once, only for its member', async () => {
    const m = await member(BEP20_A);
    const id = await changeTo(m, BEP20_B);
    const other = await member();
    expect((await cancel(other.token, id, { password: other.password })).statusCode).toBe(404);
    expect((await cancel(adminToken, id, { password: m.password })).statusCode).toBe(403);
    expect((await stateOf(m)).bep20).toBe(BEP20_B);

    const done = await cancel(m.token, id, { password: m.password });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      message: `Change cancelled. Your EVM payout address is ${BEP20_A}.`,
      payout: expect.objectContaining({ bep20: BEP20_A, pending: [] }),
    });
    expect((await cancel(m.token, id, { password: m.password })).statusCode).toBe(409);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, before, after FROM audit_log WHERE action = 'member.payout_address_cancel' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toMatchObject([
      { actor_id: m.id, before: { bep20: BEP20_B }, after: { bep20: BEP20_A } },
    ]);
    const notice = await sqlOn(
      t.url,
      "SELECT message FROM member_events WHERE user_id = $1 AND title = 'Payout address change cancelled'",
      [m.id],
    );
    expect(notice.rows).toEqual([
      {
        message:
          'The change of your EVM payout address to 0x5aAe…eAed was cancelled. Your EVM payout address is 0x5290…9EE7.',
      },
    ]);
  });

  it('shares the rate limit of changes, counted before the password: then even the right one waits', async () => {
    const m = await member(BEP20_A);
    const id = await changeTo(m, BEP20_B); // one hit of ten
    for (let i = 0; i < 9; i++)
      expect((await cancel(m.token, id, { password: `wrong-${i}` })).statusCode).toBe(400);
    const limited = await cancel(m.token, id, { password: m.password });
    expect(limited.statusCode, limited.body).toBe(429);
    expect(await stateOf(m)).toMatchObject({ bep20: BEP20_B, pending: [{ id }] });
    expect(await traces(m)).toEqual({ cancelled: 0, audits: 0, notices: 0 });
    // The change counts against the same limit.
    const change = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: BEP20_A,
      password: m.password,
      email_code: '123456',
    });
    expect(change.statusCode).toBe(429);
  });

  it('cannot cancel after the hold; a later change stays when an earlier one is cancelled', async () => {
    const m = await member();
    const firstId = await changeTo(m, BEP20_A);
    const secondId = await changeTo(m, BEP20_B);
    expect((await stateOf(m)).pending).toHaveLength(2);
    const first = await cancel(m.token, firstId, { password: m.password });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().payout).toMatchObject({ bep20: BEP20_B, pending: [{ new_address: BEP20_B }] });

    await endPayoutHolds(t, m.id);
    const late = await cancel(m.token, secondId, { password: m.password });
    expect(late.statusCode).toBe(422);
    expect((await stateOf(m)).pending).toEqual([]);
    expect((await stateOf(m)).bep20).toBe(BEP20_B);
  });
});
