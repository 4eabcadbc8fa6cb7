import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet } from '../../../test/money';
import { endPayoutHolds, PAYOUT_CODE_SUBJECT } from '../../../test/payout';
import { startSmtp } from '../../../test/smtp';
import { assertPayoutAddressReady } from './payout-address';

/**
 * The hold on a new payout address (decision 0025): a change is announced (notification and
 * e-mail over a real SMTP server on loopback, after commit), a withdrawal to the new address inside the
 * hold is refused and goes through after it, cancelling puts the old address back and withdrawals to it
 * go at once; the principal path's check (assertPayoutAddressReady) keeps the same rule.
 */
let smtp: Awaited<ReturnType<typeof startSmtp>>;
let t: TestApp;

beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url, APP_URL: 'https://app.example' });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const OLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const NEW = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const HOLD_MESSAGE =
  /^Your new (EVM|TRON) payout address can receive withdrawals from \d{4}-\d\d-\d\d \d\d:\d\d UTC\. Cancel the change in your profile if it was not you\.$/;

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });

/** The text of a received mail with quoted-printable soft breaks undone. */
const decoded = (raw: string | undefined) => (raw ?? '').replace(/=\r?\n/g, '').replace(/=E2=80=A6/g, '…');
const mailsTo = (email: string) => smtp.received.filter((r) => r.to.includes(email));

type Member = Built & { token: string };
async function member(address: string | null = OLD): Promise<Member> {
  const m = await buildMember(t.deps);
  // An address set before this rules (no change row): no hold.
  if (address) await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, address]);
  await fundWallet(t.deps, m.id, 'working', '200');
  return { ...m, token: await tokenFor(t.app, m) };
}

/** The member changes a payout address with the password and the code e-mailed over SMTP. */
async function change(m: Member, currency: 'BEP20' | 'TRC20', address: string) {
  expect((await call(m.token, 'POST', '/users/payout-address/email-code')).statusCode).toBe(200);
  const mail = mailsTo(m.email).filter((r) => r.raw.includes(`Subject: ${PAYOUT_CODE_SUBJECT}`));
  const code = /change a payout address is (\d{6})/.exec(decoded(mail.at(-1)?.raw))?.[1];
  expect(code).toBeDefined();
  const res = await call(m.token, 'PUT', '/users/payout-address', {
    currency,
    address,
    password: m.password,
    email_code: code,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

const withdraw = (m: Member, currency?: 'BEP20' | 'TRC20') =>
  call(m.token, 'POST', '/withdrawalrequest/add', {
    user_id: Number(m.id),
    amount: '25',
    ...(currency ? { currency } : {}),
  });

describe('a change starts the hold and is announced', () => {
  it('writes the notice in the change and e-mails it after commit, with a link to the profile', async () => {
    const m = await member();
    const before = mailsTo(m.email).length;
    const done = await change(m, 'BEP20', NEW);
    expect(done.message).toMatch(
      /^Your EVM payout address was changed\. Withdrawals to it are possible from /,
    );
    // The code's mail and the notice's (never held back by the member's e-mail choices).
    expect(
      (
        await call(m.token, 'PUT', '/notifications/email-settings', {
          kind: 'payout_address_changed',
          email: false,
        })
      ).statusCode,
    ).toBe(422);
    await t.deps.notifications.mail.dispatch();
    const mails = mailsTo(m.email).slice(before);
    expect(mails.map((r) => /Subject: (.*)/.exec(r.raw)?.[1]?.trim())).toEqual([
      PAYOUT_CODE_SUBJECT,
      'EVM payout address changed',
    ]);
    const notice = decoded(mails[1]?.raw);
    expect(notice).toContain('Your EVM payout address was changed to 0x5aAe…eAed.');
    expect(notice).toContain(
      'If this was not you, cancel the change in your profile and change your password.',
    );
    expect(notice).toContain(`https://app.example/user/profile/${m.id}`);
    const events = await sqlOn(
      t.url,
      "SELECT kind, mail_state FROM member_events WHERE user_id = $1 AND kind = 'payout_address_changed'",
      [m.id],
    );
    expect(events.rows).toEqual([{ kind: 'payout_address_changed', mail_state: 'sent' }]);
    const settings = await call(m.token, 'GET', '/notifications/email-settings');
    expect(settings.json().settings.map((s: { kind: string }) => s.kind)).not.toContain(
      'payout_address_changed',
    );
  });
});

describe('withdrawals during and after the hold', () => {
  it('refuses a withdrawal to the new address inside the hold, and lets it through after', async () => {
    const m = await member();
    await change(m, 'BEP20', NEW);
    const refused = await withdraw(m);
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(HOLD_MESSAGE);
    const [hold] = (await call(m.token, 'GET', '/users/payout-address')).json().pending;
    const shown = new Date(Math.ceil(Date.parse(hold.hold_until) / 60_000) * 60_000);
    expect(refused.json().message).toContain(
      `from ${shown.toISOString().slice(0, 16).replace('T', ' ')} UTC`,
    );
    // Nothing was held from the wallet.
    const held = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [m.id]);
    expect(held.rows[0]?.n).toBe(0);

    await endPayoutHolds(t, m.id);
    const paid = await withdraw(m);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().withdrawal).toMatchObject({ currency: 'BEP20', address: NEW, status: 'pending' });
  });

  it('holds each currency on its own: a TRC20 change does not stop BEP20 withdrawals', async () => {
    const m = await member();
    await change(m, 'TRC20', TRON);
    const trc = await withdraw(m, 'TRC20');
    expect(trc.statusCode).toBe(422);
    expect(trc.json().message).toMatch(/^Your new TRON payout address/);
    const bep = await withdraw(m, 'BEP20');
    expect(bep.statusCode, bep.body).toBe(201);
    expect(bep.json().withdrawal).toMatchObject({ currency: 'BEP20', address: OLD });
  });

  it('holds a first address too: a session that sets one cannot withdraw to it at once', async () => {
    const m = await member(null);
    await change(m, 'BEP20', NEW);
    expect((await withdraw(m)).statusCode).toBe(422);
  });

  it('cancelling restores the old address, and a withdrawal to it goes at once', async () => {
    const m = await member();
    const done = await change(m, 'BEP20', NEW);
    expect((await withdraw(m)).statusCode).toBe(422);
    const cancel = await call(
      m.token,
      'POST',
      `/users/payout-address/changes/${done.payout.pending[0].id}/cancel`,
      {
        password: m.password,
      },
    );
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json().payout.bep20).toBe(OLD);
    const paid = await withdraw(m);
    expect(paid.statusCode, paid.body).toBe(201);
    expect(paid.json().withdrawal).toMatchObject({ currency: 'BEP20', address: OLD });
    await t.deps.notifications.mail.dispatch();
    expect(mailsTo(m.email).map((r) => /Subject: (.*)/.exec(r.raw)?.[1]?.trim())).toContain(
      'Payout address change cancelled',
    );
  });

  it('the principal path refuses the same way (assertPayoutAddressReady), in its transaction', async () => {
    const m = await member();
    const ready = () => t.deps.db.transaction().execute((tx) => assertPayoutAddressReady(tx, m.id, 'BEP20'));
    await expect(ready()).resolves.toBeUndefined();
    await change(m, 'BEP20', NEW);
    await expect(ready()).rejects.toMatchObject({
      status: 422,
      message: expect.stringMatching(HOLD_MESSAGE),
    });
    await expect(
      t.deps.db.transaction().execute((tx) => assertPayoutAddressReady(tx, m.id, 'TRC20')),
    ).resolves.toBeUndefined();
    await endPayoutHolds(t, m.id);
    await expect(ready()).resolves.toBeUndefined();
  });
});
