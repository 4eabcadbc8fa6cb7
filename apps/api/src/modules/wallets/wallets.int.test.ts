import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';

let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'https://app.socialgenx.test' });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  await t.close();
});

const api = (method: 'GET' | 'POST' | 'DELETE', url: string, token: string | null, payload?: object) =>
  t.app.inject({ method, url: `/api/v1${url}`, headers: token ? bearer(token) : {}, payload });

async function member() {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
}
const wallet = () => privateKeyToAccount(generatePrivateKey());

async function challenge(token: string, address: string, chainId = 56) {
  const res = await api('POST', '/wallets/challenge', token, { address, chainId });
  return res;
}

describe('proving a wallet', () => {
  it('issues an EIP-4361 message for the address and chain, valid 10 minutes', async () => {
    const m = await member();
    const w = wallet();
    const res = await challenge(m.token, w.address.toLowerCase(), 137);
    expect(res.statusCode).toBe(200);
    const { message, expiresAt } = res.json();
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'app.socialgenx.test',
      address: w.address,
      chainId: 137,
      uri: 'https://app.socialgenx.test',
      version: '1',
    });
    expect(parsed.nonce?.length).toBeGreaterThanOrEqual(17);
    const ttl = new Date(expiresAt).getTime() - (parsed.issuedAt?.getTime() ?? 0);
    expect(ttl).toBe(10 * 60 * 1000);
    expect(parsed.expirationTime?.toISOString()).toBe(expiresAt);
  });

  it('links the wallet when the member signs it, once', async () => {
    const m = await member();
    const w = wallet();
    const { message } = (await challenge(m.token, w.address)).json();
    const signature = await w.signMessage({ message });
    const res = await api('POST', '/wallets/link', m.token, { message, signature });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({
      message: 'Wallet linked',
      wallet: { address: w.address, chainId: 56, is_payout: false },
    });
    const list = await api('GET', '/wallets', m.token);
    expect(list.json().wallets.map((x: { address: string }) => x.address)).toEqual([w.address]);
    // The same challenge again: used.
    const again = await api('POST', '/wallets/link', m.token, { message, signature });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This challenge has already been used. Ask for a new one.');
    // Asking to link it again says it is linked already.
    expect((await challenge(m.token, w.address)).json().message).toBe(
      'This wallet is already linked to your account.',
    );
  });

  it('refuses a signature by another key, and the challenge is spent', async () => {
    const m = await member();
    const w = wallet();
    const { message } = (await challenge(m.token, w.address)).json();
    const bad = await api('POST', '/wallets/link', m.token, {
      message,
      signature: await wallet().signMessage({ message }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The signature does not match this wallet.');
    const retry = await api('POST', '/wallets/link', m.token, {
      message,
      signature: await w.signMessage({ message }),
    });
    expect(retry.statusCode).toBe(409);
    expect((await api('GET', '/wallets', m.token)).json().wallets).toEqual([]);
  });

  it('refuses a tampered message and a signature over something else', async () => {
    const m = await member();
    const w = wallet();
    const { message } = (await challenge(m.token, w.address)).json();
    const tampered = message.replace('Chain ID: 56', 'Chain ID: 1');
    const r1 = await api('POST', '/wallets/link', m.token, {
      message: tampered,
      signature: await w.signMessage({ message: tampered }),
    });
    expect(r1.statusCode).toBe(400);
    expect(r1.json().message).toBe('Unknown challenge. Ask for a new one.');
    const r2 = await api('POST', '/wallets/link', m.token, {
      message,
      signature: await w.signMessage({ message: 'something else' }),
    });
    expect(r2.statusCode).toBe(400);
    expect(r2.json().message).toBe('The signature does not match this wallet.');
  });

  it('refuses an expired challenge', async () => {
    const m = await member();
    const w = wallet();
    const { message } = (await challenge(m.token, w.address)).json();
    await sqlOn(
      t.url,
      "UPDATE wallet_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [m.id],
    );
    const res = await api('POST', '/wallets/link', m.token, {
      message,
      signature: await w.signMessage({ message }),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This challenge has expired. Ask for a new one.');
  });

  it("refuses another member's challenge", async () => {
    const a = await member();
    const b = await member();
    const w = wallet();
    const { message } = (await challenge(a.token, w.address)).json();
    const res = await api('POST', '/wallets/link', b.token, {
      message,
      signature: await w.signMessage({ message }),
    });
    expect(res.statusCode).toBe(400);
    // A still can use it.
    const ok = await api('POST', '/wallets/link', a.token, {
      message,
      signature: await w.signMessage({ message }),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('links an address to one member only, even when both race', async () => {
    const a = await member();
    const b = await member();
    const w = wallet();
    const ca = (await challenge(a.token, w.address)).json().message;
    const cb = (await challenge(b.token, w.address)).json().message;
    const [ra, rb] = await Promise.all([
      api('POST', '/wallets/link', a.token, { message: ca, signature: await w.signMessage({ message: ca }) }),
      api('POST', '/wallets/link', b.token, { message: cb, signature: await w.signMessage({ message: cb }) }),
    ]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const loser = ra.statusCode === 409 ? ra : rb;
    expect(loser.json().message).toBe('This wallet is linked to another account.');
    const winner = ra.statusCode === 201 ? b : a; // the other one asks again
    const again = await challenge(winner.token, w.address);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This wallet is linked to another account.');
  });

  it('lets one challenge link once however many requests race', async () => {
    const m = await member();
    const w = wallet();
    const { message } = (await challenge(m.token, w.address)).json();
    const signature = await w.signMessage({ message });
    const all = await Promise.all(
      Array.from({ length: 20 }, () => api('POST', '/wallets/link', m.token, { message, signature })),
    );
    expect(all.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(all.filter((r) => r.statusCode >= 500)).toHaveLength(0);
  });

  it('unlinks, relinks, and makes a linked wallet the payout address in one step', async () => {
    const m = await member();
    const w = wallet();
    const link = async () => {
      const { message } = (await challenge(m.token, w.address)).json();
      return api('POST', '/wallets/link', m.token, { message, signature: await w.signMessage({ message }) });
    };
    expect((await link()).statusCode).toBe(201);
    const payout = await api('POST', `/wallets/${w.address}/payout`, m.token);
    expect(payout.statusCode).toBe(200);
    expect(payout.json()).toMatchObject({ message: 'Payout address updated', wallet: { is_payout: true } });
    const user = await api('GET', `/users/${m.id}`, m.token);
    expect(JSON.stringify(user.json())).toContain(w.address);
    expect((await api('DELETE', `/wallets/${w.address}`, m.token)).statusCode).toBe(200);
    expect((await api('DELETE', `/wallets/${w.address}`, m.token)).statusCode).toBe(404);
    expect((await api('POST', `/wallets/${w.address}/payout`, m.token)).statusCode).toBe(404);
    expect((await link()).statusCode).toBe(201);
    // Someone else cannot unlink it.
    const other = await member();
    expect((await api('DELETE', `/wallets/${w.address}`, other.token)).statusCode).toBe(404);
  });

  it('checks input and who may call', async () => {
    const m = await member();
    const w = wallet();
    expect((await challenge(m.token, w.address, 31337)).statusCode).toBe(400);
    expect((await challenge(m.token, '0x1234')).statusCode).toBe(400);
    expect((await challenge(null as unknown as string, w.address)).statusCode).toBe(401);
    expect((await api('GET', '/wallets', null)).statusCode).toBe(401);
    expect((await challenge(adminToken, w.address)).statusCode).toBe(403);
  });

  it('limits how many challenges a member may ask for', async () => {
    const m = await member();
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await challenge(m.token, wallet().address)).statusCode);
    expect(codes.slice(0, 20).every((c) => c === 200)).toBe(true);
    expect(codes[20]).toBe(429);
  });
});
