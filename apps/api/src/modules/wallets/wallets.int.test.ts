import { WALLET_CHALLENGE_TTL_MS } from '@sgx/contracts';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { parseSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { payoutConfirmation } from '../../../test/payout';
import { reconcile } from '../ledger/ledger.service';
import { linkedOwnerOf } from './wallets.service';

const APP_URL = 'https://app.socialgenx.test';
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(async () => {
  const recon = await api('GET', '/ledger/reconciliation', adminToken);
  expect(recon.json()).toMatchObject({ ok: true, mismatches: [], unbalanced: [] });
  const r = await reconcile(t.deps.db);
  expect(r.mismatches).toEqual([]);
  await t.close();
});

type Method = 'GET' | 'POST' | 'DELETE';
const api = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });

type Member = { id: bigint; token: string; email: string; password: string };
async function member(): Promise<Member> {
  const m = await buildMember(t.deps);
  return { ...m, token: await tokenFor(t.app, m) };
}
/** A wallet as payout address asks for the password and an e-mailed code (decision 0025). */
const makePayout = async (m: Member, address: string) =>
  api('POST', `/wallets/${address}/payout`, m.token, await payoutConfirmation(t, m));
const wallet = () => privateKeyToAccount(generatePrivateKey());
type Wallet = ReturnType<typeof wallet>;

const challenge = (token: string | null, address: string, chainId: number = 56) =>
  api('POST', '/wallets/challenge', token, { address, chainId });
async function messageFor(m: Member, w: Wallet, chainId = 56): Promise<string> {
  const res = await challenge(m.token, w.address, chainId);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().message;
}
const link = (m: Member, message: string, signature: string) =>
  api('POST', '/wallets/link', m.token, { message, signature });
async function proveAndLink(m: Member, w: Wallet, chainId = 56) {
  const message = await messageFor(m, w, chainId);
  return link(m, message, await w.signMessage({ message }));
}
const listed = async (m: Member) => {
  const res = await api('GET', '/wallets', m.token);
  expect(res.statusCode).toBe(200);
  return res.json().wallets as { address: string; chainId: number; linked_at: string; is_payout: boolean }[];
};
const bep20Of = async (id: bigint) =>
  (await sqlOn(t.url, 'SELECT bep20 FROM users WHERE id = $1', [id])).rows[0]?.bep20 as string | null;
const auditOf = async (action: string, entityId: string) =>
  (
    await sqlOn(
      t.url,
      'SELECT actor_id, before, after FROM audit_log WHERE action = $1 AND entity_id = $2 ORDER BY id',
      [action, entityId],
    )
  ).rows;

describe('asking for a challenge', () => {
  it('issues an EIP-4361 message for the checksummed address and chain, valid 10 minutes, stored once', async () => {
    const m = await member();
    const w = wallet();
    const before = Date.now();
    const res = await challenge(m.token, w.address.toLowerCase(), 137);
    expect(res.statusCode).toBe(200);
    const { message, expiresAt } = res.json();
    expect(message).toContain(
      `app.socialgenx.test wants you to sign in with your Ethereum account:\n${w.address}\n`,
    );
    const parsed = parseSiweMessage(message);
    expect(parsed).toMatchObject({
      domain: 'app.socialgenx.test',
      address: w.address,
      statement: 'Link this wallet to your SocialGenX account. This does not send money or cost gas.',
      uri: APP_URL,
      version: '1',
      chainId: 137,
    });
    expect(parsed.nonce).toMatch(/^[a-zA-Z0-9]{17,}$/);
    const issued = parsed.issuedAt?.getTime() ?? 0;
    expect(issued).toBeGreaterThanOrEqual(before - 1000);
    expect(issued).toBeLessThanOrEqual(Date.now() + 1000);
    expect(new Date(expiresAt).getTime() - issued).toBe(WALLET_CHALLENGE_TTL_MS);
    expect(parsed.expirationTime?.toISOString()).toBe(expiresAt);

    const rows = (await sqlOn(t.url, 'SELECT * FROM wallet_challenges WHERE user_id = $1', [m.id])).rows;
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      nonce: parsed.nonce,
      address: w.address.toLowerCase(),
      chain_id: 137,
      message,
      used_at: null,
    });
    expect((rows[0].expires_at as Date).toISOString()).toBe(expiresAt);

    // Every challenge has its own nonce.
    const second = parseSiweMessage((await challenge(m.token, w.address, 137)).json().message);
    expect(second.nonce).not.toBe(parsed.nonce);
  });

  it('checks the address and the chain', async () => {
    const m = await member();
    // Two lowercase letters at least: with one, upper-casing it makes the address all upper case, which EIP-55
    // accepts as an address without a checksum (a rare random address: it failed a CI run once).
    let w = wallet();
    while ((w.address.slice(2).match(/[a-f]/g) ?? []).length < 2) w = wallet();
    const unsupported = await challenge(m.token, w.address, 31337);
    expect(unsupported.statusCode).toBe(400);
    expect(unsupported.json().code).toBe('VALIDATION_FAILED');
    expect(Object.keys(unsupported.json().details)).toContain('chainId');
    const badChecksum = w.address.replace(/[a-f]/, (c) => c.toUpperCase());
    for (const address of ['0x1234', `${w.address}00`, badChecksum === w.address ? '0xZZ' : badChecksum]) {
      const res = await challenge(m.token, address);
      expect(res.statusCode, address).toBe(400);
      expect(Object.keys(res.json().details), address).toContain('address');
    }
    expect((await sqlOn(t.url, 'SELECT 1 FROM wallet_challenges WHERE user_id = $1', [m.id])).rowCount).toBe(
      0,
    );
  });

  it('limits a member to 20 challenges in 10 minutes, also when they race', async () => {
    const m = await member();
    const codes = (
      await Promise.all(Array.from({ length: 25 }, () => challenge(m.token, wallet().address)))
    ).map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(20);
    expect(codes.filter((c) => c === 429)).toHaveLength(5);
    const refused = await challenge(m.token, wallet().address);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('RATE_LIMITED');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(refused.headers['retry-after'])).toBeLessThanOrEqual(600);
    // Another member is not held back.
    expect((await challenge((await member()).token, wallet().address)).statusCode).toBe(200);
    // Once the window has passed, challenges are issued again.
    await sqlOn(
      t.url,
      "UPDATE wallet_challenges SET created_at = created_at - interval '11 minutes' WHERE user_id = $1",
      [m.id],
    );
    expect((await challenge(m.token, wallet().address)).statusCode).toBe(200);
  });
});

describe('linking a wallet', () => {
  it('links the wallet the member signed for; it is listed, audited and known to the verifier', async () => {
    const m = await member();
    const w = wallet();
    const res = await proveAndLink(m, w, 137);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      message: 'Wallet linked',
      wallet: { address: w.address, chainId: 137, linked_at: expect.any(String), is_payout: false },
    });
    expect(await listed(m)).toEqual([body.wallet]);
    const used = await sqlOn(t.url, 'SELECT used_at FROM wallet_challenges WHERE user_id = $1', [m.id]);
    expect(used.rows[0]?.used_at).toBeInstanceOf(Date);
    expect(await linkedOwnerOf(t.deps.db, w.address)).toBe(m.id);
    expect(await linkedOwnerOf(t.deps.db, w.address.toLowerCase())).toBe(m.id);
    expect(await linkedOwnerOf(t.deps.db, wallet().address)).toBeUndefined();
    expect(await t.deps.wallets.addressesOf(m.id)).toEqual([w.address.toLowerCase()]);
    expect(await auditOf('wallet.link', w.address.toLowerCase())).toMatchObject([
      { actor_id: m.id, after: { address: w.address, chain_id: 137 } },
    ]);

    // Asking again for a wallet already linked: answered, nothing issued.
    const again = await challenge(m.token, w.address);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This wallet is already linked to your account.',
    });
  });

  it('lists several wallets newest first', async () => {
    const m = await member();
    const [w1, w2] = [wallet(), wallet()];
    expect((await proveAndLink(m, w1)).statusCode).toBe(201);
    expect((await proveAndLink(m, w2, 1)).statusCode).toBe(201);
    expect((await listed(m)).map((x) => [x.address, x.chainId])).toEqual([
      [w2.address, 1],
      [w1.address, 56],
    ]);
    expect(await listed(await member())).toEqual([]);
  });

  it('refuses a signature by another key, and the challenge is spent', async () => {
    const m = await member();
    const w = wallet();
    const message = await messageFor(m, w);
    const bad = await link(m, message, await wallet().signMessage({ message }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({
      code: 'BAD_REQUEST',
      message: 'The signature does not match this wallet.',
    });
    const retry = await link(m, message, await w.signMessage({ message }));
    expect(retry.statusCode).toBe(409);
    expect(retry.json().message).toBe('This challenge has already been used. Ask for a new one.');
    expect(await listed(m)).toEqual([]);
    // A signature that is no signature at all: the same answer, never a 500.
    const message2 = await messageFor(m, w);
    const junk = await link(m, message2, '0x1234');
    expect(junk.statusCode).toBe(400);
    expect(junk.json().message).toBe('The signature does not match this wallet.');
  });

  it('refuses a tampered message, and a signature over another message', async () => {
    const m = await member();
    const w = wallet();
    const message = await messageFor(m, w);
    for (const tampered of [
      message.replace('Chain ID: 56', 'Chain ID: 1'),
      message.replace(w.address, wallet().address),
      `${message}\n`,
    ]) {
      const res = await link(m, tampered, await w.signMessage({ message: tampered }));
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe('Unknown challenge. Ask for a new one.');
    }
    const other = await link(m, message, await w.signMessage({ message: 'something else' }));
    expect(other.statusCode).toBe(400);
    expect(other.json().message).toBe('The signature does not match this wallet.');
    // Not an EIP-4361 message at all.
    const garbage = await link(m, 'hello', await w.signMessage({ message: 'hello' }));
    expect(garbage.statusCode).toBe(400);
    expect(garbage.json().message).toBe('Unknown challenge. Ask for a new one.');
    expect((await link(m, '', '0x00')).statusCode).toBe(400);
    expect(await listed(m)).toEqual([]);
  });

  it('refuses a challenge used once already', async () => {
    const m = await member();
    const w = wallet();
    const message = await messageFor(m, w);
    const signature = await w.signMessage({ message });
    expect((await link(m, message, signature)).statusCode).toBe(201);
    const again = await link(m, message, signature);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      message: 'This challenge has already been used. Ask for a new one.',
    });
  });

  it('refuses an expired challenge', async () => {
    const m = await member();
    const w = wallet();
    const message = await messageFor(m, w);
    await sqlOn(
      t.url,
      "UPDATE wallet_challenges SET expires_at = now() - interval '1 second' WHERE user_id = $1",
      [m.id],
    );
    const res = await link(m, message, await w.signMessage({ message }));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('This challenge has expired. Ask for a new one.');
    expect(await listed(m)).toEqual([]);
  });

  it("refuses another member's challenge; its own member can still use it", async () => {
    const a = await member();
    const b = await member();
    const w = wallet();
    const message = await messageFor(a, w);
    const signature = await w.signMessage({ message });
    const res = await link(b, message, signature);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown challenge. Ask for a new one.');
    expect(await listed(b)).toEqual([]);
    expect((await link(a, message, signature)).statusCode).toBe(201);
  });

  it('refuses a wallet linked to another member, on the challenge and on the link', async () => {
    const a = await member();
    const b = await member();
    const w = wallet();
    const messageB = await messageFor(b, w); // B asks before A links
    expect((await proveAndLink(a, w)).statusCode).toBe(201);
    const onChallenge = await challenge(b.token, w.address);
    expect(onChallenge.statusCode).toBe(409);
    expect(onChallenge.json().message).toBe('This wallet is linked to another account.');
    const onLink = await link(b, messageB, await w.signMessage({ message: messageB }));
    expect(onLink.statusCode).toBe(409);
    expect(onLink.json().message).toBe('This wallet is linked to another account.');
    expect(await listed(b)).toEqual([]);
    expect(await linkedOwnerOf(t.deps.db, w.address)).toBe(a.id);
  });

  it('links an address to one member only when two members race', async () => {
    const a = await member();
    const b = await member();
    const w = wallet();
    const [ma, mb] = [await messageFor(a, w), await messageFor(b, w)];
    const [sa, sb] = [await w.signMessage({ message: ma }), await w.signMessage({ message: mb })];
    const [ra, rb] = await Promise.all([link(a, ma, sa), link(b, mb, sb)]);
    expect([ra.statusCode, rb.statusCode].sort()).toEqual([201, 409]);
    const [winner, loserRes] = ra.statusCode === 201 ? [a, rb] : [b, ra];
    expect(loserRes.json().message).toBe('This wallet is linked to another account.');
    expect(await linkedOwnerOf(t.deps.db, w.address)).toBe(winner.id);
  });

  it('lets one challenge link once however many requests race', async () => {
    const m = await member();
    const w = wallet();
    const message = await messageFor(m, w);
    const signature = await w.signMessage({ message });
    const all = await Promise.all(Array.from({ length: 20 }, () => link(m, message, signature)));
    const codes = all.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(19);
    expect(await listed(m)).toHaveLength(1);
    expect(await auditOf('wallet.link', w.address.toLowerCase())).toHaveLength(1);
  });
});

describe('unlinking and the payout address', () => {
  it('makes a linked wallet the payout address with the password and an e-mailed code, audited, with a hold', async () => {
    const m = await member();
    const w = wallet();
    expect((await proveAndLink(m, w)).statusCode).toBe(201);
    // The password (and the e-mailed code) as every payout address change (decision 0025).
    const wrong = await api('POST', `/wallets/${w.address}/payout`, m.token, { password: 'Not-it-123' });
    expect(wrong.json().details).toEqual({ password: ['Your password is not correct.'] });
    expect(await bep20Of(m.id)).toBeNull();
    const payout = await makePayout(m, w.address.toLowerCase());
    expect(payout.statusCode, payout.body).toBe(200);
    expect(payout.json()).toEqual({
      message: expect.stringMatching(
        /^Your EVM payout address was changed\. Withdrawals to it are possible from \d{4}-\d\d-\d\d \d\d:\d\d UTC\.$/,
      ),
      wallet: { address: w.address, chainId: 56, linked_at: expect.any(String), is_payout: true },
    });
    expect(await bep20Of(m.id)).toBe(w.address);
    const user = await api('GET', `/users/${m.id}`, m.token);
    expect(user.statusCode).toBe(200);
    expect(user.json().singleuser.bep20).toBe(w.address);
    expect((await listed(m))[0]?.is_payout).toBe(true);
    const audit = await auditOf('member.payout_address_change', String(m.id));
    expect(audit.at(-1)).toMatchObject({
      actor_id: m.id,
      before: { bep20: null },
      after: { bep20: w.address },
    });
    const held = await api('GET', '/users/payout-address', m.token);
    expect(held.json().pending).toMatchObject([
      { currency: 'BEP20', old_address: null, new_address: w.address },
    ]);

    // A wallet not linked to this member cannot become their payout address.
    const stranger = wallet();
    const notLinked = await makePayout(m, stranger.address);
    expect(notLinked.statusCode).toBe(404);
    expect(notLinked.json().message).toBe('This wallet is not linked to your account.');
    const other = await member();
    expect((await makePayout(other, w.address)).statusCode).toBe(404);
    expect(await bep20Of(other.id)).toBeNull();
    expect(await bep20Of(m.id)).toBe(w.address);
  });

  it('unlinks only the own wallet, keeps the payout address, and the wallet can be linked again', async () => {
    const m = await member();
    const w = wallet();
    expect((await proveAndLink(m, w)).statusCode).toBe(201);
    expect((await makePayout(m, w.address)).statusCode).toBe(200);

    const other = await member();
    const foreign = await api('DELETE', `/wallets/${w.address}`, other.token);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().message).toBe('This wallet is not linked to your account.');
    expect(await listed(m)).toHaveLength(1);

    const del = await api('DELETE', `/wallets/${w.address}`, m.token);
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Wallet unlinked' });
    expect(await listed(m)).toEqual([]);
    expect(await bep20Of(m.id)).toBe(w.address); // unlinking leaves the payout address as it is
    expect(await auditOf('wallet.unlink', w.address.toLowerCase())).toMatchObject([
      { actor_id: m.id, before: { address: w.address } },
    ]);
    expect((await api('DELETE', `/wallets/${w.address}`, m.token)).statusCode).toBe(404);
    expect((await makePayout(m, w.address)).statusCode).toBe(404);
    expect((await api('DELETE', '/wallets/0x1234', m.token)).statusCode).toBe(400);

    const relinked = await proveAndLink(m, w);
    expect(relinked.statusCode).toBe(201);
    expect(relinked.json().wallet.is_payout).toBe(true); // it is still the payout address

    // Unlinked, the address is free for another member to prove.
    expect((await api('DELETE', `/wallets/${w.address}`, m.token)).statusCode).toBe(200);
    expect((await proveAndLink(other, w)).statusCode).toBe(201);
    expect(await linkedOwnerOf(t.deps.db, w.address)).toBe(other.id);
  });
});

describe('who may call', () => {
  it('refuses without a session (401) and refuses administrators (403) on every wallet route', async () => {
    const w = wallet();
    const routes: [Method, string, object?][] = [
      ['POST', '/wallets/challenge', { address: w.address, chainId: 56 }],
      ['POST', '/wallets/link', { message: 'x', signature: '0x00' }],
      ['GET', '/wallets'],
      ['GET', '/wallets/deposit-addresses'],
      ['DELETE', `/wallets/${w.address}`],
      ['POST', `/wallets/${w.address}/payout`],
    ];
    for (const [method, url, payload] of routes) {
      const anonymous = await api(method, url, null, payload);
      expect(anonymous.statusCode, `${method} ${url}`).toBe(401);
      const asAdmin = await api(method, url, adminToken, payload);
      expect(asAdmin.statusCode, `${method} ${url}`).toBe(403);
      expect(asAdmin.json().message).toBe('This is for members only.');
    }
    const routeTable = t.app.routeTable.filter((r) => r.url.startsWith('/api/v1/wallets'));
    expect(routeTable.map((r) => `${r.method} ${r.url}`).sort()).toEqual([
      'DELETE /api/v1/wallets/:address',
      'GET /api/v1/wallets',
      'GET /api/v1/wallets/deposit-addresses',
      'HEAD /api/v1/wallets',
      'HEAD /api/v1/wallets/deposit-addresses',
      'POST /api/v1/wallets/:address/payout',
      'POST /api/v1/wallets/challenge',
      'POST /api/v1/wallets/link',
    ]);
    expect(routeTable.every((r) => r.access === 'member')).toBe(true);
  });
});
