import { randomUUID } from 'node:crypto';
import { DEV_ACCOUNTS, mine } from '@sgx/chain/dev';
import { type Address, createPublicClient, createTestClient, type Hex, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { bearer, buildMember } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { walletsOf } from '../../../test/money';
import type { Principal } from '../../http/access';
import { jobs } from '../../jobs/jobs';
import type { ChainsService } from '../chains/chains.service';
import { CONFIRMATIONS, depositSuite, type ChainMember as Member, usd } from '../chains/deposit.fixture';
import { type RecheckCounts, readCreditedTransfer, receivingAddressesEver } from '../chains/recheck';
import { DepositReorgService } from './deposits.reorg';

/**
 * A credited chain deposit that a reorganisation removes (decision 0028), on a real anvil node standing
 * in for BNB Smart Chain (56) and the real PostgreSQL. The reorganisation is the node's own: a snapshot before the
 * transfer, a revert after the credit, then new blocks (the transfer is gone from the longer chain), or the same
 * signed transaction sent again (mined again in another block).
 */
/** The scheduled re-check, run as the job runner runs it. */
const recheck = {
  run: async () => {
    const job = jobs.find((j) => j.name === 'deposits-reorg-recheck');
    if (!job) throw new Error('the re-check job is not declared');
    return (await job.run(s.t.deps, {}, new Date())) as RecheckCounts;
  },
};
const STRANGER = DEV_ACCOUNTS[8]?.address as Address;

const s = depositSuite([1, 2, 3, 4], 90_000);
const { f } = s;
const { sendRaw } = f;
const api = (method: 'GET' | 'POST', url: string, token: string, payload?: object) =>
  s.t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...bearer(token), 'idempotency-key': randomUUID() },
    payload,
  });
/** The member's wallets as the API reports them, with the held amount (decision 0028). */
const walletsFor = async (m: Member) => (await walletsOf(s.t.app, m.token, m.id)) as Record<string, string>;
const testClient = () => createTestClient({ mode: 'anvil', transport: http(s.chain.url) });

/** Pays, waits for the confirmations, reports and lets the verifier credit it, as a member's deposit goes. */
async function creditedDeposit(m: Member, raw: Hex, amount: string): Promise<{ id: number; hash: Hex }> {
  const hash = await sendRaw(raw);
  await mine(s.chain.url, CONFIRMATIONS);
  const res = await f.report(m, hash, amount);
  expect(res.statusCode).toBe(201);
  const id = res.json().deposit.id as number;
  expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'credited' });
  return { id, hash };
}

async function flagOf(id: number) {
  const { rows } = await sqlOn(
    s.t.url,
    'SELECT status, reorg_status, held_amount, reorg_shortfall, reorg_note FROM deposits WHERE id = $1',
    [id],
  );
  return rows[0];
}
const ledgerKeys = async (prefix: string) =>
  (
    await sqlOn(s.t.url, 'SELECT count(*)::int AS n FROM ledger_transactions WHERE idempotency_key LIKE $1', [
      `${prefix}%`,
    ])
  ).rows[0]?.n as number;
const resolve = (id: number, action: 'reverse' | 'release', reason = 'checked the chain explorer') =>
  api('POST', `/admin/deposits/${id}/reorg-resolve`, s.admins.tokenA, { action, reason });
const reconciles = async () => {
  const res = await api('GET', '/ledger/reconciliation', s.admins.tokenA);
  expect(res.statusCode).toBe(200);
  expect(res.json().ok).toBe(true);
};

describe('a credited deposit a chain reorganisation removes', () => {
  it('is held once (what is left of it), flagged, never released while the chain lacks it, reversed once', async () => {
    const alice = await f.chainMember(1);
    const bob = await buildMember(s.t.deps);
    const snapshot = await testClient().snapshot();
    const raw = await f.signed(s.usdt, alice.wallet, usd('100'));
    const { id } = await creditedDeposit(alice, raw, '100');
    expect(await walletsFor(alice)).toMatchObject({
      deposit: '100.00000000',
      held: '0.00000000',
    });
    // The member spends 30 of it before the reorganisation is seen.
    const spent = await api('POST', '/transfer/touser', alice.token, {
      user_id: Number(alice.id),
      userto_id: Number(bob.id),
      amount: '30',
    });
    expect(spent.statusCode).toBe(201);

    // Before the reorganisation the re-check finds the transfer and holds nothing.
    expect(await recheck.run()).toMatchObject({ held: 0, errors: 0 });
    expect((await flagOf(id))?.reorg_status).toBeNull();

    await testClient().revert({ id: snapshot });
    await mine(s.chain.url, CONFIRMATIONS + 5);

    expect(await recheck.run()).toMatchObject({ held: 1, errors: 0 });
    expect(await walletsFor(alice)).toMatchObject({
      deposit: '0.00000000',
      held: '70.00000000',
    });
    expect(await flagOf(id)).toMatchObject({
      status: 'complete',
      reorg_status: 'held',
      held_amount: 7_000_000_000n,
      reorg_shortfall: 3_000_000_000n,
    });
    expect((await flagOf(id))?.reorg_note).toContain('no longer on BNB');

    // The held amount cannot be spent.
    const spend = await api('POST', '/transfer/touser', alice.token, {
      user_id: Number(alice.id),
      userto_id: Number(bob.id),
      amount: '1',
    });
    expect(spend.statusCode).toBe(422);

    // Admins see it flagged; the member sees it held, with why, and was told.
    const list = await api('GET', '/admin/deposits/reorged', s.admins.tokenA);
    expect(list.statusCode).toBe(200);
    expect(list.json().held_count).toBe(1);
    expect(list.json().deposits).toEqual([
      expect.objectContaining({
        id,
        reorg_status: 'held',
        held_amount: '70.00000000',
        shortfall: '30.00000000',
        credited_amount: '100.00000000',
      }),
    ]);
    expect((await api('GET', '/admin/deposits/reorged', alice.token)).statusCode).toBe(403);
    const mine_ = await api('GET', '/deposits/held', alice.token);
    expect(mine_.json()).toMatchObject({ held: '70.00000000', deposits: [{ id, reorg_status: 'held' }] });
    const events = await sqlOn(
      s.t.url,
      "SELECT message FROM member_events WHERE user_id = $1 AND kind = 'deposit_held'",
      [alice.id],
    );
    expect(events.rows).toHaveLength(1);
    expect(events.rows[0]?.message).toContain('$70.00 is held');

    // Running again holds nothing twice.
    expect(await recheck.run()).toMatchObject({ held: 0 });
    await Promise.all([recheck.run(), recheck.run()]);
    expect(await ledgerKeys(`deposit-reorg-hold:${id}`)).toBe(1);
    expect((await walletsFor(alice)).held).toBe('70.00000000');

    // Release is refused while the chain does not show the transfer.
    const release = await resolve(id, 'release');
    expect(release.statusCode).toBe(422);
    expect(release.json().message).toContain('does not show this transfer');
    expect((await walletsFor(alice)).held).toBe('70.00000000');
    expect((await resolve(id, 'reverse', '')).statusCode).toBe(400);

    // Reverse, concurrently twice: the held amount leaves the books once.
    const cashBefore = await cash();
    const [a, b] = await Promise.all([resolve(id, 'reverse'), resolve(id, 'reverse')]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect(await cash()).toBe(cashBefore + 7_000_000_000n);
    expect(await walletsFor(alice)).toMatchObject({
      deposit: '0.00000000',
      held: '0.00000000',
    });
    expect((await flagOf(id))?.reorg_status).toBe('reversed');
    expect((await resolve(id, 'release')).statusCode).toBe(409);
    expect(await ledgerKeys(`deposit-reorg-reverse:${id}`)).toBe(1);
    const audit = await sqlOn(
      s.t.url,
      "SELECT action FROM audit_log WHERE entity = 'deposit' AND entity_id = $1 AND action LIKE 'deposit.reorg%' ORDER BY id",
      [String(id)],
    );
    expect(audit.rows.map((r) => r.action)).toEqual(['deposit.reorg_hold', 'deposit.reorg_reverse']);
    const told = await sqlOn(
      s.t.url,
      "SELECT title FROM member_events WHERE user_id = $1 AND kind = 'deposit_held' ORDER BY id",
      [alice.id],
    );
    expect(told.rows.map((r) => r.title)).toEqual(['Deposit held', 'Deposit reversed']);
    // Lifetime funding no longer counts what was reversed (70); the 30 spent before the hold is the shortfall
    // left to the admin, still funding in the books.
    const user = await api('GET', `/users/${alice.id}`, s.admins.tokenA);
    expect(user.json().singleuser).toMatchObject({ business: '30.00000000', business_balance: '0.00000000' });
    await reconciles();
  });

  it('leaves a transfer mined again in another block credited, watching it until it has its confirmations', async () => {
    const bob = await f.chainMember(2);
    const snapshot = await testClient().snapshot();
    const raw = await f.signed(s.usdt, bob.wallet, usd('50'));
    const { id, hash } = await creditedDeposit(bob, raw, '50');

    await testClient().revert({ id: snapshot });
    await mine(s.chain.url, 1);
    expect(await sendRaw(raw)).toBe(hash);
    await mine(s.chain.url, 2);
    // In the chain again with too few confirmations: not a loss, watched.
    expect(await recheck.run()).toMatchObject({ held: 0, reconfirming: 1 });
    expect(await flagOf(id)).toMatchObject({ reorg_status: null });
    expect((await flagOf(id))?.reorg_note).toContain('Mined again');

    await mine(s.chain.url, CONFIRMATIONS);
    expect(await recheck.run()).toMatchObject({ held: 0, reconfirming: 0 });
    expect(await flagOf(id)).toMatchObject({ reorg_status: null, reorg_note: null });
    expect(await walletsFor(bob)).toMatchObject({
      deposit: '50.00000000',
      held: '0.00000000',
    });
    expect(await ledgerKeys(`deposit-reorg-hold:${id}`)).toBe(0);

    // The transfer must be the one credited: token, sender, one of our addresses, value.
    const client = s.t.deps.chains.client(56);
    if (!client) throw new Error('chain 56 is not read');
    const settings = await s.t.deps.chains.settings(56);
    const credited = {
      chain_id: 56,
      hash: hash.slice(2),
      from_address: DEV_ACCOUNTS[bob.wallet]?.address.toLowerCase() ?? '',
      to_address: null,
      credited_amount: 5_000_000_000n,
      required_confirmations: CONFIRMATIONS,
    };
    const ours = await receivingAddressesEver(s.t.deps.db, 56);
    expect(await readCreditedTransfer(client, settings, ours, credited)).toMatchObject({ kind: 'present' });
    for (const changed of [{ credited_amount: 5_000_000_001n }, { from_address: STRANGER.toLowerCase() }])
      expect(await readCreditedTransfer(client, settings, ours, { ...credited, ...changed })).toMatchObject({
        kind: 'gone',
        note: expect.stringContaining('no longer holds'),
      });
    expect(await readCreditedTransfer(client, settings, [STRANGER.toLowerCase()], credited)).toMatchObject({
      kind: 'gone',
    });
    expect(
      await readCreditedTransfer(client, { ...settings, token_address: STRANGER }, ours, credited),
    ).toMatchObject({ kind: 'gone' });
    await reconciles();
  });

  it('releases a held deposit only once the chain shows its transfer again with its confirmations', async () => {
    const carol = await f.chainMember(3);
    const snapshot = await testClient().snapshot();
    const raw = await f.signed(s.usdt, carol.wallet, usd('40'));
    const { id } = await creditedDeposit(carol, raw, '40');

    await testClient().revert({ id: snapshot });
    await mine(s.chain.url, CONFIRMATIONS + 5);
    expect(await recheck.run()).toMatchObject({ held: 1 });
    expect(await walletsFor(carol)).toMatchObject({
      deposit: '0.00000000',
      held: '40.00000000',
    });
    expect((await resolve(id, 'release')).statusCode).toBe(422);

    // Mined again, but not yet deep enough.
    await sendRaw(raw);
    await mine(s.chain.url, 2);
    const early = await resolve(id, 'release');
    expect(early.statusCode).toBe(422);
    expect(early.json().message).toContain('confirmations');

    await mine(s.chain.url, CONFIRMATIONS);
    const released = await resolve(id, 'release', 'the transfer is back on chain');
    expect(released.statusCode).toBe(200);
    expect(released.json().deposit).toMatchObject({
      id,
      reorg_status: 'released',
      held_amount: '40.00000000',
    });
    expect(await walletsFor(carol)).toMatchObject({
      deposit: '40.00000000',
      held: '0.00000000',
    });
    expect((await resolve(id, 'release')).statusCode).toBe(409);
    expect((await resolve(id, 'reverse')).statusCode).toBe(409);
    expect(await ledgerKeys(`deposit-reorg-release:${id}`)).toBe(1);
    // Released, it stays out of the re-check (an admin decided it).
    expect(await recheck.run()).toMatchObject({ held: 0 });
    expect((await api('GET', '/admin/deposits/reorged?status=all', s.admins.tokenA)).json().held_count).toBe(
      0,
    );
    await reconciles();
  });
});

describe('a held deposit whose chain cannot be read', () => {
  it('is not released, and the log says why the release was refused', async () => {
    const dave = await f.chainMember(4);
    const snapshot = await testClient().snapshot();
    const raw = await f.signed(s.usdt, dave.wallet, usd('25'));
    const { id } = await creditedDeposit(dave, raw, '25');
    await testClient().revert({ id: snapshot });
    await sendRaw(raw);
    await mine(s.chain.url, CONFIRMATIONS + 5);
    // Held by hand (the chain shows it again, so the re-check would not hold it): the admin's release must read it.
    const chains = s.t.deps.chains;
    expect(await new DepositReorgService(s.t.deps.db, chains).hold(BigInt(id), 'test: held by hand')).toBe(
      true,
    );
    // The same chains, but the node of this chain answers on a port nothing listens on: it cannot be read.
    const unreachable = Object.assign(Object.create(chains) as ChainsService, {
      client: (chainId: number) =>
        chainId === 56
          ? createPublicClient({ transport: http('http://127.0.0.1:9', { retryCount: 0 }) })
          : undefined,
    });
    const warned: { facts: Record<string, unknown>; message: string }[] = [];
    const reorg = new DepositReorgService(s.t.deps.db, unreachable, (facts, message) =>
      warned.push({ facts, message }),
    );
    const { rows } = await sqlOn(s.t.url, "SELECT id FROM users WHERE role = 'admin' ORDER BY id LIMIT 1");
    const admin: Principal = {
      userId: BigInt(rows[0]?.id),
      role: 'admin',
      sessionId: 0n,
      secondFactor: 'ok',
    };
    await expect(
      reorg.resolve(admin, id, { action: 'release', reason: 'the transfer is back on chain' }),
    ).rejects.toThrow(/cannot read this deposit/);
    expect(warned).toHaveLength(1);
    expect(warned[0]).toMatchObject({
      facts: { deposit: String(id), chainId: 56 },
      message: 'a held deposit could not be read on its chain: its release is refused until it can be',
    });
    expect(warned[0]?.facts.err).toBeInstanceOf(Error);
    expect(await flagOf(id)).toMatchObject({ reorg_status: 'held' });
    // Read again through the node itself, it is released.
    const released = await resolve(id, 'release', 'the transfer is back on chain');
    expect(released.statusCode).toBe(200);
    await reconciles();
  });
});

async function cash(): Promise<bigint> {
  const { rows } = await sqlOn(
    s.t.url,
    "SELECT coalesce(sum(e.amount), 0)::text AS s FROM ledger_entries e JOIN ledger_accounts a ON a.id = e.account_id WHERE a.owner_id IS NULL AND a.kind = 'cash'",
  );
  return BigInt(rows[0]?.s ?? '0');
}
