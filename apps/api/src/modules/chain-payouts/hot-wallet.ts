import { approveCalldata, erc20Abi, tokenToPlatformUnits } from '@sgx/chain';
import { amountOut, displayAddress } from '@sgx/contracts';
import { sql } from 'kysely';
import {
  type Address,
  BaseError,
  type Hex,
  maxUint256,
  type PrivateKeyAccount,
  type PublicClient,
  parseTransaction,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { Config } from '../../config';
import type { Db, DbOrTx } from '../../db';
import type { ChainSettingsRow, ChainsService } from '../chains/chains.service';
import { hex, isNotFound, lower, readHeadBlock, readPayoutVersion } from '../chains/reader';
import { holdListedPayouts } from '../sanctions/sanctions.hits';
import type { SettingsService } from '../settings/settings.service';
import { eligibleForHotWallet } from './hot-policy';
import {
  ALLOWANCE_GAS,
  type Attempt,
  batchGas,
  calldataOf,
  reserveNonce,
  signHotTx,
  storeAttempt,
} from './hot-wallet.sign';
import { payableChain, prepareBatchIn } from './payouts.prepare';
import type { PayoutVerifier } from './payouts.verify';

/** The job queue of hot-wallet rounds. */
export const HOT_PAYOUTS_QUEUE = 'payouts-hot';
/** A hot-wallet batch must be mined within this time (else it reverts and its payouts wait again). */
const HOT_BATCH_TTL_MS = 30 * 60 * 1000;

/** The hot wallet's batches of a chain not paid, failed or expired yet (one at a time). */
const openHotBatches = (db: DbOrTx, chainId: number) =>
  db
    .selectFrom('payout_batches')
    .select('id')
    .where('chain_id', '=', chainId)
    .where('mode', '=', 'hot')
    .where('status', 'in', ['prepared', 'sent']);

/** One platform unit (10^-8) in a token's units, or 1 when the token has fewer decimals. */
const unitOf = (decimals: number) => (decimals > 8 ? 10n ** BigInt(decimals - 8) : 1n);

type HotTx = {
  id: bigint;
  chain_id: number;
  nonce: bigint;
  purpose: 'batch' | 'allowance';
  batch_id: bigint | null;
};

/**
 * Automatic payouts from a hot wallet (decision 0034), off unless PAYOUT_HOT_WALLET_KEY_<chain id> is
 * set. Each round, per chain: the wallet's open transactions are sent again and followed until mined (a stuck one
 * is replaced under the same nonce with a higher fee); then, when none is open, approved payouts within the policy
 * and what the wallet holds go into one batch. A nonce is reserved in the database (unique per chain, sender and
 * nonce) and the transaction signed and stored in the same database transaction, before anything is sent: a
 * process killed at any point leaves a signed transaction the next round sends again, never a new one.
 */
export class HotWalletPayer {
  private readonly accounts = new Map<number, PrivateKeyAccount>();

  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly settings: SettingsService,
    private readonly verifier: PayoutVerifier,
    private readonly config: Pick<Config, 'payoutHotWalletKeys' | 'payoutStuckMs' | 'testKillAt'>,
  ) {
    for (const [id, key] of Object.entries(config.payoutHotWalletKeys))
      if (key) this.accounts.set(Number(id), privateKeyToAccount(key));
  }

  /** The hot wallet's address on a chain (lower case), or null when none is configured. */
  address(chainId: number): string | null {
    const a = this.accounts.get(chainId);
    return a ? lower(a.address) : null;
  }

  /** The hot wallet's token balance on chain (token units), or null when it cannot be read. */
  async balance(chainId: number, s: ChainSettingsRow): Promise<bigint | null> {
    const client = this.chains.client(chainId);
    const address = this.address(chainId);
    if (!client || !address) return null;
    return client
      .readContract({
        address: s.token_address as Address,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address as Address],
      })
      .catch(() => null);
  }

  /** The hot wallet of a chain as the queue shows it: its address and token balance (platform units). */
  async status(chainId: number): Promise<{ address: string; balance: string | null } | null> {
    const address = this.address(chainId);
    if (!address) return null;
    const s = await this.chains.settings(chainId);
    const raw = await this.balance(chainId, s);
    const units =
      raw === null ? null : tokenToPlatformUnits(raw - (raw % unitOf(s.token_decimals)), s.token_decimals);
    return { address: displayAddress(chainId, address), balance: units === null ? null : amountOut(units) };
  }

  /** One round on every chain with a hot wallet (the payouts-hot job); what happened per chain. */
  async run(): Promise<Record<number, string>> {
    const out: Record<number, string> = {};
    for (const chainId of this.accounts.keys()) {
      try {
        out[chainId] = await this.round(chainId);
      } catch (err) {
        out[chainId] =
          `error: ${err instanceof BaseError ? `${err.shortMessage} ${err.details}` : err instanceof Error ? err.message : String(err)}`.slice(
            0,
            300,
          );
      }
    }
    return out;
  }

  private async round(chainId: number): Promise<string> {
    const account = this.accounts.get(chainId) as PrivateKeyAccount;
    const sender = lower(account.address);
    const s = await this.chains.settings(chainId);
    const { contract, client } = payableChain(this.chains, chainId, s);
    const open = await this.openTxs(chainId, sender);
    for (const h of open) await this.follow(client, account, h);
    const hotBatches = await openHotBatches(this.db, chainId).execute();
    for (const b of hotBatches) await this.verifier.check(b.id);
    if ((await this.openTxs(chainId, sender)).length > 0) return 'waiting for a transaction to be mined';
    const still = await openHotBatches(this.db, chainId).executeTakeFirst();
    if (still) return `waiting for batch #${still.id} to be confirmed`;

    // Approved payouts to listed addresses are held before any is picked (decision 0075).
    await holdListedPayouts(this.db);
    const balance = (await this.balance(chainId, s)) ?? 0n;
    const allowance = await client.readContract({
      address: s.token_address as Address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [sender as Address, contract as Address],
    });
    const head = await readHeadBlock(client);
    const contractVersion = await readPayoutVersion(client, contract);
    const chainNonce = BigInt(
      await client.getTransactionCount({ address: sender as Address, blockTag: 'pending' }),
    );
    const fees = await client.estimateFeesPerGas();
    const policy = (await this.settings.all()).hotWalletPolicy;
    const made = await this.db.transaction().execute(async (tx) => {
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`payout-hot:${chainId}:${sender}`}))`.execute(tx);
      const busy = await tx
        .selectFrom('payout_hot_txs')
        .select('id')
        .where('chain_id', '=', chainId)
        .where('sender', '=', sender)
        .where('status', '<>', 'mined')
        .executeTakeFirst();
      const batchBusy = await openHotBatches(tx, chainId).executeTakeFirst();
      if (busy || batchBusy) return 'another round is paying';
      const picked = await eligibleForHotWallet(tx, { chainId, decimals: s.token_decimals, policy, balance });
      if (picked.ids.length === 0) return picked.why;
      const nonce = await reserveNonce(tx, chainId, sender, chainNonce);
      const token = s.token_address as Address;
      if (allowance < picked.raw) {
        const data = approveCalldata(contract as Address, maxUint256);
        await signHotTx(tx, account, {
          chainId,
          nonce,
          purpose: 'allowance',
          batchId: null,
          to: token,
          data,
          gas: ALLOWANCE_GAS,
          fees,
        });
        return `allowing the payout contract to pay ${s.token_symbol} (nonce ${nonce})`;
      }
      const batchId = await prepareBatchIn(tx, s, contract, head, {
        chainId,
        withdrawalIds: picked.ids,
        mode: 'hot',
        createdBy: null,
        sender,
        ttlMs: HOT_BATCH_TTL_MS,
        contractVersion,
      });
      const data = await calldataOf(tx, batchId);
      await signHotTx(tx, account, {
        chainId,
        nonce,
        purpose: 'batch',
        batchId,
        to: contract as Address,
        data,
        gas: batchGas(picked.ids.length),
        fees,
      });
      return `batch #${batchId}: ${picked.ids.length} payouts (nonce ${nonce})`;
    });
    this.killAt('hot-payout-signed');
    for (const h of await this.openTxs(chainId, sender)) await this.follow(client, account, h);
    return made;
  }

  private openTxs(chainId: number, sender: string): Promise<HotTx[]> {
    return this.db
      .selectFrom('payout_hot_txs')
      .select(['id', 'chain_id', 'nonce', 'purpose', 'batch_id'])
      .where('chain_id', '=', chainId)
      .where('sender', '=', sender)
      .where('status', '<>', 'mined')
      .orderBy('nonce')
      .execute();
  }

  /**
   * Follows one open hot transaction: mined (any of its attempts) → recorded, and its batch checked; else its
   * latest attempt is sent again (the same signed bytes: harmless if the node has it), and replaced under the same
   * nonce with a higher fee once it has waited longer than PAYOUT_STUCK_SECONDS.
   */
  private async follow(client: PublicClient, account: PrivateKeyAccount, h: HotTx): Promise<void> {
    const attempts: Attempt[] = await this.db
      .selectFrom('payout_attempts')
      .select(['id', 'tx_hash', 'raw_tx', 'max_fee_per_gas', 'max_priority_fee_per_gas', 'created_at'])
      .where('hot_tx_id', '=', h.id)
      .orderBy('id')
      .execute();
    for (const a of attempts) {
      const receipt = await client.getTransactionReceipt({ hash: hex(a.tx_hash) }).catch((err: unknown) => {
        if (isNotFound(err)) return null;
        throw err;
      });
      if (receipt) return this.mined(h, a.tx_hash);
    }
    const latest = attempts.at(-1);
    if (!latest) return;
    const consumed = BigInt(
      await client.getTransactionCount({ address: account.address, blockTag: 'latest' }),
    );
    // The nonce was used and none of ours is mined under it: an outside transaction of this wallet took it.
    if (consumed > h.nonce) return this.mined(h, null);
    await this.broadcast(client, h, latest);
    this.killAt('hot-payout-sent');
    if (Date.now() - latest.created_at.getTime() < this.config.payoutStuckMs) return;
    const fees = await client.estimateFeesPerGas();
    const bump = (old: string, now: bigint) => {
      const raised = (BigInt(old) * 125n) / 100n + 1n;
      return raised > now ? raised : now;
    };
    const before = parseTransaction(latest.raw_tx as Hex);
    const replaced = await this.db.transaction().execute((tx) =>
      storeAttempt(tx, account, h.id, {
        chainId: h.chain_id,
        nonce: h.nonce,
        to: before.to as Address,
        data: (before.data ?? '0x') as Hex,
        gas: before.gas ?? batchGas(200),
        maxFeePerGas: bump(latest.max_fee_per_gas, fees.maxFeePerGas),
        maxPriorityFeePerGas: bump(latest.max_priority_fee_per_gas, fees.maxPriorityFeePerGas),
      }),
    );
    await this.broadcast(client, h, replaced);
  }

  private async broadcast(
    client: PublicClient,
    h: HotTx,
    a: Pick<Attempt, 'id' | 'tx_hash' | 'raw_tx'>,
  ): Promise<void> {
    try {
      await client.sendRawTransaction({ serializedTransaction: a.raw_tx as Hex });
    } catch (err) {
      // Known already, or replaced/mined meanwhile: the next round reads the receipts.
      const why = err instanceof BaseError ? `${err.shortMessage} ${err.details}`.toLowerCase() : '';
      if (!/known|nonce too low|underpriced|already/.test(why)) throw err;
    }
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('payout_attempts')
        .set({ broadcast_at: new Date() })
        .where('id', '=', a.id)
        .execute();
      await tx
        .updateTable('payout_hot_txs')
        .set({ status: 'sent' })
        .where('id', '=', h.id)
        .where('status', '=', 'signed')
        .execute();
      if (h.batch_id !== null)
        await tx
          .updateTable('payout_batches')
          .set({ status: 'sent', tx_hash: a.tx_hash, sent_at: new Date() })
          .where('id', '=', h.batch_id)
          .where('ref_spent', '=', false)
          .where('status', 'in', ['prepared', 'sent'])
          .execute();
    });
  }

  /** The nonce is used: by `hash` (its batch then names the transaction that was mined) or by an outside one. */
  private async mined(h: HotTx, hash: string | null): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('payout_hot_txs')
        .set({ status: 'mined', mined_at: new Date() })
        .where('id', '=', h.id)
        .execute();
      if (h.batch_id !== null && hash !== null)
        await tx
          .updateTable('payout_batches')
          .set({ tx_hash: hash, status: 'sent' })
          .where('id', '=', h.batch_id)
          .where('ref_spent', '=', false)
          .where('status', 'in', ['prepared', 'sent'])
          .execute();
    });
    if (h.batch_id !== null) await this.verifier.check(h.batch_id);
  }

  /** Crash tests only (SGX_TEST_KILL_AT): the process dies here as kill -9 would kill it. */
  private killAt(point: 'hot-payout-signed' | 'hot-payout-sent'): void {
    if (this.config.testKillAt === point) process.kill(process.pid, 'SIGKILL');
  }
}
