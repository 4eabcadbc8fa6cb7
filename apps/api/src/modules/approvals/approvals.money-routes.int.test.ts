import { MIN_CONFIRMATIONS } from '@sgx/chain';
import { formatUnits, parseUnits } from '@sgx/money';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { approve, twoAdmins } from '../../../test/approvals';
import { type Built, bearer, buildMember, tokenFor } from '../../../test/factories';
import { buildTestApp, sqlOn, type TestApp } from '../../../test/helpers';
import { fundDeposit, launchToken } from '../../../test/money';

/**
 * Decision 0029: what decides where money comes from or goes — a chain's accepted token, its
 * confirmations and switch, the receiving addresses, the manual SGX price — changes only when a second admin
 * approves; members and the verifier see the old values until then.
 */
let t: TestApp;
let adminA: Built;
let tokenA: string;
let tokenB: string;
let memberToken: string;

beforeAll(async () => {
  t = await buildTestApp({ RATE_LIMIT_SIGNIN_PER_IP: '100000' });
  await launchToken(t.deps, parseUnits('100000000'));
  ({ adminA, tokenA, tokenB } = await twoAdmins(t.app, t.deps));
  memberToken = await tokenFor(t.app, await buildMember(t.deps));
});
afterAll(async () => {
  await t.close();
});

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (token: string | null, method: Method, url: string, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: token ? bearer(token) : {},
    ...(payload === undefined ? {} : { payload }),
  });
const approveAs = (token: string, id: number) => call(token, 'POST', `/admin/approvals/${id}/approve`, {});

const ATTACKER_TOKEN = '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359';
const ATTACKER_WALLET = '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed';
const TRON = 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7';

const chainsSeen = async () => (await call(memberToken, 'GET', '/chains')).json().chains;
const chainBody = async (id: number, change: object) => {
  const c = (await chainsSeen()).find((x: { id: number }) => x.id === id);
  return {
    enabled: c.enabled,
    token_address: c.token.address,
    token_symbol: c.token.symbol,
    token_decimals: c.token.decimals,
    confirmations: c.confirmations,
    reason: 'a chain setting waits for a second admin',
    ...change,
  };
};
const auditCount = async (action: string) =>
  Number((await sqlOn(t.url, 'SELECT count(*) AS n FROM audit_log WHERE action = $1', [action])).rows[0]?.n);

describe('chain settings need a second admin', () => {
  it('re-pointing the accepted token answers 202 and changes nothing (chains, verifier) until another admin approves; then once', async () => {
    const before = await chainsSeen();
    const verifierBefore = await t.deps.chains.settings(56);
    const res = await call(
      tokenA,
      'PUT',
      '/chains/56',
      await chainBody(56, { token_address: ATTACKER_TOKEN }),
    );
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json()).toMatchObject({
      message: 'Waiting for a second admin to approve.',
      approval: {
        kind: 'chain_settings',
        status: 'pending',
        subject_id: 56,
        summary: 'Change BNB Smart Chain deposits: token contract.',
        changes: [{ field: 'Token contract', before: verifierBefore.token_address, after: ATTACKER_TOKEN }],
        reason: 'a chain setting waits for a second admin',
        requested_by: Number(adminA.id),
      },
    });
    const id = res.json().approval.id;
    expect(await chainsSeen()).toEqual(before);
    expect(await t.deps.chains.settings(56)).toEqual(verifierBefore);

    // The admin who asked cannot approve it.
    const own = await approveAs(tokenA, id);
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe('You asked for this, so another admin must approve it.');
    expect(await t.deps.chains.settings(56)).toEqual(verifierBefore);

    await approve(t.app, tokenB, id);
    expect((await t.deps.chains.settings(56)).token_address).toBe(ATTACKER_TOKEN);
    expect((await chainsSeen()).find((c: { id: number }) => c.id === 56).token.address).toBe(ATTACKER_TOKEN);
    const audit = await sqlOn(
      t.url,
      "SELECT actor_id, approved_by, after FROM audit_log WHERE action = 'chain.settings'",
    );
    expect(audit.rows).toHaveLength(1);
    expect(audit.rows[0]).toMatchObject({ actor_id: adminA.id, after: { token_address: ATTACKER_TOKEN } });
    expect(audit.rows[0]?.approved_by).not.toBeNull();
    // Approving again does nothing more.
    expect((await approveAs(tokenB, id)).statusCode).toBe(409);
    expect(await auditCount('chain.settings')).toBe(1);
    // Putting it back is a change like any other; the same values again ask for nothing.
    const back = await call(
      tokenA,
      'PUT',
      '/chains/56',
      await chainBody(56, { token_address: verifierBefore.token_address }),
    );
    await approve(t.app, tokenB, back.json().approval.id);
    const same = await call(tokenA, 'PUT', '/chains/56', await chainBody(56, {}));
    expect(same.statusCode).toBe(200);
    expect(same.json().chains).toEqual(before);
  });

  it('refuses confirmations below the network floor with 400 naming it; the database refuses them too', async () => {
    const floors: [number, string, number][] = [
      [1, 'Ethereum', MIN_CONFIRMATIONS[1]],
      [137, 'Polygon', MIN_CONFIRMATIONS[137]],
      [56, 'BNB Smart Chain', MIN_CONFIRMATIONS[56]],
      [42161, 'Arbitrum One', MIN_CONFIRMATIONS[42161]],
    ];
    expect(floors.map(([, , f]) => f)).toEqual([12, 128, 15, 20]);
    for (const [id, name, floor] of floors) {
      for (const confirmations of [1, floor - 1]) {
        const res = await call(tokenA, 'PUT', `/chains/${id}`, await chainBody(id, { confirmations }));
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json().message).toBe(`${name} needs at least ${floor} confirmations.`);
        expect(res.json().details.confirmations).toEqual([`${name} needs at least ${floor} confirmations.`]);
      }
    }
    expect((await chainsSeen()).map((c: { confirmations: number }) => c.confirmations)).toEqual([
      12, 128, 15, 20,
    ]);
    await expect(
      sqlOn(t.url, 'UPDATE chain_settings SET confirmations = 1 WHERE chain_id = 56'),
    ).rejects.toThrow(/chain_settings_confirmations_floor/);
    expect(MIN_CONFIRMATIONS.tron).toBe(19);
  });

  it('raising confirmations or switching a chain off waits too; a stale approval is refused when approved', async () => {
    const first = await call(tokenA, 'PUT', '/chains/1', await chainBody(1, { confirmations: 13 }));
    const second = await call(
      tokenA,
      'PUT',
      '/chains/1',
      await chainBody(1, { enabled: false, confirmations: 14 }),
    );
    expect([first.statusCode, second.statusCode]).toEqual([202, 202]);
    expect(second.json().approval.changes).toEqual([
      { field: 'Deposits', before: 'enabled', after: 'switched off' },
      { field: 'Confirmations', before: '12', after: '14' },
    ]);
    expect((await t.deps.chains.settings(1)).confirmations).toBe(12);
    await approve(t.app, tokenB, first.json().approval.id);
    expect((await t.deps.chains.settings(1)).confirmations).toBe(13);
    // The second was asked against 12 confirmations: refused, and closed.
    const stale = await approveAs(tokenB, second.json().approval.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The Ethereum settings changed since this was asked for; ask again.');
    const closed = (await call(tokenB, 'GET', `/admin/approvals?status=cancelled`)).json().approvals;
    expect(closed.map((a: { id: number }) => a.id)).toContain(second.json().approval.id);
    expect(await t.deps.chains.settings(1)).toMatchObject({ enabled: true, confirmations: 13 });
  });
});

describe('receiving addresses need a second admin', () => {
  it('changing the address answers 202; members and the verifier see the old one until another admin approves', async () => {
    const set = await call(tokenA, 'POST', '/qr/add', {
      currency: 'BEP20',
      address: '0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB',
      reason: 'treasury',
    });
    await approve(t.app, tokenB, set.json().approval.id);
    const before = (await call(memberToken, 'GET', '/qr')).json().addresses;
    expect(await t.deps.verifier.receivingAddress(56)).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');

    const res = await call(tokenA, 'POST', '/qr/add', {
      currency: 'BEP20',
      chain_id: 56,
      address: ATTACKER_WALLET,
      reason: 'new wallet',
    });
    expect(res.statusCode).toBe(202);
    expect(res.json().approval).toMatchObject({
      kind: 'deposit_address',
      summary: "Set the BNB Smart Chain (BEP20) receiving address: members' deposits go there.",
      changes: [{ field: 'Address', before: '', after: ATTACKER_WALLET }],
    });
    expect((await call(memberToken, 'GET', '/qr')).json().addresses).toEqual(before);
    expect(await t.deps.verifier.receivingAddress(56)).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');
    expect((await approveAs(tokenA, res.json().approval.id)).statusCode).toBe(403);
    expect(await t.deps.verifier.receivingAddress(56)).toBe('0xdbF03B407c01E7cD3CBea99509d93f8DDDC8C6FB');

    await approve(t.app, tokenB, res.json().approval.id);
    expect(await t.deps.verifier.receivingAddress(56)).toBe(ATTACKER_WALLET);
    expect((await approveAs(tokenB, res.json().approval.id)).statusCode).toBe(409);
    const live = (await call(memberToken, 'GET', '/qr')).json().addresses;
    expect(live.filter((a: { chain_id: number | null }) => a.chain_id === 56)).toHaveLength(1);
  });

  it('a removal waits too, and one asked for an address replaced meanwhile is refused', async () => {
    const set = await call(tokenA, 'POST', '/qr/add', { currency: 'TRC20', address: TRON, reason: 'tron' });
    await approve(t.app, tokenB, set.json().approval.id);
    const tron = (await call(memberToken, 'GET', '/qr'))
      .json()
      .addresses.find((a: { currency: string }) => a.currency === 'TRC20');
    const remove = await call(tokenA, 'DELETE', `/qr/${tron.id}`);
    expect(remove.statusCode).toBe(202);
    const replace = await call(tokenA, 'POST', '/qr/add', {
      currency: 'TRC20',
      address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
      reason: 'rotate',
    });
    await approve(t.app, tokenB, replace.json().approval.id);
    const stale = await approveAs(tokenB, remove.json().approval.id);
    expect(stale.statusCode).toBe(409);
    const now = (await call(memberToken, 'GET', '/qr')).json().addresses;
    expect(now.find((a: { currency: string }) => a.currency === 'TRC20').address).toBe(
      'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
    );
  });
});

describe('the manual SGX price needs a second admin', () => {
  const price = async () => (await call(null, 'GET', '/social-genx/price/1')).json().current_price as string;

  it('answers 202; the price and every portfolio stay until another admin approves; then it applies once', async () => {
    const member = await buildMember(t.deps);
    await fundDeposit(t.deps, member.id, '100');
    const mToken = await tokenFor(t.app, member);
    const bought = await call(mToken, 'POST', '/social-genx/buy', {
      token_id: 1,
      amount: '1000',
      user_id: Number(member.id),
    });
    expect(bought.statusCode, bought.body).toBe(200);
    const holding = async () =>
      (await call(mToken, 'GET', `/social-genx/holding/${member.id}`)).json().balance;
    const before = await price();
    const valueBefore = (await holding()).currentValue;
    const target = formatUnits((parseUnits(before) * 12n) / 10n);

    const res = await call(tokenA, 'PUT', '/social-genx/config', {
      token_id: 1,
      current_price: target,
      reason: 'listing',
    });
    expect(res.statusCode, res.body).toBe(202);
    expect(res.json().approval).toMatchObject({
      kind: 'token_price',
      subject_id: 1,
      changes: [{ field: 'Price', before, after: formatUnits(parseUnits(target)) }],
      reason: 'listing',
    });
    expect(await price()).toBe(before);
    expect((await holding()).currentValue).toBe(valueBefore);
    expect((await approveAs(tokenA, res.json().approval.id)).statusCode).toBe(403);
    expect(await price()).toBe(before);

    await approve(t.app, tokenB, res.json().approval.id);
    expect(await price()).toBe(formatUnits(parseUnits(target)));
    expect(parseUnits((await holding()).currentValue)).toBeGreaterThan(parseUnits(valueBefore));
    expect((await approveAs(tokenB, res.json().approval.id)).statusCode).toBe(409);
    const history = await sqlOn(
      t.url,
      "SELECT user_id FROM token_price_history WHERE change_reason = 'manual update by admin: listing'",
    );
    expect(history.rows).toEqual([{ user_id: adminA.id }]);
  });

  it('a stale price (set by hand meanwhile) is refused; one past the bound now is refused when approved', async () => {
    const now = parseUnits(await price());
    const a = await call(tokenA, 'PUT', '/social-genx/config', {
      token_id: 1,
      current_price: formatUnits((now * 11n) / 10n),
      reason: 'first',
    });
    const b = await call(tokenA, 'PUT', '/social-genx/config', {
      token_id: 1,
      current_price: formatUnits((now * 9n) / 10n),
      reason: 'second',
    });
    await approve(t.app, tokenB, a.json().approval.id);
    const stale = await approveAs(tokenB, b.json().approval.id);
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toBe('The SGX price was set by hand since this was asked for; ask again.');
    expect(await price()).toBe(formatUnits((now * 11n) / 10n));

    // Asked within the bound, the bound is lowered before it is approved: checked again, refused.
    const c = await call(tokenA, 'PUT', '/social-genx/config', {
      token_id: 1,
      current_price: formatUnits((now * 14n) / 10n),
      reason: 'third',
    });
    expect(c.statusCode).toBe(202);
    await t.deps.settings.change(adminA.id, { tokenMaxPriceChangePercent: '10' }, 'test');
    const refused = await approveAs(tokenB, c.json().approval.id);
    expect(refused.statusCode).toBe(422);
    expect(await price()).toBe(formatUnits((now * 11n) / 10n));
  });
});
