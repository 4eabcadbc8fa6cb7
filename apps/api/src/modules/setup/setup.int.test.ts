import { parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approveWaiting, twoAdmins } from '../../../test/approvals';
import { bearer, buildAdmin, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { launchToken } from '../../../test/money';

let t: TestApp;
let adminToken: string;
let secondToken: string;
let memberToken: string;
beforeAll(async () => {
  t = await buildTestApp();
  ({ tokenA: adminToken, tokenB: secondToken } = await twoAdmins(t.app, t.deps));
  memberToken = await tokenFor(t.app, await buildMember(t.deps));
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (app: TestApp['app'], token: string, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url: `/api/v1${url}`,
    headers: bearer(token),
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const asAdmin = (method: Method, url: string, payload?: unknown) =>
  call(t.app, adminToken, method, url, payload);
/** Done by the admin, with a second admin's approval when it waits for one (decision 0029): the result is in force. */
const ok = async (method: Method, url: string, payload?: unknown) => {
  const res = await asAdmin(method, url, payload);
  expect(res.statusCode, res.body).toBeLessThan(300);
  if (res.statusCode === 202) await approveWaiting(t.app, res, secondToken);
  return res.json();
};

type Item = { key: string; title: string; done: boolean; explanation: string; path: string };
const setup = async (app = t.app, token = adminToken): Promise<{ done: boolean; items: Item[] }> => {
  const res = await call(app, token, 'GET', '/admin/setup');
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};
const item = async (key: string): Promise<Item> => {
  const found = (await setup()).items.find((i) => i.key === key);
  if (!found) throw new Error(`no setup item ${key}`);
  return found;
};

const EVM = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

describe('setup status', () => {
  it('on a fresh database lists every item as not done, each with its explanation and web path', async () => {
    const s = await setup();
    expect(s.done).toBe(false);
    expect(s.items.map((i) => [i.key, i.done, i.path])).toEqual([
      ['receiving_addresses', false, '/admin/web3'],
      ['plans', false, '/admin/plans'],
      ['video', false, '/admin/video-manager'],
      ['token_contract', false, '/admin/token'],
      ['smtp', false, '/admin/settings?tab=outbox'],
    ]);
    const [addresses, plans, video, token, smtp] = s.items;
    expect(addresses?.explanation).toBe(
      'No receiving address for TRON (TRC20), Ethereum (ERC20), Polygon, BNB Smart Chain (BEP20), ' +
        'Arbitrum One: members cannot deposit there until one is set.',
    );
    expect(plans?.explanation).toMatch(/^No active plan/);
    expect(video?.explanation).toMatch(/^No video/);
    expect(token?.explanation).toMatch(/^The SGX token is not launched/);
    expect(smtp?.explanation).toMatch(/^No SMTP server/);
  });

  it('receiving addresses: done once TRC20 and every enabled EVM chain have one, not done when one is removed', async () => {
    await ok('POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'first run' });
    const oneChain = await ok('POST', '/qr/add', {
      currency: 'BEP20',
      address: EVM,
      chain_id: 56,
      reason: 'first run',
    });
    let a = await item('receiving_addresses');
    expect(a.done).toBe(false);
    expect(a.explanation).toBe(
      'No receiving address for Ethereum (ERC20), Polygon, Arbitrum One: members cannot deposit there until one is set.',
    );

    // A chain switched off needs no address.
    const chains = (await ok('GET', '/chains')).chains as {
      id: number;
      token: { address: string; symbol: string; decimals: number };
      confirmations: number;
    }[];
    const chainBody = (id: number, enabled: boolean) => {
      const c = chains.find((x) => x.id === id);
      if (!c) throw new Error(`no chain ${id}`);
      return {
        enabled,
        token_address: c.token.address,
        token_symbol: c.token.symbol,
        token_decimals: c.token.decimals,
        confirmations: c.confirmations,
        reason: 'first run',
      };
    };
    for (const id of [1, 137, 42161]) await ok('PUT', `/chains/${id}`, chainBody(id, false));
    expect((await item('receiving_addresses')).done).toBe(true);
    for (const id of [1, 137, 42161]) await ok('PUT', `/chains/${id}`, chainBody(id, true));
    expect((await item('receiving_addresses')).done).toBe(false);

    // The BEP20 address that serves every EVM chain covers them all.
    await ok('POST', '/qr/add', { currency: 'BEP20', address: EVM, reason: 'every chain' });
    a = await item('receiving_addresses');
    expect(a).toMatchObject({
      done: true,
      explanation: 'Members can deposit on TRC20 and on every enabled EVM chain.',
    });

    const byChain = (list: { id: number; chain_id: number | null; currency: string }[]) => ({
      tron: list.find((x) => x.currency === 'TRC20'),
      every: list.find((x) => x.currency === 'BEP20' && x.chain_id === null),
    });
    const { every } = byChain((await ok('GET', '/qr')).addresses);
    expect(oneChain.approval.kind).toBe('deposit_address');
    await ok('DELETE', `/qr/${every?.id}`);
    expect((await item('receiving_addresses')).done).toBe(false);
    await ok('POST', '/qr/add', { currency: 'BEP20', address: EVM, reason: 'every chain again' });
    const { tron } = byChain((await ok('GET', '/qr')).addresses);
    await ok('DELETE', `/qr/${tron?.id}`);
    a = await item('receiving_addresses');
    expect(a.done).toBe(false);
    expect(a.explanation).toMatch(/^No receiving address for TRON \(TRC20\): /);
    await ok('POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'back again' });
    expect((await item('receiving_addresses')).done).toBe(true);
  });

  it('plans: done with one active plan on sale, not done when it is switched off or removed', async () => {
    const { plan } = await ok('POST', '/plans/add', {
      name: 'Bronze',
      monthly_price: '100',
      ROI_day: '0.5',
      Sponser_bonus: '5',
      plan_period: 365,
    });
    expect(await item('plans')).toMatchObject({ done: true, explanation: '1 active plan is on sale.' });
    await ok('PUT', `/plans/${plan.id}`, { active: false });
    expect((await item('plans')).done).toBe(false);
    await ok('PUT', `/plans/${plan.id}`, { active: true });
    expect((await item('plans')).done).toBe(true);
    await ok('DELETE', `/plans/${plan.id}`);
    expect((await item('plans')).done).toBe(false);
    await ok('POST', '/plans/add', {
      name: 'Silver',
      monthly_price: '1000',
      ROI_day: '0.6',
      Sponser_bonus: '5',
      plan_period: 365,
    });
    expect((await item('plans')).done).toBe(true);
  });

  it("today's video: done once a video is added (the latest is named), not done when it is deleted", async () => {
    const first = await ok('POST', '/videos', { title: 'Welcome', url: 'https://youtu.be/aqz-KE-bpKQ' });
    expect(await item('video')).toMatchObject({ done: true, explanation: 'Members watch "Welcome" today.' });
    const second = await ok('POST', '/videos', { title: 'Day two', url: 'https://vimeo.com/76979871' });
    expect((await item('video')).explanation).toBe('Members watch "Day two" today.');
    await ok('DELETE', `/videos/${second.data.id}`);
    expect((await item('video')).explanation).toBe('Members watch "Welcome" today.');
    await ok('DELETE', `/videos/${first.data.id}`);
    expect((await item('video')).done).toBe(false);
    await ok('POST', '/videos', { title: 'Welcome back', url: 'https://youtu.be/aqz-KE-bpKQ' });
    expect((await item('video')).done).toBe(true);
  });

  it('token contract: not done while the launched token has no contract address, done once it is set', async () => {
    // The token is launched by the seed (or an operator), never through the API.
    await launchToken(t.deps, parseUnits('1000000'));
    const before = await item('token_contract');
    expect(before.done).toBe(false);
    expect(before.explanation).toMatch(/^No contract address/);
    await ok('PUT', '/social-genx/contract', {
      token_id: 1,
      contract_address: EVM.toLowerCase(),
      reason: 'deployed',
    });
    expect(await item('token_contract')).toMatchObject({
      done: true,
      explanation: `The SGX token's contract is ${EVM}.`,
    });
  });

  it('SMTP: done when the server is configured with SMTP_URL; all done then', async () => {
    expect((await item('smtp')).done).toBe(false);
    expect((await setup()).done).toBe(false);
    const withSmtp = await buildTestApp({ SMTP_URL: 'smtp://127.0.0.1:2525' });
    try {
      const token = await tokenFor(withSmtp.app, await buildAdmin(withSmtp.deps), 'admin');
      const s = await setup(withSmtp.app, token);
      expect(s.items.find((i) => i.key === 'smtp')).toMatchObject({
        done: true,
        explanation: 'E-mails are sent through the SMTP server.',
      });
      // The other items read that install's own (empty) database.
      expect(s.items.filter((i) => !i.done).map((i) => i.key)).toEqual([
        'receiving_addresses',
        'plans',
        'video',
        'token_contract',
      ]);
    } finally {
      await withSmtp.close();
    }
  });

  it('is for admins only: members get 403, anonymous callers 401', async () => {
    expect((await call(t.app, memberToken, 'GET', '/admin/setup')).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/admin/setup' })).statusCode).toBe(401);
  });

  it('is for the roles that read the settings: owner and compliance read it, finance, support and content get 403', async () => {
    const asRole = async (role: string) => {
      const admin = await buildAdmin(t.deps);
      await sqlOn(t.url, 'UPDATE users SET staff_roles = $2 WHERE id = $1', [admin.id, [role]]);
      return (await call(t.app, await tokenFor(t.app, admin, 'admin'), 'GET', '/admin/setup')).statusCode;
    };
    const codes: Record<string, number> = {};
    for (const role of ['owner', 'compliance', 'finance', 'support', 'content'])
      codes[role] = await asRole(role);
    expect(codes).toEqual({ owner: 200, compliance: 200, finance: 403, support: 403, content: 403 });
  });
});
