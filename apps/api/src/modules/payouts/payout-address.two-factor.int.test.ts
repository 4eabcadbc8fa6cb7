import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { PAYOUT_CODE_SUBJECT } from '../../../test/payout';
import { startSmtp } from '../../../test/smtp';
import { newSecret, totpOf } from '../auth/second-factor';

/**
 * Decision 0038: who confirms a payout address change with what, with mail going over a real SMTP server on
 * loopback. A member with two-factor on confirms with the authenticator code: no e-mailed code is asked for or
 * sent, a wrong or replayed code changes nothing, the change is held, audited and announced as any other. A
 * member without two-factor gets the code by e-mail (what the development mail catcher now catches).
 */
let t: TestApp;
let smtp: Awaited<ReturnType<typeof startSmtp>>;
beforeAll(async () => {
  smtp = await startSmtp();
  t = await buildTestApp({ SMTP_URL: smtp.url });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const OLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const NEW = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

const call = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload }),
  });
const subjectsTo = (email: string) =>
  smtp.received.filter((r) => r.to.includes(email)).map((r) => /Subject: (.*)/.exec(r.raw)?.[1]?.trim());

type Member = Built & { token: string };
async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, OLD]);
  return { ...m, token: await tokenFor(t.app, m) };
}

describe('a member with two-factor on', () => {
  it('confirms with the authenticator code: no e-mailed code, wrong and replayed codes refused, held, audited, announced', async () => {
    const m = await member();
    const secret = newSecret();
    await sqlOn(t.url, 'INSERT INTO two_factors (user_id, secret, confirmed_at) VALUES ($1, $2, now())', [
      m.id,
      secret,
    ]);
    const state = await call(m.token, 'GET', '/users/payout-address');
    expect(state.json()).toMatchObject({ two_factor: true, email_code_required: false });
    // No e-mailed code: asking for one is refused and sends nothing.
    const ask = await call(m.token, 'POST', '/users/payout-address/email-code');
    expect(ask.statusCode).toBe(422);
    expect(ask.json().message).toBe(
      'Your account has two-factor sign-in: enter the code from your authenticator app.',
    );

    const body = { currency: 'BEP20', address: NEW, password: m.password };
    const right = totpOf(secret, 'test').generate();
    const wrong = String((Number(right) + 1) % 1_000_000).padStart(6, '0');
    const refused = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: wrong });
    expect(refused.statusCode).toBe(422);
    expect((await call(m.token, 'GET', '/users/payout-address')).json().bep20).toBe(OLD);

    const ok = await call(m.token, 'PUT', '/users/payout-address', { ...body, code: right });
    expect(ok.statusCode, ok.body).toBe(200);
    const holdHours = Number((await t.deps.settings.all()).payoutHoldHours);
    const [pending] = ok.json().payout.pending;
    expect(pending).toMatchObject({ old_address: OLD, new_address: NEW, by_admin: false });
    const held = (Date.parse(pending.hold_until) - Date.parse(pending.requested_at)) / 3_600_000;
    expect(held).toBeCloseTo(holdHours, 3);

    // The same code again (its step is used): nothing changes.
    const replay = await call(m.token, 'PUT', '/users/payout-address', {
      ...body,
      address: OLD,
      code: right,
    });
    expect(replay.statusCode).toBe(422);
    expect((await call(m.token, 'GET', '/users/payout-address')).json().bep20).toBe(NEW);

    const audit = await sqlOn(
      t.url,
      "SELECT actor_id FROM audit_log WHERE action = 'member.payout_address_change' AND entity_id = $1",
      [m.id],
    );
    expect(audit.rows).toEqual([{ actor_id: m.id }]);
    await t.deps.notifications.mail.dispatch();
    // The notice of the change reaches the member; no code was e-mailed at any point.
    const codes = await sqlOn(
      t.url,
      "SELECT count(*)::int AS n FROM otps WHERE user_id = $1 AND purpose = 'payout_address'",
      [m.id],
    );
    expect(codes.rows[0].n).toBe(0);
    expect(subjectsTo(m.email)).toEqual(['EVM payout address changed']);
    expect(subjectsTo(m.email)).not.toContain(PAYOUT_CODE_SUBJECT);
  });
});

describe('a member without two-factor', () => {
  it('gets the code by e-mail over SMTP and confirms the change with it', async () => {
    const m = await member();
    expect((await call(m.token, 'GET', '/users/payout-address')).json()).toMatchObject({
      two_factor: false,
      email_code_required: true,
    });
    expect((await call(m.token, 'POST', '/users/payout-address/email-code')).statusCode).toBe(200);
    const mail = smtp.received.find(
      (r) => r.to.includes(m.email) && r.raw.includes(`Subject: ${PAYOUT_CODE_SUBJECT}`),
    );
    const code = /change a payout address is (\d{6})/.exec(mail?.raw ?? '')?.[1];
    expect(code, mail?.raw).toBeDefined();
    // An authenticator code is no substitute for it.
    const noCode = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: NEW,
      password: m.password,
      code: '123456',
    });
    expect(noCode.statusCode).toBe(400);
    expect(noCode.json().details.email_code).toEqual(['Ask for a code by e-mail and enter it.']);
    const ok = await call(m.token, 'PUT', '/users/payout-address', {
      currency: 'BEP20',
      address: NEW,
      password: m.password,
      email_code: code,
    });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().payout).toMatchObject({ bep20: NEW, pending: [{ new_address: NEW }] });
  });
});
