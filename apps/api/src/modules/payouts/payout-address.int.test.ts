import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { payoutConfirmation, payoutEmailCode } from '../../../test/payout';
import { newSecret, totpOf } from '../auth/second-factor';

/**
 * Protected payout addresses (decision 0025): what a change asks for (password, then the
 * authenticator code or an e-mailed code), the hold and the 'shared' flag, an admin's change. Without
 * SMTP, so the e-mailed codes are read from the outbox; payout-address.cancel.int.test.ts has cancelling,
 * payout-address.hold.int.test.ts the withdrawals and the e-mail over SMTP.
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
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
/** A TRC20 address no other member of this file uses. */
const TRON_ALONE = 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t';

type Method = 'GET' | 'POST' | 'PUT';
const call = (token: string, method: Method, url: string, payload?: object) =>
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
const changeRows = async (id: bigint) =>
  (
    await sqlOn(
      t.url,
      `SELECT currency, old_address, new_address, requested_by, cancelled_at,
         round(extract(epoch FROM hold_until - requested_at) / 3600)::int AS hours
       FROM payout_address_changes WHERE user_id = $1 ORDER BY id`,
      [id],
    )
  ).rows;

describe('what a change asks for', () => {
  it('shows the addresses and that an e-mailed code is needed without two-factor', async () => {
    const m = await member(BEP20_A);
    expect(await stateOf(m)).toEqual({
      bep20: BEP20_A,
      trc20: null,
      pending: [],
      two_factor: false,
      email_code_required: true,
      hold_hours: '24',
    });
  });

  it('refuses a wrong password, a missing, wrong, reused or expired e-mailed code; a right one starts the hold', async () => {
    const m = await member(BEP20_A);
    const put = (body: object) =>
      call(m.token, 'PUT', '/users/payout-address', { currency: 'BEP20', address: BEP20_B, ...body });

    const wrongPassword = await put({ password: 'Not-the-password-1' });
    expect(wrongPassword.statusCode).toBe(400);
    expect(wrongPassword.json().details).toEqual({ password: ['Your password is not correct.'] });
    const noCode = await put({ password: m.password });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details).toEqual({ email_code: ['Ask for a code by e-mail and enter it.'] });

    // An e-mail verification code (another purpose) is no payout address code.
    expect(
      (await call(m.token, 'POST', '/otp/send', { userId: Number(m.id), email: m.email })).statusCode,
    ).toBe(200);
    const verification = await sqlOn(
      t.url,
      "SELECT body FROM mail_outbox WHERE to_address = $1 AND subject = 'Your SocialGenX verification code'",
      [m.email],
    );
    const otherPurpose = /\b(\d{6})\b/.exec(String(verification.rows[0]?.body))?.[1];
    const notThisCode = await put({ password: m.password, email_code: otherPurpose });
    expect(notThisCode.json().details).toEqual({ email_code: ['The code has expired. Ask for a new one.'] });

    const code = await payoutEmailCode(t, m.token, m.email);
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const wrongCode = await put({ password: m.password, email_code: wrong });
    expect(wrongCode.statusCode).toBe(400);
    expect(wrongCode.json().details.email_code).toEqual([
      'That code is not right. Check the e-mail, or ask for a new code.',
    ]);
    expect((await stateOf(m)).bep20).toBe(BEP20_A);
    expect(await changeRows(m.id)).toEqual([]);

    const ok = await put({ password: m.password, email_code: code });
    expect(ok.statusCode, ok.body).toBe(200);
    const { payout } = ok.json();
    expect(payout).toMatchObject({ bep20: BEP20_B, pending: [{ currency: 'BEP20', old_address: BEP20_A }] });
    expect(payout.pending[0]).toMatchObject({ new_address: BEP20_B, by_admin: false, shared: false });
    expect(Date.parse(payout.pending[0].hold_until) - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(await changeRows(m.id)).toEqual([
      {
        currency: 'BEP20',
        old_address: BEP20_A,
        new_address: BEP20_B,
        requested_by: m.id,
        cancelled_at: null,
        hours: 24,
      },
    ]);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, before, after FROM audit_log WHERE action = 'member.payout_address_change' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toMatchObject([
      { actor_id: m.id, before: { bep20: BEP20_A }, after: { bep20: BEP20_B } },
    ]);

    // The code worked once; a code past its 10 minutes works no more.
    const reused = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'TRC20',
      address: TRON,
      password: m.password,
      email_code: code,
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().details.email_code).toEqual(['The code has expired. Ask for a new one.']);
    const late = await payoutEmailCode(t, m.token, m.email);
    await sqlOn(t.url, "UPDATE otps SET expires_at = now() - interval '1 second' WHERE user_id = $1", [m.id]);
    const expired = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'TRC20',
      address: TRON,
      password: m.password,
      email_code: late,
    });
    expect(expired.statusCode).toBe(400);
    expect((await stateOf(m)).trc20).toBeNull();
  });

  it('gives a code five wrong tries, then asks for a new one; the address asked for must be a change', async () => {
    const m = await member(BEP20_A);
    const same = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: BEP20_A.toLowerCase(),
      password: m.password,
    });
    expect(same.statusCode).toBe(422);
    expect(same.json().message).toBe('That is already your EVM payout address.');
    const badAddress = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'TRC20',
      address: BEP20_B,
      password: m.password,
    });
    expect(badAddress.statusCode).toBe(400);
    expect(badAddress.json().details.address).toBeDefined();

    const code = await payoutEmailCode(t, m.token, m.email);
    const body = { currency: 'TRC20', address: TRON, password: m.password };
    for (let i = 0; i < 5; i++) {
      const wrong = String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
      expect(
        (await call(m.token, 'PUT', '/users/payout-address', { ...body, email_code: wrong })).statusCode,
      ).toBe(400);
    }
    const locked = await call(m.token, 'PUT', '/users/payout-address', { ...body, email_code: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().message).toBe('Too many wrong codes. Ask for a new one.');
    const fresh = await payoutConfirmation(t, m);
    expect((await call(m.token, 'PUT', '/users/payout-address', { ...body, ...fresh })).statusCode).toBe(200);
    expect((await stateOf(m)).trc20).toBe(TRON);
  });

  it('with two-factor on asks for the authenticator code instead of an e-mailed one', async () => {
    const m = await member(BEP20_A);
    const secret = newSecret();
    await sqlOn(t.url, 'INSERT INTO two_factors (user_id, secret, confirmed_at) VALUES ($1, $2, now())', [
      m.id,
      secret,
    ]);
    expect(await stateOf(m)).toMatchObject({ two_factor: true, email_code_required: false });
    const mailed = await call(m.token, 'POST', '/users/payout-address/email-code');
    expect(mailed.statusCode).toBe(422);

    const body = { currency: 'BEP20', address: BEP20_B, password: m.password };
    const missing = await call(m.token, 'PUT', '/users/payout-address', { ...body, email_code: '123456' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.code).toEqual(['Enter the code from your authenticator app.']);
    const totp = totpOf(secret, 'test');
    const right = totp.generate();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: wrong });
    expect(refused.statusCode).toBe(422);
    expect((await stateOf(m)).bep20).toBe(BEP20_A);
    const ok = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: right });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payout).toMatchObject({ bep20: BEP20_B, pending: [{ new_address: BEP20_B }] });
    // The same code again (its step is used) changes nothing.
    const again = await call(m.token, 'PUT', '/users/payout-address', {
      ...body,
      address: BEP20_A,
      code: right,
    });
    expect(again.statusCode).toBe(422);
    expect((await stateOf(m)).bep20).toBe(BEP20_B);
  });

  it("counts wrong authenticator codes per session: one session's sixth is a 429, another's right code still works", async () => {
    const m = await member(BEP20_A);
    const other = await tokenFor(t.app, m);
    const secret = newSecret();
    await sqlOn(t.url, 'INSERT INTO two_factors (user_id, secret, confirmed_at) VALUES ($1, $2, now())', [
      m.id,
      secret,
    ]);
    const body = { currency: 'BEP20', address: BEP20_B, password: m.password };
    const right = totpOf(secret, 'test').generate();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++) {
      const res = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: wrong });
      expect(res.statusCode).toBe(422);
    }
    const sixth = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: right });
    expect(sixth.statusCode).toBe(429);
    const elsewhere = await call(other, 'PUT', '/users/payout-address', { ...body, code: right });
    expect(elsewhere.statusCode, elsewhere.body).toBe(200);
    expect((await stateOf(m)).bep20).toBe(BEP20_B);
  });
});

describe('the other ways an address changes', () => {
  it("refuses a member's profile edit that changes a payout address, but keeps the rest of the profile edit working", async () => {
    const m = await member(BEP20_A);
    const refused = await call(m.token, 'PUT', `/users/${m.id}`, { bep20: BEP20_B });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toBe(
      'Change payout addresses under Profile → Payout addresses; your password is needed.',
    );
    const named = await call(m.token, 'PUT', `/users/${m.id}`, {
      fullname: 'Renamed Member',
      bep20: BEP20_A,
    });
    expect(named.statusCode).toBe(200);
    expect(named.json().singleuser).toMatchObject({ fullname: 'Renamed Member', bep20: BEP20_A });
    expect(await changeRows(m.id)).toEqual([]);
  });

  it("holds an admin's change too (no member password), audited and announced to the member", async () => {
    const m = await member(BEP20_A);
    const res = await call(adminToken, 'PUT', `/users/${m.id}`, {
      bep20: BEP20_B,
      trc20: TRON,
      reason: 'asked by phone',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().singleuser).toMatchObject({ bep20: BEP20_B, trc20: TRON });
    const rows = await changeRows(m.id);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      currency: 'BEP20',
      old_address: BEP20_A,
      new_address: BEP20_B,
      hours: 24,
    });
    expect(rows[1]).toMatchObject({ currency: 'TRC20', old_address: null, new_address: TRON, hours: 24 });
    expect(rows.every((r) => r.requested_by !== m.id)).toBe(true);
    expect((await stateOf(m)).pending).toMatchObject([
      { currency: 'TRC20', by_admin: true },
      { currency: 'BEP20', by_admin: true },
    ]);
    const audit = await sqlOn(
      t.url,
      "SELECT reason FROM audit_log WHERE action = 'member.payout_address_change' AND entity_id = $1",
      [String(m.id)],
    );
    expect(audit.rows).toEqual([{ reason: 'asked by phone' }, { reason: 'asked by phone' }]);
    const events = await sqlOn(
      t.url,
      "SELECT title, message, link FROM member_events WHERE user_id = $1 AND kind = 'payout_address_changed' ORDER BY id",
      [m.id],
    );
    expect(events.rows).toHaveLength(2);
    expect(events.rows[0]).toMatchObject({
      title: 'EVM payout address changed',
      link: `/user/profile/${m.id}`,
    });
    expect(events.rows[0]?.message).toMatch(
      /^Your EVM payout address was changed by an administrator to 0x5aAe…eAed\. Withdrawals to it are possible from \d{4}-\d\d-\d\d \d\d:\d\d UTC\. If this was not you, cancel the change in your profile and change your password\.$/,
    );
  });

  it('flags a new address another member uses as payout address', async () => {
    const owner = await member(BEP20_B);
    expect((await stateOf(owner)).pending).toEqual([]);
    const m = await member(BEP20_A);
    const shared = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: BEP20_B.toLowerCase(),
      ...(await payoutConfirmation(t, m)),
    });
    expect(shared.statusCode, shared.body).toBe(200);
    expect(shared.json().payout.pending).toMatchObject([{ new_address: BEP20_B, shared: true }]);
    const alone = await member();
    const own = await call(alone.token, 'PUT', '/users/payout-address', {
      currency: 'TRC20',
      address: TRON_ALONE,
      ...(await payoutConfirmation(t, alone)),
    });
    expect(own.json().payout.pending).toMatchObject([{ new_address: TRON_ALONE, shared: false }]);
    // Removing one's address is a change with a hold too (nothing can be sent to no address).
    const removed = await call(alone.token, 'PUT', '/users/payout-address', {
      currency: 'TRC20',
      address: '',
      ...(await payoutConfirmation(t, alone)),
    });
    expect(removed.statusCode).toBe(200);
    expect(removed.json()).toMatchObject({
      message: 'Your TRON payout address was removed.',
      payout: { trc20: null, pending: [{ old_address: TRON_ALONE, new_address: null, shared: false }, {}] },
    });
  });
});
