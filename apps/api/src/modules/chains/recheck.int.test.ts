import { DEV_ACCOUNTS, deployTestStablecoin, mine, mintTestStablecoin } from '@sgx/chain/dev';
import { sql } from 'kysely';
import { type Address, createTestClient, http } from 'viem';
import { describe, expect, it } from 'vitest';
import { configureChain } from '../../../test/chain-config';
import { bearer } from '../../../test/factories';
import { sqlOn } from '../../../test/helpers';
import { jobs } from '../../jobs/jobs';
import { CONFIRMATIONS, depositSuite, usd } from './deposit.fixture';
import type { RecheckCounts } from './recheck';

/**
 * The re-check after credit reads a deposit in the token it was credited in (decision 0028): a chain's token
 * changed since (by two admins) neither holds a deposit the chain still shows nor keeps a held one from being
 * released once the chain shows it again. Real anvil (BNB Smart Chain, 56) and the real PostgreSQL.
 */
const s = depositSuite([1]);
const { f } = s;
const recheck = async () => {
  const job = jobs.find((j) => j.name === 'deposits-reorg-recheck');
  if (!job) throw new Error('the re-check job is not declared');
  return (await job.run(s.t.deps, {}, new Date())) as RecheckCounts;
};
const reorgStatus = async (id: number) =>
  (await sqlOn(s.t.url, 'SELECT reorg_status FROM deposits WHERE id = $1', [id])).rows[0]?.reorg_status;

describe('a token change after a credit', () => {
  it('holds nothing the chain still shows; a held deposit paid again is released in its token, never reversed', async () => {
    const alice = await f.chainMember(1);
    const node = createTestClient({ mode: 'anvil', transport: http(s.chain.url) });
    const raw = await f.signed(s.usdt, 1, usd('25'));
    const snapshot = await node.snapshot();
    const hash = await f.sendRaw(raw);
    await mine(s.chain.url, CONFIRMATIONS);
    const id = (await f.report(alice, hash, '25')).json().deposit.id as number;
    expect(await s.t.deps.verifier.verify(BigInt(id))).toMatchObject({ status: 'credited' });

    // Two admins move BNB Chain to another stablecoin contract.
    const next = await deployTestStablecoin(s.chain.url, { decimals: 6, symbol: 'USDC' });
    await mintTestStablecoin(s.chain.url, next, DEV_ACCOUNTS[1]?.address as Address, 1_000_000n);
    await configureChain(s.t.app, s.admins, 56, {
      enabled: true,
      token_address: next,
      token_symbol: 'USDC',
      token_decimals: 6,
      confirmations: CONFIRMATIONS,
    });
    expect(await recheck()).toMatchObject({ held: 0, present: 1, errors: 0 });
    expect(await reorgStatus(id)).toBeNull();

    // A reorganisation removes it: held. Mined again, it is released, read in the token it was paid in.
    await node.revert({ id: snapshot });
    await mine(s.chain.url, CONFIRMATIONS + 5);
    // The revert undid the new token's deployment too; the settings keep pointing at it.
    expect(await recheck()).toMatchObject({ held: 1 });
    expect(await reorgStatus(id)).toBe('held');
    await f.sendRaw(raw);
    await mine(s.chain.url, CONFIRMATIONS);
    const resolve = (action: 'reverse' | 'release') =>
      s.t.app.inject({
        method: 'POST',
        url: `/api/v1/admin/deposits/${id}/reorg-resolve`,
        headers: bearer(s.admins.tokenA),
        payload: { action, reason: 'checked the explorer' },
      });
    // Paid again on chain, it is not one admin's to take back.
    const reversed = await resolve('reverse');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().message).toMatch(/the deposit is paid, so it is released, not reversed/);
    expect(await reorgStatus(id)).toBe('held');
    expect((await resolve('release')).statusCode).toBe(200);
    expect(await reorgStatus(id)).toBe('released');
  });
});

describe('the minutely read', () => {
  it('finds the deposits it watches past the window through their own index, not by walking every credit', async () => {
    const plan = await s.t.deps.db.transaction().execute(async (tx) => {
      await sql`SET LOCAL enable_seqscan = off`.execute(tx);
      return sql<{ 'QUERY PLAN': string }>`EXPLAIN SELECT id FROM deposits
        WHERE status = 'complete' AND chain_status = 'credited' AND reorg_status IS NULL
          AND log_index IS NOT NULL AND chain_id IN (56)
          AND decided_at <= now() - interval '24 hours' AND reorg_note IS NOT NULL
        ORDER BY reorg_checked_at ASC NULLS FIRST, id LIMIT 200`.execute(tx);
    });
    expect(plan.rows.map((r) => r['QUERY PLAN']).join('\n')).toContain('deposits_reorg_watched_idx');
  });
});
