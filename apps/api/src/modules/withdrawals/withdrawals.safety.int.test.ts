import { randomUUID } from 'node:crypto';
import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type Built,
  bearer,
  buildAdmin,
  buildMember,
  enrolTwoFactor,
  stepNow,
  tokenFor,
  totpCode,
} from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, fundWallet } from '../../../test/money';
import { endPayoutHolds, payoutConfirmation } from '../../../test/payout';
import { reconcile } from '../ledger/ledger.service';

/**
 * Decision 0023 at the withdrawal request: a member with two-factor sign-in confirms every withdrawal with a
 * fresh code, and a principal withdrawal (the path outside withdrawal_request) waits out the hold on a new
 * payout address like the wallet kinds.
 */
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  expect(await reconcile(t.deps.db)).toMatchObject({ mismatches: [], unbalanced: [] });
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

const OLD = '0x52908400098527886E0F7030069857D2E4169EE7';
const NEW = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';

async function member(): Promise<Built & { token: string }> {
  const m = await buildMember(t.deps);
  await sqlOn(t.url, 'UPDATE users SET bep20 = $2 WHERE id = $1', [m.id, OLD]);
  return { ...m, token: await tokenFor(t.app, m) };
}

/** The last 30-second step the member's codes were used for (each step is accepted once). */
const lastStep = async (id: bigint) =>
  Number(
    (await sqlOn(t.url, 'SELECT last_step FROM two_factors WHERE user_id = $1', [id])).rows[0]?.last_step,
  );

describe('two-factor on withdrawals', () => {
  it('asks a member with two-factor for a code on each request and refuses a wrong or reused one', async () => {
    const m = await member();
    await enrolTwoFactor(t.app, m, m.token);
    const secret = m.twoFactor?.secret ?? '';
    await fundWallet(t.deps, m.id, 'working', '200');
    const body = { user_id: Number(m.id), amount: '30' };

    const missing = await api('POST', '/withdrawalrequest/add', m.token, body);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.code).toBeDefined();
    const wrongCode = totpCode(secret, stepNow() + 5);
    expect(
      (await api('POST', '/withdrawalrequest/add', m.token, { ...body, code: wrongCode })).statusCode,
    ).toBe(422);

    // The enrolment used a step; the next one not used yet within the window is accepted once.
    const fresh = Math.max(stepNow() - 1, (await lastStep(m.id)) + 1);
    expect(fresh).toBeLessThanOrEqual(stepNow() + 1);
    const ok = await api('POST', '/withdrawalrequest/add', m.token, {
      ...body,
      code: totpCode(secret, fresh),
    });
    expect(ok.statusCode, ok.body).toBe(201);
    const reused = await api('POST', '/withdrawalrequest/add', m.token, {
      ...body,
      code: totpCode(secret, fresh),
    });
    expect(reused.statusCode).toBe(422);
    expect(reused.json().message).toMatch(/not valid/);
    // Only the confirmed request moved money.
    const pending = await sqlOn(t.url, 'SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [
      m.id,
    ]);
    expect(pending.rows[0]?.n).toBe(1);
  });

  it('answers the retry of a request that went through as the first time, not with a refusal of its used code', async () => {
    const m = await member();
    await enrolTwoFactor(t.app, m, m.token);
    const secret = m.twoFactor?.secret ?? '';
    await fundWallet(t.deps, m.id, 'working', '100');
    const body = { user_id: Number(m.id), amount: '30' };
    const key = { 'idempotency-key': `withdraw-${randomUUID()}` };
    const send = (payload: object, headers: Record<string, string> = key) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/withdrawalrequest/add',
        headers: { ...bearer(m.token), ...headers },
        payload,
      });
    const code = totpCode(secret, Math.max(stepNow() - 1, (await lastStep(m.id)) + 1));

    const ok = await send({ ...body, code });
    expect(ok.statusCode, ok.body).toBe(201);
    // The answer was lost: the same key with the same (now used) code, or with none, gets the first answer.
    for (const retry of [await send({ ...body, code }), await send(body)]) {
      expect(retry.statusCode, retry.body).toBe(201);
      expect(retry.json().withdrawal).toEqual(ok.json().withdrawal);
    }
    // A new key is a new request: the used code does not confirm it.
    const fresh = await send({ ...body, code }, { 'idempotency-key': `withdraw-${randomUUID()}` });
    expect(fresh.statusCode).toBe(422);
    expect(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [m.id])).rows[0]
        ?.n,
    ).toBe(1);
    const wallet = await sqlOn(
      t.url,
      "SELECT balance FROM ledger_accounts WHERE owner_id = $1 AND kind = 'working'",
      [m.id],
    );
    expect(wallet.rows[0]?.balance).toBe(parseUnits('70'));
  });

  it('asks a member without two-factor for no code', async () => {
    const m = await member();
    await fundWallet(t.deps, m.id, 'working', '50');
    const res = await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount: '30' });
    expect(res.statusCode, res.body).toBe(201);
  });
});

describe('principal withdrawals and the payout address hold', () => {
  it('refuses a principal withdrawal to an address in its hold and takes it once the hold ends', async () => {
    const m = await member();
    await fundDeposit(t.deps, m.id, '100');
    const plan = (
      await api('POST', '/plans/add', adminToken, {
        name: 'Bronze',
        monthly_price: 100,
        ROI_day: '0.5',
        Sponser_bonus: 5,
        plan_period: 365,
      })
    ).json().plan;
    const topup = await api('POST', '/topup/add', m.token, {
      id: plan.id,
      userby_id: Number(m.id),
      userto_id: Number(m.id),
    });
    expect(topup.statusCode, topup.body).toBe(201);
    const changed = await api('PUT', '/users/payout-address', m.token, {
      currency: 'BEP20',
      address: NEW,
      ...(await payoutConfirmation(t, m)),
    });
    expect(changed.statusCode, changed.body).toBe(200);

    const refused = await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toMatch(/^Your new EVM payout address can receive withdrawals from /);
    expect(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM withdrawals WHERE user_id = $1', [m.id])).rows[0]
        ?.n,
    ).toBe(0);

    await endPayoutHolds(t, m.id);
    const ok = await api('POST', '/withdrawalrequest/add/principle', m.token, { user_id: Number(m.id) });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().withdrawal).toMatchObject({ kind: 'principal', address: NEW });
  });
});
