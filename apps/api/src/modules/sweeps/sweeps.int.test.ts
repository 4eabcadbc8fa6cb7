import { DEV_ACCOUNTS, transferTestStablecoin } from '@sgx/chain/dev';
import {
  type Address,
  createPublicClient,
  createWalletClient,
  erc20Abi,
  type Hex,
  http,
  parseUnits,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { bearer, buildAdmin, passwordSignIn, tokenFor } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { ownAddressFixture, ownAddressSuite, STRANGER, TREASURY } from '../chains/own-address.fixture';

/**
 * Decision 0033: what members sent to their own addresses is swept to the treasury the factory fixes, and nowhere else;
 * only an admin with a second factor prepares a sweep; the server verifies the operator's transaction on chain and
 * posts it once (decision 0033). Real anvil, real PostgreSQL.
 */
const s = ownAddressSuite();
const f = ownAddressFixture(s);
/** The operator's wallet (a Safe or a hardware wallet in production): it only pays gas. */
const OPERATOR = DEV_ACCOUNTS[7];

const balanceOf = (url: string, token: Address, who: Address) =>
  createPublicClient({ transport: http(url) }).readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [who],
  });

async function sendAsOperator(url: string, to: string, data: string): Promise<string> {
  const account = privateKeyToAccount(OPERATOR?.privateKey as Hex);
  const wallet = createWalletClient({ account, transport: http(url) });
  const hash = await wallet.sendTransaction({ account, chain: null, to: to as Address, data: data as Hex });
  await createPublicClient({ transport: http(url) }).waitForTransactionReceipt({ hash, pollingInterval: 50 });
  return hash;
}

/** A recovery code of admin A: a second factor the server takes once. */
const codeOfA = () => {
  const code = s.admins.adminA.twoFactor?.recoveryCodes.shift();
  if (!code) throw new Error('no recovery code left');
  return code;
};

describe('sweeps', () => {
  it('moves what members hold at their addresses to the treasury and nowhere else, posted once', async () => {
    const c = s.chains.bsc;
    const [a, b] = [await f.member(), await f.member()];
    await f.pay(c, a.evm, '30');
    await f.pay(c, b.evm, '12');
    await f.confirm(c);
    await f.scan(c);
    const treasuryBefore = await balanceOf(c.node.url, c.usdt, TREASURY);
    const admin = s.admins.tokenA;

    const overview = await f.api('GET', '/sweeps/overview?chain_id=56', admin);
    expect(overview.statusCode).toBe(200);
    const o = overview.json();
    expect(o.treasury).toBe(TREASURY);
    const mine = o.candidates.filter((x: { address: string }) =>
      [a.evm, b.evm].includes(x.address as Address),
    );
    expect(mine.map((x: { user_id: number; amount: string }) => [x.user_id, x.amount]).sort()).toEqual(
      [
        [Number(a.id), '30.00000000'],
        [Number(b.id), '12.00000000'],
      ].sort(),
    );
    expect(o.at_member_addresses_on_chain).toBe(o.at_member_addresses_ledger);

    const body = { chain_id: 56, addresses: [a.evm, b.evm], reason: 'weekly sweep' };
    expect((await f.api('POST', '/sweeps', admin, body)).statusCode).toBe(400);
    const wrong = await f.api('POST', '/sweeps', admin, { ...body, code: '000000' });
    expect(wrong.statusCode).toBe(422);
    const unknown = await f.api('POST', '/sweeps', admin, {
      ...body,
      addresses: [TREASURY],
      code: codeOfA(),
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toMatch(/Not a member address/);

    const prepared = await f.api('POST', '/sweeps', admin, { ...body, code: codeOfA() });
    expect(prepared.statusCode).toBe(201);
    const sweep = prepared.json().sweep;
    expect(sweep).toMatchObject({
      status: 'prepared',
      to: s.factory,
      treasury: TREASURY,
      expected: '42.00000000',
    });

    const hash = await sendAsOperator(c.node.url, sweep.to, sweep.data);
    const sent = await f.api('POST', `/sweeps/${sweep.id}/transaction`, admin, { hash });
    expect(sent.statusCode).toBe(200);
    expect(sent.json().sweep).toMatchObject({ status: 'sent', swept: '42.00000000' });
    // On chain: the members' addresses are empty, the treasury has it all, the operator none of it.
    expect(await balanceOf(c.node.url, c.usdt, a.evm)).toBe(0n);
    expect(await balanceOf(c.node.url, c.usdt, b.evm)).toBe(0n);
    expect(await balanceOf(c.node.url, c.usdt, TREASURY)).toBe(treasuryBefore + parseUnits('42', 18));
    expect(await balanceOf(c.node.url, c.usdt, OPERATOR?.address as Address)).toBe(0n);

    await f.confirm(c);
    await Promise.all([s.t.deps.sweeps.checkOpen(), s.t.deps.sweeps.checkOpen()]);
    const done = await s.t.deps.sweeps.one(BigInt(sweep.id));
    expect(done).toMatchObject({ status: 'confirmed', swept: '42.00000000', tx_hash: hash });
    const posted = await sqlOn(
      s.t.url,
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key = $1',
      [`sweep:56:${hash.slice(2)}`],
    );
    expect(posted.rows[0]?.n).toBe(1);
    const after = (await f.api('GET', '/sweeps/overview?chain_id=56', admin)).json();
    expect(after.treasury_ledger).toBe('42.00000000');
    expect(after.at_member_addresses_ledger).toBe(after.at_member_addresses_on_chain);
    expect((await f.api('POST', `/sweeps/${sweep.id}/transaction`, admin, { hash })).statusCode).toBe(409);
    const audit = await sqlOn(
      s.t.url,
      `SELECT action FROM audit_log WHERE entity = 'deposit_sweep' AND entity_id = $1 ORDER BY id`,
      [String(sweep.id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'deposit.sweep.prepare',
      'deposit.sweep.sent',
      'deposit.sweep.confirmed',
    ]);
    const listed = await f.api('GET', '/sweeps', admin);
    expect(listed.json().sweeps[0]).toMatchObject({ id: sweep.id, status: 'confirmed' });
  });

  it('fails a transaction that swept nothing from the addresses, and confirms nothing', async () => {
    const c = s.chains.bsc;
    const m = await f.member();
    await f.pay(c, m.evm, '8');
    await f.confirm(c);
    await f.scan(c);
    const prepared = await f.api('POST', '/sweeps', s.admins.tokenA, {
      chain_id: 56,
      addresses: [m.evm],
      reason: 'sweep',
      code: codeOfA(),
    });
    expect(prepared.statusCode).toBe(201);
    // Not the sweep: a plain payment to the treasury.
    const other = await transferTestStablecoin(c.node.url, c.usdt, STRANGER, TREASURY, parseUnits('8', 18));
    const res = await f.api('POST', `/sweeps/${prepared.json().sweep.id}/transaction`, s.admins.tokenA, {
      hash: other.hash,
    });
    expect(res.json().sweep).toMatchObject({
      status: 'failed',
      failure: 'The transaction moved nothing from these member addresses to the treasury.',
    });
    expect(await balanceOf(c.node.url, c.usdt, m.evm)).toBe(parseUnits('8', 18));
  });

  it('is refused to an admin without a second factor, and to members', async () => {
    // An admin who has not set up two-factor sign-in yet reaches no admin route.
    const fresh = await buildAdmin(s.t.deps);
    const { token, state } = await passwordSignIn(s.t.app, fresh, 'admin');
    expect(state).toBe('enrol');
    const body = { chain_id: 56, addresses: [TREASURY], reason: 'sweep', code: '123456' };
    const res = await s.t.app.inject({
      method: 'POST',
      url: '/api/v1/sweeps',
      headers: bearer(token),
      payload: body,
    });
    expect(res.statusCode).toBe(403);
    // An admin whose second factor was removed (reset) is refused by the sweep itself.
    const other = await buildAdmin(s.t.deps);
    const otherToken = await tokenFor(s.t.app, other, 'admin');
    await sqlOn(s.t.url, 'DELETE FROM two_factors WHERE user_id = $1', [other.id]);
    const refused = await f.api('POST', '/sweeps', otherToken, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/two-factor/);
    const m = await f.member();
    expect((await f.api('POST', '/sweeps', m.token, body)).statusCode).toBe(403);
    expect((await f.api('GET', '/sweeps/overview?chain_id=56', m.token)).statusCode).toBe(403);
  });
});
