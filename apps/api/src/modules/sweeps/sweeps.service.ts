import { chainName, formatTokenUnits } from '@sgx/chain';
import {
  amountOut,
  displayAddress,
  isTronAddress,
  type SweepOverview,
  type SweepRecord,
  tronToHex,
} from '@sgx/contracts';
import { sql } from 'kysely';
import { BaseError } from 'viem';
import type { Db, DbOrTx } from '../../db';
import type { Principal } from '../../http/access';
import { badRequest, conflict, forbidden, notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import { requireSecondFactor } from '../auth/second-factor';
import type { ChainSettingsRow, ChainsService } from '../chains/chains.service';
import { receivedDeposit } from '../chains/member-addresses';
import { lower, readTokenBalancesAt, readTransaction } from '../chains/reader';
import { normalizeHash } from '../deposits/deposits.records';
import { post } from '../ledger/ledger.service';
import { ledgerAtChain, platformUnits, toSweepRecord } from './sweeps.records';

/** At most this many member addresses are read on chain for one overview. */
const CANDIDATES_READ = 500;

/**
 * Sweeps (decision 0033): what members sent to their own addresses is moved to the treasury the factory
 * fixes, from the back-office. An admin with a second factor prepares a sweep (the addresses, their salts, what they
 * hold; audited); the operator's wallet sends it through the factory (no key on the server); the server verifies the
 * transaction (every Transfer of the token from those addresses to the treasury), and once it has its
 * confirmations posts it once: from 'member_addresses' to 'treasury'.
 */
export class SweepsService {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    private readonly warn: Warn = unlogged,
  ) {}

  /** Member addresses holding the chain's stablecoin, read on chain, beside what the ledger says. */
  async overview(chainId: number): Promise<SweepOverview> {
    const s = await this.chains.settings(chainId);
    const client = this.chains.client(chainId);
    const ledger = await ledgerAtChain(this.db, chainId);
    const base = {
      chain_id: chainId,
      name: chainName(chainId),
      factory: s.forwarder_factory && displayAddress(chainId, s.forwarder_factory),
      treasury: s.treasury_address && displayAddress(chainId, s.treasury_address),
      token: {
        address: displayAddress(chainId, s.token_address.toLowerCase()),
        symbol: s.token_symbol,
        decimals: s.token_decimals,
      },
      at_member_addresses_ledger: amountOut(ledger.atMemberAddresses),
      treasury_ledger: amountOut(ledger.treasury),
    };
    const empty = { candidates: [], at_member_addresses_on_chain: amountOut(0n), treasury_on_chain: null };
    if (!s.forwarder_factory || !s.treasury_address)
      return { ...base, ...empty, message: `No deposit factory is set for ${chainName(chainId)}.` };
    if (!client)
      return {
        ...base,
        ...empty,
        message: `The server has no node for ${chainName(chainId)}, so balances cannot be read.`,
      };
    // Addresses that ever received a transfer recorded as a deposit (credited or not) under this factory.
    const rows = await this.db
      .selectFrom('member_deposit_addresses as a')
      .innerJoin('users as u', 'u.id', 'a.user_id')
      .select(['a.address', 'a.user_id', 'u.username'])
      .where('a.chain_id', '=', chainId)
      .where('a.factory', '=', s.forwarder_factory)
      .where(receivedDeposit(chainId))
      .orderBy('a.address')
      .limit(CANDIDATES_READ)
      .execute();
    try {
      const [balances, [treasury = 0n]] = await Promise.all([
        readTokenBalancesAt(
          client,
          s.token_address,
          rows.map((r) => r.address),
        ),
        readTokenBalancesAt(client, s.token_address, [s.treasury_address]),
      ]);
      const candidates = rows.flatMap((r, i) => {
        const raw = balances[i] ?? 0n;
        if (raw === 0n) return [];
        return [
          {
            address: displayAddress(chainId, r.address),
            user_id: Number(r.user_id),
            username: r.username,
            balance: formatTokenUnits(raw, s.token_decimals),
            amount: amountOut(platformUnits(raw, s.token_decimals)),
          },
        ];
      });
      const total = balances.reduce((sum, b) => sum + platformUnits(b, s.token_decimals), 0n);
      return {
        ...base,
        candidates,
        at_member_addresses_on_chain: amountOut(total),
        treasury_on_chain: amountOut(platformUnits(treasury, s.token_decimals)),
        message: candidates.length === 0 ? 'No member address holds any to sweep.' : null,
      };
    } catch (err) {
      const why = err instanceof BaseError ? err.shortMessage : 'the node did not answer';
      return { ...base, ...empty, message: `Balances could not be read on ${chainName(chainId)}: ${why}` };
    }
  }

  async list(): Promise<SweepRecord[]> {
    const rows = await this.rows().orderBy('s.id', 'desc').limit(50).execute();
    return rows.map(toSweepRecord);
  }

  /**
   * Prepares a sweep of up to 200 member addresses: only by an admin with two-factor sign-in, with a fresh code;
   * audited. What the transaction must be (`to`, `data`) is fixed here: the factory, the token, the salts.
   */
  async prepare(
    p: Principal,
    body: { chain_id: number; addresses: string[]; code?: string | undefined; reason: string },
    ip?: string,
  ): Promise<SweepRecord> {
    const who = { userId: p.userId, sessionId: p.sessionId, ip };
    if (!(await requireSecondFactor(this.db, who, body.code)))
      throw forbidden('Set up two-factor sign-in first: a sweep needs an admin with a second factor.');
    const chainId = body.chain_id;
    const s = await this.chains.settings(chainId);
    if (!s.forwarder_factory || !s.treasury_address)
      throw conflict(`No deposit factory is set for ${chainName(chainId)}.`);
    const wanted = [...new Set(body.addresses.map((a) => addressHex(a)))];
    const found = await this.db
      .selectFrom('member_deposit_addresses as a')
      .innerJoin('member_deposit_salts as m', 'm.user_id', 'a.user_id')
      .select(['a.address', 'm.salt'])
      .where('a.chain_id', '=', chainId)
      .where('a.factory', '=', s.forwarder_factory)
      .where('a.address', '=', sql<string>`ANY(${wanted}::text[])`)
      .execute();
    const known = new Map(found.map((r) => [r.address, r.salt]));
    const unknown = wanted.filter((a) => !known.has(a));
    if (unknown.length > 0) {
      const message = `Not a member address of this factory on ${chainName(chainId)}: ${unknown.map((a) => displayAddress(chainId, a)).join(', ')}.`;
      throw badRequest(message, { addresses: [message] });
    }
    const expected = await this.heldAt(chainId, s, wanted);
    const salts = wanted.map((a) => known.get(a) as string);
    return this.db.transaction().execute(async (tx) => {
      const row = await tx
        .insertInto('deposit_sweeps')
        .values({
          chain_id: chainId,
          factory: s.forwarder_factory as string,
          token_address: lower(s.token_address),
          treasury: s.treasury_address as string,
          addresses: wanted,
          salts,
          expected,
          reason: body.reason,
          created_by: p.userId,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'deposit.sweep.prepare',
        entity: 'deposit_sweep',
        entityId: String(row.id),
        before: null,
        after: { chain_id: chainId, addresses: wanted.length, expected: amountOut(expected) },
        reason: body.reason,
      });
      return toSweepRecord(await this.rows(tx).where('s.id', '=', row.id).executeTakeFirstOrThrow());
    });
  }

  /** The transaction the admin's wallet sent for a prepared sweep: recorded (once per hash), then verified. */
  async submit(p: Principal, id: bigint, rawHash: string): Promise<SweepRecord> {
    const hash = normalizeHash(rawHash);
    const sweep = await this.db
      .selectFrom('deposit_sweeps')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (!sweep) throw notFound('Sweep not found.');
    if (sweep.status === 'confirmed') throw conflict('This sweep is confirmed already.');
    if (sweep.tx_hash !== null && sweep.tx_hash !== hash && sweep.status !== 'failed')
      throw conflict('Another transaction is recorded for this sweep.');
    const taken = await this.db
      .selectFrom('deposit_sweeps')
      .select('id')
      .where('tx_hash', '=', hash)
      .where('id', '<>', id)
      .executeTakeFirst();
    if (taken) throw conflict(`This transaction is recorded for sweep #${taken.id}.`);
    await this.db.transaction().execute(async (tx) => {
      await tx
        .updateTable('deposit_sweeps')
        .set({ tx_hash: hash, status: 'sent', sent_at: new Date(), failure: null })
        .where('id', '=', id)
        .where('status', '<>', 'confirmed')
        .execute();
      await writeAudit(tx, {
        actorId: p.userId,
        action: 'deposit.sweep.sent',
        entity: 'deposit_sweep',
        entityId: String(id),
        before: { status: sweep.status, tx_hash: sweep.tx_hash },
        after: { status: 'sent', tx_hash: hash },
        reason: sweep.reason,
      });
    });
    await this.check(id);
    return this.one(id);
  }

  async one(id: bigint): Promise<SweepRecord> {
    const row = await this.rows().where('s.id', '=', id).executeTakeFirst();
    if (!row) throw notFound('Sweep not found.');
    return toSweepRecord(row);
  }

  /** Re-checks every sent sweep (the minutely deposits job). */
  async checkOpen(): Promise<number> {
    const open = await this.db
      .selectFrom('deposit_sweeps')
      .select('id')
      .where('status', '=', 'sent')
      .execute();
    for (const { id } of open) await this.check(id);
    return open.length;
  }

  /**
   * Verifies a sent sweep on chain: failed when it reverted or moved nothing from these addresses to the treasury;
   * confirmed, and posted once, when it has the chain's confirmations.
   */
  async check(id: bigint): Promise<void> {
    const sweep = await this.db
      .selectFrom('deposit_sweeps')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    if (sweep?.status !== 'sent' || !sweep.tx_hash) return;
    const client = this.chains.client(sweep.chain_id);
    if (!client) return;
    const s = await this.chains.settings(sweep.chain_id);
    let read: Awaited<ReturnType<typeof readTransaction>>;
    try {
      read = await readTransaction(client, sweep.tx_hash);
    } catch (err) {
      this.warn({ err, sweep: id }, 'the node did not answer about a sweep: checked again next round');
      return;
    }
    if (!read.found) return;
    const fail = (failure: string) =>
      this.db
        .updateTable('deposit_sweeps')
        .set({ status: 'failed', failure, block_number: read.found ? read.blockNumber : null })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .execute();
    if (!read.succeeded) return void (await fail('The transaction reverted on chain: nothing was swept.'));
    const from = new Set(sweep.addresses);
    const moved = read.transfers.filter(
      (t) => t.token === sweep.token_address && from.has(t.from) && t.to === sweep.treasury,
    );
    if (moved.length === 0)
      return void (await fail('The transaction moved nothing from these member addresses to the treasury.'));
    const raw = moved.reduce((sum, t) => sum + t.value, 0n);
    const swept = platformUnits(raw, s.token_decimals);
    if (read.confirmations < s.confirmations) {
      await this.db
        .updateTable('deposit_sweeps')
        .set({ confirmations: read.confirmations, block_number: read.blockNumber, swept })
        .where('id', '=', id)
        .where('status', '=', 'sent')
        .execute();
      return;
    }
    await this.db.transaction().execute(async (tx) => {
      const locked = await tx
        .selectFrom('deposit_sweeps')
        .select('status')
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
      if (locked?.status !== 'sent') return;
      const posted = await post(tx, {
        key: `sweep:${sweep.chain_id}:${sweep.tx_hash}`,
        kind: 'sweep',
        memo: `Sweep #${id}: ${formatTokenUnits(raw, s.token_decimals)} ${s.token_symbol} to the treasury on ${chainName(sweep.chain_id)}`,
        createdBy: sweep.created_by,
        details: { sweep_id: id, chain_id: sweep.chain_id, tx_hash: sweep.tx_hash, transfers: moved.length },
        entries: [
          { account: { owner: null, kind: 'member_addresses' }, amount: swept },
          { account: { owner: null, kind: 'treasury' }, amount: -swept },
        ],
      });
      await tx
        .updateTable('deposit_sweeps')
        .set({
          status: 'confirmed',
          swept,
          confirmations: read.found ? read.confirmations : null,
          block_number: read.found ? read.blockNumber : null,
          confirmed_at: new Date(),
          ledger_transaction_id: posted.transactionId,
        })
        .where('id', '=', id)
        .execute();
      await writeAudit(tx, {
        actorId: null,
        action: 'deposit.sweep.confirmed',
        entity: 'deposit_sweep',
        entityId: String(id),
        before: { status: 'sent' },
        after: { status: 'confirmed', swept: amountOut(swept), tx_hash: sweep.tx_hash },
        reason: 'verified on chain',
      });
    });
  }

  /** What the addresses hold on chain now, in platform units (0 when the chain cannot be read). */
  private async heldAt(chainId: number, s: ChainSettingsRow, addresses: string[]): Promise<bigint> {
    const client = this.chains.client(chainId);
    if (!client) return 0n;
    const raw = await readTokenBalancesAt(client, s.token_address, addresses).catch(() => []);
    return raw.reduce((sum, b) => sum + platformUnits(b, s.token_decimals), 0n);
  }

  private rows(db: DbOrTx = this.db) {
    return db
      .selectFrom('deposit_sweeps as s')
      .innerJoin('users as u', 'u.id', 's.created_by')
      .selectAll('s')
      .select('u.username as created_by_name');
  }
}

/** A member address as given (0x, or `T...` on TRON) as stored: 20-byte hex, lower case. */
function addressHex(a: string): string {
  if (isTronAddress(a)) return tronToHex(a);
  if (/^0x[0-9a-fA-F]{40}$/.test(a)) return a.toLowerCase();
  const message = `Not an address: ${a}.`;
  throw badRequest(message, { addresses: [message] });
}
