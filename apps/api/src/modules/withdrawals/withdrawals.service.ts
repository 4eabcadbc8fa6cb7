import { amountOut, type ListQuery, type WithdrawalRecord } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import type { Db, Tx } from '../../db';
import type { Currency, RequestStatus } from '../../db/schema';
import type { Principal } from '../../http/access';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { type AccountRef, post } from '../ledger/ledger.service';
import { assertMayMoveMoney, claimRequestKey } from '../ledger/money-guards';
import { notifyMember, usd } from '../notifications/events';
import type { PlansService } from '../plans/plans.service';
import { cancelRequest } from '../requests/cancel';
import type { SettingsService } from '../settings/settings.service';
import { type Quote, quoteWithdrawal, type WithdrawalKind } from './fees';
import { listWithdrawals, oneWithdrawal } from './withdrawals.records';
import { requestFromWallet, sourceWallet } from './withdrawals.request';

const sourceOf = (kind: WithdrawalKind, userId: bigint): AccountRef =>
  kind === 'principal' ? { owner: null, kind: 'investments' } : { owner: userId, kind: sourceWallet[kind] };

/**
 * Withdrawals (business-rules 6). A request holds the gross amount at once (member wallet -> pending
 * withdrawals), so the same money cannot be asked for twice; completing pays the net out and books the
 * fee; declining returns the gross to the wallet it came from. Only pending requests change.
 */
export class WithdrawalsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly plans: PlansService,
  ) {}

  private async activePlan(db: Db | Tx, userId: bigint) {
    return db
      .selectFrom('member_plans')
      .selectAll()
      .where('user_id', '=', userId)
      .where('status', '=', 'active')
      .executeTakeFirst();
  }

  async quote(userId: bigint, kind: WithdrawalKind, amount?: bigint): Promise<Quote & { available: bigint }> {
    const s = await this.settings.all();
    if (kind === 'principal') {
      const plan = await this.activePlan(this.db, userId);
      const principal = plan?.amount ?? 0n;
      return {
        ...quoteWithdrawal('principal', principal, s.withdrawal, plan?.started_at),
        available: principal,
      };
    }
    const acct = await this.db
      .selectFrom('ledger_accounts')
      .select('balance')
      .where('owner_id', '=', userId)
      .where('kind', '=', sourceWallet[kind])
      .executeTakeFirst();
    return {
      ...quoteWithdrawal(kind, amount ?? acct?.balance ?? 0n, s.withdrawal),
      available: acct?.balance ?? 0n,
    };
  }

  async request(
    principal: Principal,
    userId: bigint,
    kind: WithdrawalKind,
    body: { amount?: bigint | undefined; currency?: Currency | undefined },
    requestKey: RequestKey,
  ): Promise<WithdrawalRecord> {
    // A key belongs to whoever sent it, so one member's key can never return another's request.
    const key = `${principal.userId}:${requestKey.key}`;
    if (kind !== 'principal')
      return requestFromWallet(
        this.db,
        await this.settings.all(),
        principal,
        userId,
        kind,
        body,
        key,
        requestKey.fingerprint,
      );
    const id = await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, key, requestKey.fingerprint);
      // The member's row is locked next: a retry racing its first attempt waits here, then finds it.
      const member = await tx
        .selectFrom('users')
        .select(['id', 'bep20', 'trc20', 'deleted_at'])
        .where('id', '=', userId)
        .forUpdate()
        .executeTakeFirst();
      if (!member || member.deleted_at) throw notFound('Member not found.');
      const existing = await tx
        .selectFrom('withdrawals')
        .select('id')
        .where('request_key', '=', key)
        .executeTakeFirst();
      if (existing) return existing.id;
      await this.settings.requireFeature('withdrawal', tx);
      await assertMayMoveMoney(tx, userId, principal.userId);
      const currency: Currency | undefined =
        body.currency ?? (member.bep20 ? 'BEP20' : member.trc20 ? 'TRC20' : undefined);
      const address = currency === 'BEP20' ? member.bep20 : currency === 'TRC20' ? member.trc20 : null;
      if (!currency || !address) {
        throw businessRule(
          `Add your ${body.currency ?? 'BEP20 or TRC20'} payout address in your profile first.`,
        );
      }
      const s = await this.settings.all(tx);
      let amount = body.amount ?? 0n;
      let memberPlanId: bigint | null = null;
      let activatedAt: Date | undefined;
      if (kind === 'principal') {
        const plan = await this.activePlan(tx, userId);
        if (!plan) throw businessRule('You have no active plan to withdraw.');
        const pending = await tx
          .selectFrom('withdrawals')
          .select('id')
          .where('member_plan_id', '=', plan.id)
          .where('status', '=', 'pending')
          .executeTakeFirst();
        if (pending) throw conflict('A principal withdrawal of this plan is already pending.');
        amount = plan.amount;
        memberPlanId = plan.id;
        activatedAt = plan.started_at;
      }
      const q = quoteWithdrawal(kind, amount, s.withdrawal, activatedAt);
      if (q.amount <= 0n) throw businessRule('Enter an amount above 0.');
      if (q.amount < q.minimum) throw businessRule(`The minimum withdrawal is ${formatUsd(q.minimum)} USD.`);
      const w = await tx
        .insertInto('withdrawals')
        .values({
          user_id: userId,
          kind,
          amount: q.amount,
          fee: q.fee,
          net: q.net,
          currency,
          address,
          member_plan_id: memberPlanId,
          request_key: key,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await post(tx, {
        key: `withdrawal-hold:${w.id}`,
        kind: 'withdrawal_hold',
        memberId: userId,
        memo: `${kind} withdrawal requested`,
        createdBy: principal.userId,
        details: { withdrawal_id: w.id, fee: q.fee, net: q.net },
        entries: [
          { account: sourceOf(kind, userId), amount: -q.amount },
          { account: { owner: null, kind: 'pending_withdrawals' }, amount: q.amount },
        ],
      });
      return w.id;
    });
    return this.one(id);
  }

  async decide(
    principal: Principal,
    id: number,
    body: {
      status: 'complete' | 'decline';
      amount?: bigint | undefined;
      user_id: number;
      note?: string | undefined;
    },
    onlyKind?: WithdrawalKind,
  ): Promise<WithdrawalRecord> {
    await this.db.transaction().execute(async (tx) => {
      const w = await tx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      if (!w || (onlyKind && w.kind !== onlyKind)) throw notFound('Withdrawal not found.');
      if (w.user_id !== BigInt(body.user_id))
        throw badRequest('This withdrawal belongs to another member.', {
          user_id: ['This withdrawal belongs to another member.'],
        });
      if (body.amount !== undefined && body.amount !== w.amount) {
        throw badRequest('The amount cannot change once requested; decline it and ask for a new request.', {
          amount: ['The amount does not match the request.'],
        });
      }
      await this.settle(tx, w, body.status, principal.userId, body.note);
      const paid = body.status === 'complete';
      await notifyMember(tx, {
        userId: w.user_id,
        kind: paid ? 'withdrawal_paid' : 'withdrawal_declined',
        key: `withdrawal-${paid ? 'paid' : 'declined'}:${w.id}`,
        title: paid ? 'Withdrawal paid' : 'Withdrawal declined',
        message: paid
          ? `Your withdrawal of ${usd(w.amount)} was paid: ${usd(w.net)} sent after a fee of ${usd(w.fee)}.`
          : `Your withdrawal of ${usd(w.amount)} was declined; nothing was paid and the full amount is back in your wallet.${body.note ? ` Reason: ${body.note}` : ''}`,
        link: '/user/withdrawal',
      });
      await writeAudit(tx, {
        actorId: principal.userId,
        action: `withdrawal.${body.status}`,
        entity: 'withdrawal',
        entityId: w.id,
        before: { status: w.status },
        after: { status: body.status, net: amountOut(w.net), fee: amountOut(w.fee) },
        reason: body.note ?? null,
      });
    });
    return this.one(BigInt(id));
  }

  private async settle(
    tx: Tx,
    w: {
      id: bigint;
      user_id: bigint;
      kind: WithdrawalKind;
      amount: bigint;
      fee: bigint;
      net: bigint;
      status: RequestStatus;
      member_plan_id: bigint | null;
    },
    status: 'complete' | 'decline',
    by: bigint,
    note: string | undefined,
  ): Promise<void> {
    if (w.status !== 'pending') throw conflict('Only pending withdrawals can change.');
    if (status === 'complete') {
      const entries = [
        { account: { owner: null, kind: 'pending_withdrawals' } as AccountRef, amount: -w.amount },
        { account: { owner: null, kind: 'cash' } as AccountRef, amount: w.net },
      ];
      if (w.fee > 0n) entries.push({ account: { owner: null, kind: 'fee_revenue' }, amount: w.fee });
      const paid = entries.filter((e) => e.amount !== 0n);
      await post(tx, {
        key: `withdrawal-complete:${w.id}`,
        kind: 'withdrawal_payout',
        memberId: w.user_id,
        memo: `${w.kind} withdrawal paid`,
        createdBy: by,
        details: { withdrawal_id: w.id },
        entries: paid,
      });
      if (w.kind === 'principal' && w.member_plan_id !== null)
        await this.plans.endPlanInTx(tx, w.member_plan_id, 'principal withdrawn');
    } else {
      await post(tx, {
        key: `withdrawal-decline:${w.id}`,
        kind: 'withdrawal_release',
        memberId: w.user_id,
        memo: `${w.kind} withdrawal declined: returned`,
        createdBy: by,
        details: { withdrawal_id: w.id },
        entries: [
          { account: { owner: null, kind: 'pending_withdrawals' }, amount: -w.amount },
          { account: sourceOf(w.kind, w.user_id), amount: w.amount },
        ],
      });
    }
    await tx
      .updateTable('withdrawals')
      .set({ status, decided_by: by, decided_at: new Date(), note: note ?? null })
      .where('id', '=', w.id)
      .execute();
  }

  /** The member cancels their own pending request (an admin may too): the hold goes back. */
  async cancel(principal: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const w = await tx
        .selectFrom('withdrawals')
        .selectAll()
        .where('id', '=', BigInt(id))
        .forUpdate()
        .executeTakeFirst();
      await cancelRequest(
        tx,
        principal,
        'withdrawal',
        w,
        (row, note) => this.settle(tx, row, 'decline', principal.userId, note),
        'cancelled by admin',
      );
    });
  }

  /** Moves earnings from the working wallet into the compound wallet. */
  async compound(
    principal: Principal,
    userId: bigint,
    amount: bigint,
    requestKey: RequestKey,
  ): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, `${principal.userId}:${requestKey.key}`, requestKey.fingerprint);
      await post(tx, {
        key: `compound:${userId}:${requestKey.key}`,
        kind: 'compound',
        memberId: userId,
        memo: 'moved to compound wallet',
        createdBy: principal.userId,
        entries: [
          { account: { owner: userId, kind: 'working' }, amount: -amount },
          { account: { owner: userId, kind: 'compound' }, amount },
        ],
      });
    });
  }

  /** An admin takes money out of a member wallet, with a reason, audited. */
  async debit(
    principal: Principal,
    body: {
      user_id: number;
      amount: bigint;
      wallet: 'deposit' | 'working' | 'non_working' | 'compound';
      reason: string;
    },
    requestKey: RequestKey,
  ): Promise<void> {
    const userId = BigInt(body.user_id);
    await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, `${principal.userId}:${requestKey.key}`, requestKey.fingerprint);
      const member = await tx
        .selectFrom('users')
        .select('id')
        .where('id', '=', userId)
        .where('role', '=', 'user')
        .executeTakeFirst();
      if (!member) throw notFound('Member not found.');
      const posted = await post(tx, {
        key: `admin-debit:${principal.userId}:${requestKey.key}`,
        kind: 'adjustment',
        memberId: userId,
        memo: `admin debit: ${body.reason}`,
        createdBy: principal.userId,
        entries: [
          { account: { owner: userId, kind: body.wallet }, amount: -body.amount },
          { account: { owner: null, kind: 'adjustments' }, amount: body.amount },
        ],
      });
      if (posted.created) {
        await writeAudit(tx, {
          actorId: principal.userId,
          action: 'wallet.debit',
          entity: 'user',
          entityId: userId,
          after: {
            wallet: body.wallet,
            amount: amountOut(body.amount),
            transaction_id: posted.transactionId,
          },
          reason: body.reason,
        });
      }
    });
  }

  one(id: bigint): Promise<WithdrawalRecord> {
    return oneWithdrawal(this.db, id);
  }

  list(q: ListQuery & { kind?: WithdrawalKind | undefined }, userId?: bigint) {
    return listWithdrawals(this.db, q, userId);
  }
}
