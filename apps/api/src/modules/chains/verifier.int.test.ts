import { DEV_ACCOUNTS, deployTestStablecoin, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { parseUnits as parsePlatform } from '@sgx/money';
import type { Address } from 'viem';
import { beforeAll, describe, expect, it } from 'vitest';
import { sqlOn } from '../../../test/helpers';
import { walletsOf } from '../../../test/money';
import { payoutConfirmation } from '../../../test/payout';
import { CONFIRMATIONS, depositSuite, type ChainMember as Member, usd } from './deposit.fixture';

/**
 * The chain verifier against a real local chain node (anvil, standing in for BNB Smart Chain, 56) and
 * the real PostgreSQL: real ERC-20 transfers, real receipts, real confirmations.
 */
/** `s.usdt` is the accepted stablecoin, 18 decimals as on BNB Chain. */
const s = depositSuite([1, 2, 3]);
let otherToken: Address; // a different contract with the same symbol
const STRANGER = DEV_ACCOUNTS[8]?.address as Address;

let alice: Member; // pays from DEV_ACCOUNTS[1]
let bob: Member; // pays from DEV_ACCOUNTS[2]

const { f } = s;
const { api, report, depositRow } = f;
const send = (from: number, value: bigint, opts: { to?: Address; token?: Address; gas?: bigint } = {}) =>
  f.send(opts.token ?? s.usdt, from, value, opts);

beforeAll(async () => {
  otherToken = await deployTestStablecoin(s.chain.url, { decimals: 18, symbol: 'USDT' });
  for (const i of [1, 2, 3])
    await mintTestStablecoin(s.chain.url, otherToken, DEV_ACCOUNTS[i]?.address as Address, usd('1000'));
  alice = await f.chainMember(1);
  bob = await f.chainMember(2);
}, 60_000);

describe('chain settings', () => {
  it('lists the four chains publicly, with which ones the server reads', async () => {
    const res = await s.t.app.inject({ method: 'GET', url: '/api/v1/chains' });
    expect(res.statusCode).toBe(200);
    const { chains, walletConnectProjectId } = res.json();
    expect(chains.map((c: { id: number }) => c.id)).toEqual([1, 137, 56, 42161]);
    const bsc = chains.find((c: { id: number }) => c.id === 56);
    expect(bsc).toMatchObject({ verified: true, confirmations: CONFIRMATIONS, token: { decimals: 18 } });
    expect(bsc.token.address.toLowerCase()).toBe(s.usdt.toLowerCase());
    expect(chains.find((c: { id: number }) => c.id === 1)).toMatchObject({
      verified: false,
      token: { decimals: 6 },
    });
    expect(walletConnectProjectId).toBeNull();
  });

  it('lets only s.admins change a chain, with a reason, audited', async () => {
    const body = {
      enabled: true,
      token_address: s.usdt,
      token_symbol: 'USDT',
      token_decimals: 18,
      confirmations: CONFIRMATIONS,
      reason: 'same again',
    };
    expect((await api('PUT', '/chains/56', alice.token, body)).statusCode).toBe(403);
    expect((await api('PUT', '/chains/31337', s.admins.tokenA, body)).statusCode).toBe(400);
    expect(
      (await api('PUT', '/chains/56', s.admins.tokenA, { ...body, token_decimals: 40 })).statusCode,
    ).toBe(400);
    const { rows } = await sqlOn(
      s.t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'chain.settings'",
    );
    expect(rows[0]?.n).toBeGreaterThanOrEqual(1);
  });
});

describe('a reported wallet deposit', () => {
  it('waits for its confirmations, then is credited once however often it is checked or reported', async () => {
    const before = (await walletsOf(s.t.app, alice.token, alice.id)).deposit;
    const hash = await send(1, usd('25'));
    const res = await report(alice, hash, '25');
    expect(res.statusCode).toBe(201);
    const id = res.json().deposit.id as number;
    expect(res.json().deposit).toMatchObject({ chain_id: 56, chain_status: 'waiting', source: 'member' });

    // Mined but not yet buried under enough blocks: confirming, nothing credited.
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({
      status: 'confirming',
      confirmations: 0,
    });
    await mine(s.chain.url, CONFIRMATIONS - 1);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({
      status: 'confirming',
      confirmations: CONFIRMATIONS - 1,
    });
    const listed = await api('GET', `/deposite/list?search=${hash}`, alice.token);
    expect(listed.json().deposits[0]).toMatchObject({
      chain_status: 'confirming',
      confirmations: CONFIRMATIONS - 1,
      required_confirmations: CONFIRMATIONS,
    });
    expect((await walletsOf(s.t.app, alice.token, alice.id)).deposit).toBe(before);

    await mine(s.chain.url, 1);
    // Ten checks at once, the minutely job and a scan: one credit.
    const outcomes = await Promise.all(
      Array.from({ length: 10 }, () => s.t.deps.verifier.verify(BigInt(id))),
    );
    expect(outcomes.filter((o) => o.status === 'credited')).toHaveLength(1);
    await s.t.deps.verifier.verifyOpen();
    await s.t.deps.verifier.scan(56);
    expect(await depositRow(id)).toMatchObject({
      status: 'complete',
      chain_status: 'credited',
      credited_amount: parsePlatform('25'),
      log_index: 0,
    });
    const after = (await walletsOf(s.t.app, alice.token, alice.id)).deposit;
    expect(parsePlatform(after) - parsePlatform(before)).toBe(parsePlatform('25'));
    const { rows } = await sqlOn(
      s.t.url,
      'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1',
      [`%deposit:56:${hash.slice(2).toLowerCase()}:%`],
    );
    expect(rows[0]?.n).toBe(1);

    // Reported again, by the same member or someone else: the hash is used, and credited once, ever.
    expect((await report(alice, hash, '25')).json()).toMatchObject({
      message: 'This transaction hash has already been used.',
    });
    const late = await report(bob, hash, '25');
    expect(late.statusCode).toBe(409);
    expect(late.json().message).toBe('This transaction hash has already been credited.');
  });

  it('is refused when the transfer went to another address', async () => {
    const hash = await send(1, usd('5'), { to: STRANGER });
    const id = (await report(alice, hash, '5')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    expect(await depositRow(id)).toMatchObject({ status: 'pending', chain_status: 'refused' });
    expect((await depositRow(id))?.chain_reason).toMatch(/not sent to the platform's receiving address/);
  });

  it('is refused when it moves another token contract', async () => {
    const hash = await send(1, usd('5'), { token: otherToken });
    const id = (await report(alice, hash, '5')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    expect((await depositRow(id))?.chain_reason).toMatch(/moves no USDT of the accepted contract/);
  });

  it('is refused when the amount differs from the report, even by one unit', async () => {
    const hash = await send(1, usd('10') + 10n ** 10n); // 10.00000001 USDT
    const id = (await report(alice, hash, '10')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    expect((await depositRow(id))?.chain_reason).toMatch(
      /The transfer was 10\.00000001 USDT, not the 10\.00000000/,
    );
  });

  it('is refused when the transaction reverted', async () => {
    const hash = await send(1, usd('5000'), { gas: 100_000n }); // more than the wallet holds
    const id = (await report(alice, hash, '5000')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    expect((await depositRow(id))?.chain_reason).toMatch(/reverted/);
  });

  it("is refused when it was sent from someone else's wallet", async () => {
    // Bob's wallet pays; Alice reports it as hers.
    const hash = await send(2, usd('3'));
    const id = (await report(alice, hash, '3')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    // Bob's wallet: Bob's deposit, never Alice's (decision 0027), and no admin is invited to credit it.
    const reason = (await depositRow(id))?.chain_reason;
    expect(reason).toMatch(/a wallet linked to another account: this deposit belongs to that account/);
    expect(reason).not.toMatch(/approve it by hand/);
    // An unlinked wallet: she is told to link it.
    const hash2 = await send(3, usd('3'));
    const id2 = (await report(alice, hash2, '3')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id2))).toMatchObject({ status: 'refused' });
    expect((await depositRow(id2))?.chain_reason).toMatch(
      /not a wallet linked to this account\. Link that wallet/,
    );
  });

  it('checks a deposit refused for an unlinked sender again once the member links that wallet', async () => {
    await mintTestStablecoin(s.chain.url, s.usdt, DEV_ACCOUNTS[4]?.address as Address, usd('100'));
    const carol = await f.chainMember(4, false);
    const before = (await walletsOf(s.t.app, carol.token, carol.id)).deposit;
    const hash = await send(4, usd('6'));
    const id = (await report(carol, hash, '6')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    expect((await depositRow(id))?.chain_reason).toMatch(
      /Link that wallet and this deposit is checked again/,
    );
    // Linking the wallet that sent it reopens the check.
    await f.link(carol.token, 4);
    expect(await depositRow(id)).toMatchObject({ status: 'pending', chain_status: 'confirming' });
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'credited' });
    const after = (await walletsOf(s.t.app, carol.token, carol.id)).deposit;
    expect(parsePlatform(after) - parsePlatform(before)).toBe(parsePlatform('6'));
  });

  it('leaves a refused deposit to an admin, who can approve it by hand (audited)', async () => {
    const hash = await send(3, usd('4'));
    const id = (await report(bob, hash, '4')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'refused' });
    // The member cannot cancel a deposit under check, but a refused one is theirs to cancel or an admin's.
    const ok = await api('PUT', `/deposite/${id}`, s.admins.tokenA, {
      status: 'complete',
      user_id: Number(bob.id),
      note: 'wallet 3 belongs to Bob, checked by support',
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().deposit).toMatchObject({ status: 'complete', verified_by: 'admin' });
    const { rows } = await sqlOn(
      s.t.url,
      "SELECT count(*)::int AS n FROM audit_log WHERE action = 'deposit.complete' AND entity_id = $1",
      [String(id)],
    );
    expect(rows[0]?.n).toBe(1);
  });

  it('waits while the transaction is not on chain, and cannot be cancelled by the member meanwhile', async () => {
    const hash = `0x${'ab'.repeat(32)}`;
    const res = await report(alice, hash, '1');
    const id = res.json().deposit.id;
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'waiting' });
    expect((await api('DELETE', `/deposite/${id}`, alice.token)).statusCode).toBe(409);
    // A day later it is refused, and then the member may cancel it.
    const later = new Date(Date.now() + 25 * 3_600_000);
    expect(await s.t.deps.verifier.verify(BigInt(id), later)).toMatchObject({ status: 'refused' });
    expect((await api('DELETE', `/deposite/${id}`, alice.token)).statusCode).toBe(200);
  });

  it('goes to an admin when the server has no node for the chain', async () => {
    const res = await report(alice, `0x${'cd'.repeat(32)}`, '2', 137);
    expect(res.statusCode).toBe(201);
    expect(res.json().deposit).toMatchObject({ chain_id: 137, chain_status: 'manual' });
    expect(res.json().deposit.chain_reason).toMatch(/does not read Polygon/);
    const trc = await api('POST', '/deposite/add', alice.token, {
      user_id: Number(alice.id),
      amount: '2',
      currency: 'TRC20',
      hash: `0x${'ef'.repeat(32)}`,
      chain_id: 56,
    });
    expect(trc.statusCode).toBe(400);
  });
});

describe('what a deposit left to an admin says (decision 0055)', () => {
  it('says the chain is not read only while it is not, and nothing once an admin decided it', async () => {
    const res = await report(alice, `0x${'c1'.repeat(32)}`, '3', 137);
    const id = res.json().deposit.id as number;
    const credit = await api('PUT', `/deposite/${id}`, s.admins.tokenA, {
      status: 'complete',
      user_id: Number(alice.id),
    });
    expect(credit.statusCode).toBe(200);
    expect(credit.json().deposit).toMatchObject({ status: 'complete', chain_reason: null });
    const listed = await api('GET', `/deposite/by/${alice.id}`, alice.token);
    const row = listed.json().deposits.find((d: { id: number }) => d.id === id);
    expect(row).toMatchObject({ status: 'complete', chain_reason: null });
  });

  it('made while the server did not read its chain, it waits for the check once the chain is read', async () => {
    // A deposit on 56 recorded before the server read 56 (as a TRON deposit made before TRON was read).
    const res = await report(alice, `0x${'c2'.repeat(32)}`, '4');
    const id = res.json().deposit.id as number;
    await sqlOn(s.t.url, `UPDATE deposits SET chain_status = 'manual', chain_reason = NULL WHERE id = ${id}`);
    const listed = await api('GET', `/deposite/by/${alice.id}`, alice.token);
    const row = listed.json().deposits.find((d: { id: number }) => d.id === id);
    expect(row).toMatchObject({ chain_status: 'waiting', chain_reason: null });
  });
});

describe('the scan for unreported transfers', () => {
  it('credits a transfer from a linked wallet nobody reported, only once it has its confirmations', async () => {
    await s.t.deps.verifier.scan(56); // catch up with everything above
    const before = (await walletsOf(s.t.app, bob.token, bob.id)).deposit;
    const hash = await send(2, usd('7.5'));
    const stranger = await send(3, usd('9')); // not linked to anyone: never credited by the scan
    // Not buried deep enough: the scan does not read that block yet.
    expect(await s.t.deps.verifier.scan(56)).toMatchObject({ found: 0, credited: 0 });
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.scan(56)).toMatchObject({ found: 1, credited: 1 });
    expect(await s.t.deps.verifier.scan(56)).toMatchObject({ found: 0, credited: 0 });
    const after = (await walletsOf(s.t.app, bob.token, bob.id)).deposit;
    expect(parsePlatform(after) - parsePlatform(before)).toBe(parsePlatform('7.5'));
    const { rows } = await sqlOn(
      s.t.url,
      'SELECT user_id, source, chain_status, hash FROM deposits WHERE hash = ANY($1)',
      [[hash.slice(2).toLowerCase(), stranger.slice(2).toLowerCase()]],
    );
    expect(rows).toEqual([
      { user_id: bob.id, source: 'scan', chain_status: 'credited', hash: hash.slice(2).toLowerCase() },
    ]);
    // Bob reports it late: he gets the deposit the scan made, not an error, and no second credit.
    const late = await report(bob, hash, '7.5');
    expect(late.statusCode).toBe(201);
    expect(late.json().deposit).toMatchObject({ source: 'scan', status: 'complete' });
    expect((await walletsOf(s.t.app, bob.token, bob.id)).deposit).toBe(after);
  });

  it('leaves a reported transfer to its own check', async () => {
    const hash = await send(1, usd('2'));
    const id = (await report(alice, hash, '2')).json().deposit.id;
    await mine(s.chain.url, CONFIRMATIONS);
    expect(await s.t.deps.verifier.scan(56)).toMatchObject({ credited: 0 });
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'credited' });
  });
});

describe('the SGX balance on chain', () => {
  it('says the token is not deployed until a contract is set, then reads it', async () => {
    await s.t.deps.db
      .insertInto('token_config')
      .values({
        name: 'SocialGenX',
        symbol: 'SGX',
        total_supply: parsePlatform('1000000'),
        available_tokens: parsePlatform('1000000'),
        base_price: parsePlatform('0.008'),
        current_price: parsePlatform('0.008'),
        contract_address: null,
      })
      .execute();
    const address = DEV_ACCOUNTS[1]?.address as Address;
    // A payout address change needs the password and an e-mailed code (decision 0025).
    const payout = await api(
      'POST',
      `/wallets/${address}/payout`,
      alice.token,
      await payoutConfirmation(s.t, alice),
    );
    expect(payout.statusCode).toBe(200);
    const none = await api('GET', `/social-genx/balance/${address}`, alice.token);
    expect(none.statusCode).toBe(200);
    expect(none.json().onchain).toMatchObject({
      deployed: false,
      balance: null,
      message: 'The SGX token is not deployed on chain yet: no contract address is set.',
    });
    // Any ERC-20 stands in for the SGX contract here.
    const sgx = await deployTestStablecoin(s.chain.url, { decimals: 18, symbol: 'SGX' });
    await mintTestStablecoin(s.chain.url, sgx, address, usd('12.5'));
    const set = await api('PUT', '/social-genx/contract', s.admins.tokenA, {
      token_id: 1,
      contract_address: sgx,
      reason: 'deployed on the test chain',
    });
    expect(set.statusCode).toBe(200);
    const read = await api('GET', `/social-genx/balance/${address}`, alice.token);
    expect(read.json().onchain).toMatchObject({ deployed: true, balance: '12.5', chainId: 56 });
  });
});
