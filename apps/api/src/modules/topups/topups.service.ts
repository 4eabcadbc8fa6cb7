import type { TopupRecord } from '@sgx/contracts';
import { amountOut, type ListQuery } from '@sgx/contracts';
import { formatUsd, mulDiv, parseUnits, UNIT } from '@sgx/money';
import type { Db, Tx } from '../../db';
import type { TopupKind } from '../../db/schema';
import type { Principal } from '../../http/access';
import { AppError, businessRule, notFound } from '../../http/errors';
import {
  boundedCount,
  COUNT_CAP,
  dayRange,
  likePattern,
  type RequestKey,
  seekPaged,
  seekSearched,
} from '../../http/listing';
import { writeAudit } from '../audit/audit.repo';
import { checkIdentityLimit } from '../identity-limits/limits';
import { creditIncome } from '../income/income.service';
import { post } from '../ledger/ledger.service';
import { assertMayMoveMoney, claimRequestKey } from '../ledger/money-guards';
import { membersNamedFor, oneOf } from '../members/member-search';
import { bumpUplines, lockWithUplines } from '../members/members.repo';
import { notifyMember, usd } from '../notifications/events';
import { plansNamed } from '../plans/plan-search';
import { notifyClaimableRewards } from '../rewards/rewards.service';
import type { SettingsService } from '../settings/settings.service';
import { emit } from '../webhooks/emit';

export type Activation = {
  payer: bigint;
  receiver: bigint;
  planId: bigint | null;
  amount: bigint | undefined;
  kind: Exclude<TopupKind, 'entry'>;
  createdBy: bigint;
  requestKey: string;
  /** The fingerprint of the request that sent the key (keyedRequest); absent or null: not compared. */
  fingerprint?: string | null;
};

/** A request key belongs to whoever sent it: two members sending the same key get two top-ups. */
export const scopedKey = (principal: Principal, requestKey: string) => `${principal.userId}:${requestKey}`;

/**
 * Top-ups (business-rules 4): the payer's deposit wallet pays for the receiver's plan; the receiver's
 * plan, status and the team counters change, and the receiver's sponsor earns the plan's sponsor
 * bonus, all in one database transaction.
 */
export class TopupsService {
  constructor(
    private readonly db: Db,
    private readonly settings: SettingsService,
    /** Lists and searches: a replica where one is set (decision 0080). */
    private readonly reads: Db = db,
  ) {}

  private async lockMember(tx: Tx, id: bigint, who: 'payer' | 'receiver') {
    const m = await tx
      .selectFrom('users')
      .select(['id', 'role', 'status', 'is_active', 'sponsor_id', 'active_plan', 'plan_id', 'deleted_at'])
      .where('id', '=', id)
      .forUpdate()
      .executeTakeFirst();
    if (!m || m.deleted_at || m.role !== 'user')
      throw notFound(who === 'payer' ? 'Paying member not found.' : 'Member to top up not found.');
    if (who === 'receiver' && m.status === 'block') throw businessRule('This member is blocked.');
    return m;
  }

  /** Activates or raises a plan inside `tx`; returns the top-up id. Same request key: the first top-up. */
  async activate(tx: Tx, a: Activation): Promise<bigint> {
    // Every member row this top-up changes (payer, receiver, and the receiver's uplines: their team
    // counters, the sponsor's active directs and direct income) is locked at once, in id order, before
    // any of them changes: top-ups along one sponsor chain queue instead of deadlocking. The key is
    // looked up after the lock, so a retry racing its first attempt finds the first attempt's top-up.
    await lockWithUplines(tx, [a.payer, a.receiver], a.receiver, 'all');
    const existing = await this.byKey(tx, a.requestKey);
    if (existing !== undefined) return existing;
    await this.settings.requireFeature('topup', tx);
    await this.lockMember(tx, a.payer, 'payer');
    await assertMayMoveMoney(tx, a.payer, a.createdBy);
    const receiver = await this.lockMember(tx, a.receiver, 'receiver');

    const current = await tx
      .selectFrom('member_plans')
      .selectAll()
      .where('user_id', '=', a.receiver)
      .where('status', '=', 'active')
      .executeTakeFirst();
    if (a.kind === 'retopup' && !current)
      throw businessRule('There is no active plan to add to. Choose a plan first.');
    const planId = a.kind === 'retopup' ? (current?.plan_id ?? null) : a.planId;
    if (planId === null) throw businessRule('Choose a plan.');
    const plan = await tx
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', planId)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (!plan || (!plan.active && a.kind !== 'retopup')) throw notFound('That plan is not available.');
    const amount = a.amount ?? plan.monthly_price;
    if (a.kind !== 'retopup' && amount < plan.monthly_price) {
      throw businessRule(
        `The amount must be at least the plan price (${formatUsd(plan.monthly_price)} USD).`,
      );
    }
    // The receiver's identity level's largest plan (decision 0073): the plan held plus this top-up.
    await checkIdentityLimit(tx, await this.settings.all(tx), a.receiver, 'plan', amount);

    const topup = await tx
      .insertInto('topups')
      .values({
        kind: a.kind,
        plan_id: plan.id,
        userby_id: a.payer,
        userto_id: a.receiver,
        amount,
        request_key: a.requestKey,
        created_by: a.createdBy,
      })
      .onConflict((oc) => oc.column('request_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!topup) return this.byKeyOrThrow(tx, a.requestKey);
    const posted = await post(tx, {
      key: `topup:${topup.id}`,
      kind: a.kind,
      memberId: a.receiver,
      memo: `${plan.name} ${a.kind === 'retopup' ? 're-top-up' : 'top-up'}${a.payer === a.receiver ? '' : ` paid by member ${a.payer}`}`,
      createdBy: a.createdBy,
      details: { topup_id: topup.id, plan_id: plan.id, payer: a.payer, receiver: a.receiver },
      entries: [
        { account: { owner: a.payer, kind: 'deposit' }, amount: -amount },
        { account: { owner: null, kind: 'investments' }, amount },
      ],
    });
    await tx
      .updateTable('topups')
      .set({ ledger_transaction_id: posted.transactionId })
      .where('id', '=', topup.id)
      .execute();

    if (current) {
      await tx
        .updateTable('member_plans')
        .set((eb) => ({ amount: eb('amount', '+', amount), plan_id: plan.id }))
        .where('id', '=', current.id)
        .execute();
    } else {
      await tx
        .insertInto('member_plans')
        .values({
          user_id: a.receiver,
          plan_id: plan.id,
          amount,
          ends_at: new Date(Date.now() + plan.plan_period * 86_400_000),
        })
        .execute();
    }
    await tx
      .updateTable('users')
      .set((eb) => ({
        active_plan: eb('active_plan', '+', amount),
        plan_id: plan.id,
        activation_date: eb.fn.coalesce('activation_date', eb.val(new Date())),
        is_active: 'active',
        roi_status: 'open',
        level_status: 'open',
        updated_at: new Date(),
      }))
      .where('id', '=', a.receiver)
      .execute();
    if (a.createdBy !== a.payer)
      await this.auditSpend(tx, a.createdBy, topup.id, a.kind, a.payer, a.receiver, amount);
    await bumpUplines(tx, a.receiver, { business: amount });
    if (receiver.is_active !== 'active' && receiver.sponsor_id !== null) {
      await tx
        .updateTable('users')
        .set((eb) => ({ active_directs: eb('active_directs', '+', 1) }))
        .where('id', '=', receiver.sponsor_id)
        .execute();
    }
    if (receiver.sponsor_id !== null) {
      await creditIncome(tx, this.settings, {
        userId: receiver.sponsor_id,
        type: 'direct_income',
        amount: mulDiv(amount, plan.sponsor_bonus, 100n * UNIT),
        causeKey: `direct:${topup.id}`,
        wallet: 'working',
        feature: 'direct',
        why: {
          rule: 'direct sponsor bonus',
          rate_percent: amountOut(plan.sponsor_bonus),
          source_member: a.receiver,
          topup_id: topup.id,
          base: amount,
        },
      });
    }
    await emit(
      tx,
      'plan.activated',
      {
        topup_id: String(topup.id),
        member_id: String(a.receiver),
        paid_by_member_id: String(a.payer),
        kind: a.kind,
        plan_id: String(plan.id),
        plan_name: plan.name,
        amount: amountOut(amount),
        asset: 'USD',
      },
      [`topup:${topup.id}`],
    );
    await notifyMember(tx, {
      userId: a.receiver,
      kind: 'plan_activated',
      key: `plan-activated:${topup.id}`,
      title: a.kind === 'retopup' ? 'Plan topped up' : 'Plan activated',
      message: `${usd(amount)} was added to your ${plan.name} plan${a.payer === a.receiver ? '' : ' by another member'}; it is active now.`,
      link: '/user/subscription',
    });
    await notifyClaimableRewards(tx, a.receiver);
    return topup.id;
  }

  async topup(principal: Principal, a: Omit<Activation, 'createdBy'>): Promise<TopupRecord> {
    const key = scopedKey(principal, a.requestKey);
    const id = await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, key, a.fingerprint ?? null);
      return this.activate(tx, { ...a, createdBy: principal.userId, requestKey: key });
    });
    return this.one(id);
  }

  private async byKey(tx: Tx, requestKey: string): Promise<bigint | undefined> {
    const row = await tx
      .selectFrom('topups')
      .select('id')
      .where('request_key', '=', requestKey)
      .executeTakeFirst();
    return row?.id;
  }

  private async byKeyOrThrow(tx: Tx, requestKey: string): Promise<bigint> {
    const id = await this.byKey(tx, requestKey);
    if (id === undefined) throw new AppError('INTERNAL', 'A top-up with this request key vanished.');
    return id;
  }

  /** Audits a top-up paid from a wallet that is not the actor's own (an admin spending a member's money). */
  private async auditSpend(
    tx: Tx,
    actor: bigint,
    topupId: bigint,
    kind: TopupKind,
    payer: bigint,
    receiver: bigint,
    amount: bigint,
  ): Promise<void> {
    await writeAudit(tx, {
      actorId: actor,
      action: 'topup.create',
      entity: 'topup',
      entityId: topupId,
      after: { kind, payer, receiver, amount: amountOut(amount) },
    });
  }

  /** Pays the account activation fee (setting, default 10) to make an account active without a plan. */
  async entry(
    principal: Principal,
    payer: bigint,
    receiverId: bigint,
    requestKey: RequestKey,
  ): Promise<TopupRecord> {
    const key = scopedKey(principal, requestKey.key);
    const id = await this.db.transaction().execute(async (tx) => {
      await claimRequestKey(tx, key, requestKey.fingerprint);
      // Payer, receiver and the receiver's sponsor (active directs), in id order, before any changes.
      await lockWithUplines(tx, [payer, receiverId], receiverId, 'sponsor');
      const existing = await this.byKey(tx, key);
      if (existing !== undefined) return existing;
      await this.settings.requireFeature('topup', tx);
      const fee = parseUnits((await this.settings.all(tx)).entryFee);
      await this.lockMember(tx, payer, 'payer');
      await assertMayMoveMoney(tx, payer, principal.userId);
      const receiver = await this.lockMember(tx, receiverId, 'receiver');
      if (receiver.is_active === 'active') throw businessRule('This account is already active.');
      const topup = await tx
        .insertInto('topups')
        .values({
          kind: 'entry',
          plan_id: null,
          userby_id: payer,
          userto_id: receiverId,
          amount: fee,
          request_key: key,
          created_by: principal.userId,
        })
        .onConflict((oc) => oc.column('request_key').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!topup) return this.byKeyOrThrow(tx, key);
      const posted = await post(tx, {
        key: `entry:${topup.id}`,
        kind: 'entry',
        memberId: receiverId,
        memo: 'account activation fee',
        createdBy: principal.userId,
        entries: [
          { account: { owner: payer, kind: 'deposit' }, amount: -fee },
          { account: { owner: null, kind: 'fee_revenue' }, amount: fee },
        ],
      });
      await tx
        .updateTable('topups')
        .set({ ledger_transaction_id: posted.transactionId })
        .where('id', '=', topup.id)
        .execute();
      await tx
        .updateTable('users')
        .set({ is_active: 'active', updated_at: new Date() })
        .where('id', '=', receiverId)
        .execute();
      if (principal.userId !== payer)
        await this.auditSpend(tx, principal.userId, topup.id, 'entry', payer, receiverId, fee);
      if (receiver.sponsor_id !== null) {
        await tx
          .updateTable('users')
          .set((eb) => ({ active_directs: eb('active_directs', '+', 1) }))
          .where('id', '=', receiver.sponsor_id)
          .execute();
      }
      return topup.id;
    });
    return this.one(id);
  }

  /** The top-ups with the names of their payer, receiver and plan; `own` may already filter the top-ups. */
  private query(own = this.db.selectFrom('topups as t')) {
    return own
      .innerJoin('users as b', 'b.id', 't.userby_id')
      .innerJoin('users as r', 'r.id', 't.userto_id')
      .leftJoin('plans as p', 'p.id', 't.plan_id')
      .select([
        't.id',
        't.kind',
        't.plan_id',
        'p.name as plan_name',
        't.userby_id',
        'b.username as userby',
        'b.fullname as userby_fullname',
        't.userto_id',
        'r.username as userto',
        'r.fullname as userto_fullname',
        't.amount',
        't.status',
        't.created_at',
      ]);
  }

  private toRecord(
    r: Awaited<ReturnType<ReturnType<TopupsService['query']>['executeTakeFirstOrThrow']>>,
  ): TopupRecord {
    return {
      id: Number(r.id),
      kind: r.kind,
      plan_id: r.plan_id === null ? null : Number(r.plan_id),
      plan_name: r.plan_name,
      userby_id: Number(r.userby_id),
      userby: r.userby,
      userby_fullname: r.userby_fullname,
      userto_id: Number(r.userto_id),
      userto: r.userto,
      userto_fullname: r.userto_fullname,
      amount: amountOut(r.amount),
      status: r.status,
      created_at: r.created_at.toISOString(),
    };
  }

  async one(id: bigint): Promise<TopupRecord> {
    const r = await this.query().where('t.id', '=', id).executeTakeFirst();
    if (!r) throw notFound('Top-up not found.');
    return this.toRecord(r);
  }

  async list(q: ListQuery, userId?: bigint): Promise<{ rows: TopupRecord[]; total: number }> {
    let own = this.reads.selectFrom('topups as t');
    if (userId !== undefined)
      own = own.where((eb) => eb.or([eb('t.userby_id', '=', userId), eb('t.userto_id', '=', userId)]));
    if (q.status) own = own.where('t.kind', '=', q.status as TopupKind);
    const { from, to } = dayRange(q);
    if (from) own = own.where('t.created_at', '>=', from);
    if (to) own = own.where('t.created_at', '<', to);
    let base = this.query(own);
    if (q.search) {
      const like = likePattern(q.search);
      const [named, plans] = await Promise.all([
        membersNamedFor(this.reads, q.search, userId),
        plansNamed(this.reads, q.search),
      ]);
      base = base.where((eb) =>
        eb.or([
          ...(named === null
            ? [eb('b.username', 'ilike', like), eb('r.username', 'ilike', like)]
            : [oneOf('t.userby_id', named), oneOf('t.userto_id', named)]),
          oneOf('t.plan_id', plans),
        ]),
      );
    }
    // Each top-up has exactly one payer and one receiver (not-null foreign keys) and at most one plan, so
    // without a search on their names the joins change no count: the top-ups alone are counted (at 1,000,000
    // members the joined count took 120 ms, most of it a parallel plan's start; alone it walks one index).
    const { rows, total } = q.search
      ? await seekSearched(this.reads, base, 't.id', q)
      : await seekPaged(
          this.reads,
          base,
          (b, back) => b.orderBy('t.id', back ? 'asc' : 'desc'),
          q,
          COUNT_CAP,
          () => boundedCount(this.reads, own.select('t.id')),
        );
    return { rows: rows.map((r) => this.toRecord(r)), total };
  }
}
