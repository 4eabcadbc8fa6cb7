import { randomUUID } from 'node:crypto';
import { addressKind } from '@sgx/chain';
import type { WithdrawalRecord } from '@sgx/contracts';
import { formatUsd } from '@sgx/money';
import type { Db, Tx } from '../../db';
import type { Currency } from '../../db/schema';
import type { Principal } from '../../http/access';
import { badRequest, businessRule, conflict, notFound } from '../../http/errors';
import type { RequestKey } from '../../http/listing';
import type { ApprovalRegistry } from '../approvals/approvals.registry';
import { type Awaiting, requestApproval } from '../approvals/approvals.repo';
import { mustWait, withWhy } from '../approvals/solo-limit';
import {
  assertPayoutMethod,
  type PayoutMethod,
  payoutMethod,
  withdrawalEventData,
} from '../chain-payouts/payouts.approve';
import { checkIdentityLimit } from '../identity-limits/limits';
import { post } from '../ledger/ledger.service';
import { assertMayMoveMoney, claimRequestKey } from '../ledger/money-guards';
import { usd } from '../notifications/events';
import { assertPayoutAddressReady } from '../payouts/payout-address';
import type { PlansService } from '../plans/plans.service';
import { cancelRequest } from '../requests/cancel';
import type { SettingsService } from '../settings/settings.service';
import { emit } from '../webhooks/emit';
import { type Quote, quoteWithdrawal, type WithdrawalKind } from './fees';
import { type Debit, debitApproved, requestDebit } from './withdrawals.debit';
import {
  completeApproved,
  finishDecision,
  lockWithdrawal,
  settleWithdrawal,
  sourceOf,
  type Withdrawal,
} from './withdrawals.decide';
import { listWithdrawals, oneWithdrawal, type WithdrawalFilter } from './withdrawals.records';
import { missingPayoutAddress, requestFromWallet, sourceWallet } from './withdrawals.request';

/** The request key of the approval an admin's completion of `w` waits on. */
const completionRequestKey = (w: Withdrawal, by: bigint, key: string) => `withdrawal:${w.id}:${by}:${key}`;

/**
 * Withdrawals (business-rules 6). A request holds the gross amount at once (member wallet -> pending
 * withdrawals), so the same money cannot be asked for twice; completing pays the net out and books the
 * fee; declining returns the gross to the wallet it came from. Only pending requests change.
 */
export class WithdrawalsService {
  /** Told after an admin approved a payout paid on chain (the hot wallet pays at once where it may; decision 0034). */
  onApproved?: () => void;

  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    private readonly plans: PlansService,
    /** Lists and searches: a replica where one is set (decision 0080). */
    private readonly reads: Db = db,
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
        throw businessRule(missingPayoutAddress(body.currency));
      }
      // A new payout address waits out its hold (decision 0025); the wallet kinds check it in withdrawal_request.
      await assertPayoutAddressReady(tx, userId, currency);
      const s = await this.settings.all(tx);
      // The wallet kinds went to withdrawal_request above: from here on it is a plan's principal.
      const plan = await this.activePlan(tx, userId);
      if (!plan) throw businessRule('You have no active plan to withdraw.');
      const pending = await tx
        .selectFrom('withdrawals')
        .select('id')
        .where('member_plan_id', '=', plan.id)
        .where('status', '=', 'pending')
        .executeTakeFirst();
      if (pending) throw conflict('A principal withdrawal of this plan is already pending.');
      const q = quoteWithdrawal('principal', plan.amount, s.withdrawal, plan.started_at);
      if (q.amount <= 0n) throw businessRule('Enter an amount above 0.');
      if (q.amount < q.minimum) throw businessRule(`The minimum withdrawal is ${formatUsd(q.minimum)} USD.`);
      // The identity level's withdrawal limits, as withdrawal_request checks the wallet kinds (decision 0073).
      await checkIdentityLimit(tx, s, userId, 'withdrawal', q.amount);
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
          member_plan_id: plan.id,
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
      await emit(
        tx,
        'withdrawal.requested',
        withdrawalEventData({ id: w.id, user_id: userId, kind, ...q, currency, address }),
        [`withdrawal-hold:${w.id}`],
      );
      return w.id;
    });
    return this.one(id);
  }

  /**
   * An admin completes or declines a pending request. A completion at or above the approval threshold, or
   * past the admin's solo limit, is not done: it waits for a second admin (decisions 0024, 0030) and the
   * approval comes back instead.
   */
  async decide(
    principal: Principal,
    id: number,
    body: {
      status: 'complete' | 'decline';
      amount?: bigint | undefined;
      user_id: number;
      note?: string | undefined;
      payout_method?: PayoutMethod | undefined;
    },
    onlyKind?: WithdrawalKind,
    requestKey: RequestKey = { key: randomUUID(), fingerprint: null },
  ): Promise<WithdrawalRecord | Awaiting> {
    const awaiting = await this.db.transaction().execute(async (tx) => {
      const w = await lockWithdrawal(tx, BigInt(id));
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
      if (body.status === 'complete' && w.status === 'pending') {
        // Paid the way the admin's screen said, or refused before any second admin is asked (decision 0054).
        const method = await payoutMethod(tx, w);
        assertPayoutMethod(method, body.payout_method);
        const wait = await mustWait(tx, await this.settings.all(tx), {
          admin: principal.userId,
          amount: w.amount,
          kind: 'withdrawal',
          subjectId: w.id,
          key: `withdrawal-complete:${w.id}`,
          approvalKey: completionRequestKey(w, principal.userId, requestKey.key),
        });
        if (wait)
          return this.requestCompletion(tx, principal.userId, w, body.note, requestKey.key, wait.why, method);
      }
      await finishDecision(
        tx,
        this.plans,
        w,
        body.status,
        principal.userId,
        body.note,
        undefined,
        body.payout_method,
      );
      return null;
    });
    if (awaiting) return { awaiting };
    const record = await this.one(BigInt(id), true);
    if (record.payout?.status === 'approved') this.onApproved?.();
    return record;
  }

  private async requestCompletion(
    tx: Tx,
    by: bigint,
    w: Withdrawal,
    note: string | undefined,
    key: string,
    why: string | null,
    method: PayoutMethod,
  ) {
    const member = await tx
      .selectFrom('users')
      .select('username')
      .where('id', '=', w.user_id)
      .executeTakeFirstOrThrow();
    return requestApproval(tx, {
      kind: 'withdrawal',
      requestKey: completionRequestKey(w, by, key),
      requestedBy: by,
      subjectId: w.id,
      memberId: w.user_id,
      amount: w.amount,
      summary: withWhy(
        `Pay out the ${w.kind} withdrawal #${w.id} of ${usd(w.amount)} to ${member.username}: ${usd(w.net)} to the ${addressKind(w.currency)} address ${w.address} after a fee of ${usd(w.fee)}.`,
        why,
      ),
      changes: [
        {
          field: 'Status',
          before: 'pending',
          after: method === 'chain' ? 'approved, paid on chain' : 'complete (paid by hand)',
        },
      ],
      // Checked again on approval: paid the same way, or refused (decision 0054).
      payload: { withdrawal_id: w.id, payout_method: method, ...(note ? { note } : {}) },
      reason: note,
    });
  }

  /** The member cancels their own pending request (an admin may too): the hold goes back. */
  async cancel(principal: Principal, id: number): Promise<void> {
    await this.db.transaction().execute(async (tx) => {
      const w = await lockWithdrawal(tx, BigInt(id));
      await cancelRequest(
        tx,
        principal,
        'withdrawal',
        w,
        (row, note) => settleWithdrawal(tx, this.plans, row, 'decline', principal.userId, note),
        'cancelled by admin',
      );
    });
  }

  /** A completion a second admin approved (run by the approvals service in its transaction). */
  completeApproved(tx: Tx, a: Parameters<typeof completeApproved>[2]): Promise<void> {
    return completeApproved(tx, this.plans, a);
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

  /**
   * An admin takes money out of a member wallet, with a reason: every debit waits for a second admin
   * (decision 0024), who runs it with withdrawals.debit.ts debitApproved.
   */
  async debit(principal: Principal, body: Debit, requestKey: RequestKey): Promise<Awaiting> {
    const scoped = `${principal.userId}:${requestKey.key}`;
    const awaiting = await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, scoped, requestKey.fingerprint);
      return requestDebit(tx, principal.userId, body, scoped);
    });
    return { awaiting };
  }

  /** One request; `staff` adds what only admins see (the approval it waits for, risk flagged). */
  one(id: bigint, staff = false): Promise<WithdrawalRecord> {
    return oneWithdrawal(this.db, id, staff);
  }

  list(q: WithdrawalFilter, userId: bigint | undefined, staff: boolean) {
    return listWithdrawals(this.reads, q, userId, staff);
  }
}

/**
 * The withdrawals' approval kinds (decision 0059): a withdrawal is locked before its approval, as declining and
 * cancelling take them; a debit is booked as the requester's.
 */
export function registerWithdrawalApprovals(
  registry: ApprovalRegistry,
  withdrawals: WithdrawalsService,
): void {
  registry
    .register('withdrawal', {
      run: (tx, a) => withdrawals.completeApproved(tx, a),
      lockSubject: lockWithdrawal,
    })
    .register('debit', { run: debitApproved });
}
