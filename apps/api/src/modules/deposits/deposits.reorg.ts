import { chainName } from '@sgx/chain';
import { amountOut, type ReorgDepositRecord, type ReorgResolveBody } from '@sgx/contracts';
import { getAddress } from 'viem';
import type { Db } from '../../db';
import type { ReorgStatus } from '../../db/schema';
import type { Principal } from '../../http/access';
import { businessRule, conflict, notFound } from '../../http/errors';
import { unlogged, type Warn } from '../../log';
import { writeAudit } from '../audit/audit.repo';
import type { ChainsService } from '../chains/chains.service';
import {
  acceptedAt,
  readCreditedTransfer,
  receivingAddressesEver,
  type TransferVerdict,
} from '../chains/recheck';
import { post } from '../ledger/ledger.service';
import { notifyMember, usd } from '../notifications/events';
import { emit } from '../webhooks/emit';

/**
 * Holds and their resolution for credited chain deposits a reorganisation removed (decision 0028).
 * The hold moves what the credit left in the member's deposit wallet (at most the credit) to their 'held'
 * account, which no spending path reads; what the member had spent already is recorded as the shortfall. An
 * admin then reverses it (held -> cash: the amount leaves the platform's books) or releases it (held ->
 * deposit), the release only while the chain shows the transfer again with its confirmations, read then.
 */
export class DepositReorgService {
  constructor(
    private readonly db: Db,
    private readonly chains: ChainsService,
    /** Where a chain that could not be read for a held deposit is told (the release is refused meanwhile). */
    private readonly warn: Warn = unlogged,
  ) {}

  /**
   * Holds a credited deposit whose transfer the chain no longer shows, flags it, audits it and tells the member,
   * in one transaction. Returns whether this call held it (false: already flagged, or not a credited deposit).
   */
  async hold(depositId: bigint, note: string, now = new Date()): Promise<boolean> {
    return this.db.transaction().execute(async (tx) => {
      const d = await tx
        .selectFrom('deposits')
        .select([
          'id',
          'user_id',
          'status',
          'currency',
          'chain_id',
          'hash',
          'credited_amount',
          'reorg_status',
        ])
        .where('id', '=', depositId)
        .forUpdate()
        .executeTakeFirst();
      if (d?.status !== 'complete' || d.reorg_status !== null || d.credited_amount === null) return false;
      const credited = d.credited_amount;
      // What is in the deposit wallet now, under its row lock: no spending can take it meanwhile.
      const wallet = await tx
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_id', '=', d.user_id)
        .where('kind', '=', 'deposit')
        .where('asset', '=', 'USD')
        .forUpdate()
        .executeTakeFirst();
      const available = wallet?.balance ?? 0n;
      const held = available < credited ? available : credited;
      const shortfall = credited - held;
      if (held > 0n)
        await post(tx, {
          key: `deposit-reorg-hold:${d.id}`,
          kind: 'deposit_reorg_hold',
          memberId: d.user_id,
          memo: `Deposit #${d.id} held: its transfer is no longer on chain`,
          details: { deposit_id: d.id, credited, held, shortfall },
          entries: [
            { account: { owner: d.user_id, kind: 'deposit' }, amount: -held },
            { account: { owner: d.user_id, kind: 'held' }, amount: held },
          ],
        });
      await tx
        .updateTable('deposits')
        .set({
          reorg_status: 'held',
          reorg_detected_at: now,
          held_amount: held,
          reorg_shortfall: shortfall,
          reorg_note: note,
          reorg_checked_at: now,
        })
        .where('id', '=', d.id)
        .execute();
      await writeAudit(tx, {
        actorId: null,
        action: 'deposit.reorg_hold',
        entity: 'deposit',
        entityId: d.id,
        before: { credited: amountOut(credited), wallet: amountOut(available) },
        after: { reorg_status: 'held', held: amountOut(held), shortfall: amountOut(shortfall) },
        reason: note,
      });
      await emit(
        tx,
        'deposit.held',
        {
          deposit_id: String(d.id),
          member_id: String(d.user_id),
          currency: d.currency,
          chain_id: d.chain_id,
          hash: d.hash,
          credited: amountOut(credited),
          held: amountOut(held),
          shortfall: amountOut(shortfall),
          asset: 'USD',
        },
        held > 0n ? [`deposit-reorg-hold:${d.id}`] : [],
      );
      const chain = d.chain_id === null ? d.currency : chainName(d.chain_id);
      await notifyMember(tx, {
        userId: d.user_id,
        kind: 'deposit_held',
        key: `deposit-held:${d.id}`,
        title: 'Deposit held',
        message: `The ${chain} transfer of your deposit of ${usd(credited)} is no longer on the chain (a chain reorganisation removed it). ${usd(held)} is held and cannot be spent until our team has checked it.${shortfall > 0n ? ` ${usd(shortfall)} of the deposit had already been spent.` : ''}`,
        link: '/user/deposit-history',
      });
      return true;
    });
  }

  /** Flagged deposits for admins (newest first, at most 200), and how many are held now. */
  async list(status: ReorgStatus | 'all'): Promise<{ deposits: ReorgDepositRecord[]; held_count: number }> {
    let q = this.records();
    if (status !== 'all') q = q.where('d.reorg_status', '=', status);
    const [rows, count] = await Promise.all([
      q.orderBy('d.reorg_detected_at', 'desc').orderBy('d.id', 'desc').limit(200).execute(),
      this.db
        .selectFrom('deposits')
        .select((eb) => eb.fn.countAll<bigint>().as('n'))
        .where('reorg_status', '=', 'held')
        .executeTakeFirstOrThrow(),
    ]);
    return { deposits: rows.map(toRecord), held_count: Number(count.n) };
  }

  /** A member's own flagged deposits, and what is held for them in all. */
  async mine(userId: bigint): Promise<{ held: string; deposits: ReorgDepositRecord[] }> {
    const [rows, account] = await Promise.all([
      this.records()
        .where('d.user_id', '=', userId)
        .where('d.reorg_status', 'is not', null)
        .orderBy('d.reorg_detected_at', 'desc')
        .limit(100)
        .execute(),
      this.db
        .selectFrom('ledger_accounts')
        .select('balance')
        .where('owner_id', '=', userId)
        .where('kind', '=', 'held')
        .where('asset', '=', 'USD')
        .executeTakeFirst(),
    ]);
    return { held: amountOut(account?.balance ?? 0n), deposits: rows.map(toRecord) };
  }

  /**
   * An admin resolves a held deposit, alone (decision 0028): 'reverse' takes the held amount off the books;
   * 'release' returns it to the deposit wallet, only while the chain shows the transfer with its confirmations.
   * Audited; the member is told. A deposit resolved before is a 409.
   */
  async resolve(principal: Principal, id: number, body: ReorgResolveBody): Promise<ReorgDepositRecord> {
    const depositId = BigInt(id);
    // The chain is read before the transaction (no row lock held across a network call) and re-read is not
    // needed after: a release only needs the chain to show the transfer now.
    // A reversal is refused while the chain shows the transfer paid: one admin takes back only what it lacks.
    if (body.action === 'reverse') await this.assertNotPaid(depositId);
    const proof = body.action === 'release' ? await this.chainProof(depositId) : null;
    await this.db.transaction().execute(async (tx) => {
      const d = await tx
        .selectFrom('deposits')
        .select(['id', 'user_id', 'currency', 'chain_id', 'credited_amount', 'held_amount', 'reorg_status'])
        .where('id', '=', depositId)
        .forUpdate()
        .executeTakeFirst();
      assertHeld(d);
      const held = d.held_amount ?? 0n;
      const reverse = body.action === 'reverse';
      if (held > 0n)
        await post(tx, {
          key: `deposit-reorg-${body.action}:${d.id}`,
          kind: reverse ? 'deposit_reorg_reverse' : 'deposit_reorg_release',
          memberId: d.user_id,
          memo: reverse
            ? `Deposit #${d.id} reversed: its transfer is not on chain`
            : `Deposit #${d.id} released: the chain shows its transfer again`,
          createdBy: principal.userId,
          details: { deposit_id: d.id, held, ...(proof ? { block: proof } : {}) },
          entries: [
            { account: { owner: d.user_id, kind: 'held' }, amount: -held },
            reverse
              ? { account: { owner: null, kind: 'cash' }, amount: held }
              : { account: { owner: d.user_id, kind: 'deposit' }, amount: held },
          ],
        });
      const status = reverse ? 'reversed' : 'released';
      const now = new Date();
      await tx
        .updateTable('deposits')
        .set({
          reorg_status: status,
          reorg_resolved_by: principal.userId,
          reorg_resolved_at: now,
          reorg_resolution: body.reason,
        })
        .where('id', '=', d.id)
        .execute();
      await writeAudit(tx, {
        actorId: principal.userId,
        action: `deposit.reorg_${body.action}`,
        entity: 'deposit',
        entityId: d.id,
        before: { reorg_status: 'held', held: amountOut(held) },
        after: { reorg_status: status, ...(proof ? { chain: proof } : {}) },
        reason: body.reason,
      });
      const amount = usd(held);
      await notifyMember(tx, {
        userId: d.user_id,
        kind: 'deposit_held',
        key: `deposit-reorg-${status}:${d.id}`,
        title: reverse ? 'Deposit reversed' : 'Deposit released',
        message: reverse
          ? `Your held deposit #${d.id} was reversed: its transfer is not on the chain, so ${amount} held for it was removed from your account. Reason: ${body.reason}`
          : `Your held deposit #${d.id} was released: the chain shows its transfer again, and ${amount} is back in your deposit wallet.`,
        link: '/user/deposit-history',
      });
    });
    const [record] = (await this.records().where('d.id', '=', depositId).execute()).map(toRecord);
    if (!record) throw notFound('Deposit not found.');
    return record;
  }

  /**
   * What the chain says of a held deposit's transfer now; 'unreadable' when the server cannot read its chain
   * just now (or at all). A deposit not held is a 409.
   */
  private async chainVerdict(id: bigint): Promise<TransferVerdict | 'unreadable'> {
    const d = await this.db
      .selectFrom('deposits')
      .select([
        'chain_id',
        'hash',
        'from_address',
        'to_address',
        'credited_amount',
        'required_confirmations',
        'reorg_status',
        'decided_at',
      ])
      .where('id', '=', id)
      .executeTakeFirst();
    assertHeld(d);
    const client = d.chain_id === null ? undefined : this.chains.client(d.chain_id);
    if (d.chain_id === null || !client || d.credited_amount === null) return 'unreadable';
    const settings = await acceptedAt(this.db, await this.chains.settings(d.chain_id), d.decided_at);
    try {
      return await readCreditedTransfer(client, settings, await receivingAddressesEver(this.db, d.chain_id), {
        ...d,
        chain_id: d.chain_id,
        credited_amount: d.credited_amount,
      });
    } catch (err) {
      // The release waits for a reading: the admin is told the chain cannot be read just now, the log says why.
      this.warn(
        { err, deposit: String(id), chainId: d.chain_id },
        'a held deposit could not be read on its chain: its release is refused until it can be',
      );
      return 'unreadable';
    }
  }

  /** The chain's word that a held deposit's transfer is back with its confirmations, or a refusal saying why not. */
  private async chainProof(id: bigint): Promise<{ number: string; hash: string; confirmations: number }> {
    const verdict = await this.chainVerdict(id);
    if (verdict === 'unreadable')
      throw businessRule(
        'The server cannot read this deposit’s chain just now, so it cannot prove the transfer: it cannot be released yet.',
      );
    if (verdict.kind === 'gone')
      throw businessRule(`The chain does not show this transfer, so it cannot be released. ${verdict.note}`);
    if (verdict.kind === 'reconfirming')
      throw businessRule(
        `The transfer is on the chain again but has ${verdict.confirmations} of ${verdict.required} confirmations: release it once it has them.`,
      );
    return {
      number: String(verdict.blockNumber),
      hash: verdict.blockHash,
      confirmations: verdict.confirmations,
    };
  }

  /** Refuses reversing a deposit whose transfer the chain shows again with its confirmations: it is paid. */
  private async assertNotPaid(id: bigint): Promise<void> {
    const verdict = await this.chainVerdict(id);
    if (verdict !== 'unreadable' && verdict.kind === 'present')
      throw businessRule(
        `The chain shows this transfer again with ${verdict.confirmations} confirmations (block ${verdict.blockNumber}): the deposit is paid, so it is released, not reversed.`,
      );
  }

  private records() {
    return reorgRecords(this.db);
  }
}

/** The deposit exists and is held, else why nothing can be resolved (404, 409). */
function assertHeld<T extends { reorg_status: string | null }>(d: T | undefined): asserts d is T {
  if (!d) throw notFound('Deposit not found.');
  if (d.reorg_status !== 'held')
    throw conflict(
      d.reorg_status === null
        ? 'This deposit is not held: nothing to resolve.'
        : `This deposit was already resolved (${d.reorg_status}).`,
    );
}

/** Flagged deposits with their member and resolver, as admins and the member read them. */
const reorgRecords = (db: Db) =>
  db
    .selectFrom('deposits as d')
    .innerJoin('users as u', 'u.id', 'd.user_id')
    .leftJoin('users as r', 'r.id', 'd.reorg_resolved_by')
    .select([
      'd.id',
      'd.user_id',
      'u.username',
      'u.fullname',
      'd.currency',
      'd.chain_id',
      'd.hash',
      'd.from_address',
      'd.credited_amount',
      'd.decided_at',
      'd.reorg_status',
      'd.reorg_detected_at',
      'd.held_amount',
      'd.reorg_shortfall',
      'd.reorg_note',
      'd.reorg_resolved_at',
      'r.username as resolved_by',
      'd.reorg_resolution',
    ])
    .where('d.reorg_status', 'is not', null);

type Row = Awaited<ReturnType<ReturnType<typeof reorgRecords>['executeTakeFirstOrThrow']>>;

function toRecord(r: Row): ReorgDepositRecord {
  return {
    id: Number(r.id),
    user_id: Number(r.user_id),
    username: r.username,
    fullname: r.fullname,
    currency: r.currency,
    chain_id: r.chain_id,
    hash: `0x${r.hash}`,
    from_address: r.from_address ? getAddress(r.from_address) : null,
    credited_amount: amountOut(r.credited_amount ?? 0n),
    credited_at: r.decided_at ? r.decided_at.toISOString() : null,
    reorg_status: r.reorg_status ?? 'held',
    reorg_detected_at: (r.reorg_detected_at ?? new Date(0)).toISOString(),
    held_amount: amountOut(r.held_amount ?? 0n),
    shortfall: amountOut(r.reorg_shortfall ?? 0n),
    reorg_note: r.reorg_note,
    resolved_at: r.reorg_resolved_at ? r.reorg_resolved_at.toISOString() : null,
    resolved_by: r.resolved_by,
    resolution: r.reorg_resolution,
  };
}
