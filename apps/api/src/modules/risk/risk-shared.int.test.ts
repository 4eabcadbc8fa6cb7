import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundWallet } from '../../../test/money';
import { riskFixture } from './risk.fixture';

// The signals that compare a member with the others: payout address, IPs, linked wallets, registrations.
let t: TestApp;
let adminToken: string;
beforeAll(async () => {
  t = await buildTestApp({ APP_URL: 'https://app.socialgenx.test', RATE_LIMIT_REGISTER_PER_IP: '1000' });
  adminToken = await tokenFor(t.app, await buildAdmin(t.deps), 'admin');
});
afterAll(() => t.close());

const f = riskFixture(
  () => t,
  () => adminToken,
);
const { api, member, register, setPayout, signIn, signal, withdraw, randomAddress } = f;

let nextIp = 0;
const ownIp = () => `10.30.${++nextIp >> 8}.${nextIp & 255}`;

/** Links a fresh wallet through the API (challenge, signature, link); returns its lowercase address. */
async function linkWallet(m: { token: string }): Promise<string> {
  const w = privateKeyToAccount(generatePrivateKey());
  const challenge = await api('POST', '/wallets/challenge', m.token, { address: w.address, chainId: 56 });
  expect(challenge.statusCode, challenge.body).toBe(200);
  const { message } = challenge.json();
  const linked = await api('POST', '/wallets/link', m.token, {
    message,
    signature: await w.signMessage({ message }),
  });
  expect(linked.statusCode, linked.body).toBe(201);
  return w.address.toLowerCase();
}

describe('address_shared', () => {
  it("flags a payout address that is another member's payout address, in any letter case", async () => {
    const address = randomAddress();
    const m = await member(ownIp(), address);
    const other = await buildMember(t.deps);
    await setPayout(other.id, address.toUpperCase().replace('0X', '0x'));
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'address_shared')).toEqual({
      flagged: true,
      sentence: 'This payout address is also the payout address or a linked wallet of 1 other member.',
    });
    // A TRC20 payout address of a third member counts too, each member once.
    const third = await buildMember(t.deps);
    await setPayout(third.id, address, 'trc20');
    await setPayout(other.id, address, 'trc20');
    expect((await signal(id, 'address_shared')).sentence).toBe(
      'This payout address is also the payout address or a linked wallet of 2 other members.',
    );
  });

  it("flags a payout address that is another member's linked wallet", async () => {
    const owner = await member(ownIp());
    const wallet = await linkWallet(owner);
    const m = await member(ownIp(), wallet);
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'address_shared')).toEqual({
      flagged: true,
      sentence: 'This payout address is also the payout address or a linked wallet of 1 other member.',
    });
  });

  it('does not flag an address only this member uses, nor its own linked wallet', async () => {
    const m = await member(ownIp());
    const wallet = await linkWallet(m);
    await setPayout(m.id, wallet);
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'address_shared')).toEqual({
      flagged: false,
      sentence: 'No other member uses this payout address.',
    });
  });
});

describe('wallet_shared', () => {
  it("flags a linked wallet that is another member's payout address", async () => {
    const m = await member(ownIp());
    const wallet = await linkWallet(m);
    const other = await buildMember(t.deps);
    await setPayout(other.id, wallet);
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'wallet_shared')).toEqual({
      flagged: true,
      sentence: 'A wallet this member linked is the payout address of 1 other member.',
    });
  });

  it('does not flag wallets no one else pays out to, or a member without wallets', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'wallet_shared')).toEqual({
      flagged: false,
      sentence: 'This member has linked no wallet.',
    });
    const wallet = await linkWallet(m);
    // Its own payout address being its own wallet is no sharing.
    await setPayout(m.id, wallet);
    expect(await signal(id, 'wallet_shared')).toEqual({
      flagged: false,
      sentence: "No wallet this member linked is another member's payout address.",
    });
  });
});

describe('ip_shared', () => {
  it('flags an IP another member signed in or registered from', async () => {
    const ip = '198.51.100.10';
    const m = await member(ip);
    const id = await withdraw(m, '30', '100');
    expect((await signal(id, 'ip_shared')).flagged).toBe(false);

    await member(ip);
    expect(await signal(id, 'ip_shared')).toEqual({
      flagged: true,
      sentence: 'An IP this member signed in or registered from was used by 1 other member.',
    });
    // Any of the member's IPs: a registration from another IP the member also used.
    await signIn(m, '198.51.100.11');
    await register('198.51.100.11');
    expect((await signal(id, 'ip_shared')).sentence).toBe(
      'An IP this member signed in or registered from was used by 2 other members.',
    );
  });

  it('does not flag IPs only this member used, nor an admin signing in from the same one', async () => {
    const ip = '198.51.100.20';
    const m = await member(ip);
    await signIn(m, '198.51.100.21');
    const id = await withdraw(m, '30', '100');
    const admin = await buildAdmin(t.deps);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/adminsignin',
      payload: { email: admin.email, password: admin.password },
      remoteAddress: ip,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(
      (await sqlOn(t.url, 'SELECT count(*)::int AS n FROM access_ips WHERE user_id = $1', [admin.id])).rows[0]
        .n,
    ).toBe(1);
    expect(await signal(id, 'ip_shared')).toEqual({
      flagged: false,
      sentence: "No other member signed in or registered from this member's IPs.",
    });
  });

  it('says so when no IP was recorded for the member', async () => {
    const m = await buildMember(t.deps);
    await setPayout(m.id, randomAddress());
    await fundWallet(t.deps, m.id, 'working', '100');
    // Requested by an admin for the member: the member never signed in.
    const res = await api('POST', '/withdrawalrequest/add', adminToken, {
      user_id: Number(m.id),
      amount: '30',
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(await signal(res.json().withdrawal.id, 'ip_shared')).toEqual({
      flagged: false,
      sentence: 'No sign-in IP recorded for this member.',
    });
  });
});

describe('same_ip_registrations', () => {
  const today = async () =>
    (await sqlOn(t.url, "SELECT to_char((now() AT TIME ZONE 'UTC')::date, 'YYYY-MM-DD') AS d")).rows[0].d;

  async function registeredWithdrawal(ip: string): Promise<number> {
    const m = await register(ip);
    await setPayout(m.id, randomAddress());
    return withdraw(m, '30', '100');
  }

  it('flags 3 or more members registered from the same IP on one day', async () => {
    const ip = '192.0.2.10';
    const first = await registeredWithdrawal(ip);
    await register(ip);
    expect(await signal(first, 'same_ip_registrations')).toEqual({
      flagged: false,
      sentence: `2 members registered from the same IP on ${await today()}.`,
    });
    await register(ip);
    await register(ip);
    expect(await signal(first, 'same_ip_registrations')).toEqual({
      flagged: true,
      sentence: `4 members registered from the same IP on ${await today()}.`,
    });
  });

  it('counts neither sign-ins from that IP, nor registrations on another day or from another IP', async () => {
    const ip = '192.0.2.20';
    const id = await registeredWithdrawal(ip);
    await member(ip);
    await member(ip);
    await register('192.0.2.21');
    // Two more registered from the IP, but on an earlier day.
    const earlier = [await register(ip), await register(ip)];
    await sqlOn(
      t.url,
      "UPDATE access_ips SET seen_at = seen_at - interval '2 days' WHERE kind = 'registration' AND user_id = ANY($1)",
      [earlier.map((m) => m.id)],
    );
    expect(await signal(id, 'same_ip_registrations')).toEqual({
      flagged: false,
      sentence: `Only this member registered from its IP on ${await today()}.`,
    });
  });

  it('says so for a member who did not register through the API', async () => {
    const m = await member(ownIp());
    const id = await withdraw(m, '30', '100');
    expect(await signal(id, 'same_ip_registrations')).toEqual({
      flagged: false,
      sentence: 'No registration IP recorded for this member.',
    });
  });
});
