import { once } from 'node:events';
import { minConfirmationsOf } from '@sgx/chain';
import {
  DEV_ACCOUNTS,
  type DevChain,
  deployBatchPayout,
  deployTestStablecoin,
  mine,
  mintTestStablecoin,
  startAnvil,
} from '@sgx/chain/dev';
import { type Address, createPublicClient, erc20Abi, type Hex, http, parseAbiItem, parseUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildDeps } from '../src/app';
import { loadConfig } from '../src/config';
import { connect } from '../src/db';
import type { Principal } from '../src/http/principal';
import { reconcile } from '../src/modules/ledger/ledger.service';
import { apiProcessSuite } from './api-process';
import { buildAdmin, buildMember } from './factories';
import { fundDeposit, fundWallet } from './money';

/**
 * Decision 0034: the API with a payout hot wallet, killed with -9 right after signing a transaction (before sending it)
 * and right after sending one (before reading its receipt), for the contract's allowance and for the batch, then
 * started again each time on the same data folder: every payout is paid exactly once (one Transfer each on chain),
 * the wallet's nonces go 0, 1 with no gap and no reuse, and the ledger completes each withdrawal once.
 */
const { startApi, ownerUrl } = apiProcessSuite('sgx-hot-crash-');
const HOT = DEV_ACCOUNTS[6] as { address: Address; privateKey: Hex };
let chain: DevChain;
let usdt: Address;

beforeAll(async () => {
  chain = await startAnvil({ chainId: 56 });
  usdt = await deployTestStablecoin(chain.url, { decimals: 18, symbol: 'USDT' });
  await mintTestStablecoin(chain.url, usdt, HOT.address, parseUnits('1000', 18));
}, 60_000);
afterAll(async () => {
  await chain?.stop();
});

const member = (i: number) => ({ hex: privateKeyToAccount(generatePrivateKey()).address, i });

describe('the payout hot wallet when the API is killed', () => {
  it('pays every payout exactly once after kill -9 after signing and after sending', async () => {
    const contract = await deployBatchPayout(chain.url);
    const env = {
      CHAIN_RPC_URL_56: chain.url,
      PAYOUT_HOT_WALLET_KEY_56: HOT.privateKey,
      CHAIN_POLL_SECONDS: '1',
      LOG_LEVEL: 'warn',
    };
    // A first start makes the database; the payouts are approved through the services, as an admin would.
    const first = await startApi(env);
    const url = ownerUrl();
    const owner = connect(url, 4);
    const payees = [member(0), member(1), member(2)];
    const ids: number[] = [];
    try {
      const deps = buildDeps(
        loadConfig({ NODE_ENV: 'test', DATABASE_URL: url, LOG_LEVEL: 'silent' }),
        owner.db,
      );
      await owner.db
        .updateTable('chain_settings')
        .set({
          token_address: usdt,
          token_decimals: 18,
          confirmations: minConfirmationsOf(56),
          payout_contract: contract.toLowerCase(),
        })
        .where('chain_id', '=', 56)
        .execute();
      const admin = await buildAdmin(deps);
      const asAdmin: Principal = { userId: admin.id, role: 'admin', sessionId: 0n, secondFactor: 'ok' };
      for (const p of payees) {
        const m = await buildMember(deps);
        await owner.db
          .updateTable('users')
          .set({ bep20: p.hex, created_at: new Date(Date.now() - 30 * 86_400_000) })
          .where('id', '=', m.id)
          .execute();
        // Deposited what it withdraws and keeps as much again: no risk signal holds it for a human.
        await fundDeposit(deps, m.id, '40');
        await fundWallet(deps, m.id, 'working', '80');
        const asMember: Principal = { userId: m.id, role: 'user', sessionId: 0n, secondFactor: 'ok' };
        const w = await deps.withdrawals.request(
          asMember,
          m.id,
          'working',
          { amount: 40_00000000n, currency: 'BEP20' },
          {
            key: `crash-${p.i}`,
            fingerprint: null,
          },
        );
        const decided = await deps.withdrawals.decide(asAdmin, w.id, {
          status: 'complete',
          user_id: Number(m.id),
        });
        expect('payout' in decided && decided.payout?.status).toBe('approved');
        ids.push(w.id);
      }
    } finally {
      await owner.close();
    }
    first.child.kill('SIGTERM');
    await once(first.child, 'exit');

    // Killed after signing the allowance, after sending it, after signing the batch, after sending it.
    for (const point of ['hot-payout-signed', 'hot-payout-sent', 'hot-payout-signed', 'hot-payout-sent']) {
      const server = await startApi({ ...env, RUN_JOBS: 'true', SGX_TEST_KILL_AT: point });
      const [, signal] = await Promise.race([
        once(server.child, 'exit'),
        new Promise<never>((_, reject) =>
          setTimeout(() => reject(new Error(`not killed at ${point}:\n${server.output()}`)), 30_000),
        ),
      ]);
      expect(signal).toBe('SIGKILL');
    }

    // Started again without a fault: it finds the batch mined, waits for the confirmations and completes it.
    const last = await startApi({ ...env, RUN_JOBS: 'true' });
    const check = connect(ownerUrl(), 2);
    try {
      const paid = async () =>
        (
          await check.db
            .selectFrom('payouts')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('withdrawal_id', 'in', ids.map(BigInt))
            .where('status', '=', 'paid')
            .executeTakeFirstOrThrow()
        ).n;
      for (let i = 0; i < 60 && Number(await paid()) < ids.length; i++) {
        await mine(chain.url, minConfirmationsOf(56));
        await new Promise((r) => setTimeout(r, 1_000));
      }
      expect(Number(await paid()), last.output()).toBe(ids.length);
      const client = createPublicClient({ transport: http(chain.url) });
      // One Transfer from the hot wallet to each payee, for exactly the net: paid once, not twice.
      const sent = await client.getLogs({
        address: usdt,
        event: parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)'),
        args: { from: HOT.address },
        fromBlock: 0n,
      });
      expect(sent).toHaveLength(payees.length);
      for (const p of payees) {
        const mine = sent.filter((l) => l.args.to?.toLowerCase() === p.hex.toLowerCase());
        expect(mine.map((l) => l.args.value)).toEqual([parseUnits('36', 18)]);
        expect(
          await client.readContract({
            address: usdt,
            abi: erc20Abi,
            functionName: 'balanceOf',
            args: [p.hex],
          }),
        ).toBe(parseUnits('36', 18));
      }
      const nonces = await check.db
        .selectFrom('payout_hot_txs')
        .select(['nonce', 'purpose', 'status'])
        .orderBy('nonce')
        .execute();
      expect(nonces).toEqual([
        { nonce: 0n, purpose: 'allowance', status: 'mined' },
        { nonce: 1n, purpose: 'batch', status: 'mined' },
      ]);
      expect(await client.getTransactionCount({ address: HOT.address })).toBe(2);
      const completions = await check.db
        .selectFrom('ledger_transactions')
        .select('idempotency_key')
        .where(
          'idempotency_key',
          'in',
          ids.map((id) => `withdrawal-complete:${id}`),
        )
        .execute();
      expect(completions).toHaveLength(ids.length);
      const r = await reconcile(check.db);
      expect(r.mismatches).toEqual([]);
      expect(r.payout_mismatches).toEqual([]);
    } finally {
      await check.close();
      last.child.kill('SIGTERM');
      await once(last.child, 'exit');
    }
  }, 300_000);
});
