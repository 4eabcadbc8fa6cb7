import { randomBytes } from 'node:crypto';
import type { RiskSignalCode, WithdrawalRiskResponse } from '@sgx/contracts';
import { expect } from 'vitest';
import { type Built, bearer, buildMember } from '../../../test/factories';
import { sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet } from '../../../test/money';

/** Set-up shared by the risk tests: members signed in from chosen IPs, withdrawals, their risk signals. */
export function riskFixture(t: () => TestApp, adminToken: () => string) {
  const api = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t().app.inject({ method, url: `/api/v1${url}`, headers: bearer(token), payload });

  /** Signs in through the API from `ip`; returns the bearer token. */
  async function signIn(who: Built, ip: string): Promise<string> {
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/signin',
      payload: { email: who.email, password: who.password },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().auth.token;
  }

  /** Registers through /auth/register from `ip`. */
  async function register(ip: string): Promise<{ id: bigint; token: string }> {
    const password = 'Saffron-Kettle-58';
    const res = await t().app.inject({
      method: 'POST',
      url: '/api/v1/auth/register',
      remoteAddress: ip,
      payload: {
        fullname: 'Riya Sharma',
        email: `risk-${randomBytes(5).toString('hex')}@example.com`,
        phone: '+919876543210',
        password,
        confirmPassword: password,
        referralBy: '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { auth } = res.json();
    return { id: BigInt(auth.id), token: auth.token };
  }

  const randomAddress = () => `0x${randomBytes(20).toString('hex')}`;

  async function setPayout(id: bigint, address: string, currency: 'bep20' | 'trc20' = 'bep20') {
    await sqlOn(t().url, `UPDATE users SET ${currency} = $2 WHERE id = $1`, [id, address]);
  }

  /** A member (built, not registered) signed in from `ip`, with a BEP20 payout address of its own. */
  async function member(ip: string, address = randomAddress()) {
    const m = await buildMember(t().deps);
    await setPayout(m.id, address);
    return { ...m, address, token: await signIn(m, ip) };
  }

  /** A working withdrawal through the API, after crediting the working wallet with `fund` (if any). */
  async function withdraw(m: { id: bigint; token: string }, amount: string, fund?: string): Promise<number> {
    if (fund) await fundWallet(t().deps, m.id, 'working', fund);
    const res = await api('POST', '/withdrawalrequest/add', m.token, { user_id: Number(m.id), amount });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().withdrawal.id;
  }

  async function risk(id: number): Promise<WithdrawalRiskResponse> {
    const res = await api('GET', `/withdrawalrequest/${id}/risk`, adminToken());
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  }

  /** One signal of a withdrawal. */
  async function signal(id: number, code: RiskSignalCode) {
    const s = (await risk(id)).signals.find((x) => x.code === code);
    if (!s) throw new Error(`no ${code} signal`);
    return { flagged: s.flagged, sentence: s.sentence };
  }

  return { api, signIn, register, randomAddress, setPayout, member, withdraw, risk, signal };
}
